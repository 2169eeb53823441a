// A database of its own on the server in TEST_DATABASE_URL, else a throwaway Debian PostgreSQL, else PGlite in a temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type DatabaseOptions, openDatabase } from '../../db/client';
import { env } from '../../src/server/platform/env';
import { postgresBinDir, startThrowawayPostgres } from '../../tests/setup/throwaway-pg';

export interface BenchDatabase {
  kind: 'TEST_DATABASE_URL' | 'throwaway PostgreSQL' | 'PGlite';
  options: DatabaseOptions;
  serverEnv: Record<string, string>;
  describe: string;
  destroy(): Promise<void>;
}

export async function benchDatabase(): Promise<BenchDatabase> {
  const name = `kia_bench_${Date.now()}`;
  const testUrl = env.TEST_DATABASE_URL;
  if (testUrl) {
    const admin = await openDatabase({ url: testUrl, driver: 'pg' });
    await admin.db.execute(sql.raw(`create database ${name}`));
    await admin.close();
    const url = new URL(testUrl);
    url.pathname = `/${name}`;
    return {
      kind: 'TEST_DATABASE_URL',
      options: { url: url.href, driver: 'pg' },
      serverEnv: { DATABASE_URL: url.href, DATABASE_DRIVER: 'pg' },
      describe: `PostgreSQL from TEST_DATABASE_URL (${url.host}), database ${name}`,
      async destroy() {
        const again = await openDatabase({ url: testUrl, driver: 'pg' });
        await again.db.execute(sql.raw(`drop database if exists ${name} with (force)`)).catch(() => {});
        await again.close();
      },
    };
  }
  if (postgresBinDir()) {
    const server = await startThrowawayPostgres();
    const url = server.url();
    return {
      kind: 'throwaway PostgreSQL',
      options: { url, driver: 'pg' },
      serverEnv: { DATABASE_URL: url, DATABASE_DRIVER: 'pg' },
      describe: `throwaway PostgreSQL (${postgresBinDir()}) on port ${server.port}`,
      destroy: () => server.destroy(),
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'kia-bench-pglite-'));
  const dataDir = join(dir, 'data');
  return {
    kind: 'PGlite',
    options: { driver: 'pglite', pgliteDataDir: dataDir },
    serverEnv: { PGLITE_DATA_DIR: dataDir, DATABASE_DRIVER: 'pglite' },
    describe: `PGlite in ${dataDir} (no PostgreSQL found: numbers are not production-like)`,
    async destroy() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
