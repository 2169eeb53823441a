import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { webhookEvents } from '../../db/schema';
import auth from '../../netlify/functions/auth';
import checkout from '../../netlify/functions/checkout';
import webhooks from '../../netlify/functions/webhooks';
import { acquireAppDb } from '../../src/server/platform/db';
import { httpMessages } from '../../src/server/platform/http';
import { MAX_JSON_DEPTH } from '../../src/server/platform/json-depth';
import { call, webhookEventBody, webhookSignature } from '../helpers';

/**
 * A request body nested deeper than the pipeline allows is a 400 with a Norwegian sentence, on the
 * JSON routes and on correctly signed webhooks alike, never a 500 from a stack run out.
 */

const tooDeep = { status: 400, body: { error: 'Forespørselen er for dypt nestet.' } };
const DEEP = 3_000;
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

async function recorded(provider: string, eventId: string) {
  const { db } = await acquireAppDb();
  return db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)));
}

/** A delivery of `rawBody` to the provider's webhook, signed as the provider signs it (or not). */
async function deliver(provider: string, rawBody: string, signed = true) {
  const headers = signed ? await webhookSignature(provider, rawBody) : {};
  return call(webhooks, `/api/webhooks/${provider}`, {
    body: rawBody,
    crossSite: true,
    headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site', ...headers },
    ip: '203.0.113.60',
  });
}

describe('a JSON body nested 3,000 levels deep', () => {
  it('is refused on sign-in with 400 and the Norwegian sentence', async () => {
    expect(httpMessages.tooDeep).toBe(tooDeep.body.error);
    const body = `{"email":${deepArray(DEEP)},"password":"demo1234"}`;
    const result = await call(auth, '/api/auth/login', { body, headers: { 'Content-Type': 'application/json' }, ip: '198.51.100.160' });
    expect(result).toMatchObject(tooDeep);
    expect(result.body).toEqual(tooDeep.body);
  });

  it('is refused on the checkout quote with 400, objects as well as arrays', async () => {
    const body = `{"productId":${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}}`;
    const result = await call(checkout, '/api/checkout/quote', { body, headers: { 'Content-Type': 'application/json' }, ip: '198.51.100.161' });
    expect(result).toMatchObject(tooDeep);
  });

  it('is refused at one level past the limit, and read at the limit (then the schema decides)', async () => {
    const at = (depth: number) => `{"email":"elev@demo.no","password":"demo1234","x":${deepArray(depth - 1)}}`;
    const past = await call(auth, '/api/auth/login', { body: at(MAX_JSON_DEPTH + 1), headers: { 'Content-Type': 'application/json' } });
    expect(past).toMatchObject(tooDeep);
    const limit = await call(auth, '/api/auth/login', { body: at(MAX_JSON_DEPTH), headers: { 'Content-Type': 'application/json' } });
    // The unknown key is the schema's complaint, not the depth.
    expect(limit.status).toBe(400);
    expect(JSON.stringify(limit.body)).toContain('«x»');
  });

  it('does not count brackets inside strings: an e-mail full of them is only an invalid e-mail', async () => {
    const result = await call(auth, '/api/auth/login', {
      json: { email: `"[{\\${'['.repeat(200)}`, password: 'demo1234' },
      ip: '198.51.100.162',
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ issues: [{ path: 'email', message: 'Skriv inn en gyldig e-postadresse' }] });
  });

  it('a normal body still signs in', async () => {
    const result = await call(auth, '/api/auth/login', { json: { email: 'elev@demo.no', password: 'demo1234' }, ip: '198.51.100.163' });
    expect(result.status).toBe(200);
  });
});

describe('a correctly signed webhook nested 3,000 levels deep', () => {
  it.each(['test-payments', 'stripe', 'vipps'])('%s: 400 with the Norwegian sentence, nothing recorded', async (provider) => {
    const event = webhookEventBody(provider);
    const eventId = String(event.id ?? event.reference);
    const rawBody = JSON.stringify({ ...event, data: { deep: 'PLACEHOLDER' } }).replace('"PLACEHOLDER"', deepArray(DEEP));
    const result = await deliver(provider, rawBody);
    expect(result).toMatchObject(tooDeep);
    expect(result.body).toEqual(tooDeep.body);
    expect(await recorded(provider, eventId)).toEqual([]);
  });

  it('the signature is still checked first: the same body unsigned is a 401', async () => {
    const rawBody = JSON.stringify({ id: 'evt_deep_unsigned', type: 'payment.captured', data: { deep: 'X' } }).replace('"X"', deepArray(DEEP));
    expect(await deliver('test-payments', rawBody, false)).toMatchObject({ status: 401, body: { error: httpMessages.badSignature } });
  });

  it('a normal signed event is still handled and recorded', async () => {
    const event = webhookEventBody('test-payments');
    const rawBody = JSON.stringify({ ...event, data: { orderId: 'ord_1', nested: { a: [{ b: [1, 2] }] } } });
    expect(await deliver('test-payments', rawBody)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await recorded('test-payments', String(event.id))).toHaveLength(1);
  });
});
