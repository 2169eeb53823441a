import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { taskAnswers } from '../../../db/schema';
import type { TaskContent } from '../../schemas/lesson-content';
import { type TaskAnswer, taskAnswerMessages, type TaskAnswers } from '../../schemas/task-answers';
import { requireReadableLesson } from '../access/entitlements';
import { BadRequestError } from '../platform/errors';

/**
 * A learner's answers in task lessons (issue 29, decision 36). Every query is scoped to the caller,
 * so nobody else — staff included — reads them through the API. Reading and saving ask the
 * entitlements first, as the lesson's content does: an unknown lesson is a 404, a
 * locked one a 403, and the answers stay stored for when access comes back. Saving is one upsert per
 * field (autosave: the last write wins, from any device); a blank answer deletes the field's row.
 */

const columns = { question: taskAnswers.question, answer: taskAnswers.answer, updatedAt: taskAnswers.updatedAt };
const toAnswer = (row: { question: number; answer: string; updatedAt: Date }): TaskAnswer => ({
  question: row.question,
  answer: row.answer,
  updatedAt: row.updatedAt.toISOString(),
});

/** The caller's saved answers on a lesson, by question; two statements (the access check, the rows). */
export async function listTaskAnswers(db: Db, userId: string, lessonId: string): Promise<TaskAnswers> {
  await requireReadableLesson(db, userId, lessonId);
  const rows = await db
    .select(columns)
    .from(taskAnswers)
    .where(and(eq(taskAnswers.userId, userId), eq(taskAnswers.lessonId, lessonId)))
    .orderBy(asc(taskAnswers.question));
  return { answers: rows.map(toAnswer) };
}

/** Whether the task lesson has the field: 0 is its own answer field (when it has one), n its n-th question. */
function hasField(content: TaskContent, question: number): boolean {
  if (question === 0) return content.placeholder !== undefined;
  return question <= (content.questions?.length ?? 0);
}

/**
 * Saves (or, when blank, deletes) the caller's answer to one field of a task lesson: 404 unknown
 * lesson, 403 locked, 400 for a lesson that is not a task or a field it does not have.
 */
export async function saveTaskAnswer(db: Db, userId: string, lessonId: string, question: number, answer: string): Promise<TaskAnswer> {
  const lesson = await requireReadableLesson(db, userId, lessonId);
  if (lesson.type !== 'task') throw new BadRequestError(taskAnswerMessages.notTask);
  if (!hasField(lesson.content as TaskContent, question)) throw new BadRequestError(taskAnswerMessages.noSuchQuestion, 'question');
  const mine = and(eq(taskAnswers.userId, userId), eq(taskAnswers.lessonId, lessonId), eq(taskAnswers.question, question));
  if (answer === '') {
    await db.delete(taskAnswers).where(mine);
    return { question, answer: '', updatedAt: null };
  }
  const [row] = await db
    .insert(taskAnswers)
    .values({ userId, lessonId, question, answer })
    .onConflictDoUpdate({
      target: [taskAnswers.userId, taskAnswers.lessonId, taskAnswers.question],
      set: { answer, updatedAt: sql`now()` },
    })
    .returning(columns);
  if (!row) throw new Error('the answer upsert returned no row');
  return toAnswer(row);
}
