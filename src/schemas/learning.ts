import { z } from 'zod';
import { lessonTypes } from './lesson-content';
import { fieldLabel } from './issues';
import './text';

export const courseIdSchema = z
  .string()
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    error: (issue) => `${fieldLabel(issue.path)} kan bare ha små bokstaver (a–z), tall og bindestrek`,
  });
export const uuidSchema = z.uuid();

export const courseParams = z.object({ courseId: courseIdSchema });
export const moduleParams = z.object({ moduleId: uuidSchema });
export const enrollBody = z.strictObject({ courseId: courseIdSchema });

export const accessReason = z.enum(['free', 'purchase', 'seat', 'grant', 'staff']);

const course = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  duration: z.string(),
  level: z.string(),
  orderIndex: z.int(),
});
export type Course = z.infer<typeof course>;

export const catalogueCourse = course.extend({
  /** Its price including VAT in øre (0: free); null when it has no product (not for sale). */
  priceOre: z.int().nullable(),
  onSale: z.boolean(),
  access: accessReason.nullable(),
  previewLessons: z.int(),
});
export type CatalogueCourse = z.infer<typeof catalogueCourse>;
export const coursesResponse = z.array(catalogueCourse);

export const learnerProgressResponse = z.object({
  completedLessons: z.int(),
  completedTasks: z.int(),
  /** Whole minutes of video the server accepted as played plus heartbeat-measured time, capped per lesson. */
  minutesStudied: z.int(),
  modulesCompleted: z.int(),
});
export type LearnerProgress = z.infer<typeof learnerProgressResponse>;

export const enrollmentResponse = z.object({
  id: z.string(),
  courseId: z.string(),
  enrolledAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Enrollment = z.infer<typeof enrollmentResponse>;

export const listedEnrollment = enrollmentResponse.extend({
  lessonsTotal: z.int(),
  lessonsCompleted: z.int(),
  nextLessonId: z.string().nullable(),
});
export type ListedEnrollment = z.infer<typeof listedEnrollment>;
export const enrollmentsResponse = z.array(listedEnrollment);

const moduleProgress = z.object({ percentage: z.number(), completed: z.int(), total: z.int() });
export type ModuleProgress = z.infer<typeof moduleProgress>;

export const moduleWithProgress = z.object({
  module: z.object({ id: z.string(), title: z.string(), orderIndex: z.int() }),
  progress: moduleProgress,
});
export type ModuleWithProgress = z.infer<typeof moduleWithProgress>;
export const modulesWithProgressResponse = z.array(moduleWithProgress);

export const lessonSummary = z.object({
  id: z.string(),
  moduleId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  orderIndex: z.int(),
  contentType: z.enum(lessonTypes),
  estimatedMinutes: z.int(),
});
export type LessonSummary = z.infer<typeof lessonSummary>;
export const moduleLessonsResponse = z.array(lessonSummary);

export function percentage(completed: number, total: number): number {
  return total === 0 ? 0 : Math.round((100 * completed) / total);
}
