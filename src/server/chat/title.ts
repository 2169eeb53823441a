import { NEW_CONVERSATION_TITLE } from '../../schemas/chat';

/**
 * A conversation's name from its first question (issue 29, decision 36): short enough for the
 * panel's list, in the learner's own words. Whitespace runs become one space, `<` and `>` (which
 * titles refuse) go, the first letter is a capital (sentence case), and a long question is cut at
 * the last word that fits, with '…'. A question with nothing left keeps 'Ny samtale'.
 */

export const CONVERSATION_TITLE_FROM_QUESTION_MAX = 60;

export function conversationTitleFrom(question: string, max = CONVERSATION_TITLE_FROM_QUESTION_MAX): string {
  const clean = question.replace(/[<>]/gu, ' ').replace(/\s+/gu, ' ').trim();
  if (clean === '') return NEW_CONVERSATION_TITLE;
  const chars = [...clean];
  const capital = chars[0]!.toLocaleUpperCase('nb-NO') + chars.slice(1).join('');
  if (chars.length <= max) return capital;
  const room = [...capital].slice(0, max - 1).join('');
  // The last whole word that fits; a single very long word is cut where the room ends.
  const space = room.lastIndexOf(' ');
  const cut = space >= max / 3 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,.;:!?\-–—]+$/u, '')}…`;
}
