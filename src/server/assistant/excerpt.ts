import { segmentSentences } from '../../lib/format';
/**
 * The quote of a lesson in an answer (issue 29, decision 36): whole sentences, never a sentence
 * or a word cut off. Postgres's `ts_headline` finds where in the lesson the question's words are,
 * but cuts its fragment at a word count, mid-sentence; here the fragment only says where to look.
 * The quote starts at the sentence the fragment starts in and takes the following sentences while
 * they fit in `max` characters. Only a single sentence longer than `HARD_MAX` (none in the
 * catalogue is) is cut, at a word, and marked with '…'.
 */

/** Abbreviations a sentence does not end at, though a capital may follow ('f.eks. ChatGPT'). */
const ABBREVIATION = /(?:^|[\s(])(?:f\.eks|bl\.a|dvs|ca|nr|jf|mv|m\.m|mfl|evt|inkl|ekskl|kl|pga|iht|o\.l|t\.o\.m|f\.o\.m|vs|mht|ifb|nb|st)\.$/iu;

export const EXCERPT_MAX = 300;
const HARD_MAX = 400;

/** One line of plain text: the source's line breaks and runs of spaces become one space. */
export const tidy = (value: string) => value.replace(/\s+/gu, ' ').trim();

/**
 * The document's sentences as ranges of the tidied text (a quote is a slice of it, so nothing the
 * segmenter splits without a space, like '![', gets one).
 */
function sentences(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const { segment, index } of segmentSentences(text)) {
    if (!segment.trim()) continue;
    const previous = out.at(-1);
    if (previous && ABBREVIATION.test(text.slice(previous.start, previous.end).trimEnd())) previous.end = index + segment.length;
    else out.push({ start: index, end: index + segment.length });
  }
  return out;
}

/** Where the fragment starts in the text: exactly, or by its first words; -1 when not found. */
function locate(text: string, fragment: string): number {
  if (!fragment) return -1;
  const exact = text.indexOf(fragment);
  if (exact >= 0) return exact;
  const lead = fragment.split(' ').slice(0, 5).join(' ');
  return lead ? text.indexOf(lead) : -1;
}

/** A sentence too long to quote whole: cut at the last word that fits, with '…'. */
function cutAtWord(sentence: string, max: number): string {
  const room = sentence.slice(0, max);
  const space = room.lastIndexOf(' ');
  return `${(space > max / 2 ? room.slice(0, space) : room).replace(/[\s,;:–-]+$/u, '')} …`;
}

/**
 * Whole sentences of `document` around `headline` (ts_headline's output; fragments joined with
 * ' … '), at most `max` characters unless one sentence is longer.
 */
export function sentenceExcerpt(document: string, headline: string, max = EXCERPT_MAX): string {
  const text = tidy(document);
  const list = sentences(text);
  if (list.length === 0) return '';
  const at = locate(text, tidy(headline.split(' … ')[0] ?? ''));
  let first = 0;
  if (at >= 0) for (const [i, s] of list.entries()) if (s.start <= at) first = i;
  const quote = (last: number) => text.slice(list[first]!.start, list[last]!.end).trim();
  const opening = quote(first);
  if ([...opening].length > HARD_MAX) return cutAtWord(opening, max);
  let last = first;
  while (last + 1 < list.length && quote(last + 1).length <= max) last++;
  return quote(last);
}
