/**
 * Counts with their noun in the right number, by bokmål's plural rules (`Intl.PluralRules('nb')`,
 * issue 29): '1 student', '2 studenter', '0 studenter'. Browser-safe; every count the UI shows
 * goes through it, so no '1 studenter'.
 */
import { onFirstUse } from './intl';

const rules = onFirstUse(() => new Intl.PluralRules('nb'));
const numbers = onFirstUse(() => new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0 }));

/** The noun alone: `one` for a count of one, else `other`. */
export function pluralNoun(count: number, one: string, other: string): string {
  return rules().select(count) === 'one' ? one : other;
}

/**
 * A count as Norwegian writes it: '1 290' (a no-break space between thousands). A whole number
 * from 0 to 999 has nothing to group and is its digits, so the views that show only small counts
 * (/admin's course list) never build the number format, the first of which costs a phone's main
 * thread tens of milliseconds (src/lib/intl.ts).
 */
export function formatCount(count: number): string {
  return Number.isInteger(count) && count >= 0 && count < 1000 ? String(count) : numbers().format(count);
}

/** The count (digits grouped the Norwegian way) and its noun: '1 leksjon', '1 290 leksjoner'. */
export function countOf(count: number, one: string, other: string): string {
  return `${formatCount(count)} ${pluralNoun(count, one, other)}`;
}
