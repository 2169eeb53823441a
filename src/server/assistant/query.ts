import { synonymGroups } from './synonyms';

/**
 * A learner's question as search terms, before the database stems them. A term is one
 * concept: a word of the question, or a synonym group the question touched, with its
 * alternatives (each alternative a list of words that must all occur). The search ORs
 * the terms and weighs each by how rare it is in the course content.
 */
export interface Alternative {
  words: string[];
  /** The last word may have any ending (`lysbilde*`). */
  prefix: boolean;
}
export type Term = Alternative[];

/** Letters and digits only: what is left cannot be tsquery syntax. */
const WORD = /[\p{L}\p{N}]+/gu;

/** Lower case, one space between words, no punctuation: the form phrases are matched in. */
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

/** The question's word positions `expression` covers, or null when it does not occur. */
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
    // The learner's own words first: the group may not hold their exact form.
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

/** Every distinct word of the terms (what the database is asked to stem). */
export function termWords(terms: Term[]): string[] {
  return [...new Set(terms.flatMap((term) => term.flatMap((alternative) => alternative.words)))];
}

/** Words that open a question of their own after 'og', 'men' or a comma ('…, og kan jeg få faktura?'). */
const QUESTION_OPENERS = 'hva|hvordan|hvorfor|hvor|hvilke|hvilken|hvilket|hvem|når|kan|er|må|bør|skal|vil|finnes|får|gjelder|trenger|koster|går';
const PART_BREAK = new RegExp(
  `[?;!\\n]+|[,.]\\s+(?:og|men|samt)\\s+(?=(?:${QUESTION_OPENERS})\\b)|\\s+(?:og|men)\\s+(?=(?:${QUESTION_OPENERS})\\s)|[,.]\\s+(?=(?:${QUESTION_OPENERS})\\b)`,
  'giu',
);

/**
 * A message's questions, each on its own: 'Hva koster kurset, og kan jeg få faktura?' is two
 * ('Hva koster kurset', 'kan jeg få faktura'). A part is cut where a sentence ends, or where 'og',
 * 'men' or a comma is followed by a word that opens a question; 'ChatGPT og Copilot' stays one. A
 * piece of fewer than two words joins the part before it. One question gives one part.
 */
export function questionParts(message: string): string[] {
  const pieces = message
    .split(PART_BREAK)
    .map((piece) => piece.trim())
    .filter((piece) => piece.length > 0);
  const parts: string[] = [];
  for (const piece of pieces) {
    const words = piece.match(WORD) ?? [];
    if (words.length === 0) continue;
    if (words.length < 2 && parts.length > 0) parts[parts.length - 1] += ` ${piece}`;
    else parts.push(piece);
  }
  return parts.length > 0 ? parts : [message.trim()];
}
