import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { islandDependencies } from './dev-dependencies';

/**
 * `astro dev` pre-bundles `islandDependencies` at start (decision 35): the list must hold every
 * package the browser code imports, directly or through the shared modules it imports (a
 * schema's constants, for one), or that package is found only on a page and bundled late.
 */
const root = resolve(import.meta.dirname, '..', '..');
const browserFolders = ['src/islands', 'src/features', 'src/components', 'src/lib', 'src/stores', 'src/directives', 'src/scripts'];
/** Not imported by name in our code: the React renderer and the JSX runtimes the compiler adds. */
const implicit = ['react-dom', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The specifiers a module imports at run time (type-only imports left out), with its lazy `import()`s unless `lazy` is false. */
function runtimeImports(code: string, lazy = true): string[] {
  const patterns = [
    /^\s*import\s+(?!type\s)[^;]*?\sfrom\s+'([^']+)'/gm,
    /^\s*export\s+(?!type\s)[^;]*?\sfrom\s+'([^']+)'/gm,
    /^\s*import\s+'([^']+)'/gm,
    ...(lazy ? [/\bimport\(\s*'([^']+)'\s*\)/g] : []),
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[1] ?? ''));
}

function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((p) => existsSync(p) && statSync(p).isFile());
}

/**
 * Every package the browser code reaches from `entries` (all of it by default), following its
 * relative imports; with `lazy` false, only what loads with the entries (no `import()`).
 */
function browserPackages(entries = browserFolders.flatMap((folder) => sourceFiles(join(root, folder))), lazy = true): Map<string, string> {
  const packages = new Map<string, string>();
  const queue = [...entries];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeImports(readFileSync(file, 'utf8'), lazy)) {
      if (specifier.startsWith('.')) {
        const target = resolveRelative(file, specifier);
        if (target && /\.tsx?$/.test(target)) queue.push(target);
      } else if (specifier !== 'astro' && !specifier.startsWith('astro:') && !specifier.startsWith('node:')) {
        if (!packages.has(specifier)) packages.set(specifier, relative(root, file));
      }
    }
  }
  return packages;
}

describe('the packages astro dev bundles at start', () => {
  const packages = browserPackages();

  it('include every package the browser code imports', () => {
    const missing = [...packages].filter(([name]) => !islandDependencies.includes(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('are all imported by the browser code (or added by the compiler)', () => {
    expect(islandDependencies.filter((name) => !packages.has(name) && !implicit.includes(name))).toEqual([]);
  });

  it('finds what it should: a direct import and a subpath', () => {
    expect(packages.get('@tanstack/react-query')).toBeDefined();
    expect(packages.get('radix-ui/internal')).toBeDefined();
  });

  it("finds zod only where a form checks with the server's schemas: the dashboard and the player reach none (25 KB gzip)", () => {
    expect(packages.get('zod')).toBeDefined();
    const entries = ['src/islands/Dashboard.tsx', 'src/islands/CoursePlayer.tsx'].map((file) => join(root, file));
    const learnerIslands = browserPackages(entries);
    expect(learnerIslands.get('@tanstack/react-query')).toBeDefined();
    expect(learnerIslands.get('zod')).toBeUndefined();
    // The notes' and the chat's forms load with their own lazy chunks, not with the page.
    const firstLoad = browserPackages(entries, false);
    expect(firstLoad.get('@tanstack/react-query')).toBeDefined();
    expect(firstLoad.get('react-hook-form')).toBeUndefined();
    expect(firstLoad.get('@hookform/resolvers/zod')).toBeUndefined();
  });
});
