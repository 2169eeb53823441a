// `npm run db:seed [-- --force]`: seeds the catalogue, plus demo accounts outside production.
import { openDatabase } from '../db/client';
import { seedDatabase } from '../db/seed';
import { appDatabaseOptions } from '../src/server/db';
import { isProduction } from '../src/server/env';

const force = process.argv.includes('--force');
if (isProduction && !force) {
  console.error('Refusing to seed a production database. Run `npm run db:seed -- --force` to seed the course catalogue anyway.');
  process.exit(1);
}

const database = await openDatabase(appDatabaseOptions('migrate'));
try {
  // Demo accounts with a published password never reach production.
  await seedDatabase(database.db, { demoData: !isProduction });
  console.log(`Seed done${isProduction ? ' (catalogue only: production)' : ' (catalogue and demo accounts)'}.`);
} finally {
  await database.close();
}
