import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cnMerge } from './tw-merge';

/**
 * cnMerge (tailwind-merge's engine with this project's class groups) must merge exactly as the
 * full `twMerge` does for every utility the project writes: the classes of every string in src/
 * (variants stripped: the engine treats them alike in both). Two utilities can only conflict when
 * the merge knows them (it keeps one of two copies: `flex flex` → `flex`), so every ordered pair
 * of the utilities that either merge knows is compared (about 400 utilities, 5 s).
 */

function projectUtilities(): string[] {
  const files = execFileSync('git', ['ls-files', 'src/**/*.ts', 'src/**/*.tsx', 'src/**/*.astro'], { encoding: 'utf8' })
    .split('\n')
    // tw-merge.ts's own strings are class-group ids ('font-family'), not classes.
    .filter((f) => f && !f.includes('.test.') && !f.endsWith('/tw-merge.ts'));
  const tokens = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/(['"`])((?:[^'"`\\\n]|\\.)*?)\1/g)) {
      const text = match[2]!;
      if (!/^[\w\s:\-[\]/.%()!&>*=#,@'_+]+$/.test(text)) continue;
      for (const token of text.split(/\s+/)) {
        if (!/^!?([a-z0-9\-[\]&_:*>=()%@#.,'/]+:)*-?[a-z][a-z0-9\-[\]/.%()#,_'=*]*$/.test(token)) continue;
        tokens.add(token.replace(/^!/, '').replace(/^([a-z0-9\-[\]&_*>=()%@#.,'/]+:)+/, ''));
      }
    }
  }
  return [...tokens].sort();
}

/** The merge knows the utility: of two copies it keeps one. */
const known = (merge: (classes: string) => string, utility: string) => merge(`${utility} ${utility}`) === utility;

describe('cnMerge', () => {
  it('merges every utility the project writes as twMerge does', () => {
    const utilities = projectUtilities().filter((u) => known(twMerge, u) || known(cnMerge, u));
    expect(utilities.length).toBeGreaterThan(300);
    const mismatches: string[] = [];
    for (const a of utilities) {
      for (const b of utilities) {
        if (a === b) continue;
        const classes = `${a} ${b}`;
        const expected = twMerge(classes);
        const actual = cnMerge(classes);
        if (actual !== expected) mismatches.push(`'${classes}': twMerge '${expected}', cnMerge '${actual}'`);
      }
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
  }, 60_000);

  it('lets the later of two conflicting utilities win, with variants', () => {
    expect(cnMerge('px-4 py-2 px-3')).toBe('py-2 px-3');
    expect(cnMerge('bg-white text-ink bg-emerald-50 text-emerald-900')).toBe('bg-emerald-50 text-emerald-900');
    expect(cnMerge('text-sm text-ink')).toBe('text-sm text-ink');
    expect(cnMerge('hidden lg:block lg:hidden')).toBe('hidden lg:hidden');
    expect(cnMerge('p-4 pr-10')).toBe('p-4 pr-10');
    expect(cnMerge('pr-10 p-4')).toBe('p-4');
  });
});
