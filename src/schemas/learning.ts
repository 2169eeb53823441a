import { z } from 'zod';
import type { LessonType } from './lesson-content';
import type { AccessReason } from './player';
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

export interface Course {
  id: string;
  title: string;
  description: string;
  duration: string;
  level: string;
  orderIndex: number;
}

/** A course of GET /api/courses: the catalogue as the caller sees it (issue 29). */
export interface CatalogueCourse extends Course {
  /** Its price including VAT in øre (0: free); null when it has no product (not for sale). */
  priceOre: number | null;
  /** Whether its product can be bought now. */
  onSale: boolean;
  /** Why the caller may open every lesson, or null: only the previews (decision 26). */
  access: AccessReason | null;
  /** How many of its lessons are previews, open to every signed-in user ('Prøv gratis: N leksjoner'). */
  previewLessons: number;
}

/** GET /api/users/me/progress: the dashboard's figures, from the caller's own progress (issue 29). */
export interface LearnerProgress {
  completedLessons: number;
  /** Task lessons with an answer in every field (its own answer field and each question). */
  completedTasks: number;
  /**
   * Whole minutes actually spent: video watched (the furthest point the server accepted) and time
   * on text, task and HTML lessons measured by the player's heartbeats, capped per lesson.
   */
  minutesStudied: number;
  /** Modules whose every lesson is completed. */
  modulesCompleted: number;
}

export interface Enrollment {
  id: string;
  courseId: string;
  /** ISO time the user enrolled. */
  enrolledAt: string;
  /** ISO time the course was completed; null while open. */
  completedAt: string | null;
}

/** An enrollment of GET /api/users/me/enrollments: with what the course card's main button needs. */
export interface ListedEnrollment extends Enrollment {
  /** The course's lessons, and how many of them the user has completed. */
  lessonsTotal: number;
  lessonsCompleted: number;
  /** Where the card's main button goes: the first lesson not completed (the first lesson once all are); null without lessons. */
  nextLessonId: string | null;
}

export interface ModuleProgress {
  percentage: number;
  completed: number;
  total: number;
}

export interface ModuleWithProgress {
  module: { id: string; title: string; orderIndex: number };
  progress: ModuleProgress;
}

export interface LessonSummary {
  id: string;
  moduleId: string;
  title: string;
  description: string | null;
  orderIndex: number;
  /** The lesson's `type` (src/schemas/lesson-content.ts). */
  contentType: LessonType;
  estimatedMinutes: number;
}

/** A module's completion in whole percent (0 when it has no lessons). */
export function percentage(completed: number, total: number): number {
  return total === 0 ? 0 : Math.round((100 * completed) / total);
}
