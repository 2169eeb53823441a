import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { taskAnswers } from '../../../db/schema';
import type { TaskContent } from '../../schemas/lesson-content';
import { type TaskAnswer, taskAnswerMessages, type TaskAnswers } from '../../schemas/task-answers';
import { requireReadableLesson } from '../access/entitlements';
import { BadRequestError } from '../platform/errors';

/** Scoped to the caller, so nobody else (staff included) reads them through the API; autosave, the last write wins. */

const columns = { question: taskAnswers.question, answer: taskAnswers.answer, updatedAt: taskAnswers.updatedAt };
const toAnswer = (row: { question: number; answer: string; updatedAt: Date }): TaskAnswer => ({
  question: row.question,
  answer: row.answer,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listTaskAnswers(db: Db, userId: string, lessonId: string): Promise<TaskAnswers> {
  await requireReadableLesson(db, userId, lessonId);
  const rows = await db
    .select(columns)
    .from(taskAnswers)
    .where(and(eq(taskAnswers.userId, userId), eq(taskAnswers.lessonId, lessonId)))
    .orderBy(asc(taskAnswers.question));
  return { answers: rows.map(toAnswer) };
}

function hasField(content: TaskContent, question: number): boolean {
  if (question === 0) return content.placeholder !== undefined;
  return question <= (content.questions?.length ?? 0);
}

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
