import { z } from 'zod';
import { uuidSchema } from './learning';
import { text } from './text';

/**
 * Contracts of a learner's saved task answers (issue 29, decision 36), shared by the function
 * and the task lesson. A task lesson has up to 50 questions and its own answer field: the field is
 * `question` 0, the n-th question's answer `question` n.
 */

/** The longest answer, in characters (code points, as `text()` counts them). */
export const TASK_ANSWER_MAX_LENGTH = 10_000;
/** The most questions a task lesson has (src/schemas/lesson-content.ts). */
export const TASK_QUESTIONS_MAX = 50;

/** '10 000' as Norwegian writes it (a space between thousands). */
const maxText = TASK_ANSWER_MAX_LENGTH.toLocaleString('nb-NO').replace(/\s/gu, ' ');

export const taskAnswerMessages = {
  tooLong: `Svaret kan ha høyst ${maxText} tegn`,
  question: `Spørsmål må være et tall fra 0 til ${TASK_QUESTIONS_MAX}`,
  notTask: 'Leksjonen er ikke en oppgave, så den har ingen svar',
  noSuchQuestion: 'Oppgaven har ikke et slikt spørsmål eller svarfelt',
} as const;

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

export interface TaskAnswer {
  /** 0: the lesson's own answer field; n: the n-th question. */
  question: number;
  answer: string;
  /** ISO 8601; null when the answer was cleared (nothing is stored). */
  updatedAt: string | null;
}

/** GET /api/lessons/:id/answers: the caller's saved answers on the lesson, by question. */
export interface TaskAnswers {
  answers: TaskAnswer[];
}

/** The length of an answer as the server counts it (code points of the trimmed text). */
export const answerLength = (value: string) => [...value.trim()].length;
