import { z } from 'zod';
import { uuidSchema } from './learning';
import { TASK_ANSWER_MAX_LENGTH, TASK_QUESTIONS_MAX, taskAnswerMessages } from './task-answer-rules';
import { text } from './text';

/** The lesson's own answer field is `question` 0, the n-th question's answer `question` n. */

export { TASK_ANSWER_MAX_LENGTH, taskAnswerMessages } from './task-answer-rules';

export const taskAnswerParams = z.object({
  id: uuidSchema,
  question: z
    .string()
    .regex(/^(0|[1-9][0-9]?)$/u, { error: taskAnswerMessages.question })
    .transform(Number)
    .pipe(z.number().max(TASK_QUESTIONS_MAX, { error: taskAnswerMessages.question })),
});

/** A blank answer deletes the saved one. */
export const saveTaskAnswerBody = z.strictObject({
  answer: text({ max: TASK_ANSWER_MAX_LENGTH, min: 0, multiline: true, messages: { tooLong: taskAnswerMessages.tooLong } }),
});

export const taskAnswerResponse = z.object({
  question: z.int(),
  answer: z.string(),
  updatedAt: z.string().nullable(),
});
export type TaskAnswer = z.infer<typeof taskAnswerResponse>;

export const taskAnswersResponse = z.object({ answers: z.array(taskAnswerResponse) });
export type TaskAnswers = z.infer<typeof taskAnswersResponse>;
