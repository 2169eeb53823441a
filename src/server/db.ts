import { acquireDb, type DatabaseOptions, type Driver, type RequestDb, resolveDriver } from '../../db/client';
import { databaseUrl, env, isProduction, migrationDatabaseUrl } from './env';

/** Connection settings of the running app, from the env module. */
export function appDatabaseOptions(purpose: 'app' | 'migrate' = 'app'): DatabaseOptions {
  const url = purpose === 'migrate' ? migrationDatabaseUrl : databaseUrl;
  if (isProduction && !url) {
    throw new Error('DATABASE_URL (or NETLIFY_DATABASE_URL) must be set in production');
  }
  return { url, driver: env.DATABASE_DRIVER, pgliteDataDir: env.PGLITE_DATA_DIR };
}

/** The database for one request; call `release()` when the response is done. */
export function acquireAppDb(): Promise<RequestDb> {
  return acquireDb(appDatabaseOptions());
}

/** The driver the app runs on with the current settings. */
export function appDriver(): Driver {
  return resolveDriver(appDatabaseOptions());
}
