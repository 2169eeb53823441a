import { describe, expect, it } from 'vitest';
import { countOf, pluralNoun } from './plural';

describe('countOf', () => {
  it('agrees the noun with the count by bokmål rules', () => {
    expect(countOf(0, 'student', 'studenter')).toBe('0 studenter');
    expect(countOf(1, 'student', 'studenter')).toBe('1 student');
    expect(countOf(2, 'leksjon', 'leksjoner')).toBe('2 leksjoner');
    expect(countOf(1290, 'minutt', 'minutter')).toBe('1\u00a0290 minutter');
    expect(pluralNoun(1, 'modul', 'moduler')).toBe('modul');
  });
});
