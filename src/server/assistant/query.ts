import { synonymGroups } from './synonyms';

export interface Alternative {
  words: string[];
  prefix: boolean;
}
export type Term = Alternative[];

/** Letters and digits only: what is left cannot be tsquery syntax. */
const WORD = /[\p{L}\p{N}]+/gu;

function normalise(value: string): string {
  return (value.normalize('NFC').toLowerCase().match(WORD) ?? []).join(' ');
}

const MAX_TERMS = 16;

interface Expression {
  normalised: string;
  prefix: boolean;
}

const groups: Expression[][] = synonymGroups.map((group) =>
  group.map((expression) => ({ normalised: normalise(expression.replace(/\*$/, '')), prefix: expression.endsWith('*') })),
);

/** Words of a phrase may stand this far apart ('finner ChatGPT på' is 'finner på'). */
const MAX_GAP = 2;

function find(words: string[], expression: Expression): number[] | null {
  const parts = expression.normalised.split(' ');
  const fits = (word: string, i: number) => (i === parts.length - 1 && expression.prefix ? word.startsWith(parts[i]!) : word === parts[i]);
  for (let start = 0; start < words.length; start++) {
    if (!fits(words[start]!, 0)) continue;
    const positions = [start];
    for (let i = 1; i < parts.length; i++) {
      const previous = positions.at(-1)!;
      const next = words.findIndex((word, at) => at > previous && at <= previous + 1 + MAX_GAP && fits(word, i));
      if (next < 0) break;
      positions.push(next);
    }
    if (positions.length === parts.length) return positions;
  }
  return null;
}

export function questionTerms(question: string): Term[] {
  // One-letter words ('å', 'i') stay for phrases ('uten å kode') but are no terms of their own.
  const words = normalise(question)
    .split(' ')
    .filter((w) => w.length >= 1 && w.length <= 40);
  const covered = new Set<number>();
  const terms: Term[] = [];
  for (const group of groups) {
    const hits = group.map((expression) => find(words, expression)).filter((hit) => hit !== null);
    if (hits.length === 0) continue;
    for (const hit of hits) for (const i of hit) covered.add(i);
    const alternatives = group.map((e) => ({ words: e.normalised.split(' '), prefix: e.prefix }));
    const own = hits.map((hit) => ({ words: hit.map((i) => words[i]!), prefix: false }));
    terms.push([...own, ...alternatives]);
  }
  words.forEach((word, i) => {
    if (!covered.has(i) && word.length >= 2) terms.push([{ words: [word], prefix: false }]);
  });
  // Distinct terms, at most MAX_TERMS (a pasted essay is not a better question).
  const seen = new Set<string>();
  return terms
    .filter((term) => {
      const key = JSON.stringify(term);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_TERMS);
}

export function termWords(terms: Term[]): string[] {
  return [...new Set(terms.flatMap((term) => term.flatMap((alternative) => alternative.words)))];
}

const QUESTION_OPENERS = 'hva|hvordan|hvorfor|hvor|hvilke|hvilken|hvilket|hvem|når|kan|er|må|bør|skal|vil|finnes|får|gjelder|trenger|koster|går';
const PART_BREAK = new RegExp(
  `[?;!\\n]+|[,.]\\s+(?:og|men|samt)\\s+(?=(?:${QUESTION_OPENERS})\\b)|\\s+(?:og|men)\\s+(?=(?:${QUESTION_OPENERS})\\s)|[,.]\\s+(?=(?:${QUESTION_OPENERS})\\b)`,
  'giu',
);

const OPENS_QUESTION = new RegExp(`^(?:(?:og|men|samt)\\s+)?(?:${QUESTION_OPENERS})\\b`, 'iu');

/** 'ChatGPT og Copilot' stays one piece; a piece that is not a question goes with the question after it. */
export function questionParts(message: string): string[] {
  const pieces: { text: string; question: boolean }[] = [];
  let from = 0;
  const add = (text: string, delimiter: string) => {
    const trimmed = text.trim().replace(/[.,:]+$/u, '');
    if ((trimmed.match(WORD) ?? []).length === 0) return;
    pieces.push({ text: trimmed, question: delimiter.includes('?') || OPENS_QUESTION.test(trimmed) });
  };
  for (const match of message.matchAll(PART_BREAK)) {
    add(message.slice(from, match.index), match[0]);
    from = match.index + match[0].length;
  }
  add(message.slice(from), '');
  const parts: string[] = [];
  let context = '';
  for (const piece of pieces) {
    const short = (piece.text.match(WORD) ?? []).length < 2;
    if (!piece.question || short) {
      if (short && parts.length > 0 && !context) parts[parts.length - 1] += ` ${piece.text}`;
      else context = context ? `${context} ${piece.text}` : piece.text;
      continue;
    }
    parts.push(context ? `${context} ${piece.text}` : piece.text);
    context = '';
  }
  if (context) {
    if (parts.length > 0) parts[parts.length - 1] += ` ${context}`;
    else parts.push(context);
  }
  return parts.length > 0 ? parts : [message.trim()];
}
