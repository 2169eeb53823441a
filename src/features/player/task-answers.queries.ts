import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { TaskAnswer, taskAnswerResponse, taskAnswersResponse } from '../../schemas/task-answers';
import { apiJson, getQueryFn } from '../../lib/api';

/**
 * The learner's saved answers in a task lesson: read when the lesson
 * opens, saved field by field as the learner types (autosave), kept in the cache so going back to
 * the lesson shows them at once.
 */

export const taskAnswersQuery = (lessonId: string) =>
  queryOptions({
    queryKey: ['/api/lessons', lessonId, 'answers'],
    queryFn: getQueryFn<typeof taskAnswersResponse>(),
  });

export const taskAnswerUrl = (lessonId: string, question: number) => `/api/lessons/${encodeURIComponent(lessonId)}/answers/${question}`;

/** Saves one field's answer (a blank one deletes it); the answer is the server's copy. */
export async function saveTaskAnswer(lessonId: string, question: number, answer: string) {
  return apiJson<typeof taskAnswerResponse>('PUT', taskAnswerUrl(lessonId, question), { answer });
}

/** Puts a saved answer into the cached list, so the lesson shows it when the learner comes back. */
export function cacheTaskAnswer(client: QueryClient, lessonId: string, saved: TaskAnswer): void {
  client.setQueryData(taskAnswersQuery(lessonId).queryKey, (data) => {
    const others = (data?.answers ?? []).filter((a) => a.question !== saved.question);
    const answers = saved.updatedAt === null ? others : [...others, saved].sort((a, b) => a.question - b.question);
    return { answers };
  });
}

/**
 * Saves an answer while the page goes away (the learner typed and left before the autosave ran):
 * a `keepalive` fetch nobody waits for.
 */
export function saveTaskAnswerOnLeave(lessonId: string, question: number, answer: string): void {
  void fetch(taskAnswerUrl(lessonId, question), {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ answer }),
    credentials: 'include',
    keepalive: true,
  }).catch(() => {});
}
