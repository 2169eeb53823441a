import { NEW_CONVERSATION_TITLE } from '../../schemas/chat';

export const CONVERSATION_TITLE_FROM_QUESTION_MAX = 60;

export function conversationTitleFrom(question: string, max = CONVERSATION_TITLE_FROM_QUESTION_MAX): string {
  const clean = question.replace(/[<>]/gu, ' ').replace(/\s+/gu, ' ').trim();
  if (clean === '') return NEW_CONVERSATION_TITLE;
  const chars = [...clean];
  const capital = chars[0]!.toLocaleUpperCase('nb-NO') + chars.slice(1).join('');
  if (chars.length <= max) return capital;
  const room = [...capital].slice(0, max - 1).join('');
  const space = room.lastIndexOf(' ');
  const cut = space >= max / 3 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,.;:!?\-–—]+$/u, '')}…`;
}
