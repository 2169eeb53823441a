import { parseSetCookie } from 'cookie';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import auth from '../../netlify/functions/auth';
import { acquireAppDb } from '../../src/server/platform/db';
import { env } from '../../src/server/platform/env';
import { httpMessages, type Routes } from '../../src/server/platform/http';
import { apiSecurityHeaders } from '../../src/server/platform/security-headers';
import { call, type Handler, ORIGIN, signIn, webhookSignature } from '../helpers';

/**
 * Security regressions of issue 15 that need no browser: the session cookies'
 * attributes, and error bodies of every route with a body (malformed JSON, an
 * oversized body, a wrong content type) that are short Norwegian JSON without a
 * stack trace or SQL. Routes come from the function files' route tables.
 */

type FunctionModule = { default: Handler & { definitions?: Routes } };
const modules = import.meta.glob<FunctionModule>('../../netlify/functions/*.ts', { eager: true });
const withBody = Object.values(modules).flatMap((mod) =>
  Object.entries(mod.default.definitions ?? {})
    .filter(([, definition]) => definition.body)
    .map(([key, definition]) => ({ key, handler: mod.default, provider: definition.webhook?.verifier.provider })),
);

const STACK = /\n\s+at \S|\bat \S+ \(.*:\d+:\d+\)|node_modules|\.ts:\d+|Error:/;
const SQL = /\b(select\s.+\sfrom|insert into|delete from|update\s+"?\w+"?\s+set|Failed query|params:|syntax error|relation "|column ")/is;

const DAY_MS = 86_400_000;

async function login(url: string, email = 'elev@demo.no') {
  const origin = new URL(url).origin;
  const response = await auth(
    new Request(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify({ email, password: 'demo1234' }),
    }),
    { ip: '198.51.100.210' },
  );
  expect(response.status).toBe(200);
  const cookies = response.headers.getSetCookie();
  const find = (name: string) => {
    const raw = cookies.find((c) => c.startsWith(`${name}=`));
    expect(raw, `Set-Cookie ${name}`).toBeDefined();
    return { raw: raw!, attributes: raw!.split(';').map((a) => a.trim().toLowerCase()), parsed: parseSetCookie(raw!) };
  };
  return { session: find('session'), hint: find('signed_in'), device: find('device'), body: await response.text() };
}

describe('session cookies', () => {
  it('session: HttpOnly, SameSite=Lax, Path=/, expiring after SESSION_DAYS; the hint is readable and carries no secret', async () => {
    const before = Date.now();
    const { session, hint, body } = await login(`${ORIGIN}/`);
    expect(session.attributes).toContain('httponly');
    expect(session.attributes).toContain('samesite=lax');
    expect(session.attributes).toContain('path=/');
    // Plain-http localhost is the one place without Secure (browsers would drop the cookie).
    expect(session.attributes).not.toContain('secure');
    const expires = session.parsed.expires!.getTime();
    expect(Math.abs(expires - (before + env.SESSION_DAYS * DAY_MS))).toBeLessThan(60_000);
    // <id>.<secret>, 160 random bits each (base32).
    expect(session.parsed.value).toMatch(/^[a-z2-7]{32}\.[a-z2-7]{32}$/);

    expect(hint.attributes).not.toContain('httponly');
    expect(hint.attributes).toContain('samesite=lax');
    expect(hint.attributes).toContain('path=/');
    expect(hint.parsed.value).toBe('1');
    expect(hint.parsed.expires!.getTime()).toBe(expires);

    // The token is never in the response body, and the database keeps only a hash of its secret.
    expect(body).not.toContain(session.parsed.value ?? '');
    const { db } = await acquireAppDb();
    const { rows } = (await db.execute(sql`select s::text as row from sessions s`)) as unknown as { rows: { row: string }[] };
    const secretPart = (session.parsed.value ?? '').split('.').at(-1)!;
    expect(secretPart.length).toBeGreaterThanOrEqual(20);
    for (const { row } of rows) expect(row).not.toContain(secretPart);
  });

  it('every cookie is Secure over HTTPS (production)', async () => {
    const { session, hint, device } = await login('https://kiakademiet.example/');
    for (const cookie of [session, hint, device]) expect(cookie.attributes, cookie.raw.split('=')[0]).toContain('secure');
    expect(session.attributes).toContain('httponly');
  });

  it('the device cookie is HttpOnly, SameSite=Strict and only sent to /api/auth', async () => {
    const { device } = await login(`${ORIGIN}/`);
    expect(device.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/api/auth']));
  });

  it('each sign-in gets a new token; signing out clears both cookies with Max-Age=0 and ends the session', async () => {
    const first = (await login(`${ORIGIN}/`)).session.parsed.value;
    const second = (await login(`${ORIGIN}/`)).session.parsed.value;
    expect(first).not.toBe(second);
    const cookie = await signIn('elev@demo.no', 'demo1234', '198.51.100.211');
    const out = await call(auth, '/api/logout', { method: 'POST', cookie, headers: { 'Sec-Fetch-Site': 'same-origin' } });
    expect(out.setCookies).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/),
        expect.stringMatching(/^signed_in=; Max-Age=0; Path=\//),
      ]),
    );
    expect((await call(auth, '/api/auth/user', { cookie })).status).toBe(401);
  });
});

describe('error bodies of every route with a body: Norwegian JSON, no stack trace, no SQL', () => {
  let superuser = '';
  beforeAll(async () => {
    superuser = await signIn('superbruker@demo.no', 'demo1234', '198.51.100.212');
  });

  // Valid params (the pipeline checks them before the body): a course slug, a question number or an id.
  const urlFor = (key: string) =>
    key
      .split(' ')[1]!
      .replace(/:courseId\b/g, 'grunnleggende-ki')
      .replace(/:question\b/g, '0')
      .replace(/:\w+/g, '00000000-0000-4000-8000-000000000001');

  function expectCleanError(result: Awaited<ReturnType<typeof call>>, status: number, error: string, label: string) {
    expect(result.status, `${label}: ${result.text.slice(0, 120)}`).toBe(status);
    expect(result.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(result.body, label).toEqual({ error });
    expect(result.text).not.toMatch(STACK);
    expect(result.text).not.toMatch(SQL);
    for (const [name, value] of Object.entries(apiSecurityHeaders)) expect(result.headers.get(name), `${label} ${name}`).toBe(value);
  }

  it('finds them', () => {
    expect(withBody.length).toBeGreaterThanOrEqual(9);
  });

  it.each(withBody.map((r) => [r.key, r] as const))('%s', async (key, { handler, provider }) => {
    const method = key.split(' ')[0]!;
    // A webhook's bodies are signed, so they reach the checks after the signature's (decision 27).
    const send = async (body: string, headers: Record<string, string>) =>
      call(handler, urlFor(key), {
        method,
        body,
        cookie: superuser,
        headers: { 'Sec-Fetch-Site': 'same-origin', ...(provider ? await webhookSignature(provider, body) : {}), ...headers },
      });
    const json = { 'Content-Type': 'application/json' };

    for (const malformed of ['{', '{"a":', '[1,', "{'single':'quotes'}", '\u0000', 'undefined', '{"a":1}}']) {
      // The body is read before the handler runs: an unknown id cannot answer first.
      expectCleanError(await send(malformed, json), 400, httpMessages.invalidJson, `${key} ${JSON.stringify(malformed)}`);
    }

    const big = JSON.stringify({ text: 'x'.repeat(env.MAX_BODY_BYTES + 1) });
    expectCleanError(await send(big, json), 413, httpMessages.tooLarge, `${key} oversized`);
    const chunk = new TextEncoder().encode('x'.repeat(16_384));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ * chunk.byteLength <= env.MAX_BODY_BYTES) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const streamed = await handler(
      new Request(`${ORIGIN}${urlFor(key)}`, {
        method,
        headers: { ...json, 'Sec-Fetch-Site': 'same-origin', Cookie: superuser },
        body: stream,
        // @ts-expect-error Node's fetch needs this for streamed request bodies
        duplex: 'half',
      }),
      { ip: '198.51.100.213' },
    );
    const streamedText = await streamed.text();
    expect(streamed.status, `${key} streamed`).toBe(413);
    expect(JSON.parse(streamedText)).toEqual({ error: httpMessages.tooLarge });

    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp', '']) {
      expectCleanError(await send('{"a":1}', type ? { 'Content-Type': type } : {}), 415, httpMessages.notJson, `${key} ${type || 'no Content-Type'}`);
    }
  });
});
