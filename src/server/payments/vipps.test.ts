import { createHash, createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeVipps, type FakeVipps } from '../../../tests/fakes/vipps-server';
import type { WebhookVerifier } from '../platform/webhooks/signatures';
import { ProviderRefusedError, ProviderUnavailableError, type CreatePaymentInput, type PaymentProvider } from './provider';
import { createVippsProvider, createVippsVerifier, signVippsDelivery, vippsEventId, vippsIdempotencyKey, type VippsConfig } from './vipps';

// ---------------------------------------------------------------------------------------------
// Webhook signatures

/**
 * Vipps MobilePay's documented example (Webhooks API, "Request authentication"): the secret a
 * webhook registration returned, a delivery to https://webhook.site/e2cee29b-012e-4f1d-8ef4-e95fd74a7a63
 * dated Thu, 30 Mar 2023 08:38:32 GMT with the body {"some-unique-content":"ee6e441b-…/hello-world"},
 * its content hash and the signature Vipps sent.
 */
const DOC = {
  secret: 'A0+AeKBRG2KRGvnNwJpQlb6IJFk48CKXCIcrLoHncVJKDILsQSxS6NWCccwWm6r6FhGKhiHTBsG2wo/xU6FY/A==',
  url: 'https://webhook.site/e2cee29b-012e-4f1d-8ef4-e95fd74a7a63',
  date: 'Thu, 30 Mar 2023 08:38:32 GMT',
  body: '{"some-unique-content":"ee6e441b-cc4a-46f8-895d-a5af79bcc233/hello-world"}',
  contentSha256: 'lNlsp1XA03N34HrQsVzPgJKtC+r7l/RBF4V3JQUWMj4=',
  authorization: 'HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=agAiSyogQbDHpeucoNwYz+yAr5nJ+v+zasdkSbqzv+U=',
};
const DOC_NOW = new Date('2023-03-30T08:38:32Z');

const bytes = (text: string) => new TextEncoder().encode(text);

function delivery(url: string, headers: Record<string, string>, body: string): Request {
  return new Request(url, { method: 'POST', headers, body });
}

const docHeaders = () => ({
  host: 'webhook.site',
  'x-ms-date': DOC.date,
  'x-ms-content-sha256': DOC.contentSha256,
  authorization: DOC.authorization,
});

describe('Vipps webhook signatures', () => {
  const verifier = createVippsVerifier(DOC.secret);
  const verify = (headers: Record<string, string>, body = DOC.body, now = DOC_NOW, url = DOC.url) =>
    verifier.verify(delivery(url, headers, body), bytes(body), now);

  it("accepts Vipps's documented example delivery (known answer)", () => {
    expect(verifier.provider).toBe('vipps');
    expect(verify(docHeaders())).toBe(true);
  });

  it('signs the documented example exactly as Vipps did', () => {
    expect(signVippsDelivery({ secret: DOC.secret, url: DOC.url, rawBody: DOC.body, date: DOC.date })).toEqual(docHeaders());
  });

  it('signs a Date as an RFC 1123 x-ms-date', () => {
    expect(signVippsDelivery({ secret: DOC.secret, url: DOC.url, rawBody: DOC.body, date: DOC_NOW })['x-ms-date']).toBe(DOC.date);
  });

  it('refuses a body with one byte changed', () => {
    expect(verify(docHeaders(), DOC.body.replace('hello-world', 'hello-worle'))).toBe(false);
  });

  it('refuses a delivery signed with another secret', () => {
    expect(createVippsVerifier('another-secret').verify(delivery(DOC.url, docHeaders(), DOC.body), bytes(DOC.body), DOC_NOW)).toBe(false);
    expect(createVippsVerifier(undefined).verify(delivery(DOC.url, docHeaders(), DOC.body), bytes(DOC.body), DOC_NOW)).toBe(false);
    expect(createVippsVerifier('').verify(delivery(DOC.url, docHeaders(), DOC.body), bytes(DOC.body), DOC_NOW)).toBe(false);
  });

  it('refuses a date more than 300 s from now, either way, and accepts one within', () => {
    const at = (seconds: number) => new Date(DOC_NOW.getTime() + seconds * 1000);
    expect(verify(docHeaders(), DOC.body, at(300))).toBe(true);
    expect(verify(docHeaders(), DOC.body, at(-300))).toBe(true);
    expect(verify(docHeaders(), DOC.body, at(301))).toBe(false);
    expect(verify(docHeaders(), DOC.body, at(-301))).toBe(false);
    expect(verify(docHeaders(), DOC.body, new Date())).toBe(false);
  });

  it('refuses a missing or malformed header', () => {
    for (const name of ['x-ms-date', 'x-ms-content-sha256', 'authorization'] as const) {
      const headers: Record<string, string> = docHeaders();
      delete headers[name];
      expect(verify(headers), `without ${name}`).toBe(false);
    }
    const signatureB64 = DOC.authorization.split('Signature=')[1] ?? '';
    const malformed = [
      { authorization: `HMAC-SHA256 SignedHeaders=host;x-ms-date;x-ms-content-sha256&Signature=${signatureB64}` },
      { authorization: `HMAC-SHA256 Signature=${signatureB64}` },
      { authorization: `Bearer ${signatureB64}` },
      {
        authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${Buffer.from(signatureB64, 'base64').toString('hex')}`,
      },
      { authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signatureB64.slice(0, 20)}` },
      { 'x-ms-date': '2023-03-30T08:38:32Z' },
      { 'x-ms-date': 'Thu, 30 Mar 2023 08:38:32 GMT; extra' },
      { 'x-ms-content-sha256': 'not base64!' },
      { 'x-ms-content-sha256': createHash('sha256').update(DOC.body).digest('hex') },
    ];
    for (const change of malformed) expect(verify({ ...docHeaders(), ...change }), JSON.stringify(change)).toBe(false);
  });

  it('refuses a content hash that does not match the body, even when the signature covers that hash', () => {
    // A forger who knows the secret's signature scheme cannot help it; this checks that the
    // hash is recomputed from the bytes rather than trusted from the header.
    const otherHash = createHash('sha256').update('{"other":"body"}').digest('base64');
    const signed = createHmac('sha256', DOC.secret)
      .update(`POST\n/e2cee29b-012e-4f1d-8ef4-e95fd74a7a63\n${DOC.date};webhook.site;${otherHash}`)
      .digest('base64');
    const headers = {
      ...docHeaders(),
      'x-ms-content-sha256': otherHash,
      authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signed}`,
    };
    expect(verify(headers)).toBe(false);
  });

  it('signs the Host header: another host or path is refused; without a Host header the URL host counts', () => {
    expect(verify({ ...docHeaders(), host: 'evil.example' })).toBe(false);
    expect(verify(docHeaders(), DOC.body, DOC_NOW, 'https://webhook.site/another-path')).toBe(false);
    expect(verify(docHeaders(), DOC.body, DOC_NOW, `${DOC.url}?x=1`)).toBe(false);
    const { host: _host, ...withoutHost } = docHeaders();
    expect(verify(withoutHost)).toBe(true);
    // Behind Netlify the function may see an internal URL; the Host header is what Vipps signed.
    expect(verify(docHeaders(), DOC.body, DOC_NOW, 'http://10.0.0.7:8888/e2cee29b-012e-4f1d-8ef4-e95fd74a7a63')).toBe(true);
  });

  it('includes the query in the signed path', () => {
    const url = 'https://kurs.example/api/webhooks/vipps?site=1';
    const headers = signVippsDelivery({ secret: 's', url, rawBody: '{}', date: DOC_NOW });
    expect(createVippsVerifier('s').verify(delivery(url, headers, '{}'), bytes('{}'), DOC_NOW)).toBe(true);
    expect(createVippsVerifier('s').verify(delivery('https://kurs.example/api/webhooks/vipps', headers, '{}'), bytes('{}'), DOC_NOW)).toBe(false);
  });

  it('never throws', () => {
    const broken = { headers: { get: () => DOC.date }, url: 'not a url' } as unknown as Request;
    expect(verifier.verify(broken, bytes(DOC.body), DOC_NOW)).toBe(false);
    const throwing = {
      get headers(): Headers {
        throw new Error('boom');
      },
    } as unknown as Request;
    expect(verifier.verify(throwing, bytes(DOC.body), DOC_NOW)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Idempotency keys and event ids

describe('Vipps idempotency keys', () => {
  const samples = [
    'create:0f14ebca-b0ec-4b29-ae0c-b90d91b4a84a',
    'capture:0f14ebca-b0ec-4b29-ae0c-b90d91b4a84a',
    'refund:0f14ebca-b0ec-4b29-ae0c-b90d91b4a84a:2',
    'x'.repeat(500),
    'æøå:ÆØÅ',
    ':',
    'create:1',
    'create-1',
    'create_1',
  ];

  it('sends a key that already fits as it is', () => {
    expect(vippsIdempotencyKey('create-1')).toBe('create-1');
    expect(vippsIdempotencyKey('A'.repeat(50))).toBe('A'.repeat(50));
  });

  it('maps every other key deterministically into at most 50 of [a-zA-Z0-9-]', () => {
    for (const key of samples) {
      const mapped = vippsIdempotencyKey(key);
      expect(mapped, key).toMatch(/^[a-zA-Z0-9-]{1,50}$/);
      expect(vippsIdempotencyKey(key)).toBe(mapped);
    }
    expect(vippsIdempotencyKey('capture:0f14ebca-b0ec-4b29-ae0c-b90d91b4a84a')).toMatch(/^capture-0f14ebca-[0-9a-f]{32}$/);
  });

  it('keeps different keys different', () => {
    const mapped = samples.map(vippsIdempotencyKey);
    expect(new Set(mapped).size).toBe(samples.length);
    expect(vippsIdempotencyKey('x'.repeat(500))).not.toBe(vippsIdempotencyKey('x'.repeat(501)));
  });
});

describe('Vipps webhook events', () => {
  const provider = createVippsProvider({
    clientId: 'c',
    clientSecret: 's',
    subscriptionKey: 'k',
    msn: '123456',
    baseUrl: 'http://127.0.0.1:9',
    webhookSecret: 'w',
    timeoutMs: 1000,
  });
  const event = {
    msn: '123456',
    reference: 'ka-3f9c2a7e1b4d4c0f',
    pspReference: '3343121302',
    name: 'AUTHORIZED',
    amount: { currency: 'NOK', value: 49900 },
    timestamp: '2024-12-31T00:00:00Z',
    idempotencyKey: null,
    success: true,
    someNewField: { added: 'later' },
  };

  it('parses a documented ePayment event (loosely) into id, reference and type', () => {
    const body = provider.webhookBody.parse(event);
    expect(provider.parseEvent(body)).toEqual({
      eventId: 'ka-3f9c2a7e1b4d4c0f:AUTHORIZED:3343121302',
      reference: 'ka-3f9c2a7e1b4d4c0f',
      type: 'AUTHORIZED',
    });
  });

  it('gives each operation its own id and every delivery of one event the same', () => {
    const first = provider.parseEvent({ ...event, name: 'CAPTURED', pspReference: '1' }).eventId;
    const second = provider.parseEvent({ ...event, name: 'CAPTURED', pspReference: '2' }).eventId;
    expect(first).not.toBe(second);
    expect(provider.parseEvent({ ...event, name: 'CAPTURED', pspReference: '1', timestamp: 'later' }).eventId).toBe(first);
    // CREATED and AUTHORIZED share the creation's pspReference and are still two events.
    expect(provider.parseEvent({ ...event, name: 'CREATED' }).eventId).not.toBe(provider.parseEvent(event).eventId);
  });

  it('keeps the id within [A-Za-z0-9_.:-] and 200 characters', () => {
    const id = vippsEventId({ reference: 'r'.repeat(64), name: 'A'.repeat(50), pspReference: 'ø/ '.repeat(60) });
    expect(id).toMatch(/^[A-Za-z0-9_.:-]{1,200}$/);
    expect(vippsEventId({ reference: 'r'.repeat(64), name: 'A'.repeat(50), pspReference: 'p'.repeat(200) })).toMatch(/^[A-Za-z0-9_.:-]{1,200}$/);
  });

  it('refuses an event without reference, name or pspReference, or with a foreign reference', () => {
    for (const field of ['reference', 'name', 'pspReference'] as const) {
      const { [field]: _gone, ...rest } = event;
      expect(provider.webhookBody.safeParse(rest).success, field).toBe(false);
    }
    expect(provider.webhookBody.safeParse({ ...event, reference: '../admin' }).success).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// The API client against the fake server

describe('Vipps ePayment against the fake server', () => {
  let fake: FakeVipps;
  let clock: number;
  let counter = 0;

  const provider = (overrides: Partial<VippsConfig> = {}) => createVippsProvider({ ...fake.config, now: () => new Date(clock), ...overrides });
  const orderId = () => `0f14ebca-b0ec-4b29-ae0c-${String(++counter).padStart(12, '0')}`;
  const input = (id: string, amountOre = 49_900): CreatePaymentInput => ({
    reference: `ka-${id.replaceAll('-', '').slice(-16)}`,
    amountOre,
    currency: 'NOK',
    description: 'KI for Kontoret',
    returnUrl: 'http://localhost:4321/kasse/retur',
    cancelUrl: 'http://localhost:4321/kasse/retur',
    customerEmail: 'kari@example.no',
    idempotencyKey: `create:${id}`,
  });
  const ref = (reference: string) => ({ reference, providerPaymentId: reference });
  const callsOf = (operation: string) => fake.calls.filter((call) => call.operation === operation);

  /** A new payment, approved by the buyer. */
  async function authorized(vipps: PaymentProvider, amountOre = 49_900) {
    const id = orderId();
    const created = await vipps.create(input(id, amountOre));
    fake.approve(created.providerPaymentId);
    return { id, payment: ref(created.providerPaymentId) };
  }

  beforeAll(async () => {
    fake = await startFakeVipps();
  });
  afterAll(async () => {
    await fake.close();
  });
  afterEach(() => {
    fake.calls.length = 0;
    fake.tokenLifetimeSeconds = 3600;
    clock = Date.now();
  });
  clock = Date.now();

  it('creates, is approved, reads authorized, captures, reads captured', async () => {
    const vipps = provider();
    const id = orderId();
    const created = await vipps.create(input(id));
    const reference = input(id).reference;
    expect(created).toEqual({ providerPaymentId: reference, redirectUrl: `${fake.baseUrl}/landing/${reference}` });
    expect(fake.payment(reference)).toMatchObject({ amount: { currency: 'NOK', value: 49_900 }, paymentDescription: 'KI for Kontoret' });
    const landing = await fetch(created.redirectUrl);
    expect(landing.status).toBe(200);

    expect(await vipps.status(ref(reference))).toEqual({ state: 'pending', authorizedOre: 0, capturedOre: 0, refundedOre: 0 });
    fake.approve(reference);
    expect(await vipps.status(ref(reference))).toEqual({ state: 'authorized', authorizedOre: 49_900, capturedOre: 0, refundedOre: 0 });
    await vipps.capture(ref(reference), 49_900, `capture:${id}`);
    expect(await vipps.status(ref(reference))).toEqual({ state: 'captured', authorizedOre: 49_900, capturedOre: 49_900, refundedOre: 0 });

    const posts = fake.calls.filter((call) => call.method === 'POST' && call.operation !== 'token');
    expect(posts.map((call) => call.idempotencyKey)).toEqual([vippsIdempotencyKey(`create:${id}`), vippsIdempotencyKey(`capture:${id}`)]);
    for (const call of fake.calls.filter((c) => c.operation !== 'landing')) {
      expect(call.systemHeaders).toEqual({
        'Vipps-System-Name': 'ki-akademiet',
        'Vipps-System-Version': '1.0.0',
        'Vipps-System-Plugin-Name': 'ki-akademiet-checkout',
        'Vipps-System-Plugin-Version': '1.0.0',
      });
    }
    expect(callsOf('get').every((call) => call.idempotencyKey === null)).toBe(true);
  });

  it('creates once for a repeated create with the same key, and refuses a changed body under a used key', async () => {
    const vipps = provider();
    const id = orderId();
    const first = await vipps.create(input(id));
    const again = await vipps.create(input(id));
    expect(again).toEqual(first);
    expect(fake.payment(first.providerPaymentId)?.events.filter((e) => e.name === 'CREATED')).toHaveLength(1);
    await expect(vipps.create({ ...input(id), amountOre: 10_000 })).rejects.toMatchObject({ name: 'ProviderRefusedError', status: 409 });
  });

  it('maps a declined and an expired payment', async () => {
    const vipps = provider();
    const declined = await vipps.create(input(orderId()));
    fake.reject(declined.providerPaymentId);
    expect((await vipps.status(ref(declined.providerPaymentId))).state).toBe('cancelled');
    const expired = await vipps.create(input(orderId()));
    fake.expire(expired.providerPaymentId);
    expect((await vipps.status(ref(expired.providerPaymentId))).state).toBe('expired');
  });

  it('captures exactly once when a capture fails with 500 and is retried with the same key', async () => {
    const vipps = provider();
    const { id, payment } = await authorized(vipps);
    fake.failNext('capture', 500);
    await expect(vipps.capture(payment, 49_900, `capture:${id}`)).rejects.toBeInstanceOf(ProviderUnavailableError);
    await vipps.capture(payment, 49_900, `capture:${id}`);
    expect(callsOf('capture').map((call) => [call.idempotencyKey, call.status])).toEqual([
      [vippsIdempotencyKey(`capture:${id}`), 500],
      [vippsIdempotencyKey(`capture:${id}`), 200],
    ]);
    expect(fake.payment(payment.reference)?.captured).toBe(49_900);
    expect(fake.payment(payment.reference)?.events.filter((e) => e.name === 'CAPTURED')).toHaveLength(1);
  });

  it('captures exactly once when the capture went through but its answer was lost (500, then a dropped connection)', async () => {
    const vipps = provider();
    const { id, payment } = await authorized(vipps);
    fake.failNext('capture', 500, { after: true });
    await expect(vipps.capture(payment, 49_900, `capture:${id}`)).rejects.toBeInstanceOf(ProviderUnavailableError);
    fake.failNext('capture', 'network', { after: true });
    await expect(vipps.capture(payment, 49_900, `capture:${id}`)).rejects.toBeInstanceOf(ProviderUnavailableError);
    await vipps.capture(payment, 49_900, `capture:${id}`);
    const keys = callsOf('capture').map((call) => call.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(new Set(keys)).toEqual(new Set([vippsIdempotencyKey(`capture:${id}`)]));
    expect(fake.payment(payment.reference)?.captured).toBe(49_900);
    expect(fake.payment(payment.reference)?.events.filter((e) => e.name === 'CAPTURED')).toHaveLength(1);
    expect((await vipps.status(payment)).state).toBe('captured');
  });

  it('treats a refused capture of a fully captured payment as done, and refuses one above the reservation', async () => {
    const vipps = provider();
    const { id, payment } = await authorized(vipps);
    await expect(vipps.capture(payment, 50_000, `capture:${id}`)).rejects.toMatchObject({ name: 'ProviderRefusedError', status: 400 });
    await vipps.capture(payment, 49_900, `capture:${id}`);
    // The same capture under a new key (the first key was lost): Vipps refuses, nothing is left to capture.
    await vipps.capture(payment, 49_900, `capture:${id}:again`);
    expect(fake.payment(payment.reference)?.captured).toBe(49_900);
  });

  it('captures in parts up to the reservation', async () => {
    const vipps = provider();
    const { id, payment } = await authorized(vipps, 10_000);
    await vipps.capture(payment, 4_000, `capture:${id}:1`);
    expect(await vipps.status(payment)).toMatchObject({ state: 'authorized', capturedOre: 4_000 });
    await vipps.capture(payment, 6_000, `capture:${id}:2`);
    expect(await vipps.status(payment)).toMatchObject({ state: 'captured', capturedOre: 10_000 });
  });

  it('refunds in part, then in full, and refuses more than was captured', async () => {
    const vipps = provider();
    const { id, payment } = await authorized(vipps);
    await expect(vipps.refund(payment, 100, `refund:${id}:0`)).rejects.toMatchObject({ name: 'ProviderRefusedError', status: 400 });
    await vipps.capture(payment, 49_900, `capture:${id}`);
    await vipps.refund(payment, 10_000, `refund:${id}:1`);
    expect(await vipps.status(payment)).toEqual({ state: 'captured', authorizedOre: 49_900, capturedOre: 49_900, refundedOre: 10_000 });
    await vipps.refund(payment, 10_000, `refund:${id}:1`); // a retry: refunded once
    await vipps.refund(payment, 39_900, `refund:${id}:2`);
    expect(await vipps.status(payment)).toMatchObject({ refundedOre: 49_900 });
    await expect(vipps.refund(payment, 1, `refund:${id}:3`)).rejects.toMatchObject({ name: 'ProviderRefusedError', status: 400 });
    expect(callsOf('refund').map((call) => call.idempotencyKey)).toContain(vippsIdempotencyKey(`refund:${id}:2`));
  });

  it('cancels a created and an authorized payment; cancelling one that is over is a no-op; a captured one is refused', async () => {
    const vipps = provider();
    const created = await vipps.create(input(orderId()));
    await vipps.cancel(ref(created.providerPaymentId), `cancel:${created.providerPaymentId}`);
    expect((await vipps.status(ref(created.providerPaymentId))).state).toBe('cancelled');

    const { id, payment } = await authorized(vipps);
    await vipps.cancel(payment, `cancel:${id}`);
    expect(await vipps.status(payment)).toMatchObject({ state: 'cancelled', capturedOre: 0 });
    await vipps.cancel(payment, `cancel:${id}`); // the same call again: Vipps's stored answer
    await vipps.cancel(payment, `cancel:${id}:later`); // a new call: Vipps refuses, the payment is over
    expect(fake.payment(payment.reference)?.events.filter((e) => e.name === 'CANCELLED')).toHaveLength(1);

    const expired = await vipps.create(input(orderId()));
    fake.expire(expired.providerPaymentId);
    await vipps.cancel(ref(expired.providerPaymentId), `cancel:${expired.providerPaymentId}`);

    const captured = await authorized(vipps);
    await vipps.capture(captured.payment, 49_900, `capture:${captured.id}`);
    await expect(vipps.cancel(captured.payment, `cancel:${captured.id}`)).rejects.toMatchObject({ name: 'ProviderRefusedError', status: 400 });
  });

  it('fetches one access token for many calls, and a new one once it is about to expire', async () => {
    const vipps = provider();
    const { id, payment } = await authorized(vipps);
    await Promise.all([vipps.status(payment), vipps.status(payment), vipps.status(payment)]);
    await vipps.capture(payment, 49_900, `capture:${id}`);
    expect(callsOf('token')).toHaveLength(1);

    clock += 3600 * 1000 - 200_000; // still valid for longer than the renewal margin
    await vipps.status(payment);
    expect(callsOf('token')).toHaveLength(1);
    clock += 100_000; // within the margin
    await vipps.status(payment);
    await vipps.status(payment);
    expect(callsOf('token')).toHaveLength(2);
  });

  it('renews a short-lived token halfway, and reads expires_on when expires_in is missing', async () => {
    fake.tokenLifetimeSeconds = 60;
    const vipps = provider();
    const { payment } = await authorized(vipps);
    clock += 29_000;
    await vipps.status(payment);
    expect(callsOf('token')).toHaveLength(1);
    clock += 2_000;
    await vipps.status(payment);
    expect(callsOf('token')).toHaveLength(2);

    fake.calls.length = 0;
    fake.tokenLifetimeSeconds = 3600;
    clock = Date.now();
    // A token answer without expires_in (through the injectable fetch): Vipps's expires_on counts.
    const withoutExpiresIn: typeof fetch = async (url, init) => {
      const response = await fetch(url, init);
      if (!String(url).endsWith('/accesstoken/get') || !response.ok) return response;
      const { expires_in: _dropped, ...rest } = (await response.json()) as Record<string, unknown>;
      return Response.json(rest);
    };
    const onDate = provider({ fetch: withoutExpiresIn });
    await onDate.status(payment);
    clock += 3000 * 1000;
    await onDate.status(payment);
    expect(callsOf('token')).toHaveLength(1);
    clock += 500 * 1000;
    await onDate.status(payment);
    expect(callsOf('token')).toHaveLength(2);
  });

  it('shares one token request among concurrent first calls', async () => {
    const vipps = provider();
    const { payment } = await authorized(provider());
    fake.calls.length = 0;
    await Promise.all(Array.from({ length: 5 }, () => vipps.status(payment)));
    expect(callsOf('token')).toHaveLength(1);
  });

  it('fetches a new token once when Vipps no longer accepts the cached one', async () => {
    const vipps = provider();
    const { payment } = await authorized(vipps);
    fake.revokeTokens();
    expect((await vipps.status(payment)).state).toBe('authorized');
    expect(callsOf('token')).toHaveLength(2);
    expect(callsOf('get').map((call) => call.status)).toEqual([401, 200]);
  });

  it('refuses wrong credentials with ProviderRefusedError, and sends no secret in its message', async () => {
    const vipps = provider({ clientSecret: 'wrong-secret-value' });
    const error = await vipps.create(input(orderId())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRefusedError);
    expect(error).toMatchObject({ provider: 'vipps', status: 401 });
    expect(String((error as Error).message)).not.toMatch(/wrong-secret-value|fake-subscription-key|fake-client-id/);
  });

  it('maps a timeout, a dropped connection, 5xx and 429 to ProviderUnavailableError', async () => {
    const vipps = provider({ timeoutMs: 300 });
    const { id, payment } = await authorized(vipps);
    fake.failNext('get', 'hang');
    const started = Date.now();
    const timeout = await vipps.status(payment).catch((e: unknown) => e);
    expect(timeout).toBeInstanceOf(ProviderUnavailableError);
    expect((timeout as Error).message).toMatch(/no answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(2_000);

    fake.failNext('capture', 'network');
    await expect(vipps.capture(payment, 100, `capture:${id}`)).rejects.toBeInstanceOf(ProviderUnavailableError);
    for (const status of [500, 502, 503, 429]) {
      fake.failNext('get', status);
      await expect(vipps.status(payment)).rejects.toMatchObject({ name: 'ProviderUnavailableError', provider: 'vipps' });
    }
    fake.failNext('token', 503);
    await expect(provider().status(payment)).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(provider({ baseUrl: 'http://127.0.0.1:9' }).status(payment)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('maps other 4xx to ProviderRefusedError with the status and Vipps’s title', async () => {
    const vipps = provider();
    await expect(vipps.status(ref('ka-does-not-exist'))).rejects.toMatchObject({ name: 'ProviderRefusedError', status: 404 });
    await expect(vipps.create(input(orderId(), 50))).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/Amount too small/) });
    fake.failNext('create', 422);
    await expect(vipps.create(input(orderId()))).rejects.toMatchObject({ name: 'ProviderRefusedError', status: 422 });
  });

  it('delivers signed webhooks that the verifier accepts, and forged ones it refuses', async () => {
    const vipps = provider();
    const receiver = await startReceiver(vipps.verifier);
    try {
      const { payment } = await authorized(vipps);
      const delivered = await fake.deliverWebhook(`${receiver.url}/api/webhooks/vipps`, { reference: payment.reference, name: 'AUTHORIZED' });
      expect(delivered.status).toBe(200);
      const event = vipps.parseEvent(vipps.webhookBody.parse(JSON.parse(delivered.rawBody)));
      expect(event).toMatchObject({ reference: payment.reference, type: 'AUTHORIZED' });
      expect(event.eventId).toMatch(new RegExp(`^${payment.reference}:AUTHORIZED:\\d+$`));

      const forged = await fake.deliverWebhook(
        `${receiver.url}/api/webhooks/vipps`,
        { reference: payment.reference, name: 'AUTHORIZED' },
        { secret: 'wrong' },
      );
      expect(forged.status).toBe(401);
      const stale = await fake.deliverWebhook(
        `${receiver.url}/api/webhooks/vipps`,
        { reference: payment.reference, name: 'AUTHORIZED' },
        { date: new Date(Date.now() - 10 * 60_000) },
      );
      expect(stale.status).toBe(401);
    } finally {
      await receiver.close();
    }
  });
});

describe('vippsProviderFromEnv', () => {
  const settings = {
    VIPPS_CLIENT_ID: 'id',
    VIPPS_CLIENT_SECRET: 'secret',
    VIPPS_SUBSCRIPTION_KEY: 'key',
    VIPPS_MSN: '123456',
    VIPPS_WEBHOOK_SECRET: 'webhook',
  };
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  async function fromEnv(values: Record<string, string>) {
    for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
    vi.resetModules();
    const module = await import('./vipps');
    return module.vippsProviderFromEnv();
  }

  it('builds the provider when all five settings are there', async () => {
    const vipps = await fromEnv(settings);
    expect(vipps).toMatchObject({ name: 'vipps', label: 'Vipps' });
  });

  it('is null when any one of them is missing', async () => {
    for (const name of Object.keys(settings)) {
      expect(await fromEnv({ ...settings, [name]: '' }), name).toBeNull();
    }
  });
});

/** A small HTTP endpoint that answers 200 when the verifier accepts the delivery, else 401. */
async function startReceiver(verifier: WebhookVerifier): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = new Uint8Array(Buffer.concat(chunks));
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
      const asFetch = new Request(`http://${request.headers.host}${request.url}`, { method: 'POST', headers, body: rawBody });
      response.writeHead(verifier.verify(asFetch, rawBody) ? 200 : 401).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
