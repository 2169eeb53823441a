import { prepareEmbeddedDatabase } from '../db/prepare';
import { appDatabaseOptions, appDriver } from '../src/server/platform/db';
import { env } from '../src/server/platform/env';

if (appDriver() !== 'pglite') {
  console.log('A database URL is set: run `npm run db:migrate` and `npm run db:seed` yourself when needed.');
} else {
  const started = Date.now();
  const options = appDatabaseOptions();
  await prepareEmbeddedDatabase(options);
  console.log(`Embedded database ready in ${options.pgliteDataDir} (${Date.now() - started} ms).`);
  console.log(`Sign in at ${new URL('/logg-inn', env.SITE_URL).href} as elev@demo.no, admin@demo.no or superbruker@demo.no (password demo1234).`);
}
