import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from './woff';

const woff = readFileSync(createRequire(import.meta.url).resolve('@fontsource/inter/files/inter-latin-400-normal.woff'));

describe('woffToSfnt', () => {
  it('gives the TrueType font the WOFF wraps: the same tables, glyphs and names', () => {
    const fromWoff = fontkit.create(woff);
    const sfnt = woffToSfnt(woff);
    const fromSfnt = fontkit.create(sfnt);
    expect(Buffer.from(sfnt.subarray(0, 4)).readUInt32BE(0)).toBe(0x00010000);
    expect(fromSfnt.numGlyphs).toBe(fromWoff.numGlyphs);
    expect(fromSfnt.postscriptName).toBe(fromWoff.postscriptName);
    expect(fromSfnt.characterSet).toEqual(fromWoff.characterSet);
    for (const char of 'æøåÆØÅ') {
      expect(fromSfnt.glyphForCodePoint(char.codePointAt(0)!).advanceWidth).toBe(fromWoff.glyphForCodePoint(char.codePointAt(0)!).advanceWidth);
    }
  });

  it('refuses what is not a WOFF 1.0 file, or one whose tables do not fit', () => {
    expect(() => woffToSfnt(new Uint8Array(60))).toThrow('Not a WOFF 1.0 font');
    expect(() => woffToSfnt(woff.subarray(0, 200))).toThrow('outside the file');
  });
});
