import { z } from 'zod';
import { lessonTypes } from './lesson-content';
import { fieldLabel } from './issues';
import './text';

/** Contracts of the learner endpoints, shared by the functions and the islands. */

/** Course ids are URL slugs ('grunnleggende-ki'). */
export const courseIdSchema = z
  .string()
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    error: (issue) => `${fieldLabel(issue.path)} kan bare ha små bokstaver (a–z), tall og bindestrek`,
  });
/** A row id; a malformed one is 'Leksjons-id er ugyldig' (src/schemas/issues.ts). */
export const uuidSchema = z.uuid();

export const courseParams = z.object({ courseId: courseIdSchema });
export const moduleParams = z.object({ moduleId: uuidSchema });
export const enrollBody = z.strictObject({ courseId: courseIdSchema });

// --- answers ---------------------------------------------------------------------------------

/**
 * Why a user may read every lesson of a course: an enrollment's source (a free course, a
 * purchase, a company seat, an admin's grant), or `staff` (admins and superusers).
 */
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

/** A course of GET /api/courses: the catalogue as the caller sees it. */
export const catalogueCourse = course.extend({
  /** Its price including VAT in øre (0: free); null when it has no product (not for sale). */
  priceOre: z.int().nullable(),
  /** Whether its product can be bought now. */
  onSale: z.boolean(),
  /** Why the caller may open every lesson, or null: only the previews. */
  access: accessReason.nullable(),
  /** How many of its lessons are previews, open to every signed-in user ('Prøv gratis: N leksjoner'). */
  previewLessons: z.int(),
});
export type CatalogueCourse = z.infer<typeof catalogueCourse>;
export const coursesResponse = z.array(catalogueCourse);

/** GET /api/users/me/progress: the dashboard's figures, from the caller's own progress. */
export const learnerProgressResponse = z.object({
  completedLessons: z.int(),
  /** Task lessons with an answer in every field (its own answer field and each question). */
  completedTasks: z.int(),
  /**
   * Whole minutes actually spent: video watched (the furthest point the server accepted) and time
   * on text, task and HTML lessons measured by the player's heartbeats, capped per lesson.
   */
  minutesStudied: z.int(),
  /** Modules whose every lesson is completed. */
  modulesCompleted: z.int(),
});
export type LearnerProgress = z.infer<typeof learnerProgressResponse>;

/** POST /api/enrollments (201, or 200 when it was there). */
export const enrollmentResponse = z.object({
  id: z.string(),
  courseId: z.string(),
  /** ISO time the user enrolled. */
  enrolledAt: z.string(),
  /** ISO time the course was completed; null while open. */
  completedAt: z.string().nullable(),
});
export type Enrollment = z.infer<typeof enrollmentResponse>;

/** An enrollment of GET /api/users/me/enrollments: with what the course card's main button needs. */
export const listedEnrollment = enrollmentResponse.extend({
  /** The course's lessons, and how many of them the user has completed. */
  lessonsTotal: z.int(),
  lessonsCompleted: z.int(),
  /** Where the card's main button goes: the first lesson not completed (the first lesson once all are); null without lessons. */
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
/** GET /api/courses/:courseId/modules-with-progress */
export const modulesWithProgressResponse = z.array(moduleWithProgress);

export const lessonSummary = z.object({
  id: z.string(),
  moduleId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  orderIndex: z.int(),
  /** The lesson's `type` (src/schemas/lesson-content.ts). */
  contentType: z.enum(lessonTypes),
  estimatedMinutes: z.int(),
});
export type LessonSummary = z.infer<typeof lessonSummary>;
/** GET /api/modules/:moduleId/lessons */
export const moduleLessonsResponse = z.array(lessonSummary);

/** A module's completion in whole percent (0 when it has no lessons). */
export function percentage(completed: number, total: number): number {
  return total === 0 ? 0 : Math.round((100 * completed) / total);
}
