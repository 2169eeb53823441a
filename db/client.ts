import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Logger } from 'drizzle-orm';
import { describeError } from './describe-error';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/**
 * Database access for every runtime, with the driver chosen from configuration:
 *   no URL            → PGlite (embedded Postgres) in a local data folder
 *   *.neon.tech URL   → Neon serverless driver (WebSocket Pool), one Pool per request
 *   other postgres:// → node-postgres Pool, shared by the process
 * The same schema and queries run on all three.
 */

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Runs several statements as one: all of them or none. The one way services and the
 * seed write more than one statement. `tx` is a `Db` too, so every service and seed
 * function works inside or outside a transaction; calling `atomically` again inside
 * one opens a savepoint. Works on every driver: PGlite (its own transaction), and
 * node-postgres and Neon's Pool (one pooled connection from BEGIN to COMMIT). A
 * throw rolls everything back and is rethrown.
 */
export function atomically<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}
export type Driver = 'pglite' | 'neon' | 'pg';

export interface DatabaseOptions {
  /** Postgres URL; undefined selects PGlite. */
  url?: string | undefined;
  /** Force a driver; 'auto' picks one from the URL. */
  driver?: Driver | 'auto' | undefined;
  /** PGlite data folder (or 'memory://'). */
  pgliteDataDir?: string | undefined;
  /**
   * pg and neon (PGlite needs no timeouts): give up opening a connection, or waiting
   * for a free one in the pool, after this many ms. Undefined: wait forever.
   */
  connectTimeoutMs?: number | undefined;
  /**
   * pg and neon, client side: fail a query whose answer has not arrived after this
   * many ms (the connection is then discarded). Catches a server that went silent.
   */
  queryTimeoutMs?: number | undefined;
  /** pg and neon, server side: `statement_timeout` of every connection, in ms. */
  statementTimeoutMs?: number | undefined;
  /** pg and neon, server side: `idle_in_transaction_session_timeout`, in ms. */
  idleInTransactionTimeoutMs?: number | undefined;
}

export interface Database {
  db: Db;
  driver: Driver;
  /** Ends the connection (PGlite: closes the instance; pools: ends the pool). */
  close(): Promise<void>;
}

export function resolveDriver(options: DatabaseOptions): Driver {
  const wanted = options.driver ?? 'auto';
  if (wanted !== 'auto') return wanted;
  if (!options.url) return 'pglite';
  const host = new URL(options.url).hostname;
  return host.endsWith('.neon.tech') ? 'neon' : 'pg';
}

// --- query observation (used by tests to count statements per request) ---------

type QueryListener = (query: string, params: unknown[]) => void;
// On globalThis: every bundle that inlines this module (each function of `npm run serve`)
// shares one set, so a listener sees the statements of every function. `npm run bench`
// counts statements per request through it (scripts/bench/statement-counter.ts).
const queryListeners = ((globalThis as { __kiaQueryListeners?: Set<QueryListener> }).__kiaQueryListeners ??= new Set<QueryListener>());

/** Calls `listener` for every SQL statement drizzle sends; returns an unsubscribe function. */
export function onQuery(listener: QueryListener): () => void {
  queryListeners.add(listener);
  return () => queryListeners.delete(listener);
}

const logger: Logger = {
  logQuery(query, params) {
    for (const listener of queryListeners) listener(query, params);
  },
};

// --- prepared statements ----------------------------------------------------------

/**
 * One drizzle prepared statement per database object, built on first use. The hot
 * queries (the session lookup, the dashboard's progress) are then not rebuilt from
 * the query builder on every request, and node-postgres sends them as named
 * statements that PostgreSQL parses once per connection. `build` must always make
 * the same SQL under the same name (PostgreSQL refuses one name for two texts).
 */
export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let prepared = cache.get(db);
    if (!prepared) {
      prepared = build(db);
      cache.set(db, prepared);
    }
    return prepared;
  };
}

// --- pool errors ----------------------------------------------------------------

/** The subset of pg-pool's events we listen to (node-postgres and Neon's Pool both have them). */
interface PoolEvents {
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'connect', listener: (client: { on(event: 'error', listener: (error: Error) => void): unknown }) => void): unknown;
}

/**
 * Without an 'error' listener, a pooled connection that the server closes (a
 * restart, a failover, Neon suspending the compute) emits an unhandled 'error'
 * and the process exits. pg-pool has already dropped that connection when it
 * emits, and opens a new one on the next query, so logging is all that is left.
 * A client checked out of the pool has no pool listener: its own no-op listener
 * keeps the process alive, and its next query fails (→ 503) and discards it.
 */
function handlePoolErrors(pool: PoolEvents, driver: Driver): void {
  pool.on('error', (error) => console.error(`[db] ${driver} pool: idle connection lost: ${describeError(error)}`));
  pool.on('connect', (client) => client.on('error', () => {}));
}

/** Connection settings shared by node-postgres and Neon's (pg-compatible) Pool. */
function poolTimeouts(options: DatabaseOptions) {
  // Top-level startup parameters, never `options=-c …`: Neon's pooler rejects those,
  // while it ignores unknown top-level ones (set statement_timeout on the role there).
  return {
    connectionTimeoutMillis: options.connectTimeoutMs,
    query_timeout: options.queryTimeoutMs,
    statement_timeout: options.statementTimeoutMs,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs,
  };
}

// --- opening ------------------------------------------------------------------

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const driver = resolveDriver(options);
  if (driver === 'pglite') {
    // Computed specifiers: bundlers do not follow them, so the ~7 MB embedded database
    // stays out of the Netlify function bundles (production always has a database URL).
    const [pglite, drizzlePglite] = ['@electric-sql/pglite', 'drizzle-orm/pglite'];
    const { PGlite } = (await import(/* @vite-ignore */ pglite)) as typeof import('@electric-sql/pglite');
    const { drizzle } = (await import(/* @vite-ignore */ drizzlePglite)) as typeof import('drizzle-orm/pglite');
    const dataDir = options.pgliteDataDir ?? '.data/pglite';
    const isMemory = dataDir.startsWith('memory://');
    if (!isMemory) mkdirSync(dirname(resolve(dataDir)), { recursive: true });
    const client = await PGlite.create(isMemory ? dataDir : resolve(dataDir));
    const db = drizzle({ client, schema, logger }) as unknown as Db;
    return { db, driver, close: () => client.close() };
  }
  if (!options.url) throw new Error(`The ${driver} driver needs a database URL`);
  if (driver === 'neon') {
    const { Pool } = await import('@neondatabase/serverless');
    const { drizzle } = await import('drizzle-orm/neon-serverless');
    const pool = new Pool({ connectionString: options.url, ...poolTimeouts(options) });
    handlePoolErrors(pool, driver);
    const db = drizzle({ client: pool, schema, logger }) as unknown as Db;
    return { db, driver, close: () => pool.end() };
  }
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: options.url, max: 10, ...poolTimeouts(options) });
  handlePoolErrors(pool, driver);
  const db = drizzle({ client: pool, schema, logger }) as unknown as Db;
  return { db, driver, close: () => pool.end() };
}

// --- the app's connection -----------------------------------------------------

/**
 * A database for one request. PGlite and node-postgres are shared by the whole
 * process (cached on globalThis so dev-server reloads never open a second PGlite
 * on the same folder). Neon gets a fresh Pool per request, closed by `release`,
 * as Neon documents for serverless functions.
 */
export interface RequestDb {
  db: Db;
  release(): Promise<void>;
}

const shared = globalThis as typeof globalThis & {
  __kiaDatabases?: Map<string, Promise<Database>>;
};

export async function acquireDb(options: DatabaseOptions): Promise<RequestDb> {
  const driver = resolveDriver(options);
  if (driver === 'neon') {
    const database = await openDatabase(options);
    return { db: database.db, release: () => database.close() };
  }
  const key = `${driver}:${options.url ?? resolve(options.pgliteDataDir ?? '.data/pglite')}`;
  shared.__kiaDatabases ??= new Map();
  let pending = shared.__kiaDatabases.get(key);
  if (!pending) {
    pending = openDatabase(options);
    shared.__kiaDatabases.set(key, pending);
    pending.catch(() => shared.__kiaDatabases?.delete(key));
  }
  const database = await pending;
  return { db: database.db, release: async () => {} };
}

/** Closes every shared connection (tests and scripts call this before exiting). */
export async function closeSharedDatabases(): Promise<void> {
  const all = [...(shared.__kiaDatabases?.values() ?? [])];
  shared.__kiaDatabases?.clear();
  await Promise.all(all.map(async (p) => (await p.catch(() => null))?.close()));
}
