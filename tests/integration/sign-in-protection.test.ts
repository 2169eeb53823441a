import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import account from '../../netlify/functions/account';
import auth from '../../netlify/functions/auth';
import { policies } from '../../src/server/platform/throttle';
import { call, type CallResult, cookieHeader } from '../helpers';

/**
 * Regression tests for the sign-in throttle under attack (issue: "Sign-in and the API
 * hold under attack"): a burst of parallel guesses gets no more password checks than
 * the policy allows, and nobody can lock an account's owner out.
 */

// Count the Argon2 verifications: the expensive step the throttle must protect.
const argon = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('../../src/server/auth/password', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/server/auth/password')>();
  return {
    ...actual,
    verifyPassword: async (hash: string, password: string) => {
      argon.verifications++;
      return actual.verifyPassword(hash, password);
    },
  };
});

beforeEach(() => {
  argon.verifications = 0;
});
afterEach(() => {
  argon.verifications = 0;
});

const login = (email: string, password: string, ip: string, cookie?: string) =>
  call(auth, '/api/auth/login', { json: { email, password }, ip, cookie });

/** The device cookie a browser would send back to /api/auth after this response. */
const deviceCookieOf = (result: CallResult) => cookieHeader({ ...result, setCookies: result.setCookies.filter((c) => c.startsWith('device=')) });

const statuses = (results: CallResult[]) =>
  results.reduce<Record<number, number>>((all, r) => ({ ...all, [r.status]: (all[r.status] ?? 0) + 1 }), {});

describe('a burst of parallel guesses', () => {
  it('verifies at most the free attempts; the rest, and then the right password, get 429', async () => {
    const ip = '203.0.113.66';
    const burst = await Promise.all(Array.from({ length: 50 }, (_, i) => login('bedrift@demo.no', `feil-${i}`, ip)));
    const right = await login('bedrift@demo.no', 'demo1234', ip);

    const free = policies.loginAccountIp.free;
    expect(argon.verifications).toBeLessThanOrEqual(free);
    expect(statuses(burst)).toEqual({ 401: free, 429: 50 - free });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(right.body).toMatchObject({ error: 'For mange mislykkede innloggingsforsøk. Vent litt og prøv igjen.' });
  });

  it('holds for a burst that mixes the right password into the guesses', async () => {
    const ip = '203.0.113.67';
    const guesses = Array.from({ length: 40 }, (_, i) => (i === 39 ? 'demo1234' : `feil-${i}`));
    const results = await Promise.all(guesses.map((password) => login('admin@demo.no', password, ip)));
    expect(argon.verifications).toBeLessThanOrEqual(policies.loginAccountIp.free);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(40 - policies.loginAccountIp.free);
  });

  it('also throttles a burst of sign-ups from one address', async () => {
    const ip = '203.0.113.68';
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        call(account, '/api/auth/register', {
          json: { firstName: 'Test', lastName: 'Person', email: `burst${i}@example.no`, password: 'et langt passord' },
          ip,
        }),
      ),
    );
    expect(statuses(results)).toEqual({ 201: policies.registerIp.free, 429: 15 - policies.registerIp.free });
  });
});

describe('an attacker cannot lock the owner out', () => {
  it('the owner signs in from another address while the account is hammered from one', async () => {
    const attacker = '198.18.0.1';
    const attack = await Promise.all(Array.from({ length: 30 }, (_, i) => login('elev@demo.no', `gjett-${i}`, attacker)));
    expect(attack.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    expect((await login('elev@demo.no', 'feil', attacker)).status).toBe(429);

    const owner = await login('elev@demo.no', 'demo1234', '198.18.5.5');
    expect(owner.status).toBe(200);
  });

  it('a device the owner signed in from before gets in even when the account is blocked everywhere', async () => {
    // The owner signed in on this device last week: the device cookie proves it.
    const first = await login('ny@demo.no', 'demo1234', '198.18.1.1');
    expect(first.status).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).toMatch(/^device=[a-z2-7]{26}\.[\w-]+$/);
    expect(first.setCookies.find((c) => c.startsWith('device='))).toMatch(
      /HttpOnly; Path=\/api\/auth; SameSite=Strict|Path=\/api\/auth; HttpOnly; SameSite=Strict/i,
    );

    // A distributed attack: enough addresses to use up the account-wide allowance.
    const addresses = Math.ceil(policies.loginAccount.free / policies.loginAccountIp.free) + 2;
    for (let a = 0; a < addresses; a++) {
      await Promise.all(Array.from({ length: policies.loginAccountIp.free }, (_, i) => login('ny@demo.no', `gjett-${a}-${i}`, `198.19.${a}.1`)));
    }
    const fromNewPlace = await login('ny@demo.no', 'demo1234', '198.18.9.9');
    expect(fromNewPlace.status).toBe(429);

    // The owner's own device, even from one of the attacker's addresses, still signs in.
    const owner = await login('ny@demo.no', 'demo1234', '198.19.0.1', device);
    expect(owner.status).toBe(200);
  });

  it('a device cookie proves nothing for another account, and a forged one is ignored', async () => {
    const mine = await login('superbruker@demo.no', 'demo1234', '198.18.2.1');
    const device = deviceCookieOf(mine);
    const ip = '198.18.2.2';
    // Used against another account it is no device of that account: the strict per-address limit applies.
    for (let i = 0; i < policies.loginAccountIp.free; i++) expect((await login('admin@demo.no', 'feil', ip, device)).status).toBe(401);
    expect((await login('admin@demo.no', 'demo1234', ip, device)).status).toBe(429);
    const forged = `device=${'a'.repeat(26)}.${'A'.repeat(43)}`;
    for (let i = 0; i < policies.loginAccountIp.free; i++) expect((await login('bedrift@demo.no', 'feil', '198.18.2.3', forged)).status).toBe(401);
    expect((await login('bedrift@demo.no', 'demo1234', '198.18.2.3', forged)).status).toBe(429);
  });

  it('a stolen device cookie is throttled on its own', async () => {
    const first = await login('admin@demo.no', 'demo1234', '198.18.3.1');
    const device = deviceCookieOf(first);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => login('admin@demo.no', `gjett-${i}`, `198.18.4.${i}`, device)));
    expect(argon.verifications).toBeLessThanOrEqual(policies.loginDevice.free + 1);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(20 - policies.loginDevice.free);
  });

  it('successful sign-ins from one shared address do not use up its allowance', async () => {
    const office = '198.18.7.7';
    for (let i = 0; i < policies.loginIp.free + 5; i++) {
      const email = ['elev@demo.no', 'admin@demo.no', 'bedrift@demo.no', 'superbruker@demo.no'][i % 4]!;
      expect((await login(email, 'demo1234', office)).status).toBe(200);
    }
  });
});
