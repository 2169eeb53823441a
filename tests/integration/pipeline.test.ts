import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import auth from '../../netlify/functions/auth';
import health from '../../netlify/functions/health';
import { okResponse } from '../../src/schemas/player';
import { createHandler, route } from '../../src/server/platform/http';
import { jsonOf } from '../../src/server/platform/http/respond';
import { allowConsoleErrors, call, ORIGIN, signIn } from '../helpers';

const login = (init: RequestInit & { headers?: Record<string, string> }) =>
  auth(new Request(`${ORIGIN}/api/auth/login`, { method: 'POST', ...init }), { ip: '198.51.100.9' });
const jsonHeaders = { 'Content-Type': 'application/json' };
const goodBody = JSON.stringify({ email: 'elev@demo.no', password: 'demo1234' });

describe('same-origin check on state-changing requests', () => {
  it('refuses a cross-site POST with 403', async () => {
    const response = await login({ headers: { ...jsonHeaders, 'Sec-Fetch-Site': 'cross-site' }, body: goodBody });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'Forespørselen ble avvist fordi den ikke kom fra dette nettstedet.' });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a same-site but cross-origin POST', async () => {
    const response = await login({ headers: { ...jsonHeaders, 'Sec-Fetch-Site': 'same-site' }, body: goodBody });
    expect(response.status).toBe(403);
  });

  it('falls back to Origin when Sec-Fetch-Site is missing', async () => {
    const foreign = await login({ headers: { ...jsonHeaders, Origin: 'https://evil.example' }, body: goodBody });
    expect(foreign.status).toBe(403);
    const ours = await login({ headers: { ...jsonHeaders, Origin: ORIGIN }, body: goodBody });
    expect(ours.status).toBe(200);
  });

  it('refuses a POST that proves neither', async () => {
    const response = await login({ headers: jsonHeaders, body: goodBody });
    expect(response.status).toBe(403);
  });

  it('accepts Sec-Fetch-Site: same-origin', async () => {
    const response = await login({ headers: { ...jsonHeaders, 'Sec-Fetch-Site': 'same-origin' }, body: goodBody });
    expect(response.status).toBe(200);
  });
});

describe('bad input is a 4xx JSON error, never a 500', () => {
  it('malformed JSON → 400', async () => {
    const result = await call(auth, '/api/auth/login', { body: '{"email": "elev@demo.no",', headers: jsonHeaders });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: 'Ugyldig JSON' });
  });

  it('wrong types → 400 with the issues', async () => {
    const result = await call(auth, '/api/auth/login', { json: { email: 42, password: ['x'] } });
    expect(result.status).toBe(400);
    // `error` is the first issue's sentence, and counts the others.
    expect(result.body).toMatchObject({ error: 'Skriv inn e-postadressen din (og 1 feil til)' });
    expect((result.body as { issues: { path: string }[] }).issues.map((i) => i.path).sort()).toEqual(['email', 'password']);
  });

  it('a JSON array, null or extra fields → 400', async () => {
    for (const body of [[], null, 'tekst', { email: 'elev@demo.no', password: 'demo1234', role: 'superuser' }]) {
      const result = await call(auth, '/api/auth/login', { json: body });
      expect(result.status).toBe(400);
    }
  });

  it('a body that is not JSON → 415', async () => {
    const result = await call(auth, '/api/auth/login', {
      body: 'email=elev%40demo.no&password=demo1234',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(result.status).toBe(415);
    expect(result.body).toMatchObject({ error: expect.any(String) });
  });

  it('an oversized body → 413, by Content-Length and by counting a streamed body', async () => {
    const big = JSON.stringify({ email: 'elev@demo.no', password: 'x'.repeat(70_000) });
    const declared = await call(auth, '/api/auth/login', { body: big, headers: jsonHeaders });
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({ error: 'Forespørselen er for stor' });

    const chunk = new TextEncoder().encode('x'.repeat(16_384));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 10) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const request = new Request(`${ORIGIN}/api/auth/login`, {
      method: 'POST',
      headers: { ...jsonHeaders, Origin: ORIGIN },
      body: stream,
      // @ts-expect-error Node's fetch needs this for streamed request bodies
      duplex: 'half',
    });
    const streamed = await auth(request, { ip: '198.51.100.10' });
    expect(streamed.status).toBe(413);
  });

  it('an unknown path → 404 JSON; a wrong method → 405 with Allow', async () => {
    const missing = await call(auth, '/api/auth/finnes-ikke');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Fant ikke det du ba om.' });
    const wrongMethod = await call(auth, '/api/auth/user', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('Allow')).toBe('GET');
  });
});

describe('errors and headers', () => {
  const broken = createHandler({
    'GET /api/test/broken': route({
      access: 'public',
      response: okResponse,
      handler() {
        throw new Error('secret internals: connection string postgres://user:pw@db');
      },
    }),
    'GET /api/test/items/:id': route({
      access: 'user',
      params: z.object({ id: z.uuid() }),
      response: z.object({ id: z.uuid() }),
      handler: ({ params }) => jsonOf(z.object({ id: z.uuid() }), { id: params.id }),
    }),
    'GET /api/test/admin': route({ access: ['admin', 'superuser'], response: okResponse, handler: () => jsonOf(okResponse, { ok: true }) }),
  });

  it('answers an unexpected error with a generic 500 and logs it with a request id', async () => {
    allowConsoleErrors();
    const logged: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args);
    try {
      const response = await broken(new Request(`${ORIGIN}/api/test/broken`), { requestId: 'req-123' });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: 'Noe gikk galt hos oss. Prøv igjen om litt.', requestId: 'req-123' });
    } finally {
      console.error = original;
    }
    expect(String(logged[0]?.[0])).toContain('[req-123]');
  });

  it('checks access before validating params (no details for anonymous callers)', async () => {
    expect((await call(broken, '/api/test/items/not-a-uuid')).status).toBe(401);
    const cookie = await signIn('elev@demo.no', 'demo1234', '198.51.100.11');
    const bad = await call(broken, '/api/test/items/not-a-uuid', { cookie });
    expect(bad.status).toBe(400);
  });

  it('applies role guards: 401 anonymous, 403 wrong role, 200 right role', async () => {
    expect((await call(broken, '/api/test/admin')).status).toBe(401);
    const learner = await signIn('elev@demo.no', 'demo1234', '198.51.100.12');
    expect((await call(broken, '/api/test/admin', { cookie: learner })).status).toBe(403);
    const admin = await signIn('admin@demo.no', 'demo1234', '198.51.100.13');
    expect((await call(broken, '/api/test/admin', { cookie: admin })).status).toBe(200);
  });

  it('sends the security headers on every JSON response', async () => {
    for (const result of [await call(health, '/api/health'), await call(auth, '/api/auth/user')]) {
      expect(result.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
      expect(result.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
      expect(result.headers.get('Strict-Transport-Security')).toMatch(/max-age=\d+/);
      expect(result.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(result.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      expect(result.headers.get('Permissions-Policy')).toContain('camera=()');
      expect(result.headers.get('Cache-Control')).toBe('no-store');
    }
  });
});

describe('GET /api/health', () => {
  it('answers {"ok":true,"db":"up"} after a database round trip', async () => {
    const result = await call(health, '/api/health');
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ ok: true, db: 'up' });
  });
});
