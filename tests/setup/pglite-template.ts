import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateAndSeed } from '../../db/prepare';

/**
 * Migrates and seeds one PGlite data folder per content version (a hash of the
 * migrations, the seed and the catalogue), kept under .data/test-templates so
 * later runs reuse it. Each test file then works on its own copy (tests/setup/database.ts).
 */

function filesUnder(path: string): string[] {
  return statSync(path).isDirectory()
    ? readdirSync(path)
        .sort()
        .flatMap((name) => filesUnder(join(path, name)))
    : [path];
}

export default async function setup(project: TestProject): Promise<void> {
  const hash = createHash('sha256');
  for (const file of [
    'db/migrations',
    'db/seed.ts',
    'db/seed-ids.ts',
    'db/media.ts',
    'db/schema.ts',
    'src/schemas/lesson-content.ts',
    'src/schemas/catalogue.ts',
    'src/schemas/text.ts',
    'src/content/courses',
  ].flatMap(filesUnder)) {
    hash.update(file).update(readFileSync(file));
  }
  const root = resolve('.data/test-templates');
  const template = join(root, hash.digest('hex').slice(0, 16));

  if (!existsSync(template)) {
    const building = `${template}.building-${process.pid}`;
    await migrateAndSeed({ driver: 'pglite', pgliteDataDir: building });
    // Old templates are dead weight once the content changed; another run's template still being
    // built (a second vitest on the same checkout) is left alone unless it was abandoned an hour ago.
    for (const old of readdirSync(root)) {
      const path = join(root, old);
      if (path === building) continue;
      if (old.includes('.building-') && Date.now() - statSync(path).mtimeMs < 3_600_000) continue;
      rmSync(path, { recursive: true, force: true });
    }
    if (!existsSync(template)) renameSync(building, template);
  }
  project.provide('pgliteTemplate', template);
}
