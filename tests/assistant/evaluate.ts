import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lessons, modules } from '../../db/schema';
import { offlineAnswer, searchCourseContent } from '../../src/server/assistant';
import type { EvalQuestion } from './questions';

/**
 * Measures the offline assistant: for each question, the lessons its answer links to
 * (the first three citations), and whether one is in the right course and one is a
 * lesson a teacher would point to.
 */

export interface EvalResult {
  total: number;
  /** Share of questions with a lesson of the right course among the top 3 citations. */
  courseHitRate: number;
  /** Share of questions with one of the right lessons among the top 3 citations. */
  lessonHitRate: number;
  misses: { question: string; expected: string; cited: string[]; courseHit: boolean }[];
}

const LINK = /\]\(\/course\/([^?\s)]+)\?lessonId=([0-9a-f-]{36})\)/g;

export async function evaluateAssistant(db: Db, questions: EvalQuestion[]): Promise<EvalResult> {
  const rows = await db
    .select({ id: lessons.id, title: lessons.title, courseId: modules.courseId })
    .from(lessons)
    .innerJoin(modules, eq(modules.id, lessons.moduleId));
  const titleOf = new Map(rows.map((r) => [r.id, `${r.courseId}: ${r.title}`]));
  // The evaluation measures retrieval over the whole catalogue: an asker who may read every course.
  const everyCourse = { readableCourseIds: [...new Set(rows.map((r) => r.courseId))] };
  let courseHits = 0;
  let lessonHits = 0;
  const misses: EvalResult['misses'] = [];
  const wantedOf = (question: string, courseId: string, titles: string[]) => {
    const wanted = new Set(rows.filter((r) => r.courseId === courseId && titles.includes(r.title)).map((r) => r.id));
    if (wanted.size !== titles.length) throw new Error(`Unknown lesson title in: ${question}`);
    return wanted;
  };
  for (const q of questions) {
    // A two-part question hits only when the answer cites a right course and lesson for each part.
    const asked = [{ courseId: q.courseId, lessons: q.lessons }, ...(q.also ? [q.also] : [])].map((part) => ({
      courseId: part.courseId,
      wanted: wantedOf(q.question, part.courseId, part.lessons),
    }));
    const answer = offlineAnswer(await searchCourseContent(db, q.question, everyCourse), []);
    const cited = [...answer.matchAll(LINK)].slice(0, 3).map((m) => ({ courseId: m[1]!, lessonId: m[2]! }));
    const courseHit = asked.every((part) => cited.some((c) => c.courseId === part.courseId));
    const lessonHit = asked.every((part) => cited.some((c) => part.wanted.has(c.lessonId)));
    if (courseHit) courseHits++;
    if (lessonHit) lessonHits++;
    if (!lessonHit)
      misses.push({
        question: q.question,
        expected: `${q.courseId}: ${q.lessons.join(' / ')}${q.also ? ` + ${q.also.courseId}: ${q.also.lessons.join(' / ')}` : ''}`,
        cited: cited.map((c) => titleOf.get(c.lessonId) ?? c.lessonId),
        courseHit,
      });
  }
  return { total: questions.length, courseHitRate: courseHits / questions.length, lessonHitRate: lessonHits / questions.length, misses };
}
