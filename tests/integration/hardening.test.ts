import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import account from '../../netlify/functions/account';
import auth from '../../netlify/functions/auth';
import courses from '../../netlify/functions/courses';
import enrollments from '../../netlify/functions/enrollments';
import { okResponse } from '../../src/schemas/player';
import { createHandler, route } from '../../src/server/platform/http';
import { jsonOf } from '../../src/server/platform/http/respond';
import { allowConsoleErrors, call, ORIGIN, signIn } from '../helpers';

/**
 * Regression tests for the defects found by probing the API as an attacker would:
 * control characters in text fields, user data in the log, cross-site sign-out and
 * English error texts.
 */

const ENGLISH = /\b(invalid|expected|received|unrecognized|forbidden|not found|internal server|method not allowed|required)\b/i;

describe('control characters in text fields', () => {
  const person = { firstName: 'Kari', lastName: 'Nordmann', email: 'kontroll@example.no', password: 'et langt passord' };

  it.each([
    ['a NUL in the first name', { firstName: '\u0000' }, 'firstName'],
    ['a NUL inside the last name', { lastName: 'Nord\u0000mann' }, 'lastName'],
    ['an escape sequence in the first name', { firstName: 'Kari\u001b[31m' }, 'firstName'],
    ['a line break in a single-line name', { firstName: 'Kari\nNordmann' }, 'firstName'],
    ['a DEL in the password', { password: 'et langt\u007f passord' }, 'password'],
    ['a NUL in the e-mail', { email: 'kari\u0000@example.no' }, 'email'],
  ])('refuses %s with 400 naming the field, and logs nothing', async (_, change, field) => {
    const errors = vi.spyOn(console, 'error');
    const result = await call(account, '/api/auth/register', { json: { ...person, ...change }, ip: '198.51.100.120' });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ error: expect.any(String), issues: [expect.objectContaining({ path: field })] });
    expect(errors).not.toHaveBeenCalled();
  });

  it('refuses a NUL in the sign-in e-mail and password with 400', async () => {
    for (const body of [
      { email: 'elev@demo.no\u0000', password: 'demo1234' },
      { email: 'elev@demo.no', password: 'demo\u00001234' },
    ]) {
      expect((await call(auth, '/api/auth/login', { json: body, ip: '198.51.100.121' })).status).toBe(400);
    }
  });

  it('refuses a NUL in the sign-in page query', async () => {
    const result = await call(auth, `/api/login?next=${encodeURIComponent('/kurs\u0000')}`);
    expect(result.status).toBe(400);
  });
});

describe('the log never carries query parameters or bodies', () => {
  const failing = createHandler({
    'POST /api/test/query-fails': route({
      access: 'public',
      body: z.object({ email: z.string() }),
      response: okResponse,
      async handler({ db, body }) {
        // A query that fails with the caller's data in its parameters and in Postgres's message.
        await db.execute(sql`select ${body.email}::uuid`);
        return jsonOf(okResponse, { ok: true });
      },
    }),
  });

  it('logs the request id, the route and the database message without the value', async () => {
    allowConsoleErrors();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await call(failing, '/api/test/query-fails', { json: { email: 'hemmelig.person@example.no' } });
    expect(result.status).toBe(500);
    expect(result.body).toMatchObject({ error: 'Noe gikk galt hos oss. Prøv igjen om litt.' });
    expect(result.text).not.toMatch(/select|uuid|hemmelig/i);
    const lines = errors.mock.calls.map((args) => args.map(String).join(' '));
    errors.mockRestore();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[[\w-]+\] POST \/api\/test\/query-fails failed: query failed: \w+ \[22P02\]: invalid input syntax for type uuid/);
    expect(lines[0]).not.toContain('hemmelig');
    expect(lines[0]).not.toMatch(/select|params|\n\s+at /i);
  });
});

describe('sign-out by GET only for a navigation the user started', () => {
  const signedIn = async (ip: string) => signIn('admin@demo.no', 'demo1234', ip);
  const stillSignedIn = async (cookie: string) => (await call(auth, '/api/auth/user', { cookie })).status === 200;

  it.each([
    ['a same-site page', { 'Sec-Fetch-Site': 'same-site' }],
    ['a cross-site page', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site none with a foreign Origin', { 'Sec-Fetch-Site': 'none', Origin: 'https://evil.example' }],
    ['a request without fetch metadata', {}],
  ])('%s gets a page with a "Logg ut" button and stays signed in', async (_, headers) => {
    const cookie = await signedIn('198.51.100.130');
    const result = await call(auth, '/api/logout', { cookie, headers });
    expect(result.status).toBe(200);
    expect(result.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(result.text).toContain('<form method="post" action="/api/logout"><button type="submit">Logg ut</button></form>');
    expect(result.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect(result.setCookies).toEqual([]);
    expect(await stillSignedIn(cookie)).toBe(true);
  });

  it.each([
    ['a link on our own pages', { 'Sec-Fetch-Site': 'same-origin' }],
    ['the address bar', { 'Sec-Fetch-Site': 'none' }],
  ])('%s signs out at once', async (_, headers) => {
    const cookie = await signedIn('198.51.100.131');
    const result = await call(auth, '/api/logout', { cookie, headers });
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/');
    expect(await stillSignedIn(cookie)).toBe(false);
  });

  it('the page button (a same-origin POST) signs out; a cross-site POST is refused', async () => {
    const cookie = await signedIn('198.51.100.132');
    const foreign = await call(auth, '/api/logout', { method: 'POST', cookie, headers: { Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(await stillSignedIn(cookie)).toBe(true);
    const form = await call(auth, '/api/logout', {
      method: 'POST',
      cookie,
      headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('Location')).toBe('/');
    expect(form.setCookies).toEqual(expect.arrayContaining([expect.stringMatching(/^session=; Max-Age=0/)]));
    expect(await stillSignedIn(cookie)).toBe(false);
  });
});

describe('every error a person may read is Norwegian', () => {
  const adminOnly = createHandler({
    'GET /api/test/admin-only': route({ access: ['admin', 'superuser'], response: okResponse, handler: () => jsonOf(okResponse, { ok: true }) }),
  });

  it('403, 404, 405 and 415 bodies', async () => {
    const learner = await signIn('elev@demo.no', 'demo1234', '198.51.100.140');
    const bodies = [
      await call(adminOnly, '/api/test/admin-only', { cookie: learner }),
      await call(courses, '/api/courses/finnes-ikke/modules-with-progress', { cookie: learner }),
      await call(courses, '/api/finnes-ikke', { cookie: learner }),
      await call(courses, '/api/courses', { method: 'DELETE', cookie: learner }),
      await call(enrollments, '/api/enrollments', { cookie: learner, body: 'x', headers: { 'Content-Type': 'text/plain' } }),
      await call(auth, '/api/auth/login', { json: {}, headers: { 'Sec-Fetch-Site': 'cross-site' } }),
    ];
    expect(bodies.map((b) => b.status)).toEqual([403, 404, 404, 405, 415, 403]);
    for (const { body } of bodies) {
      expect(body).toEqual({ error: expect.any(String) });
      expect((body as { error: string }).error).not.toMatch(ENGLISH);
    }
  });

  it("zod's own issue texts come in Norwegian (wrong types, unknown keys, missing fields)", async () => {
    const learner = await signIn('elev@demo.no', 'demo1234', '198.51.100.141');
    const results = [
      await call(auth, '/api/auth/login', { json: { email: 5, password: ['x'] }, ip: '198.51.100.142' }),
      await call(auth, '/api/auth/login', { json: { email: 'elev@demo.no', password: 'x', admin: true }, ip: '198.51.100.142' }),
      await call(auth, '/api/auth/login', { json: null, ip: '198.51.100.142' }),
      await call(account, '/api/auth/register', { json: { firstName: {}, lastName: 1 }, ip: '198.51.100.142' }),
      await call(enrollments, '/api/enrollments', { cookie: learner, json: { courseId: 42, extra: 1 } }),
      await call(courses, '/api/modules/not-a-uuid/lessons', { cookie: learner }),
    ];
    for (const result of results) {
      expect(result.status).toBe(400);
      const { error, issues } = result.body as { error: string; issues: { message: string }[] };
      expect(error).toContain(issues[0]!.message);
      expect(issues.length).toBeGreaterThan(0);
      for (const issue of issues) expect(issue.message, issue.message).not.toMatch(ENGLISH);
    }
    expect(JSON.stringify(results[1]!.body)).toContain('Forespørselen har felt som ikke er tillatt: «admin»');
  });

  it('the 401 keeps "Unauthorized" for the client, with a Norwegian sentence beside it', async () => {
    const result = await call(courses, '/api/courses');
    expect(result.body).toEqual({ error: 'Unauthorized', message: 'Du må logge inn for å fortsette.' });
  });

  it('a 500 answers in Norwegian with the request id to quote', async () => {
    allowConsoleErrors();
    const broken = createHandler({
      'GET /api/test/throws': route({
        access: 'public',
        response: okResponse,
        handler() {
          throw new TypeError('Cannot read properties of undefined');
        },
      }),
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await broken(new Request(`${ORIGIN}/api/test/throws`), { requestId: 'req-500' });
    errors.mockRestore();
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'Noe gikk galt hos oss. Prøv igjen om litt.', requestId: 'req-500' });
  });
});
