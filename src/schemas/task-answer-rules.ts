import { formatNumber } from '../lib/format';
/** Without zod: importing these from task-answers.ts would pull zod into the player's first-load JavaScript. */

/** The longest answer, in characters (code points, as `text()` counts them). */
export const TASK_ANSWER_MAX_LENGTH = 10_000;
export const TASK_QUESTIONS_MAX = 50;

/** With a plain space between thousands in these messages. */
export const formatCount = (n: number) => formatNumber(n).replace(/\s/gu, ' ');

export const taskAnswerMessages = {
  get tooLong() {
    return `Svaret kan ha høyst ${formatCount(TASK_ANSWER_MAX_LENGTH)} tegn`;
  },
  question: `Spørsmål må være et tall fra 0 til ${TASK_QUESTIONS_MAX}`,
  notTask: 'Leksjonen er ikke en oppgave, så den har ingen svar',
  noSuchQuestion: 'Oppgaven har ikke et slikt spørsmål eller svarfelt',
} as const;

export const answerLength = (value: string) => [...value.trim()].length;
