import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../db/schema';
import account from '../../netlify/functions/account';
import checkout from '../../netlify/functions/checkout';
import { ANONYMOUS_BUYER } from '../../src/server/account/data.service';
import { CONSENT } from '../../src/server/checkout/checkout.service';
import { acquireAppDb } from '../../src/server/platform/db';
import { usePaymentProvidersForTests } from '../../src/server/payments/registry';
import { call, signIn } from '../helpers';

/**
 * The address a deleted account's orders are left with (ANONYMOUS_BUYER, in the reserved `.invalid`
 * domain) can never be taken: not at sign-up, not as a guest buyer, not by changing an address.
 */

const db = async () => (await acquireAppDb()).db;
const refused = { status: 400, body: { error: 'Skriv inn en gyldig e-postadresse' } };

let restore: () => void;
beforeAll(() => {
  restore = usePaymentProvidersForTests({ vipps: null, stripe: null, test: true });
});
afterAll(() => restore());

describe('the address of deleted accounts', () => {
  it('is the one the shared schema refuses', () => {
    expect(ANONYMOUS_BUYER.email).toBe('slettet-bruker@konto.invalid');
  });

  it('cannot sign up: 400, no user made', async () => {
    for (const [i, address] of [ANONYMOUS_BUYER.email, 'Slettet-Bruker@Konto.INVALID', 'kari@example.invalid'].entries()) {
      const result = await call(account, '/api/auth/register', {
        json: { firstName: 'Kari', lastName: 'Nordmann', email: address, password: 'et langt passord' },
        ip: `198.51.100.${180 + i}`,
      });
      expect(result).toMatchObject({ ...refused, body: { ...refused.body, issues: [{ path: 'email' }] } });
    }
    expect(await (await db()).select().from(users).where(eq(users.email, ANONYMOUS_BUYER.email))).toEqual([]);
  });

  it('cannot buy as a guest: 400, no order made', async () => {
    const result = await call(checkout, '/api/checkout/orders', {
      ip: '198.51.100.190',
      json: {
        productId: 'course:ki-for-kontoret',
        provider: 'test',
        consent: { accepted: true, version: CONSENT.version },
        idempotencyKey: randomUUID(),
        buyer: { firstName: 'Kari', lastName: 'Nordmann', email: ANONYMOUS_BUYER.email },
      },
    });
    expect(result).toMatchObject({ ...refused, body: { ...refused.body, issues: [{ path: 'buyer.email' }] } });
    expect(await (await db()).select().from(orders).where(eq(orders.buyerEmail, ANONYMOUS_BUYER.email))).toEqual([]);
  });

  it('cannot be asked for as a new address: 400, the account keeps its own', async () => {
    const cookie = await signIn('elev@demo.no', 'demo1234', '198.51.100.191');
    const result = await call(account, '/api/account/email', { json: { newEmail: ANONYMOUS_BUYER.email, password: 'demo1234' }, cookie });
    expect(result).toMatchObject({ ...refused, body: { ...refused.body, issues: [{ path: 'newEmail' }] } });
    const after = await call(account, '/api/account', { cookie });
    expect(after.body).toMatchObject({ email: 'elev@demo.no', pendingEmail: null });
  });
});
