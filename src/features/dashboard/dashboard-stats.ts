import type { Enrollment, ModuleWithProgress } from '../../schemas/learning';

/** Module progress is loaded for at most this many enrolled courses (spec, section 9). */
export const PROGRESS_COURSE_LIMIT = 3;
/** Minutes a module counts for at 100 %. */
export const MINUTES_PER_MODULE = 20;

export interface DashboardStats {
  /** 'Fullførte Oppgaver': enrollments with completedAt set. */
  completedTasks: number;
  /** 'Minutter Studert': sum over modules of floor(percentage / 100 × 20). */
  minutesStudied: number;
  /** 'Moduler Fullført': modules at 100 %. */
  modulesCompleted: number;
}

export function dashboardStats(enrollments: Enrollment[], moduleLists: ModuleWithProgress[][]): DashboardStats {
  const all = moduleLists.flat();
  return {
    completedTasks: enrollments.filter((e) => e.completedAt !== null).length,
    minutesStudied: all.reduce((sum, m) => sum + Math.floor((m.progress.percentage / 100) * MINUTES_PER_MODULE), 0),
    modulesCompleted: all.filter((m) => m.progress.percentage === 100).length,
  };
}

/** The courses whose module progress the dashboard loads: the first three enrolled. */
export function progressCourseIds(enrollments: Enrollment[]): string[] {
  return enrollments.slice(0, PROGRESS_COURSE_LIMIT).map((e) => e.courseId);
}

/**
 * Where 'Dagens repetisjon' → 'Start' leads: the first finished module among the loaded
 * progress (repetition means going over what is done), else the first enrolled course's
 * player, else the course list on the dashboard (the catalogue, for a learner without courses).
 */
export function reviewHref(courseIds: string[], moduleLists: ModuleWithProgress[][]): string {
  for (const [i, modules] of moduleLists.entries()) {
    const done = modules.find((m) => m.progress.percentage === 100);
    if (done && courseIds[i]) return `/course/${courseIds[i]}?moduleId=${done.module.id}`;
  }
  return courseIds[0] ? `/course/${courseIds[0]}` : '#kurs';
}
