import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, lessons, modules } from '../../db/schema';
import { type LessonContent, lessonContentSchema } from '../schemas/lesson-content';
import { NotFoundError } from './errors';
import { COURSE_NOT_FOUND, MODULE_NOT_FOUND } from './learning.service';

/**
 * Content edits made in the admin. Each marks what it touched as the admin's
 * (`admin_edited_at`), so the deploy-time seed leaves it alone (decision 10):
 * a renamed course or module keeps its new title, an edited lesson all its fields.
 * After a successful edit the admin endpoint calls `requestSiteRebuild()`
 * (site-rebuild.ts), so the prerendered pages pick up the new titles.
 */

export const LESSON_NOT_FOUND = 'Fant ikke leksjonen';

export async function renameCourse(db: Db, courseId: string, title: string): Promise<{ id: string; title: string }> {
  const [row] = await db
    .update(courses)
    .set({ title, adminEditedAt: sql`now()` })
    .where(eq(courses.id, courseId))
    .returning({ id: courses.id, title: courses.title });
  if (!row) throw new NotFoundError(COURSE_NOT_FOUND);
  return row;
}

export async function renameModule(db: Db, moduleId: string, title: string): Promise<{ id: string; courseId: string; title: string }> {
  const [row] = await db
    .update(modules)
    .set({ title, adminEditedAt: sql`now()` })
    .where(eq(modules.id, moduleId))
    .returning({ id: modules.id, courseId: modules.courseId, title: modules.title });
  if (!row) throw new NotFoundError(MODULE_NOT_FOUND);
  return row;
}

export interface LessonEdit {
  title?: string;
  description?: string | null;
  estimatedMinutes?: number;
  /** A new type with its content; checked against the lesson-content contract. */
  lesson?: LessonContent;
}

export interface EditedLesson {
  id: string;
  moduleId: string;
  title: string;
  type: LessonContent['type'];
  content: LessonContent['content'];
  orderIndex: number;
}

/** Edits a lesson; from then on the whole lesson is the admin's. */
export async function editLesson(db: Db, lessonId: string, edit: LessonEdit): Promise<EditedLesson> {
  // The contract holds whoever calls: a body that skipped it cannot store malformed content.
  const lesson = edit.lesson ? lessonContentSchema.parse(edit.lesson) : undefined;
  const [row] = await db
    .update(lessons)
    .set({
      title: edit.title,
      description: edit.description,
      estimatedMinutes: edit.estimatedMinutes,
      type: lesson?.type,
      content: lesson?.content,
      adminEditedAt: sql`now()`,
    })
    .where(eq(lessons.id, lessonId))
    .returning({
      id: lessons.id,
      moduleId: lessons.moduleId,
      title: lessons.title,
      type: lessons.type,
      content: lessons.content,
      orderIndex: lessons.orderIndex,
    });
  if (!row) throw new NotFoundError(LESSON_NOT_FOUND);
  return row;
}
