import type { CatalogueCourse, Enrollment, ListedEnrollment, ModuleProgress, ModuleWithProgress } from '../../schemas/learning';

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

/** A module's button: 'Start' before the first lesson, 'Fortsett' on the way, 'Se igjen' when done. */
export function moduleAction(progress: ModuleProgress): 'Start' | 'Fortsett' | 'Se igjen' {
  if (progress.total > 0 && progress.completed >= progress.total) return 'Se igjen';
  return progress.completed === 0 ? 'Start' : 'Fortsett';
}

/** A course card's main button: its words and the lesson it opens. */
export interface CourseMainAction {
  label: 'Start kurset' | 'Fortsett' | 'Se igjen';
  /** The player on the next lesson (the server's `nextLessonId`); the course's own choice without one. */
  href: string;
}

/**
 * The main button of an enrolled course's card: 'Start kurset' before the first lesson is done,
 * 'Fortsett' on the way, 'Se igjen' once every lesson is; each opens the next lesson (the first
 * not completed, or the first lesson when all are).
 */
export function courseMainAction(
  enrollment: Pick<ListedEnrollment, 'courseId' | 'lessonsTotal' | 'lessonsCompleted' | 'nextLessonId'>,
): CourseMainAction {
  const { courseId, lessonsTotal, lessonsCompleted, nextLessonId } = enrollment;
  const label = lessonsTotal > 0 && lessonsCompleted >= lessonsTotal ? 'Se igjen' : lessonsCompleted === 0 ? 'Start kurset' : 'Fortsett';
  const href = nextLessonId ? `/course/${courseId}?lessonId=${nextLessonId}` : `/course/${courseId}`;
  return { label, href };
}

/**
 * 'Prøv gratis: N leksjoner' on a course the learner cannot open in full: the player, which opens
 * on the first preview lesson for them. Null when the learner has the course, or it has no preview.
 */
export function previewLink(course: Pick<CatalogueCourse, 'id' | 'access' | 'previewLessons'>): { href: string; count: number } | null {
  if (course.access !== null || course.previewLessons === 0) return null;
  return { href: `/course/${course.id}`, count: course.previewLessons };
}

/** What 'Flere kurs' offers for a course. */
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
