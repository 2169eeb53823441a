import { segmentSentences } from '../../lib/format';
/** Whole sentences only: `ts_headline` cuts mid-sentence, so its fragment only says where to look. */

/** Abbreviations a sentence does not end at, though a capital may follow ('f.eks. ChatGPT'). */
const ABBREVIATION = /(?:^|[\s(])(?:f\.eks|bl\.a|dvs|ca|nr|jf|mv|m\.m|mfl|evt|inkl|ekskl|kl|pga|iht|o\.l|t\.o\.m|f\.o\.m|vs|mht|ifb|nb|st)\.$/iu;

export const EXCERPT_MAX = 300;
const HARD_MAX = 400;

export const tidy = (value: string) => value.replace(/\s+/gu, ' ').trim();

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

function locate(text: string, fragment: string): number {
  if (!fragment) return -1;
  const exact = text.indexOf(fragment);
  if (exact >= 0) return exact;
  const lead = fragment.split(' ').slice(0, 5).join(' ');
  return lead ? text.indexOf(lead) : -1;
}

function cutAtWord(sentence: string, max: number): string {
  const room = sentence.slice(0, max);
  const space = room.lastIndexOf(' ');
  return `${(space > max / 2 ? room.slice(0, space) : room).replace(/[\s,;:–-]+$/u, '')} …`;
}

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
