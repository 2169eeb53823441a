// Runs before `npm run dev`: with no DATABASE_URL, the embedded PGlite database under
// PGLITE_DATA_DIR is created, migrated and seeded. Migrating and seeding are
// idempotent, so this is safe (and quick) on every start.
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedDatabase } from '../db/seed';
import { appDatabaseOptions } from '../src/server/db';

const options = appDatabaseOptions();
if (options.url) {
  console.log('DATABASE_URL is set: run `npm run db:migrate` and `npm run db:seed` yourself when needed.');
} else {
  const started = Date.now();
  const database = await openDatabase(options);
  try {
    await migrateDatabase(database);
    await seedDatabase(database.db, { demoData: true });
  } finally {
    await database.close();
  }
  console.log(`Embedded database ready in ${options.pgliteDataDir} (${Date.now() - started} ms).`);
}
