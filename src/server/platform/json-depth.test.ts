import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-depth';

const nested = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth);

describe('jsonNestsDeeperThan', () => {
  it('counts arrays and objects, mixed, up to the limit and one past it', () => {
    expect(jsonNestsDeeperThan(nested(3), 3)).toBe(false);
    expect(jsonNestsDeeperThan(nested(4), 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":{"b":[{"c":1}]}}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":{"b":[{"c":[]}]}}', 4)).toBe(true);
  });

  it('measures depth, not the number of brackets: siblings do not add up', () => {
    expect(jsonNestsDeeperThan(`[${Array.from({ length: 1000 }, () => '{"a":[1]}').join(',')}]`, 3)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes and backslashes included', () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ text: '[[[[{{{{' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: 'she said "[[[[" and left' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: 'a backslash \\', more: '[[[[' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify(['\\"', '[[[[']), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ 'key [[[': 'value {{{' }), 1)).toBe(false);
    // A string ends at its closing quote: what follows counts again.
    expect(jsonNestsDeeperThan(JSON.stringify([['\\"'], [['x']]]), 2)).toBe(true);
  });

  it('agrees with the depth of what JSON.stringify writes, æøå and emoji included', () => {
    let value: unknown = 'Kjøp av kurs – æøå 🎓 [{';
    for (let depth = 1; depth <= MAX_JSON_DEPTH + 1; depth++) {
      value = depth % 2 === 0 ? [value, '"]}'] : { [`nivå ${depth} "`]: value };
      const text = JSON.stringify(value);
      expect(jsonNestsDeeperThan(text), `depth ${depth}`).toBe(depth > MAX_JSON_DEPTH);
    }
  });

  it('answers for text that is not JSON, and for a body far too deep, without throwing', () => {
    expect(jsonNestsDeeperThan('')).toBe(false);
    expect(jsonNestsDeeperThan('"unterminated [[[[')).toBe(false);
    expect(jsonNestsDeeperThan(']]]]{')).toBe(false);
    expect(jsonNestsDeeperThan('['.repeat(1_000_000))).toBe(true);
  });

  it('allows 64 levels by default', () => {
    expect(MAX_JSON_DEPTH).toBe(64);
    expect(jsonNestsDeeperThan(nested(64))).toBe(false);
    expect(jsonNestsDeeperThan(nested(65))).toBe(true);
  });
});
