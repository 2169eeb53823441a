// Safe on every deploy: git's catalogue fields are updated, an admin's edits stay, all in one transaction.
import { openDatabase } from '../db/client';
import { seedDatabase } from '../db/seed';
import { appDatabaseOptions } from '../src/server/platform/db';
import { isProduction } from '../src/server/platform/env';

const force = process.argv.includes('--force');
const catalogueOnly = process.argv.includes('--catalogue-only');
if (isProduction && !force) {
  console.error('Refusing to seed a production database. Run `npm run db:seed -- --force` to seed the course catalogue anyway.');
  process.exit(1);
}

const demoData = !isProduction && !catalogueOnly;
const database = await openDatabase(appDatabaseOptions('migrate'));
try {
  // Demo accounts with a published password never reach production.
  await seedDatabase(database.db, { demoData });
  console.log(`Seed done${demoData ? ' (catalogue and demo accounts)' : isProduction ? ' (catalogue only: production)' : ' (catalogue only)'}.`);
} finally {
  await database.close();
}
