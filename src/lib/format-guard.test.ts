import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every Intl object lives in src/lib/format.ts, built on first use, so the same fact is written
 * one way everywhere and no island pays for a formatter at its first paint. Money is integer øre
 * and is written by `formatKroner` or `formatKronerOre`, never by floating-point rounding.
 */
const MODULE = 'src/lib/format.ts';
const ROOTS = ['src', 'netlify', 'db', 'scripts'];
const SOURCE = /\.(ts|tsx|mts|mjs|astro)$/;
const TEST = /\.test\.(ts|tsx)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'migrations']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [path] : [];
  });
}

/** The lines of the files under `roots` (the module itself left out) that match `pattern`. */
function offenders(roots: string[], pattern: RegExp): string[] {
  return roots.flatMap(sourceFiles).flatMap((file) =>
    file === MODULE
      ? []
      : readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('one formatting module (src/lib/format.ts)', () => {
  it('no Intl object is built outside it', () => {
    expect(offenders(ROOTS, /\bIntl\.[A-Z]\w*\s*\(/)).toEqual([]);
  });

  it('no locale formatting by toLocaleString and its kin outside it', () => {
    expect(offenders(ROOTS, /\.toLocale(Date|Time)?String\(/)).toEqual([]);
  });

  it('no toFixed in the application code, where numbers are money or counts', () => {
    expect(offenders(['src', 'netlify', 'db'], /\.toFixed\(/)).toEqual([]);
  });

  it('the checks see a violation', () => {
    expect(/\bIntl\.[A-Z]\w*\s*\(/.test("const f = new Intl.NumberFormat('nb-NO');")).toBe(true);
    expect(/\bIntl\.[A-Z]\w*\s*\(/.test('function f(s: Intl.Segments) {}')).toBe(false);
    expect(offenders(['src/lib'], /\.toFixed\(/)).toEqual([]);
  });
});
