import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allowConsoleErrors, type CallResult, call, type Handler, signIn } from '../helpers';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../setup/throwaway-pg';

/**
 * A PostgreSQL restart under a running API (pg driver, shared pool): while the
 * server is down every route answers 503 with a Norwegian message and the process
 * stays up; once it is back the pool reconnects by itself. The server is this
 * file's own, so it can be stopped without disturbing other test files.
 */

let server: ThrowawayPostgres | undefined;
let health: Handler;
let courses: Handler;
let cookie: string;
let unavailableMessage: string;

beforeAll(async () => {
  server = await startThrowawayPostgres();
  // The app reads its settings once, on the first import of the env module: set them first.
  process.env.DATABASE_URL = server.url();
  process.env.DATABASE_DRIVER = 'pg';
  const { migrateAndSeed } = await import('../../db/prepare');
  await migrateAndSeed({ url: server.url(), driver: 'pg' });
  health = (await import('../../netlify/functions/health')).default;
  courses = (await import('../../netlify/functions/courses')).default;
  unavailableMessage = (await import('../../src/server/platform/db-errors')).databaseUnavailableMessage;
  cookie = await signIn('elev@demo.no');
});

afterAll(async () => {
  // Close the app's pool first, so stopping the server does not disconnect idle clients.
  const { closeSharedDatabases } = await import('../../db/client');
  await closeSharedDatabases().catch(() => {});
  await server?.destroy();
});

const both = async (): Promise<[CallResult, CallResult]> => [await call(health, '/api/health'), await call(courses, '/api/courses', { cookie })];

describe('PostgreSQL restart under the running API', () => {
  it('answers normally with the server up, with the server-side timeouts in place', async () => {
    const [h, c] = await both();
    expect(h.status).toBe(200);
    expect(h.body).toEqual({ ok: true, db: 'up' });
    expect(c.status).toBe(200);
    expect(Array.isArray(c.body) && c.body.length).toBeGreaterThan(0);

    const { sql } = await import('drizzle-orm');
    const { acquireAppDb } = await import('../../src/server/platform/db');
    const { db } = await acquireAppDb();
    const { rows } = (await db.execute(
      sql`select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`,
    )) as unknown as { rows: { statement: string; idle: string }[] };
    expect(rows[0]).toEqual({ statement: '4s', idle: '8s' });
  });

  it('answers 503 while the server is down and survives the dropped pool connections', async () => {
    allowConsoleErrors();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await server!.stop('fast');
    // Let the idle pooled connections process the server's goodbye (57P01) and close.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = () => errors.mock.calls.map((args) => args.map(String).join(' '));
    expect(lines()).toContainEqual(
      expect.stringMatching(/^\[db\] pg pool: idle connection lost: \w+ \[57P01\]: terminating connection due to administrator command$/),
    );

    const started = performance.now();
    const [h, c] = await both();
    const elapsed = performance.now() - started;
    expect(h.status).toBe(503);
    expect(h.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(h.body).toEqual({ ok: false, db: 'down', error: unavailableMessage });
    expect(c.status).toBe(503);
    expect(c.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(c.body).toEqual({ error: unavailableMessage });
    expect(unavailableMessage).toMatch(/utilgjengelig/);
    expect(elapsed).toBeLessThan(8_000);
    // Every log line is one concise line: no stack, no query, no parameters.
    expect(lines()).toContainEqual(expect.stringMatching(/health check: database unreachable: (query failed: )?\w+ \[ECONNREFUSED\]: /));
    for (const line of lines()) {
      expect(line).not.toMatch(/\n\s+at |Failed query|params:/);
    }
    errors.mockRestore();
  });

  it('answers normally again once the server is back, without a restart of the API', async () => {
    await server!.start();
    const [h, c] = await both();
    expect(h.status).toBe(200);
    expect(c.status).toBe(200);
  });
});
