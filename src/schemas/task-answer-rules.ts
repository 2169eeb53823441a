import { formatNumber } from '../lib/format';
/**
 * The task-answer rules the task lesson and the server share, without zod: the player imports
 * these, and importing them from task-answers.ts would pull zod into its first-load JavaScript
 * (issue 26's budget), as player-rules.ts does for the watch rules.
 */

/** The longest answer, in characters (code points, as `text()` counts them). */
export const TASK_ANSWER_MAX_LENGTH = 10_000;
/** The most questions a task lesson has (src/schemas/lesson-content.ts). */
export const TASK_QUESTIONS_MAX = 50;

/** 10000 → '10 000' as Norwegian writes it, with a plain space between thousands in these messages. */
export const formatCount = (n: number) => formatNumber(n).replace(/\s/gu, ' ');

export const taskAnswerMessages = {
  get tooLong() {
    return `Svaret kan ha høyst ${formatCount(TASK_ANSWER_MAX_LENGTH)} tegn`;
  },
  question: `Spørsmål må være et tall fra 0 til ${TASK_QUESTIONS_MAX}`,
  notTask: 'Leksjonen er ikke en oppgave, så den har ingen svar',
  noSuchQuestion: 'Oppgaven har ikke et slikt spørsmål eller svarfelt',
} as const;

/** The length of an answer as the server counts it (code points of the trimmed text). */
export const answerLength = (value: string) => [...value.trim()].length;
