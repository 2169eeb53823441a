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

/** The count (digits grouped the Norwegian way) and its noun: '1 leksjon', '1 290 leksjoner'. */
export function countOf(count: number, one: string, other: string): string {
  return `${numbers().format(count)} ${pluralNoun(count, one, other)}`;
}
