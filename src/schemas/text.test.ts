import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { text } from './text';

/** `text()`, the one text schema (issue 20, points 1 and 7): what counts as text. */

const messages = (schema: z.ZodType, value: unknown) => {
  const result = z.strictObject({ noteText: schema }).safeParse({ noteText: value });
  return result.success ? [] : result.error.issues.map((i) => i.message);
};
const note = text({ max: 100, multiline: true });
const optional = text({ max: 100, min: 0 });
const name = text({ max: 100, plain: true });
const password = text({ max: 100, min: 8, secret: true });

describe('text()', () => {
  it.each([
    ['a zero-width space', '\u200b'],
    ['zero-width spaces, joiners and a word joiner', '\u200b\u200c\u200d\u2060'],
    ['a byte order mark', '\ufeff'],
    ['a soft hyphen', '\u00ad'],
    ['no-break and ideographic spaces', '\u00a0\u3000\u202f'],
    ['a Hangul filler', '\u3164'],
    ['a braille blank', '\u2800'],
    ['a variation selector', '\ufe0f'],
    ['a tag character', '\u{e0041}'],
    ['an invisible separator and an interlinear annotation mark', '\u2063\ufff9'],
    ['a line separator', '\u2028'],
  ])('refuses %s alone as empty (the field is required)', (_, value) => {
    expect(messages(note, value)).toEqual(['Notat må fylles ut']);
    expect(messages(note, ` ${value}\n${value} `)).toEqual(['Notat må fylles ut']);
  });

  it('refuses invisible-only text in an optional field too, but takes an empty one', () => {
    expect(messages(optional, '\u200b')).toEqual(['Notat kan ikke bestå bare av usynlige tegn']);
    expect(optional.parse('   ')).toBe('');
  });

  it('keeps the field’s own required message for invisible-only text', () => {
    const custom = text({ max: 100, messages: { required: 'Skriv en melding' } });
    expect(messages(custom, '\u200b\u200b')).toEqual(['Skriv en melding']);
  });

  it.each([
    ['an emoji sequence joined by ZWJ', '👨‍👩‍👧'],
    ['a ZWNJ between letters (Persian)', 'می\u200cخواهم'],
    ['a soft hyphen inside a word', 'Kunst\u00adig'],
    ['a zero-width space between words', 'a\u200bb'],
    ['right-to-left marks in Arabic text', 'مرحبا\u200f!'],
    ['a flag (regional indicators)', '🇳🇴'],
  ])('accepts %s, unchanged', (_, value) => {
    expect(note.parse(value)).toBe(value);
  });

  it.each([
    ['right-to-left override U+202E', 'abc\u202edcba'],
    ['left-to-right embedding U+202A', '\u202aabc'],
    ['pop directional formatting U+202C', 'abc\u202c'],
    ['first strong isolate U+2068', 'a\u2068b\u2069'],
    ['right-to-left isolate U+2067', '\u2067abc'],
  ])('refuses a bidi override, embedding or isolate: %s', (_, value) => {
    expect(messages(note, value)).toEqual(['Notat kan ikke inneholde tegn som snur skriveretningen']);
  });

  it.each([
    ['a lone high surrogate', '\ud800x'],
    ['a lone low surrogate', 'x\udc00'],
    ['reversed surrogates', '\ude00\ud83d'],
  ])('refuses %s (it would be stored as U+FFFD, not as sent)', (_, value) => {
    expect(messages(note, value)).toEqual(['Notat inneholder tegn som ikke er tillatt']);
  });

  it('refuses < and > in a plain text (names and titles), nowhere else', () => {
    expect(messages(name, 'X</script><script>alert(1)</script>')).toEqual(['Notat kan ikke inneholde tegnene < og >']);
    expect(messages(name, 'a > b')).toEqual(['Notat kan ikke inneholde tegnene < og >']);
    expect(name.parse('Kari & Ola «KI»')).toBe('Kari & Ola «KI»');
    expect(note.parse('Bruk <b> for fet skrift')).toBe('Bruk <b> for fet skrift');
  });

  it('keeps a secret as typed: invisible and direction characters count, lone surrogates and controls do not', () => {
    expect(password.parse('    \u200b\u202e    ')).toBe('    \u200b\u202e    ');
    expect(messages(password, 'passord\ud800')).toEqual(['Notat inneholder tegn som ikke er tillatt']);
    expect(messages(password, 'passord\u0000')).toEqual(['Notat inneholder tegn som ikke er tillatt']);
  });

  it('names the field in its length messages, and counts characters, not UTF-16 units', () => {
    expect(messages(note, 'a'.repeat(101))).toEqual(['Notat kan ha høyst 100 tegn']);
    expect(note.parse('😀'.repeat(100))).toHaveLength(200);
    expect(messages(text({ max: 10, min: 3 }), 'ab')).toEqual(['Notat må ha minst 3 tegn']);
  });
});
