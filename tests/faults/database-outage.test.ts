import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Routes } from '../../src/server/platform/http';
import { allowConsoleErrors, type CallResult, call, type Handler, signedLinkQuery, signIn, webhookEventBody, webhookSignature } from '../helpers';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../setup/throwaway-pg';

/**
 * The database goes away mid-run (issue 15), on a PostgreSQL server of this file's own:
 * requests in flight when it dies, every route while it is down (taken from the
 * function files' route tables) and a burst of parallel requests all answer quickly —
 * 503 JSON with the Norwegian "try again" text, never a 500 or a hang until the
 * function's time limit — and everything works again once the server is back, with
 * no restart of the API.
 */

const QUICK_MS = 5_000;

type FunctionModule = { default: Handler & { definitions?: Routes } };
const loaders = import.meta.glob<FunctionModule>('../../netlify/functions/*.ts');

let server: ThrowawayPostgres | undefined;
let routes: { key: string; handler: Handler; database?: false; provider?: string | undefined; signedLink: boolean }[] = [];
let learner = '';
/** The superuser may call every route, the admin area's included. */
let superuser = '';
let unavailable = '';

beforeAll(async () => {
  server = await startThrowawayPostgres();
  // The app reads its settings once, on the first import of the env module: set them first.
  process.env.DATABASE_URL = server.url();
  process.env.DATABASE_DRIVER = 'pg';
  const { migrateAndSeed } = await import('../../db/prepare');
  await migrateAndSeed({ url: server.url(), driver: 'pg' });
  routes = (await Promise.all(Object.values(loaders).map((load) => load()))).flatMap((mod) =>
    Object.entries(mod.default.definitions ?? {}).map(([key, definition]) => ({
      key,
      handler: mod.default,
      database: definition.database,
      provider: definition.webhook?.verifier.provider,
      signedLink: Boolean(definition.signedLink),
    })),
  );
  unavailable = (await import('../../src/server/platform/db-errors')).databaseUnavailableMessage;
  learner = await signIn('elev@demo.no');
  superuser = await signIn('superbruker@demo.no');
});

afterAll(async () => {
  const { closeSharedDatabases } = await import('../../db/client');
  await closeSharedDatabases().catch(() => {});
  await server?.destroy();
});

const handlerOf = (key: string) => routes.find((r) => r.key === key)!.handler;

/** One request to a route, signed in, with a plausible URL and body; its answer and how long it took. */
async function hit(key: string, cookie = learner): Promise<{ key: string; result: CallResult; ms: number }> {
  const [method, path] = key.split(' ') as [string, string];
  const route = routes.find((r) => r.key === key);
  // A signed link (the one-click unsubscribe) checks its token first: a valid one makes it open the database.
  const link = route?.signedLink ? await signedLinkQuery(key) : '';
  const url = path.replace(/:courseId\b/, 'grunnleggende-ki').replace(/:\w+/g, '00000000-0000-4000-8000-000000000001') + link;
  // A webhook reads no session: a signed, valid event is what makes it open the database.
  const provider = route?.provider;
  const event = provider ? JSON.stringify(webhookEventBody(provider)) : '';
  const signed = provider ? { body: event, headers: { 'Content-Type': 'application/json', ...(await webhookSignature(provider, event)) } } : null;
  const started = performance.now();
  const result = await call(handlerOf(key), url, {
    method,
    cookie,
    ...(method === 'GET' ? {} : (signed ?? { json: {}, headers: { 'Sec-Fetch-Site': 'same-origin' } })),
  });
  return { key, result, ms: Math.round(performance.now() - started) };
}

const isUnavailable = ({ result }: { result: CallResult }) =>
  result.status === 503 &&
  /^application\/json/.test(result.headers.get('Content-Type') ?? '') &&
  (result.body as { error?: string }).error === unavailable &&
  !/\n\s+at |Failed query|select /i.test(result.text);

describe('the database goes away mid-run', () => {
  it('requests in flight when the server dies answer quickly: done, or 503 — never a 500 or a hang', async () => {
    allowConsoleErrors();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reads = ['GET /api/courses', 'GET /api/users/me/enrollments', 'GET /api/courses/:courseId/modules-with-progress', 'GET /api/auth/user'];
    const started = performance.now();
    const inFlight = Array.from({ length: 24 }, (_, i) => hit(reads[i % reads.length]!));
    await server!.stop('immediate');
    const answers = await Promise.all(inFlight);
    const elapsed = performance.now() - started;
    for (const answer of answers) {
      expect(
        answer.result.status === 200 || isUnavailable(answer),
        `${answer.key}: ${answer.result.status} ${answer.result.text.slice(0, 100)}`,
      ).toBe(true);
    }
    expect(elapsed).toBeLessThan(QUICK_MS);
    errors.mockRestore();
  });

  it('while it is down every route answers 503 JSON within 5 s, one by one and in a burst of 40', async () => {
    allowConsoleErrors();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failures: string[] = [];
    const timings: number[] = [];
    for (const { key, database } of routes) {
      const answer = await hit(key);
      timings.push(answer.ms);
      const ok = database === false ? answer.result.status === 503 : isUnavailable(answer);
      if (!ok || answer.ms >= QUICK_MS) failures.push(`${key}: ${answer.result.status} in ${answer.ms} ms ${answer.result.text.slice(0, 100)}`);
    }
    expect(failures).toEqual([]);

    const started = performance.now();
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => hit(routes.filter((r) => r.database !== false)[i % (routes.length - 1)]!.key)),
    );
    const burstMs = performance.now() - started;
    expect(burst.filter((a) => !isUnavailable(a)).map((a) => `${a.key}: ${a.result.status}`)).toEqual([]);
    expect(burstMs).toBeLessThan(QUICK_MS);
    console.info(`database down: ${routes.length} routes, slowest ${Math.max(...timings)} ms; burst of 40 in ${Math.round(burstMs)} ms`);
    errors.mockRestore();
  });

  it('once the server is back, reads and writes work again without a restart of the API', async () => {
    await server!.start();
    // Every read without a parameter, as a superuser (the manager's routes all name their company).
    const reads = routes.filter((r) => r.key.startsWith('GET ') && !r.key.includes('/:'));
    for (const { key } of reads) {
      const answer = await hit(key, superuser);
      expect(answer.result.status, `${key}: ${answer.result.text.slice(0, 100)}`).toBeLessThan(400);
    }
    const enrolled = await call(handlerOf('POST /api/enrollments'), '/api/enrollments', { cookie: learner, json: { courseId: 'ki-markedsforing' } });
    expect([200, 201]).toContain(enrolled.status);
    const health = await call(handlerOf('GET /api/health'), '/api/health');
    expect(health.body).toEqual({ ok: true, db: 'up' });
  });
});
