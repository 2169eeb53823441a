import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Routes } from '../../src/server/platform/http';
import { allowConsoleErrors, call, type Handler, signedLinkQuery, webhookEventBody, webhookSignature } from '../helpers';

/**
 * Every route with the database unreachable (a refused connection): a quick 503 JSON
 * with `Retry-After` and the Norwegian "try again" text, never a hang, a 500, a stack
 * trace or SQL. Routes come from the function files' route tables, loaded only after
 * the settings below point the app at a server that does not exist. (A silent host is
 * tests/integration/database-timeouts.test.ts; a real restart is tests/faults/.)
 */

process.env.DATABASE_URL = 'postgres://nobody:nothing@127.0.0.1:9/none';
process.env.DATABASE_DRIVER = 'pg';

type FunctionModule = { default: Handler & { definitions?: Routes } };
const loaders = import.meta.glob<FunctionModule>('../../netlify/functions/*.ts');

// A well-formed session token: the pipeline must ask the database about it.
const cookie = `session=${'a'.repeat(32)}.${'b'.repeat(32)}`;

afterAll(async () => {
  const { closeSharedDatabases } = await import('../../db/client');
  await closeSharedDatabases().catch(() => {});
});

describe('every route with the database down', () => {
  it('answers 503 JSON within 5 s, with Retry-After and no internals', async () => {
    allowConsoleErrors();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { databaseUnavailableMessage } = await import('../../src/server/platform/db-errors');
    const routes = (await Promise.all(Object.values(loaders).map((load) => load()))).flatMap((mod) =>
      Object.entries(mod.default.definitions ?? {}).map(([key, definition]) => ({ key, definition, handler: mod.default })),
    );
    expect(routes.length).toBeGreaterThanOrEqual(25);
    const failures: string[] = [];
    for (const { key, definition, handler } of routes) {
      const [method, path] = key.split(' ') as [string, string];
      // A signed link (the one-click unsubscribe) checks its token first: a valid one makes it open the database.
      const link = definition.signedLink ? await signedLinkQuery(key) : '';
      const url = path.replace(/:courseId\b/, 'grunnleggende-ki').replace(/:\w+/g, '00000000-0000-4000-8000-000000000001') + link;
      const started = performance.now();
      // A webhook reads no session: a signed, valid event is what makes it open the database.
      const provider = definition.webhook?.verifier.provider;
      const event = provider ? JSON.stringify(webhookEventBody(provider)) : undefined;
      const result = await call(handler, url, {
        method,
        cookie,
        ...(method === 'GET'
          ? {}
          : provider && event
            ? { body: event, headers: { 'Content-Type': 'application/json', ...(await webhookSignature(provider, event)) } }
            : { json: {}, headers: { 'Sec-Fetch-Site': 'same-origin' } }),
      });
      const ms = Math.round(performance.now() - started);
      const expected =
        definition.database === false ? { ok: false, db: 'down', error: databaseUnavailableMessage } : { error: databaseUnavailableMessage };
      const ok =
        result.status === 503 &&
        /^application\/json/.test(result.headers.get('Content-Type') ?? '') &&
        JSON.stringify(result.body) === JSON.stringify(expected) &&
        (definition.database === false || result.headers.get('Retry-After') === '5') &&
        ms < 5_000;
      if (!ok) failures.push(`${key}: ${result.status} in ${ms} ms ${result.text.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    // The log: one concise line per request, no stack, no query.
    for (const line of errors.mock.calls.map((args) => args.map(String).join(' '))) {
      expect(line).not.toMatch(/\n\s+at |Failed query|params:|select /i);
    }
    errors.mockRestore();
  });
});
