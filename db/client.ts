import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Logger } from 'drizzle-orm';
import { describeError } from './describe-error';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/** Driver by configuration: no URL → PGlite, *.neon.tech → a Neon Pool per request, other postgres:// → a shared node-postgres Pool. */

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** All statements or none; a nested call opens a savepoint, and a throw rolls back and is rethrown. */
export function atomically<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}
export type Driver = 'pglite' | 'neon' | 'pg';

export interface DatabaseOptions {
  url?: string | undefined;
  driver?: Driver | 'auto' | undefined;
  pgliteDataDir?: string | undefined;
  /** Pool connect and checkout timeout in ms (pg and neon); undefined waits forever. */
  connectTimeoutMs?: number | undefined;
  /** Client side: a query unanswered after this many ms fails and its connection is discarded. */
  queryTimeoutMs?: number | undefined;
  statementTimeoutMs?: number | undefined;
  idleInTransactionTimeoutMs?: number | undefined;
}

export interface Database {
  db: Db;
  driver: Driver;
  close(): Promise<void>;
}

export function resolveDriver(options: DatabaseOptions): Driver {
  const wanted = options.driver ?? 'auto';
  if (wanted !== 'auto') return wanted;
  if (!options.url) return 'pglite';
  const host = new URL(options.url).hostname;
  return host.endsWith('.neon.tech') ? 'neon' : 'pg';
}

type QueryListener = (query: string, params: unknown[]) => void;
// On globalThis so every bundle that inlines this module shares one set of listeners.
const queryListeners = ((globalThis as { __kiaQueryListeners?: Set<QueryListener> }).__kiaQueryListeners ??= new Set<QueryListener>());

export function onQuery(listener: QueryListener): () => void {
  queryListeners.add(listener);
  return () => queryListeners.delete(listener);
}

const logger: Logger = {
  logQuery(query, params) {
    for (const listener of queryListeners) listener(query, params);
  },
};

/** `build` must always make the same SQL under the same name: PostgreSQL refuses one name for two texts. */
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

interface PoolEvents {
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'connect', listener: (client: { on(event: 'error', listener: (error: Error) => void): unknown }) => void): unknown;
}

/** Without an 'error' listener a connection the server closes emits an unhandled 'error' and the process exits; pg-pool has already dropped it. */
function handlePoolErrors(pool: PoolEvents, driver: Driver): void {
  pool.on('error', (error) => console.error(`[db] ${driver} pool: idle connection lost: ${describeError(error)}`));
  pool.on('connect', (client) => client.on('error', () => {}));
}

function poolTimeouts(options: DatabaseOptions) {
  // Top-level startup parameters, never `options=-c …`: Neon's pooler rejects those.
  return {
    connectionTimeoutMillis: options.connectTimeoutMs,
    query_timeout: options.queryTimeoutMs,
    statement_timeout: options.statementTimeoutMs,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs,
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const driver = resolveDriver(options);
  if (driver === 'pglite') {
    // Computed specifiers keep the ~7 MB embedded database out of the function bundles.
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

/** Neon gets a fresh Pool per request, closed by `release`, as Neon documents for serverless functions; the others are shared on globalThis. */
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

export async function closeSharedDatabases(): Promise<void> {
  const all = [...(shared.__kiaDatabases?.values() ?? [])];
  shared.__kiaDatabases?.clear();
  await Promise.all(all.map(async (p) => (await p.catch(() => null))?.close()));
}
