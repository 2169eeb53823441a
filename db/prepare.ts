import { rmSync } from 'node:fs';
import { type DatabaseOptions, openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { seedDatabase } from './seed';

export async function migrateAndSeed(options: DatabaseOptions): Promise<void> {
  const database = await openDatabase(options);
  try {
    await migrateDatabase(database);
    await seedDatabase(database.db, { demoData: true });
  } finally {
    await database.close();
  }
}

/** Idempotent; `fresh` starts from an empty folder. */
export async function prepareEmbeddedDatabase(options: DatabaseOptions, { fresh = false } = {}): Promise<void> {
  const dataDir = options.pgliteDataDir ?? '.data/pglite';
  if (fresh && !dataDir.startsWith('memory://')) rmSync(dataDir, { recursive: true, force: true });
  await migrateAndSeed({ ...options, driver: 'pglite' });
}
