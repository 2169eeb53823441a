import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments say why the code is as it is; history and issue numbers belong in commits and decision
 * records. A share of comment lines far above other codebases' is the sign that they narrate.
 */

const ROOTS = ['src', 'netlify', 'db', 'scripts'];
const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs|astro)$/;
const TEST = /\.(test|spec)\.(ts|tsx|mts)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'migrations', '__tests__', 'fixtures']);
const MAX_SHARE = 0.08;
const COMMENT_START = ['//', '/*', '*', '{/*', '<!--'];
const ISSUE_REFERENCE = /\b(issue|decision)s?\s*#?\d|\(#\d+\)|\[\d+\]\(/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [path] : [];
  });
}

const lines = ROOTS.flatMap(sourceFiles).flatMap((path) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .map((text, index) => ({ where: `${path}:${index + 1}`, text: text.trim() }))
    .filter(({ text }) => text !== ''),
);
const comments = lines.filter(({ text }) => COMMENT_START.some((start) => text.startsWith(start)));

describe('code comments', () => {
  it(`are under ${MAX_SHARE * 100} % of the non-test source lines`, () => {
    const share = comments.length / lines.length;
    expect(share, `${comments.length} of ${lines.length} lines are comments`).toBeLessThan(MAX_SHARE);
  });

  it('cite no issue or decision numbers', () => {
    const citing = comments.filter(({ text }) => ISSUE_REFERENCE.test(text)).map(({ where, text }) => `${where}: ${text}`);
    expect(citing).toEqual([]);
  });
});
