import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { type PDFDocument, type PDFFont, type PDFPage, type RGB, rgb } from 'pdf-lib';
import { woffToSfnt } from './woff';

/**
 * Text in the server's PDFs (the receipt, decision 30; the certificate, decision 33): Inter (SIL
 * Open Font License, from @fontsource/inter) embedded with pdf-lib, and the runs of text drawn in
 * the font that has each character.
 *
 * The fonts are WOFF files read from node_modules at run time (fontkit's WOFF2 subsetting breaks),
 * unwrapped to TrueType once per process (./woff.ts: fontkit's own WOFF reading costs a few hundred
 * ms per document), and subset. A bundled function finds them through the same resolution as here,
 * and nothing imports them, so netlify.toml's `included_files` must ship them for each function that
 * draws a PDF: "node_modules/@fontsource/inter/package.json" (for the package's exports) and the
 * four files in FONT_FILES.
 * Fontsource splits Inter by script: 'latin' has æ, ø, å and the signs a receipt uses, 'latin-ext'
 * the letters of other European names (ł, ő, ş …), which are drawn from it when needed.
 */

const FONT_FILES = {
  regular: '@fontsource/inter/files/inter-latin-400-normal.woff',
  bold: '@fontsource/inter/files/inter-latin-700-normal.woff',
  extRegular: '@fontsource/inter/files/inter-latin-ext-400-normal.woff',
  extBold: '@fontsource/inter/files/inter-latin-ext-700-normal.woff',
} as const;
export type FontName = keyof typeof FONT_FILES;

const requireFromHere = createRequire(import.meta.url);
const fontBytes = new Map<FontName, Promise<Uint8Array>>();

/** A font as TrueType bytes, read and unwrapped from its WOFF once per process (a warm function reuses them). */
function loadFont(name: FontName): Promise<Uint8Array> {
  let bytes = fontBytes.get(name);
  if (!bytes) {
    bytes = readFile(requireFromHere.resolve(FONT_FILES[name])).then(woffToSfnt);
    bytes.catch(() => fontBytes.delete(name));
    fontBytes.set(name, bytes);
  }
  return bytes;
}

/**
 * OpenType features fontkit applies when it lays text out (pdf-lib lays out every string it measures
 * or draws). Inter's contextual alternates cost most of a receipt's CPU in fontkit's chaining-context
 * lookups, and change nothing a receipt shows (they align arrows and colons between figures).
 */
const LAYOUT_FEATURES = { calt: false } as const;

// The site's look: near-black text, grey for labels, indigo accent, light rules.
export const INK = rgb(17 / 255, 24 / 255, 39 / 255);
export const MUTED = rgb(107 / 255, 114 / 255, 128 / 255);
export const ACCENT = rgb(67 / 255, 56 / 255, 202 / 255);
export const RULE = rgb(229 / 255, 231 / 255, 235 / 255);

/** A weight of Inter: its Latin font, and its Latin Extended one when the document needs it. */
export interface Face {
  main: PDFFont;
  ext: PDFFont | null;
  mainSet: Set<number>;
  extSet: Set<number>;
}

interface Run {
  text: string;
  font: PDFFont;
}

export async function embedFace(doc: PDFDocument, main: FontName, ext: FontName | null): Promise<Face> {
  const mainFont = await doc.embedFont(await loadFont(main), { subset: true, features: LAYOUT_FEATURES });
  const extFont = ext ? await doc.embedFont(await loadFont(ext), { subset: true, features: LAYOUT_FEATURES }) : null;
  return { main: mainFont, ext: extFont, mainSet: new Set(mainFont.getCharacterSet()), extSet: new Set(extFont?.getCharacterSet() ?? []) };
}

/**
 * Inter regular and bold for a document whose data is `texts`: with the Latin Extended fonts only
 * when some text needs them, so most documents stay smaller.
 */
export async function embedInter(doc: PDFDocument, texts: string[]): Promise<{ regular: Face; bold: Face }> {
  const regular = await embedFace(doc, 'regular', null);
  const needsExt = texts.some((text) => [...text].some((char) => !regular.mainSet.has(char.codePointAt(0) ?? 0)));
  if (!needsExt) return { regular, bold: await embedFace(doc, 'bold', null) };
  return { regular: await embedFace(doc, 'regular', 'extRegular'), bold: await embedFace(doc, 'bold', 'extBold') };
}

/**
 * The text split into runs by font. Characters neither font has lose their accents (NFD) or
 * become '?'; narrow no-break spaces (from Intl) become no-break spaces; controls become spaces.
 */
export function textRuns(face: Face, text: string): Run[] {
  const runs: Run[] = [];
  const push = (char: string, font: PDFFont) => {
    const last = runs.at(-1);
    if (last && last.font === font) last.text += char;
    else runs.push({ text: char, font });
  };
  const place = (char: string): boolean => {
    const code = char.codePointAt(0) ?? 0;
    if (face.mainSet.has(code)) push(char, face.main);
    else if (face.ext && face.extSet.has(code)) push(char, face.ext);
    else return false;
    return true;
  };
  for (const raw of text.replace(/\u202f/g, '\u00a0').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')) {
    if (place(raw)) continue;
    const base = [...raw.normalize('NFD').replace(/\p{M}/gu, '')];
    if (!(base.length > 0 && base.every(place))) push('?', face.main);
  }
  return runs;
}

export function textWidth(face: Face, text: string, size: number): number {
  return textRuns(face, text).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
}

export interface DrawTextOptions {
  x: number;
  y: number;
  size: number;
  color?: RGB;
  /** Where `x` is: the text's left edge (default), its centre or its right edge. */
  align?: 'left' | 'center' | 'right';
}

/** Draws one line of text in runs of the font that has each character. */
export function drawText(page: PDFPage, face: Face, text: string, options: DrawTextOptions): void {
  const width = options.align && options.align !== 'left' ? textWidth(face, text, options.size) : 0;
  let at = options.align === 'right' ? options.x - width : options.align === 'center' ? options.x - width / 2 : options.x;
  for (const run of textRuns(face, text)) {
    page.drawText(run.text, { x: at, y: options.y, size: options.size, font: run.font, color: options.color ?? INK });
    at += run.font.widthOfTextAtSize(run.text, options.size);
  }
}

/** The text broken into lines no wider than `maxWidth` (a word longer than that is broken too). */
export function wrapText(face: Face, text: string, maxWidth: number, size: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(face, candidate, size) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const char of word) {
      if (line && textWidth(face, line + char, size) > maxWidth) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}
