import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe, type FakeStripeCall } from '../../../tests/fakes/stripe-server';
import { ProviderRefusedError, ProviderUnavailableError, type CreatePaymentInput, type PaymentProvider, type PaymentRef } from './provider';
import { createStripeProvider, sessionExpiresAt, STRIPE_SIGNATURE_HEADER, stripeProviderFromEnv } from './stripe';

/** The card provider against a local fake of Stripe's API, through the official SDK (no database). */

let fake: FakeStripe;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = createStripeProvider({ secretKey: 'sk_test_fake', webhookSecret: fake.webhookSecret, apiUrl: fake.apiUrl, timeoutMs: 2_000 });
});
afterAll(() => fake.close());

let orders = 0;
function order(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  orders++;
  return {
    reference: `ka-stripe-test-${orders}`,
    amountOre: 149_900,
    currency: 'NOK',
    description: 'KI for Kontoret',
    returnUrl: `http://localhost:4321/kasse/kvittering?ordre=ka-stripe-test-${orders}`,
    cancelUrl: `http://localhost:4321/kasse?avbrutt=ka-stripe-test-${orders}`,
    customerEmail: 'kari@example.no',
    idempotencyKey: `create:order-${orders}`,
    ...overrides,
  };
}

async function created(overrides: Partial<CreatePaymentInput> = {}): Promise<PaymentRef> {
  const input = order(overrides);
  const { providerPaymentId } = await provider.create(input);
  return { reference: input.reference, providerPaymentId };
}

const callsOf = (op: FakeStripeCall['op'], since = 0) => fake.calls.slice(since).filter((c) => c.op === op);

describe('create', () => {
  it('starts a Checkout Session in Norwegian, in NOK, for the amount and our reference, with the caller’s idempotency key', async () => {
    const since = fake.calls.length;
    const input = order();
    const before = Math.floor(Date.now() / 1000);
    const result = await provider.create(input);

    expect(result.providerPaymentId).toMatch(/^cs_test_/);
    expect(result.redirectUrl).toBe(`${fake.apiUrl}/c/pay/${result.providerPaymentId}`);
    const [request] = callsOf('createSession', since);
    expect(request?.idempotencyKey).toBe(input.idempotencyKey);
    expect(request?.params).toMatchObject({
      mode: 'payment',
      locale: 'nb',
      allowed_payment_method_types: ['card'],
      line_items: [{ quantity: '1', price_data: { currency: 'nok', unit_amount: '149900', product_data: { name: 'KI for Kontoret' } } }],
      client_reference_id: input.reference,
      metadata: { reference: input.reference },
      payment_intent_data: { metadata: { reference: input.reference } },
      customer_email: 'kari@example.no',
      success_url: input.returnUrl,
      cancel_url: input.cancelUrl,
    });
    expect(request?.params).not.toHaveProperty('automatic_tax');
    const expiresAt = Number(request?.params.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 60);
    expect(expiresAt).toBeLessThanOrEqual(before + 60 * 60);
  });

  it('returns the same session when called again with the same key, and refuses the key with other parameters', async () => {
    const input = order();
    const first = await provider.create(input);
    const again = await provider.create(input);
    expect(again).toEqual(first);
    expect(fake.calls.at(-1)).toMatchObject({ op: 'createSession', replayed: true, idempotencyKey: input.idempotencyKey });

    const changed = provider.create({ ...input, amountOre: 99_900 });
    await expect(changed).rejects.toBeInstanceOf(ProviderRefusedError);
    await expect(changed).rejects.toMatchObject({ status: 400, message: expect.stringContaining('idempotency_error') });
  });

  it('places expires_at on a 15-minute grid between 46 minutes and 24 hours ahead', () => {
    const now = new Date('2026-11-23T10:07:30Z');
    const t = now.getTime() / 1000;
    expect(sessionExpiresAt(now, 60)).toBe(Date.parse('2026-11-23T11:00:00Z') / 1000);
    expect(sessionExpiresAt(new Date('2026-11-23T10:14:59Z'), 60)).toBe(sessionExpiresAt(now, 60));
    expect(sessionExpiresAt(now, 5) - t).toBeGreaterThan(30 * 60);
    expect(sessionExpiresAt(now, 10_000) - t).toBeLessThanOrEqual(24 * 3600);
  });
});

describe('status, capture and cancel', () => {
  it('is pending while the session is open and captured once the buyer has paid', async () => {
    const payment = await created();
    expect(await provider.status(payment)).toEqual({ state: 'pending', authorizedOre: 0, capturedOre: 0, refundedOre: 0 });

    fake.pay(payment.providerPaymentId);
    expect(await provider.status(payment)).toEqual({ state: 'captured', authorizedOre: 149_900, capturedOre: 149_900, refundedOre: 0 });
    const retrieve = callsOf('retrieveSession').at(-1);
    expect(retrieve?.params).toEqual({ expand: ['payment_intent.latest_charge'] });

    // Checkout captures when the buyer pays: capture is a no-op that calls nobody.
    const since = fake.calls.length;
    await provider.capture(payment, 149_900, `capture:${payment.reference}`);
    expect(fake.calls.length).toBe(since);
  });

  it('is expired once the session ran out', async () => {
    const payment = await created();
    fake.expire(payment.providerPaymentId);
    expect(await provider.status(payment)).toMatchObject({ state: 'expired', capturedOre: 0 });
  });

  it('cancel expires an open session with the caller’s key, and does nothing to one that is over', async () => {
    const open = await created();
    await provider.cancel(open, `cancel:${open.reference}`);
    expect(fake.session(open.providerPaymentId)?.status).toBe('expired');
    expect(callsOf('expireSession').at(-1)?.idempotencyKey).toBe(`cancel:${open.reference}`);
    expect(await provider.status(open)).toMatchObject({ state: 'expired' });

    const since = fake.calls.length;
    await provider.cancel(open, `cancel:${open.reference}`);
    const paid = await created();
    fake.pay(paid.providerPaymentId);
    await provider.cancel(paid, `cancel:${paid.reference}`);
    expect(callsOf('expireSession', since)).toHaveLength(0);
    expect(fake.session(paid.providerPaymentId)?.status).toBe('complete');

    // Stripe refusing to expire a session that is still open is a real refusal, not a no-op.
    const stuck = await created();
    fake.failNext('expireSession', 400);
    await expect(provider.cancel(stuck, `cancel:${stuck.reference}`)).rejects.toMatchObject({ name: 'ProviderRefusedError', status: 400 });
  });
});

describe('refund', () => {
  it('refunds part, then the rest; a retried refund with the same key refunds once', async () => {
    const payment = await created();
    fake.pay(payment.providerPaymentId);

    await provider.refund(payment, 49_900, `refund:${payment.reference}:1`);
    await provider.refund(payment, 49_900, `refund:${payment.reference}:1`);
    expect(await provider.status(payment)).toMatchObject({ state: 'captured', capturedOre: 149_900, refundedOre: 49_900 });
    const refunds = callsOf('createRefund').slice(-2);
    expect(refunds.map((c) => [c.idempotencyKey, c.replayed])).toEqual([
      [`refund:${payment.reference}:1`, false],
      [`refund:${payment.reference}:1`, true],
    ]);
    expect(refunds[0]?.params).toEqual({
      payment_intent: fake.session(payment.providerPaymentId)?.payment_intent,
      amount: '49900',
      metadata: { reference: payment.reference },
    });

    await provider.refund(payment, 100_000, `refund:${payment.reference}:2`);
    expect(await provider.status(payment)).toMatchObject({ refundedOre: 149_900 });
    const charge = fake.charge(fake.paymentIntent(fake.session(payment.providerPaymentId)!.payment_intent!)!.latest_charge!);
    expect(charge).toMatchObject({ amount_refunded: 149_900, refunded: true });

    await expect(provider.refund(payment, 1, `refund:${payment.reference}:3`)).rejects.toMatchObject({ name: 'ProviderRefusedError', status: 400 });
  });

  it('refuses to refund a session nobody paid', async () => {
    const payment = await created();
    await expect(provider.refund(payment, 100, `refund:${payment.reference}:1`)).rejects.toMatchObject({ name: 'ProviderRefusedError', status: 409 });
  });
});

describe('errors', () => {
  it('retries a 500 once with the same idempotency key, and succeeds', async () => {
    const since = fake.calls.length;
    fake.failNext('createSession', 500);
    const input = order();
    const result = await provider.create(input);
    expect(result.providerPaymentId).toMatch(/^cs_test_/);
    expect(callsOf('createSession', since).map((c) => [c.status, c.idempotencyKey])).toEqual([
      [500, input.idempotencyKey],
      [200, input.idempotencyKey],
    ]);
  });

  it('turns a dropped connection into ProviderUnavailableError', async () => {
    const payment = await created();
    fake.failNext('retrieveSession', 'network', 2);
    await expect(provider.status(payment)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(await provider.status(payment)).toMatchObject({ state: 'pending' });
  });

  it('turns 5xx after the retry and 429 into ProviderUnavailableError', async () => {
    const payment = await created();
    fake.failNext('retrieveSession', 503, 2);
    await expect(provider.status(payment)).rejects.toMatchObject({ name: 'ProviderUnavailableError', provider: 'stripe' });
    fake.failNext('retrieveSession', 429);
    await expect(provider.status(payment)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('turns 400, 402 and 404 into ProviderRefusedError with the status', async () => {
    fake.failNext('createSession', 400);
    await expect(provider.create(order())).rejects.toMatchObject({ name: 'ProviderRefusedError', provider: 'stripe', status: 400 });
    fake.failNext('createSession', 402);
    await expect(provider.create(order())).rejects.toMatchObject({ name: 'ProviderRefusedError', status: 402 });
    await expect(provider.status({ reference: 'ka-none', providerPaymentId: 'cs_test_missing' })).rejects.toMatchObject({
      name: 'ProviderRefusedError',
      status: 404,
    });
  });

  it('never puts the secret key in an error message', async () => {
    fake.failNext('createSession', 401);
    const error = await provider.create(order()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRefusedError);
    expect(String((error as Error).message)).not.toContain('sk_test_fake');
  });

  it('gives up after the timeout', async () => {
    // A server that accepts the connection and never answers.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const slow = createStripeProvider({
      secretKey: 'sk_test_fake',
      webhookSecret: 'whsec_x',
      apiUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      timeoutMs: 300,
      maxNetworkRetries: 0,
    });
    await expect(slow.status({ reference: 'ka-x', providerPaymentId: 'cs_test_x' })).rejects.toBeInstanceOf(ProviderUnavailableError);
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
});

describe('webhooks', () => {
  const body = JSON.stringify({ id: 'evt_test_1', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_test_1' } } });
  const bytes = new TextEncoder().encode(body);
  const request = (header?: string) =>
    new Request('http://localhost/api/webhooks/stripe', { method: 'POST', headers: header ? { [STRIPE_SIGNATURE_HEADER]: header } : {}, body });

  it('accepts the header Stripe’s SDK makes for the raw body', () => {
    expect(provider.verifier.provider).toBe('stripe');
    expect(provider.verifier.verify(request(fake.signatureHeader(body)), bytes)).toBe(true);
    const at = Math.floor(Date.parse('2026-11-23T10:00:00Z') / 1000);
    expect(provider.verifier.verify(request(fake.signatureHeader(body, { timestamp: at })), bytes, new Date('2026-11-23T10:04:59Z'))).toBe(true);
  });

  it('refuses a changed byte, another secret, an old timestamp and a missing header', () => {
    const changed = new Uint8Array(bytes);
    changed[10] = changed[10]! ^ 1;
    expect(provider.verifier.verify(request(fake.signatureHeader(body)), changed)).toBe(false);
    expect(provider.verifier.verify(request(fake.signatureHeader(body, { secret: 'whsec_someone_else' })), bytes)).toBe(false);
    const old = Math.floor(Date.now() / 1000) - 301;
    expect(provider.verifier.verify(request(fake.signatureHeader(body, { timestamp: old })), bytes)).toBe(false);
    expect(provider.verifier.verify(request(), bytes)).toBe(false);
    expect(provider.verifier.verify(request('t=1,v1=nonsense'), bytes)).toBe(false);
  });

  it('a delivery from the fake verifies at the receiving end, and one signed with another secret does not', async () => {
    const received: boolean[] = [];
    const receiver = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const raw = new Uint8Array(Buffer.concat(chunks));
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const ok = provider.verifier.verify(new Request('http://localhost/', { method: 'POST', headers, body: raw }), raw);
      received.push(ok);
      res.writeHead(ok ? 200 : 401).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
    const payment = await created();
    const event = fake.event('checkout.session.completed', fake.pay(payment.providerPaymentId));
    expect((await fake.deliverWebhook(target, event)).status).toBe(200);
    expect((await fake.deliverWebhook(target, event, { secret: 'whsec_wrong' })).status).toBe(401);
    expect(received).toEqual([true, false]);
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it('reads the order’s reference from checkout.session.completed, checkout.session.expired and charge.refunded', async () => {
    const paid = await created();
    const session = fake.pay(paid.providerPaymentId);
    const completed = fake.event('checkout.session.completed', session);
    expect(provider.parseEvent(provider.webhookBody.parse(completed))).toEqual({
      eventId: completed.id,
      reference: paid.reference,
      type: 'checkout.session.completed',
    });

    const lapsed = await created();
    const expired = fake.event('checkout.session.expired', fake.expire(lapsed.providerPaymentId));
    expect(provider.parseEvent(provider.webhookBody.parse(expired))).toMatchObject({ reference: lapsed.reference, type: 'checkout.session.expired' });

    await provider.refund(paid, 149_900, `refund:${paid.reference}:1`);
    const charge = fake.charge(fake.paymentIntent(session.payment_intent!)!.latest_charge!)!;
    const refunded = fake.event('charge.refunded', charge);
    expect(provider.parseEvent(provider.webhookBody.parse(refunded))).toEqual({
      eventId: refunded.id,
      reference: paid.reference,
      type: 'charge.refunded',
    });
  });

  it('gives reference null for an object that is not ours, and refuses a body that is no event', () => {
    const foreign = fake.event('charge.refunded', { id: 'ch_test_other', object: 'charge', metadata: {} });
    expect(provider.parseEvent(provider.webhookBody.parse(foreign))).toEqual({ eventId: foreign.id, reference: null, type: 'charge.refunded' });
    expect(provider.webhookBody.safeParse({ type: 'charge.refunded', data: { object: {} } }).success).toBe(false);
    expect(provider.webhookBody.safeParse({ id: 'evt 1', type: 'x', data: { object: {} } }).success).toBe(false);
  });

  it('the SDK itself accepts the fake’s signature (the fake signs as Stripe does)', () => {
    const header = fake.signatureHeader(body);
    expect(Stripe.webhooks.constructEvent(body, header, fake.webhookSecret).id).toBe('evt_test_1');
  });
});

describe('stripeProviderFromEnv', () => {
  it.skipIf(process.env.STRIPE_SECRET_KEY || process.env.STRIPE_WEBHOOK_SECRET)(
    'is null unless both the secret key and the webhook secret are set',
    () => {
      expect(stripeProviderFromEnv()).toBeNull();
    },
  );

  it('is the card provider, labelled Kort', () => {
    expect(provider).toMatchObject({ name: 'stripe', label: 'Kort' });
  });
});
