import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The committed package-lock.json lists every platform's optional packages (issue 29, point 13):
 * a lock written on one machine without them makes `npm install` on another platform rewrite it
 * (a dirty tree after the first `npm start`), and `npm ci` on a Mac skip the Astro compiler.
 * CI also checks that a fresh clone's install leaves the lock unchanged (.ci/run).
 */
interface LockPackage {
  optionalDependencies?: Record<string, string>;
}
const lock = JSON.parse(readFileSync(resolve(import.meta.dirname, '..', 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockPackage>;
};

/** Where Node would find `name` from the package at `path`: its own node_modules, then each parent's. */
function resolvesFrom(path: string, name: string): boolean {
  let base = path;
  for (;;) {
    if (`${base ? `${base}/` : ''}node_modules/${name}` in lock.packages) return true;
    if (!base) return false;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent >= 0 ? base.slice(0, parent) : '';
  }
}

describe('package-lock.json', () => {
  it('lists every optional dependency of every package, for every platform', () => {
    expect(lock.lockfileVersion).toBe(3);
    const missing = Object.entries(lock.packages).flatMap(([path, info]) =>
      Object.keys(info.optionalDependencies ?? {})
        .filter((name) => !resolvesFrom(path, name))
        .map((name) => `${path || '(root)'} → ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('has the native binaries of the Astro compiler, Tailwind and oxc for macOS, Windows and Linux', () => {
    for (const family of ['@astrojs/compiler-binding', '@tailwindcss/oxide', '@oxc-parser/binding']) {
      const platforms = Object.keys(lock.packages).filter((path) => path.startsWith(`node_modules/${family}-`));
      for (const os of ['darwin', 'win32', 'linux'])
        expect(
          platforms.some((p) => p.includes(`-${os}-`)),
          `${family} for ${os}`,
        ).toBe(true);
    }
  });
});
