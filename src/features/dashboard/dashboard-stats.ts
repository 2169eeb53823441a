import type { CatalogueCourse, Enrollment, ModuleProgress, ModuleWithProgress } from '../../schemas/learning';

/** Module progress is prefetched for at most this many enrolled courses (spec, section 9). */
export const PROGRESS_COURSE_LIMIT = 3;

/** The courses whose module progress the dashboard prefetches: the first three enrolled. */
export function progressCourseIds(enrollments: Enrollment[]): string[] {
  return enrollments.slice(0, PROGRESS_COURSE_LIMIT).map((e) => e.courseId);
}

/**
 * Where 'Dagens repetisjon' → 'Start' leads: the first finished module among the loaded
 * progress (repetition means going over what is done), or null while nothing is finished.
 */
export function reviewHref(courseIds: string[], moduleLists: ModuleWithProgress[][]): string | null {
  for (const [i, modules] of moduleLists.entries()) {
    const done = modules.find((m) => m.progress.percentage === 100);
    if (done && courseIds[i]) return `/course/${courseIds[i]}?moduleId=${done.module.id}`;
  }
  return null;
}

/** A module's button (issue 29): 'Start' before the first lesson, 'Fortsett' on the way, 'Se igjen' when done. */
export function moduleAction(progress: ModuleProgress): 'Start' | 'Fortsett' | 'Se igjen' {
  if (progress.total > 0 && progress.completed >= progress.total) return 'Se igjen';
  return progress.completed === 0 ? 'Start' : 'Fortsett';
}

/** What 'Flere kurs' offers for a course (issue 29). */
export type MoreCourseAction =
  /** A free course: enroll, then open it. */
  | { kind: 'start' }
  /** A paid course the learner lacks: its checkout page. */
  | { kind: 'buy'; href: string }
  /** Already open to the learner (an admin, say) without an enrollment: open it. */
  | { kind: 'open'; href: string }
  /** Not for sale and not open: its page tells more. */
  | { kind: 'read'; href: string };

export function moreCourseAction(course: CatalogueCourse): MoreCourseAction {
  if (course.priceOre === 0) return { kind: 'start' };
  if (course.access !== null) return { kind: 'open', href: `/course/${course.id}` };
  if (course.priceOre !== null && course.onSale) return { kind: 'buy', href: `/kasse/${course.id}` };
  return { kind: 'read', href: `/${course.id}` };
}

/** 'Flere kurs': the catalogue's courses the learner is not enrolled in, in catalogue order. */
export function moreCourses(catalogue: CatalogueCourse[], enrollments: Enrollment[]): CatalogueCourse[] {
  const enrolled = new Set(enrollments.map((e) => e.courseId));
  return catalogue.filter((course) => !enrolled.has(course.id));
}
