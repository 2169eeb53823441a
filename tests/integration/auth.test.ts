import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import account from '../../netlify/functions/account';
import auth from '../../netlify/functions/auth';
import { acquireAppDb } from '../../src/server/platform/db';
import { call, cookieHeader, signIn } from '../helpers';
import { demoAccounts } from '../demo-accounts';

const sessionToken = (cookie: string) => /(?:^|; )session=([^;]+)/.exec(cookie)?.[1] ?? '';
const db = async () => (await acquireAppDb()).db;

describe('GET /api/auth/user', () => {
  it('answers 401 {"error":"Unauthorized"} with a Norwegian sentence beside it to anonymous visitors', async () => {
    const result = await call(auth, '/api/auth/user');
    expect(result.status).toBe(401);
    expect(result.body).toEqual({ error: 'Unauthorized', message: 'Du må logge inn for å fortsette.' });
  });

  it.each(demoAccounts)('returns %s with role %s after signing in', async (email, role) => {
    const cookie = await signIn(email, 'demo1234', `203.0.113.${demoAccounts.findIndex(([e]) => e === email) + 10}`);
    const result = await call(auth, '/api/auth/user', { cookie });
    expect(result.status).toBe(200);
    const user = result.body as Record<string, unknown>;
    expect(user).toMatchObject({ email, role, isActive: true });
    expect(Object.keys(user).sort()).toEqual(
      ['companyId', 'email', 'emailVerified', 'firstName', 'id', 'isActive', 'lastName', 'profileImageUrl', 'role'].sort(),
    );
    // The company admin and the company's employees belong to a company; nobody else does.
    if (role === 'company_admin' || email.startsWith('ansatt')) expect(user.companyId).toEqual(expect.any(String));
    else expect(user.companyId).toBeNull();
  });
});

describe('POST /api/auth/login', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie and a readable signed-in hint', async () => {
    const result = await call(auth, '/api/auth/login', { json: { email: 'elev@demo.no', password: 'demo1234' } });
    expect(result.status).toBe(200);
    const session = result.setCookies.find((c) => c.startsWith('session='));
    const hint = result.setCookies.find((c) => c.startsWith('signed_in='));
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).toMatch(/; Path=\//);
    expect(session).not.toMatch(/; Secure/); // plain-http localhost only
    expect(hint).toMatch(/^signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/);
  });

  it('marks the cookie Secure on any other origin', async () => {
    const request = new Request('https://kiakademiet.no/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
      body: JSON.stringify({ email: 'elev@demo.no', password: 'demo1234' }),
    });
    const response = await auth(request, { ip: '198.51.100.77' });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().find((c) => c.startsWith('session='))).toMatch(/; Secure/);
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const result = await call(auth, '/api/auth/login', { json: { email: '  ELEV@Demo.no ', password: 'demo1234' } });
    expect(result.status).toBe(200);
  });

  it('stores only the SHA-256 of the token secret', async () => {
    const cookie = await signIn('elev@demo.no');
    const [id, secret] = sessionToken(cookie).split('.');
    expect(id).toMatch(/^[a-z2-7]{32}$/);
    expect(secret).toMatch(/^[a-z2-7]{32}$/); // 160 bits each
    const [row] = await (await db()).select().from(sessions).where(eq(sessions.id, id!));
    expect(row?.secretHash).toBe(encodeHexLowerCase(sha256(new TextEncoder().encode(secret!))));
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('rejects a token with a wrong secret', async () => {
    const cookie = await signIn('elev@demo.no');
    const [id] = sessionToken(cookie).split('.');
    const forged = `session=${id}.${'a'.repeat(32)}`;
    const result = await call(auth, '/api/auth/user', { cookie: forged });
    expect(result.status).toBe(401);
    expect(result.setCookies.some((c) => c.startsWith('session=;'))).toBe(true);
  });

  it('gives one generic 401 for a wrong password and for an unknown e-mail', async () => {
    const wrong = await call(auth, '/api/auth/login', { json: { email: 'admin@demo.no', password: 'feil-passord' }, ip: '192.0.2.1' });
    const unknown = await call(auth, '/api/auth/login', { json: { email: 'finnes.ikke@demo.no', password: 'feil-passord' }, ip: '192.0.2.2' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Feil e-post eller passord' });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.setCookies.some((c) => c.startsWith('session=') && !c.startsWith('session=;'))).toBe(false);
  });

  it('does not let an inactive user sign in', async () => {
    const result = await call(auth, '/api/auth/login', { json: { email: 'inaktiv@demo.no', password: 'demo1234' } });
    expect(result.status).toBe(403);
    expect(result.body).toEqual({ error: 'Kontoen din er deaktivert. Ta kontakt med oss hvis du mener dette er feil.' });
    expect(result.setCookies).toEqual([]);
  });

  it('ends the sessions of a user who is deactivated', async () => {
    const cookie = await signIn('ny@demo.no', 'demo1234', '192.0.2.50');
    await (await db()).update(users).set({ isActive: false }).where(eq(users.email, 'ny@demo.no'));
    const result = await call(auth, '/api/auth/user', { cookie });
    expect(result.status).toBe(401);
    await (await db()).update(users).set({ isActive: true }).where(eq(users.email, 'ny@demo.no'));
  });

  it('throttles repeated failures per account and address with 429 and Retry-After, even with the right password', async () => {
    const attempt = (password: string) => call(auth, '/api/auth/login', { json: { email: 'bedrift@demo.no', password }, ip: '192.0.2.100' });
    for (let i = 0; i < 5; i++) expect((await attempt('feil-passord')).status).toBe(401);
    const blocked = await attempt('demo1234');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ error: 'For mange mislykkede innloggingsforsøk. Vent litt og prøv igjen.' });
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('throttles repeated failures per IP across accounts', async () => {
    const ip = '192.0.2.200';
    for (let i = 0; i < 20; i++) {
      const r = await call(auth, '/api/auth/login', { json: { email: `gjett${i}@demo.no`, password: 'feil-passord' }, ip });
      expect(r.status).toBe(401);
    }
    const blocked = await call(auth, '/api/auth/login', { json: { email: 'admin@demo.no', password: 'demo1234' }, ip });
    expect(blocked.status).toBe(429);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    for (let i = 0; i < 4; i++) {
      await call(auth, '/api/auth/login', { json: { email: 'superbruker@demo.no', password: 'feil' }, ip: `192.0.2.${150 + i}` });
    }
    await signIn('superbruker@demo.no', 'demo1234', '192.0.2.160');
    for (let i = 0; i < 5; i++) {
      const r = await call(auth, '/api/auth/login', { json: { email: 'superbruker@demo.no', password: 'feil' }, ip: `192.0.2.${170 + i}` });
      expect(r.status).toBe(401);
    }
  });
});

describe('sessions', () => {
  it('expire: an expired session is refused, deleted and its cookie cleared', async () => {
    const cookie = await signIn('elev@demo.no', 'demo1234', '198.51.100.20');
    const id = sessionToken(cookie).split('.')[0]!;
    await (
      await db()
    )
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    const result = await call(auth, '/api/auth/user', { cookie });
    expect(result.status).toBe(401);
    expect(result.setCookies.some((c) => c.startsWith('session=;'))).toBe(true);
    expect(await (await db()).select().from(sessions).where(eq(sessions.id, id))).toEqual([]);
  });

  it('slide: a session used in the second half of its lifetime is renewed to 30 days', async () => {
    const cookie = await signIn('elev@demo.no', 'demo1234', '198.51.100.21');
    const id = sessionToken(cookie).split('.')[0]!;
    const soon = new Date(Date.now() + 2 * 86_400_000);
    await (await db()).update(sessions).set({ expiresAt: soon }).where(eq(sessions.id, id));

    const result = await call(auth, '/api/auth/user', { cookie });
    expect(result.status).toBe(200);
    const renewed = result.setCookies.find((c) => c.startsWith('session='));
    expect(renewed).toContain(sessionToken(cookie));
    const [row] = await (await db()).select().from(sessions).where(eq(sessions.id, id));
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('do not renew in the first half of their lifetime', async () => {
    const cookie = await signIn('elev@demo.no', 'demo1234', '198.51.100.22');
    const result = await call(auth, '/api/auth/user', { cookie });
    expect(result.status).toBe(200);
    expect(result.setCookies).toEqual([]);
  });
});

describe('GET /api/logout', () => {
  it('deletes the session, clears both cookies and redirects to /; the old cookie stops working', async () => {
    const cookie = await signIn('admin@demo.no', 'demo1234', '198.51.100.30');
    const result = await call(auth, '/api/logout', { cookie, headers: { 'Sec-Fetch-Site': 'same-origin' } });
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/');
    expect(result.setCookies).toEqual(
      expect.arrayContaining([expect.stringMatching(/^session=; Max-Age=0/), expect.stringMatching(/^signed_in=; Max-Age=0/)]),
    );
    expect((await call(auth, '/api/auth/user', { cookie })).status).toBe(401);
  });

  it('is harmless without a session', async () => {
    const result = await call(auth, '/api/logout');
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/');
  });

  it('ignores a cross-site navigation (no sign-out by a foreign page)', async () => {
    const cookie = await signIn('admin@demo.no', 'demo1234', '198.51.100.31');
    const result = await call(auth, '/api/logout', { cookie, headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(result.status).toBe(200);
    expect(result.text).toContain('Vil du logge ut?');
    expect((await call(auth, '/api/auth/user', { cookie })).status).toBe(200);
  });
});

describe('GET /api/login', () => {
  it('sends anonymous visitors to the sign-in page', async () => {
    const result = await call(auth, '/api/login');
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/logg-inn');
  });

  it('keeps a same-site next path and drops anything else', async () => {
    const next = await call(auth, '/api/login?next=%2Fcourse%2Fgrunnleggende-ki%3FmoduleId%3Dx');
    expect(next.headers.get('Location')).toBe('/logg-inn?next=%2Fcourse%2Fgrunnleggende-ki%3FmoduleId%3Dx');
    for (const bad of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const result = await call(auth, `/api/login?next=${encodeURIComponent(bad)}`);
      expect(result.headers.get('Location')).toBe('/logg-inn');
    }
  });

  it('sends signed-in users home', async () => {
    const cookie = await signIn('elev@demo.no', 'demo1234', '198.51.100.40');
    const result = await call(auth, '/api/login', { cookie });
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/');
  });
});

describe('POST /api/auth/register', () => {
  const person = { firstName: 'Kari', lastName: 'Nordmann', email: 'kari@example.no', password: 'et langt passord' };

  it('creates an individual user and signs them in', async () => {
    const result = await call(account, '/api/auth/register', { json: person, ip: '198.51.100.50' });
    expect(result.status).toBe(201);
    expect((result.body as { user: unknown }).user).toMatchObject({ email: 'kari@example.no', role: 'individual', companyId: null });
    const me = await call(auth, '/api/auth/user', { cookie: cookieHeader(result) });
    expect(me.body).toMatchObject({ firstName: 'Kari', lastName: 'Nordmann', role: 'individual' });
    const [row] = await (await db()).select().from(users).where(eq(users.email, 'kari@example.no'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses an e-mail that already has an account, whatever its case', async () => {
    const result = await call(account, '/api/auth/register', { json: { ...person, email: 'ELEV@demo.no' }, ip: '198.51.100.51' });
    expect(result.status).toBe(409);
    expect(result.body).toEqual({ error: 'Det finnes allerede en konto med denne e-postadressen. Logg inn i stedet.' });
  });

  it('checks the password length in characters: 8 to 256, no composition rules', async () => {
    const short = await call(account, '/api/auth/register', { json: { ...person, email: 'a@example.no', password: '1234567' }, ip: '198.51.100.52' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ issues: [{ path: 'password', message: 'Passordet må ha minst 8 tegn' }] });
    const long = await call(account, '/api/auth/register', {
      json: { ...person, email: 'b@example.no', password: 'x'.repeat(257) },
      ip: '198.51.100.52',
    });
    expect(long.status).toBe(400);
    const emoji = await call(account, '/api/auth/register', {
      json: { ...person, email: 'c@example.no', password: '🔒'.repeat(8) },
      ip: '198.51.100.52',
    });
    expect(emoji.status).toBe(201);
  });

  it('names each missing or invalid field', async () => {
    const result = await call(account, '/api/auth/register', { json: { email: 'ikke-en-epost' }, ip: '198.51.100.53' });
    expect(result.status).toBe(400);
    const paths = (result.body as { issues: { path: string }[] }).issues.map((i) => i.path).sort();
    expect(paths).toEqual(['email', 'firstName', 'lastName', 'password']);
  });

  it('limits sign-ups per IP', async () => {
    const ip = '198.51.100.60';
    for (let i = 0; i < 10; i++) {
      const r = await call(account, '/api/auth/register', { json: { ...person, email: `ny${i}@example.no` }, ip });
      expect(r.status).toBe(201);
    }
    const blocked = await call(account, '/api/auth/register', { json: { ...person, email: 'ny99@example.no' }, ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ error: 'For mange nye kontoer fra denne adressen. Vent litt og prøv igjen.' });
  });
});
