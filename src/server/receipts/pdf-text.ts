import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { type PDFDocument, type PDFFont, type PDFPage, type RGB, rgb } from 'pdf-lib';
import { woffToSfnt } from './woff';

/**
 * The WOFF files are read from node_modules at run time (fontkit's WOFF2 subsetting breaks), so netlify.toml's
 * `included_files` must ship @fontsource/inter's package.json and FONT_FILES with each function that draws a PDF.
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

/** Unwrapped once per process: fontkit's own WOFF reading costs a few hundred ms per document. */
function loadFont(name: FontName): Promise<Uint8Array> {
  let bytes = fontBytes.get(name);
  if (!bytes) {
    bytes = readFile(requireFromHere.resolve(FONT_FILES[name])).then(woffToSfnt);
    bytes.catch(() => fontBytes.delete(name));
    fontBytes.set(name, bytes);
  }
  return bytes;
}

/** Inter's contextual alternates cost most of a receipt's CPU in fontkit and change nothing a receipt shows. */
const LAYOUT_FEATURES = { calt: false } as const;

export const INK = rgb(17 / 255, 24 / 255, 39 / 255);
export const MUTED = rgb(107 / 255, 114 / 255, 128 / 255);
export const ACCENT = rgb(67 / 255, 56 / 255, 202 / 255);
export const RULE = rgb(229 / 255, 231 / 255, 235 / 255);

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

export async function embedInter(doc: PDFDocument, texts: string[]): Promise<{ regular: Face; bold: Face }> {
  const regular = await embedFace(doc, 'regular', null);
  const needsExt = texts.some((text) => [...text].some((char) => !regular.mainSet.has(char.codePointAt(0) ?? 0)));
  if (!needsExt) return { regular, bold: await embedFace(doc, 'bold', null) };
  return { regular: await embedFace(doc, 'regular', 'extRegular'), bold: await embedFace(doc, 'bold', 'extBold') };
}

/** Characters neither font has lose their accents (NFD) or become '?'. */
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
  align?: 'left' | 'center' | 'right';
}

export function drawText(page: PDFPage, face: Face, text: string, options: DrawTextOptions): void {
  const width = options.align && options.align !== 'left' ? textWidth(face, text, options.size) : 0;
  let at = options.align === 'right' ? options.x - width : options.align === 'center' ? options.x - width / 2 : options.x;
  for (const run of textRuns(face, text)) {
    page.drawText(run.text, { x: at, y: options.y, size: options.size, font: run.font, color: options.color ?? INK });
    at += run.font.widthOfTextAtSize(run.text, options.size);
  }
}

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
