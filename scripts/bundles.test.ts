import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetOf, buildBundles, type Bundle, bundleLayout, functionsIncludedFiles, prepareUnpacked } from './bundles';

/**
 * Cold starts (issue 15): every function zip, built as Netlify builds it, stays within its
 * budget (1 MB; chat 2 MB, see decision record 0018), and the
 * bundles still work: each function's module loads from its own unpacked bundle (outside
 * the repository, so nothing resolves from the full node_modules), both database drivers
 * resolve there, and /api/health answers through the bundled pg driver when a PostgreSQL
 * server is available (TEST_DATABASE_URL).
 */

const root = resolve('.');
const work = mkdtempSync(join(tmpdir(), 'kia-bundles-'));
let zips: Bundle[] = [];

beforeAll(async () => {
  zips = await buildBundles(root, join(work, 'zip'));
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const PROBE = `
const [main, name] = process.argv.slice(2);
const out = { name, loaded: false, drivers: false, healthStatus: null };
try {
  const fn = await import(main);
  out.loaded = typeof fn.default === 'function';
  for (const s of ['pg', 'drizzle-orm/node-postgres', '@neondatabase/serverless', 'drizzle-orm/neon-serverless']) await import(s);
  out.drivers = true;
  if (name === 'health' && process.env.DATABASE_URL) {
    const res = await fn.default(new Request('http://localhost/api/health'), {});
    out.healthStatus = res.status;
  }
} catch (error) {
  out.error = String(error);
}
console.log(JSON.stringify(out));
process.exit(0);
`;

describe('function bundles (netlify/functions, zipped as Netlify deploys them)', () => {
  it('reads the exclusions from netlify.toml', () => {
    expect(functionsIncludedFiles('[functions]\n  included_files = [\n "!a/**", "b" ]\n[[headers]]\n')).toEqual(['!a/**', 'b']);
  });

  it('zips every function within its budget', () => {
    const names = readdirSync(join(root, 'netlify/functions'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.replace(/\.ts$/, ''));
    expect(zips.map((b) => b.name).sort()).toEqual(names.sort());
    const over = zips.filter((b) => b.bytes > budgetOf(b.name)).map((b) => `${b.name}: ${b.bytes} bytes > ${budgetOf(b.name)}`);
    expect(over).toEqual([]);
  });

  it('loads every function and both database drivers from its own unpacked bundle', { timeout: 300_000 }, async () => {
    const layout = bundleLayout(root);
    const unpacked = await buildBundles(root, join(work, 'unpacked'), 'none');
    const run = promisify(execFile);
    const results = [];
    for (const bundle of unpacked) {
      const main = prepareUnpacked(layout, bundle.path, bundle.name);
      const probe = join(dirname(main), '___probe.mjs');
      writeFileSync(probe, PROBE);
      const env = { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL ?? '', NODE_PATH: '' };
      const { stdout } = await run(process.execPath, [probe, main, bundle.name], { cwd: dirname(main), env });
      results.push(JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>);
    }
    for (const result of results) expect(result, String(result.name)).toMatchObject({ loaded: true, drivers: true });
    if (process.env.TEST_DATABASE_URL) expect(results.find((r) => r.name === 'health')?.healthStatus).toBe(200);
  });
});
