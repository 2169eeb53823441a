import { z } from 'zod';
import { uuidSchema } from './learning';
import { TASK_ANSWER_MAX_LENGTH, TASK_QUESTIONS_MAX, taskAnswerMessages } from './task-answer-rules';
import { text } from './text';

/**
 * Contracts of a learner's saved task answers (issue 29, decision 36), shared by the function
 * and the task lesson. A task lesson has up to 50 questions and its own answer field: the field is
 * `question` 0, the n-th question's answer `question` n.
 */

export { TASK_ANSWER_MAX_LENGTH, taskAnswerMessages } from './task-answer-rules';

// --- requests -----------------------------------------------------------------

/** /api/lessons/:id/answers/:question — the number in the path, 0 to 50, without leading zeros. */
export const taskAnswerParams = z.object({
  id: uuidSchema,
  question: z
    .string()
    .regex(/^(0|[1-9][0-9]?)$/u, { error: taskAnswerMessages.question })
    .transform(Number)
    .pipe(z.number().max(TASK_QUESTIONS_MAX, { error: taskAnswerMessages.question })),
});

/** PUT /api/lessons/:id/answers/:question: a blank answer deletes the saved one. */
export const saveTaskAnswerBody = z.strictObject({
  answer: text({ max: TASK_ANSWER_MAX_LENGTH, min: 0, multiline: true, messages: { tooLong: taskAnswerMessages.tooLong } }),
});

// --- responses ----------------------------------------------------------------

export const taskAnswerResponse = z.object({
  /** 0: the lesson's own answer field; n: the n-th question. */
  question: z.int(),
  answer: z.string(),
  /** ISO 8601; null when the answer was cleared (nothing is stored). */
  updatedAt: z.string().nullable(),
});
/** PUT /api/lessons/:id/answers/:question */
export type TaskAnswer = z.infer<typeof taskAnswerResponse>;

/** GET /api/lessons/:id/answers: the caller's saved answers on the lesson, by question. */
export const taskAnswersResponse = z.object({ answers: z.array(taskAnswerResponse) });
export type TaskAnswers = z.infer<typeof taskAnswersResponse>;
