import { rmSync } from 'node:fs';
import { openDatabase, type DatabaseOptions } from './client';
import { migrateDatabase } from './migrate';
import { seedDatabase } from './seed';

/**
 * Creates, migrates and seeds the embedded PGlite database (demo accounts included).
 * Idempotent and quick on a database that is already up to date.
 * `fresh` starts from an empty folder (end-to-end tests).
 */
export async function prepareEmbeddedDatabase(options: DatabaseOptions, { fresh = false } = {}): Promise<void> {
  const dataDir = options.pgliteDataDir ?? '.data/pglite';
  if (fresh && !dataDir.startsWith('memory://')) rmSync(dataDir, { recursive: true, force: true });
  const database = await openDatabase({ ...options, driver: 'pglite' });
  try {
    await migrateDatabase(database);
    await seedDatabase(database.db, { demoData: true });
  } finally {
    await database.close();
  }
}
