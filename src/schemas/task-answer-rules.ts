/**
 * The task-answer rules the task lesson and the server share, without zod: the player imports
 * these, and importing them from task-answers.ts would pull zod into its first-load JavaScript
 * (issue 26's budget), as player-rules.ts does for the watch rules.
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

/** The length of an answer as the server counts it (code points of the trimmed text). */
export const answerLength = (value: string) => [...value.trim()].length;
