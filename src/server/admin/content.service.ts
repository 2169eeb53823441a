import { eq, sql } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { courses, lessons, modules } from '../../../db/schema';
import { type LessonContent, lessonContentSchema } from '../../schemas/lesson-content';
import { auditUpdate } from './content-audit.service';
import { NotFoundError } from '../platform/errors';
import { COURSE_NOT_FOUND, MODULE_NOT_FOUND } from '../learning/learning.service';

/** Each edit sets `admin_edited_at`, so the deploy-time seed leaves the admin's changes alone. */

export const LESSON_NOT_FOUND = 'Fant ikke leksjonen';

export async function renameCourse(db: Db, actorId: string, courseId: string, title: string): Promise<{ id: string; title: string }> {
  return atomically(db, async (tx) => {
    const [old] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId)).for('update');
    if (!old) throw new NotFoundError(COURSE_NOT_FOUND);
    const [row] = await tx
      .update(courses)
      .set({ title, adminEditedAt: sql`now()` })
      .where(eq(courses.id, courseId))
      .returning({ id: courses.id, title: courses.title });
    await auditUpdate(tx, { actorId, action: 'course.rename', targetType: 'course', targetId: courseId }, old, { title: row!.title });
    return row!;
  });
}

export async function renameModule(
  db: Db,
  actorId: string,
  moduleId: string,
  title: string,
): Promise<{ id: string; courseId: string; title: string }> {
  return atomically(db, async (tx) => {
    const [old] = await tx.select({ title: modules.title }).from(modules).where(eq(modules.id, moduleId)).for('update');
    if (!old) throw new NotFoundError(MODULE_NOT_FOUND);
    const [row] = await tx
      .update(modules)
      .set({ title, adminEditedAt: sql`now()` })
      .where(eq(modules.id, moduleId))
      .returning({ id: modules.id, courseId: modules.courseId, title: modules.title });
    await auditUpdate(tx, { actorId, action: 'module.rename', targetType: 'module', targetId: moduleId }, old, { title: row!.title });
    return row!;
  });
}

export interface LessonEdit {
  title?: string;
  description?: string | null;
  estimatedMinutes?: number;
  lesson?: LessonContent;
  isPreview?: boolean;
}

export interface EditedLesson {
  id: string;
  moduleId: string;
  title: string;
  type: LessonContent['type'];
  content: LessonContent['content'];
  orderIndex: number;
  isPreview: boolean;
}

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
      isPreview: edit.isPreview,
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
      isPreview: lessons.isPreview,
    });
  if (!row) throw new NotFoundError(LESSON_NOT_FOUND);
  return row;
}
