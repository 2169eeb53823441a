import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import config from '../drizzle.config';
import { migrationsFolder } from './migrate';

/**
 * `npm run db:generate` diffs db/schema.ts against the newest snapshot in db/migrations/meta. When a
 * migration is written by hand without its snapshot, the next generate writes that migration's
 * tables a second time. Here drizzle-kit runs on a copy of the folder and must find nothing to do.
 */
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the migration snapshots', () => {
  it('describe db/schema.ts: drizzle-kit generate finds no schema change', { timeout: 120_000 }, () => {
    const out = mkdtempSync(join(tmpdir(), 'kia-snapshots-'));
    dirs.push(out);
    cpSync(migrationsFolder, out, { recursive: true });
    const before = readdirSync(out).sort();
    // The project's drizzle.config.ts with another `out`; drizzle-kit reads it as './' + out, so relative.
    const run = spawnSync(
      join(process.cwd(), 'node_modules/.bin/drizzle-kit'),
      ['generate', '--dialect', config.dialect, '--schema', String(config.schema), '--out', relative(process.cwd(), out), '--name', 'unexpected'],
      { cwd: process.cwd(), encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(`${run.stdout}${run.stderr}`).toContain('No schema changes');
    expect(readdirSync(out).sort()).toEqual(before);
  });
});
