import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeVipps, type FakeVipps } from '../../../tests/fakes/vipps-server';
import type { WebhookVerifier } from '../platform/webhooks/signatures';
import { ProviderRefusedError, ProviderUnavailableError, type CreatePaymentInput, type PaymentProvider } from './provider';
import { createVippsProvider, type VippsConfig, vippsIdempotencyKey } from './vipps';

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
