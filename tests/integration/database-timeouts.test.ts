import { createServer, type Socket } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { allowConsoleErrors, call } from '../helpers';

/**
 * A database host that accepts the TCP connection and then never answers (a
 * black-holed network, a hung proxy). Without timeouts a request waits for
 * minutes; with them every /api route answers 503 within seconds, far inside
 * Netlify's function limit. The timeouts are the defaults of the env module.
 */

const sockets = new Set<Socket>();
const silent = createServer((socket) => {
  sockets.add(socket);
  socket.on('error', () => {});
  socket.on('close', () => sockets.delete(socket));
});
await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
const { port } = silent.address() as { port: number };

// Point the app at the silent host before any app module reads the settings.
process.env.DATABASE_URL = `postgres://u:p@127.0.0.1:${port}/db`;
process.env.DATABASE_DRIVER = 'pg';

afterAll(async () => {
  // Hang up first: a connection attempt still waiting (a failed run) then ends, and the pool can close.
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  const { closeSharedDatabases } = await import('../../db/client');
  await closeSharedDatabases().catch(() => {});
});

/** Generous on purpose: a bound, not a benchmark (the defaults give about 3 s). */
const BOUND_MS = 8_000;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

describe('a database host that accepts connections and never answers', () => {
  it('GET /api/health answers 503 within seconds', { timeout: 15_000 }, async () => {
    allowConsoleErrors();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { default: health } = await import('../../netlify/functions/health');
    const { databaseUnavailableMessage } = await import('../../src/server/platform/db-errors');
    const [result, elapsed] = await timed(() => call(health, '/api/health'));
    expect(result.status).toBe(503);
    expect(result.body).toEqual({ ok: false, db: 'down', error: databaseUnavailableMessage });
    expect(elapsed).toBeLessThan(BOUND_MS);
    expect(errors.mock.calls.map((args) => args.map(String).join(' '))).toEqual([
      expect.stringMatching(/health check: database unreachable: (query failed: )?\w+: Connection terminated due to connection timeout$/),
    ]);
    errors.mockRestore();
  });

  it('a signed-in-looking request answers 503 with a Norwegian error within seconds', { timeout: 15_000 }, async () => {
    allowConsoleErrors();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { default: courses } = await import('../../netlify/functions/courses');
    const { databaseUnavailableMessage } = await import('../../src/server/platform/db-errors');
    // Well-formed (id.secret, base32), so the pipeline has to ask the database about it.
    const cookie = `session=${'a'.repeat(32)}.${'b'.repeat(32)}`;
    const [result, elapsed] = await timed(() => call(courses, '/api/courses', { cookie }));
    expect(result.status).toBe(503);
    expect(result.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(result.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(result.body).toEqual({ error: databaseUnavailableMessage });
    expect(elapsed).toBeLessThan(BOUND_MS);
    vi.mocked(console.error).mockRestore();
  });

  it("Neon's Pool gets the same timeouts (its WebSocket never opens)", { timeout: 15_000 }, async () => {
    const { neonConfig } = await import('@neondatabase/serverless');
    const { sql } = await import('drizzle-orm');
    const { openDatabase } = await import('../../db/client');
    const { appDatabaseOptions } = await import('../../src/server/platform/db');
    const { isDatabaseUnavailable } = await import('../../src/server/platform/db-errors');
    // Plain ws:// straight to the silent host; this file's module instance only.
    neonConfig.wsProxy = (host, wsPort) => `${host}:${wsPort}/v2`;
    neonConfig.useSecureWebSocket = false;
    const database = await openDatabase({ ...appDatabaseOptions(), driver: 'neon' });
    try {
      const [error, elapsed] = await timed(() =>
        database.db.execute(sql`select 1`).then(
          () => null,
          (e: unknown) => e,
        ),
      );
      expect(error).not.toBeNull();
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(elapsed).toBeLessThan(BOUND_MS);
    } finally {
      await database.close().catch(() => {});
    }
  });
});
