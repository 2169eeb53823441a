import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config from '../.dependency-cruiser.mjs';

/**
 * The import-cycle check (`npm run cycles`, part of `npm run lint`), shown on small made-up
 * projects: the project's own rule and options, cruised over files written to a temporary folder.
 */

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  const files: Record<string, string> = {
    // A plain cycle of three.
    'src/plain/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
    'src/plain/b.ts': "import { c } from './c.ts';\nexport const b = () => c;\n",
    'src/plain/c.ts': "import { a } from './a';\nexport const c = () => a;\n",
    // One way round through `import type` only: no cycle once compiled.
    'src/typed/a.ts': "import type { B } from './b';\nexport const a = (value: B) => value;\nexport type A = number;\n",
    'src/typed/b.ts': "import { a, type A } from './a';\nexport const b = (value: A) => a(value);\nexport type B = string;\n",
    // A lazily loaded module that imports back from the one that loads it.
    'src/lazy/menu.tsx': "export const load = () => import('./dropdown');\nexport const Avatar = () => null;\n",
    'src/lazy/dropdown.tsx': "import { Avatar } from './menu';\nexport default Avatar;\n",
    // Across the project's folders: a function file, a service and db/.
    'netlify/functions/f.ts': "import { service } from '../../src/server/s.service';\nexport default service;\n",
    'src/server/s.service.ts': "import { table } from '../../db/schema';\nexport const service = () => table;\n",
    'db/schema.ts': "import f from '../netlify/functions/f';\nexport const table = { f };\n",
    // No cycle: a chain.
    'src/chain/a.ts': "import { b } from './b';\nexport const a = b;\n",
    'src/chain/b.ts': 'export const b = 1;\n',
  };
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), code);
  }
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Each cycle the rule reports, as the list of its modules from where it was found. */
async function cycles(): Promise<string[][]> {
  // The temporary folder has no tsconfig.json; its imports are all relative.
  const { tsConfig: _tsConfig, ...options } = config.options ?? {};
  const { output } = await cruise(['src', 'netlify', 'db'], { ...options, baseDir: root, validate: true, ruleSet: { forbidden: config.forbidden } });
  const result = output as ICruiseResult;
  return result.summary.violations.filter((v) => v.rule.name === 'no-circular').map((v) => [v.from, ...(v.cycle ?? []).map((step) => step.name)]);
}

const involving = (found: string[][], folder: string) => found.filter((cycle) => cycle.some((module) => module.startsWith(folder)));

describe('the import-cycle check (.dependency-cruiser.mjs)', () => {
  let found: string[][];
  beforeAll(async () => {
    found = await cycles();
  });

  it('fails on a plain cycle, extensions written or not', () => {
    expect(involving(found, 'src/plain/').length).toBeGreaterThan(0);
    expect(new Set(involving(found, 'src/plain/').flat())).toEqual(new Set(['src/plain/a.ts', 'src/plain/b.ts', 'src/plain/c.ts']));
  });

  it('fails on a cycle through a dynamic import: the lazy module imports back from its loader', () => {
    expect(new Set(involving(found, 'src/lazy/').flat())).toEqual(new Set(['src/lazy/menu.tsx', 'src/lazy/dropdown.tsx']));
  });

  it('fails on a cycle across src/, netlify/ and db/', () => {
    expect(new Set(involving(found, 'db/').flat())).toEqual(new Set(['netlify/functions/f.ts', 'src/server/s.service.ts', 'db/schema.ts']));
  });

  it('passes a cycle that only `import type` closes, and a plain chain', () => {
    expect(involving(found, 'src/typed/')).toEqual([]);
    expect(involving(found, 'src/chain/')).toEqual([]);
  });
});
