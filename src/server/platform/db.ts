import { acquireDb, type DatabaseOptions, type Driver, type RequestDb, resolveDriver } from '../../../db/client';
import { databaseUrl, env, isProduction, migrationDatabaseUrl } from './env';

/** Requests get every timeout, so a silent database costs seconds; migrations only the connect timeout, as a statement may rightly run long. */
export function appDatabaseOptions(purpose: 'app' | 'migrate' = 'app'): DatabaseOptions {
  const url = purpose === 'migrate' ? migrationDatabaseUrl : databaseUrl;
  if (isProduction && !url) {
    throw new Error('DATABASE_URL (or NETLIFY_DATABASE_URL) must be set in production');
  }
  const base = {
    url,
    driver: env.DATABASE_DRIVER,
    pgliteDataDir: env.PGLITE_DATA_DIR,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
  };
  if (purpose === 'migrate') return base;
  return {
    ...base,
    queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    // Short enough that a transaction left open by a killed function stops holding its locks.
    idleInTransactionTimeoutMs: 2 * env.DATABASE_STATEMENT_TIMEOUT_MS,
  };
}

/** The database for one request; call `release()` when the response is done. */
export function acquireAppDb(): Promise<RequestDb> {
  return acquireDb(appDatabaseOptions());
}

export function appDriver(): Driver {
  return resolveDriver(appDatabaseOptions());
}
