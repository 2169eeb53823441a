import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's layout: src/server/ holds only folders (platform/ and one per feature), so a
 * newcomer finds a file by what it is about, and no file grows past what one reads in a sitting.
 */

const SERVER = 'src/server';
const MAX_LINES = 400;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

describe('src/server layout', () => {
  it('has no loose file at its top: only platform/ and feature folders', () => {
    const loose = readdirSync(SERVER, { withFileTypes: true })
      .filter((entry) => !entry.isDirectory())
      .map((entry) => entry.name);
    expect(loose).toEqual([]);
    expect(readdirSync(SERVER)).toContain('platform');
  });

  it(`has no file over ${MAX_LINES} lines`, () => {
    const long = filesUnder(SERVER)
      .filter((path) => /\.(ts|tsx)$/.test(path))
      .map((path) => ({ path, lines: readFileSync(path, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ path, lines }) => `${path}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
