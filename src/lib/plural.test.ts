import { describe, expect, it } from 'vitest';
import { countOf, formatCount, pluralNoun } from './plural';

describe('countOf', () => {
  it('agrees the noun with the count by bokmål rules', () => {
    expect(countOf(0, 'student', 'studenter')).toBe('0 studenter');
    expect(countOf(1, 'student', 'studenter')).toBe('1 student');
    expect(countOf(2, 'leksjon', 'leksjoner')).toBe('2 leksjoner');
    expect(countOf(1290, 'minutt', 'minutter')).toBe('1\u00a0290 minutter');
    expect(pluralNoun(1, 'modul', 'moduler')).toBe('modul');
  });
});

describe('formatCount', () => {
  it('writes every count as Intl.NumberFormat does for nb-NO, building it only from 1 000 on', () => {
    const intl = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0 });
    for (const count of [...Array.from({ length: 1001 }, (_, i) => i), 1290, 12_345, 1_000_000, -1, -1290, 2.5, 999.6]) {
      expect(formatCount(count), String(count)).toBe(intl.format(count));
    }
  });
});
