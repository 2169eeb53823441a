import { describe, expect, it } from 'vitest';
import { COMPOUNDS_MAX, Lexicon, type LexiconEntry, likePattern } from './lexicon';

const entry = (word: string, ndoc = 1): LexiconEntry => ({ word, ndoc, plain: /^[\p{L}\p{N}]+$/u.test(word) });
const lexicon = (...entries: LexiconEntry[]) => new Lexicon('v', entries);

describe('Lexicon.compounds (the SQL it replaced, in memory)', () => {
  it('finds compounds whose part before the stem is a word of the content', () => {
    const l = lexicon(entry('møtereferat', 3), entry('møt'), entry('referat', 9), entry('teksting'), entry('tekst'), entry('ting'));
    expect(l.compounds('referat')).toEqual(['møtereferat']);
    // 'teks' is no word of the content: 'teksting' is not a compound of 'ting'
    expect(l.compounds('ting')).toEqual([]);
  });

  it('allows at most two linking letters after a head of three letters or more', () => {
    const l = lexicon(entry('arbeidsflyt'), entry('arbeid'), entry('abcdeflyt'), entry('abc'), entry('kiflyt'), entry('ki'));
    // 'arbeid' + 's' passes; 'abc' + 'de' passes; 'ki' is too short to be a head
    expect(l.compounds('flyt')).toEqual(['arbeidsflyt', 'abcdeflyt']);
    expect(lexicon(entry('abcdefflyt'), entry('abc')).compounds('flyt')).toEqual([]);
  });

  it('keeps the lexicon’s order (most common first), skips non-words and the stem itself, and stops at twelve', () => {
    const heads = Array.from({ length: 20 }, (_, i) => entry(`hode${String.fromCharCode(97 + i)}`));
    const compounds = heads.map((h, i) => entry(`${h.word}mal`, 100 - i));
    const l = lexicon(entry('mal', 200), entry('url-mal', 150), ...compounds, ...heads);
    expect(l.compounds('mal')).toEqual(compounds.slice(0, COMPOUNDS_MAX).map((c) => c.word));
  });

  it('matches a head with LIKE wildcards as the database did', () => {
    // Checked against the SQL it replaced: {axbmal,zzzzmal} ('z%' is too short a head; 'zz%' leaves 'zzzzzz' three letters over).
    const words = ['axbmal', 'a_b', 'zzzzmal', 'zz%', 'zzzzzzmal', 'z%', 'qqqmal'];
    const l = lexicon(...words.map((w) => entry(w)));
    expect(l.compounds('mal')).toEqual(['axbmal', 'zzzzmal']);
  });
});

describe('likePattern', () => {
  it('reads %, _ and backslash escapes as LIKE does', () => {
    expect(likePattern('a_c%').test('abcdef')).toBe(true);
    expect(likePattern('a_c%').test('ac')).toBe(false);
    expect(likePattern('a\\_c').test('a_c')).toBe(true);
    expect(likePattern('a\\_c').test('abc')).toBe(false);
    expect(likePattern('x.y(').test('x.y(')).toBe(true);
    expect(likePattern('x.y(').test('xzy(')).toBe(false);
    expect(likePattern('æ_%').test('æø')).toBe(true);
  });
});
