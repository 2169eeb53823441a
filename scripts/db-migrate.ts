// `npm run db:migrate`: applies db/migrations to the configured database.
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { appDatabaseOptions } from '../src/server/platform/db';

const options = appDatabaseOptions('migrate');
const database = await openDatabase(options);
try {
  await migrateDatabase(database);
  console.log(`Migrations applied (${database.driver}${options.url ? '' : `, ${options.pgliteDataDir}`}).`);
} finally {
  await database.close();
}
