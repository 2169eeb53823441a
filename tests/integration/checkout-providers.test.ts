import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments, orders, webhookEvents } from '../../db/schema';
import adminOrdersFunctions from '../../netlify/functions/admin-orders';
import checkoutFunctions from '../../netlify/functions/checkout';
import checkoutReturnFunctions from '../../netlify/functions/checkout-return';
import orderSweeper from '../../netlify/functions/order-sweeper';
import webhookFunctions from '../../netlify/functions/webhooks';
import { CONSENT } from '../../src/server/checkout/checkout.service';
import { reconcile } from '../../src/server/checkout/reconcile';
import { acquireAppDb } from '../../src/server/platform/db';
import { usePaymentProvidersForTests } from '../../src/server/payments/registry';
import { createStripeProvider, STRIPE_SIGNATURE_HEADER, stripeProviderFromEnv } from '../../src/server/payments/stripe';
import { createVippsProvider, vippsIdempotencyKey, vippsProviderFromEnv } from '../../src/server/payments/vipps';
import { signVippsDelivery, type VippsWebhookEvent } from '../../src/server/payments/vipps-webhooks';
import { type FakeStripe, startFakeStripe } from '../fakes/stripe-server';
import { type FakeVipps, startFakeVipps } from '../fakes/vipps-server';
import { allowConsoleErrors, call, type CallResult, ORIGIN, signIn, webhookEventBody, webhookSignature } from '../helpers';
import { counts, learner as buyer, orderRow, paidOnce } from './order-checks';

/**
 * The checkout with Vipps and Stripe (issue 22, decision 30) against the fake servers
 * (tests/fakes/), through the real handlers: the order, the return page, the signed webhooks, the
 * sweep and the refunds. One paid order, one enrollment, one receipt number and one mail, whatever
 * arrives when; every provider call carries the key derived from the order; a capture whose answer
 * was lost, or whose transaction failed after it, is healed by the next reconcile without a second
 * capture; and a webhook's body is never believed: the provider's API is.
 */

const db = async () => (await acquireAppDb()).db;
const COURSE = 'ki-for-kontoret';
const PRODUCT = `course:${COURSE}`;

let vipps: FakeVipps;
let stripe: FakeStripe;
/** What our Vipps provider sent (the fake checks the create body but keeps only part of it). */
const vippsSent: { url: string; body: unknown }[] = [];
let restore: () => void;

beforeAll(async () => {
  [vipps, stripe] = await Promise.all([startFakeVipps(), startFakeStripe()]);
  const recordingFetch: typeof fetch = (input, init) => {
    vippsSent.push({ url: String(input), body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    return fetch(input, init);
  };
  restore = usePaymentProvidersForTests({
    vipps: createVippsProvider({ ...vipps.config, timeoutMs: 2_000, fetch: recordingFetch }),
    stripe: createStripeProvider({ secretKey: 'sk_test_fake', webhookSecret: stripe.webhookSecret, apiUrl: stripe.apiUrl, timeoutMs: 2_000 }),
    test: false,
  });
});

afterAll(async () => {
  restore();
  await Promise.all([vipps.close(), stripe.close()]);
});

const learner = () => buyer('leverandor');

interface Placed {
  buyer: { id: string; cookie: string };
  orderId: string;
  reference: string;
  redirectUrl: string;
  totalOre: number;
  providerPaymentId: string;
}

/** A signed-in learner orders the course with `provider`. */
async function placeOrder(provider: 'vipps' | 'stripe'): Promise<Placed> {
  const buyer = await learner();
  const made = await call(checkoutFunctions, '/api/checkout/orders', {
    cookie: buyer.cookie,
    ip: '198.51.100.9',
    json: { productId: PRODUCT, provider, consent: { accepted: true, version: CONSENT.version }, idempotencyKey: randomUUID() },
  });
  expect(made.status, made.text).toBe(201);
  const { orderId, reference, redirectUrl } = made.body as { orderId: string; reference: string; redirectUrl: string };
  const row = await orderRow(orderId);
  expect(row.status).toBe('awaiting_payment');
  return { buyer, orderId, reference, redirectUrl, totalOre: row.totalOre, providerPaymentId: row.providerPaymentId! };
}

const returnFrom = (placed: Placed) =>
  call(checkoutReturnFunctions, `/api/checkout/orders/${placed.orderId}/return`, { json: {}, cookie: placed.buyer.cookie });

/** A Vipps webhook delivery as Vipps makes it: signed over these exact bytes, path and host. */
function vippsWebhook(event: VippsWebhookEvent, options: { tamper?: (raw: string) => string } = {}): Promise<CallResult> {
  const rawBody = JSON.stringify(event);
  const { host: _host, ...signature } = signVippsDelivery({
    secret: vipps.config.webhookSecret,
    url: `${ORIGIN}/api/webhooks/vipps`,
    rawBody,
    date: new Date(),
  });
  return call(webhookFunctions, '/api/webhooks/vipps', {
    body: options.tamper ? options.tamper(rawBody) : rawBody,
    crossSite: true,
    headers: { 'Content-Type': 'application/json', ...signature },
  });
}

/** The payment's latest event of `name` at the fake (what Vipps would deliver). */
function vippsEvent(reference: string, name: string): VippsWebhookEvent {
  const event = vipps
    .payment(reference)
    ?.events.filter((e) => e.name === name)
    .at(-1);
  if (!event) throw new Error(`no ${name} event for ${reference}`);
  return event;
}

/** A Stripe event delivered with the fake's signature (`tamper` changes the bytes after signing). */
function stripeWebhook(event: object, options: { tamper?: (raw: string) => string } = {}): Promise<CallResult> {
  const payload = JSON.stringify(event, null, 2);
  return call(webhookFunctions, '/api/webhooks/stripe', {
    body: options.tamper ? options.tamper(payload) : payload,
    crossSite: true,
    headers: { 'Content-Type': 'application/json; charset=utf-8', [STRIPE_SIGNATURE_HEADER]: stripe.signatureHeader(payload) },
  });
}

/** The fake's calls of one operation on one payment. */
const vippsCalls = (reference: string, operation: 'capture' | 'refund' | 'cancel') =>
  vipps.calls.filter((c) => c.operation === operation && c.path === `/epayment/v1/payments/${reference}/${operation}`);

async function webhookRows(provider: string) {
  return (await db()).select().from(webhookEvents).where(eq(webhookEvents.provider, provider));
}

describe('Vipps', () => {
  it('create with the order-derived key, WEB_REDIRECT and the server amount; approve, return, captured once, paid once', async () => {
    const placed = await placeOrder('vipps');
    expect(placed.redirectUrl).toBe(`${vipps.baseUrl}/landing/${placed.reference}`);
    const create = vipps.calls.filter((c) => c.operation === 'create').at(-1)!;
    expect(create.idempotencyKey).toBe(vippsIdempotencyKey(`create:${placed.orderId}`));
    const sent = vippsSent.filter((s) => s.url.endsWith('/epayment/v1/payments')).at(-1)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      reference: placed.reference,
      userFlow: 'WEB_REDIRECT',
      amount: { currency: 'NOK', value: placed.totalOre },
      returnUrl: `${ORIGIN}/kasse/retur?ordre=${placed.orderId}`,
    });
    expect(vipps.payment(placed.reference)!.amount.value).toBe(placed.totalOre);

    // Before the buyer approves, the return page finds the payment pending.
    expect((await returnFrom(placed)).body).toMatchObject({ status: 'awaiting_payment' });

    vipps.approve(placed.reference);
    const back = await returnFrom(placed);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'paid', receiptPath: `/kvittering/${placed.orderId}`, coursePath: `/course/${COURSE}` });
    const captures = vippsCalls(placed.reference, 'capture');
    expect(captures).toHaveLength(1);
    expect(captures[0]!.idempotencyKey).toBe(vippsIdempotencyKey(`capture:${placed.orderId}`));
    expect(vipps.payment(placed.reference)!.captured).toBe(placed.totalOre);
    const settled = await counts(placed.orderId);
    expect(settled).toMatchObject(paidOnce);
    expect(settled.receiptNumber).toEqual(expect.any(Number));
    expect((await orderRow(placed.orderId)).capturedOre).toBe(placed.totalOre);

    // Later deliveries and returns change nothing.
    expect((await vippsWebhook(vippsEvent(placed.reference, 'CAPTURED'))).body).toEqual({ ok: true });
    expect((await returnFrom(placed)).body).toMatchObject({ status: 'paid', receiptNumber: String(settled.receiptNumber).padStart(6, '0') });
    expect(vippsCalls(placed.reference, 'capture')).toHaveLength(1);
    expect(await counts(placed.orderId)).toMatchObject(paidOnce);
  });

  it('a webhook before the return pays the order; the return then only reads it', async () => {
    const placed = await placeOrder('vipps');
    vipps.approve(placed.reference);
    const hook = await vippsWebhook(vippsEvent(placed.reference, 'AUTHORIZED'));
    expect(hook.status).toBe(200);
    expect(hook.body).toEqual({ ok: true });
    expect((await orderRow(placed.orderId)).status).toBe('paid');
    expect((await returnFrom(placed)).body).toMatchObject({ status: 'paid' });
    expect(vippsCalls(placed.reference, 'capture')).toHaveLength(1);
    expect(await counts(placed.orderId)).toMatchObject(paidOnce);
    const [row] = (await webhookRows('vipps')).filter(
      (r) => r.eventId === `${placed.reference}:AUTHORIZED:${vipps.payment(placed.reference)!.pspReference}`,
    );
    expect(row).toMatchObject({ eventType: 'AUTHORIZED', deliveries: 1 });
    expect(row!.processedAt).not.toBeNull();
  });

  it('duplicated and concurrent webhooks and returns: one capture, one paid order, one enrollment, one receipt, one mail', async () => {
    const placed = await placeOrder('vipps');
    vipps.approve(placed.reference);
    const authorized = vippsEvent(placed.reference, 'AUTHORIZED');
    const d = await db();
    const results = await Promise.all([
      vippsWebhook(authorized),
      vippsWebhook(authorized),
      vippsWebhook(authorized),
      vippsWebhook(vippsEvent(placed.reference, 'CREATED')),
      returnFrom(placed),
      returnFrom(placed),
      reconcile(d, placed.orderId, 'sweep'),
    ]);
    for (const r of results.slice(0, 6)) expect((r as CallResult).status).toBe(200);
    const hooks = results.slice(0, 3).map((r) => (r as CallResult).body);
    expect(hooks.filter((b) => JSON.stringify(b) === JSON.stringify({ ok: true }))).toHaveLength(1);
    expect(hooks.filter((b) => JSON.stringify(b) === JSON.stringify({ ok: true, duplicate: true }))).toHaveLength(2);
    expect(vippsCalls(placed.reference, 'capture')).toHaveLength(1);
    expect(vipps.payment(placed.reference)!.captured).toBe(placed.totalOre);
    expect(await counts(placed.orderId)).toMatchObject(paidOnce);
  });

  it('a capture that fails (500) leaves the order waiting with lastError; the webhook answers 503; a retry captures once with the same key', async () => {
    allowConsoleErrors();
    const placed = await placeOrder('vipps');
    vipps.approve(placed.reference);

    vipps.failNext('capture', 500);
    const back = await returnFrom(placed);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'awaiting_payment', receiptPath: null });
    const waiting = await orderRow(placed.orderId);
    expect(waiting.status).toBe('awaiting_payment');
    expect(waiting.lastError).toMatch(/^return: Vipps capture: HTTP 500/);

    vipps.failNext('capture', 500);
    const before = (await webhookRows('vipps')).length;
    const hook = await vippsWebhook(vippsEvent(placed.reference, 'AUTHORIZED'));
    expect(hook.status).toBe(503);
    // Nothing recorded: the provider delivers it again and that delivery is handled.
    expect(await webhookRows('vipps')).toHaveLength(before);
    expect((await orderRow(placed.orderId)).status).toBe('awaiting_payment');

    expect((await returnFrom(placed)).body).toMatchObject({ status: 'paid' });
    const captures = vippsCalls(placed.reference, 'capture');
    expect(captures.map((c) => c.status)).toEqual([500, 500, 200]);
    expect(new Set(captures.map((c) => c.idempotencyKey))).toEqual(new Set([vippsIdempotencyKey(`capture:${placed.orderId}`)]));
    expect(vipps.payment(placed.reference)!.captured).toBe(placed.totalOre);
    expect(vipps.payment(placed.reference)!.events.filter((e) => e.name === 'CAPTURED')).toHaveLength(1);
    expect((await orderRow(placed.orderId)).lastError).toBeNull();
    expect(await counts(placed.orderId)).toMatchObject(paidOnce);

    // The redelivered webhook is now handled (the order is paid: nothing more happens).
    expect((await vippsWebhook(vippsEvent(placed.reference, 'AUTHORIZED'))).body).toEqual({ ok: true });
    expect(await counts(placed.orderId)).toMatchObject(paidOnce);
  });

  it('a capture done at Vipps whose answer was lost: the next reconcile sees it captured and fulfils once, without capturing again', async () => {
    const placed = await placeOrder('vipps');
    vipps.approve(placed.reference);
    vipps.failNext('capture', 'network', { after: true });
    expect((await returnFrom(placed)).body).toMatchObject({ status: 'awaiting_payment' });
    expect(vipps.payment(placed.reference)!.captured).toBe(placed.totalOre);
    expect((await orderRow(placed.orderId)).lastError).toMatch(/Vipps capture/);

    expect((await returnFrom(placed)).body).toMatchObject({ status: 'paid' });
    expect(vippsCalls(placed.reference, 'capture')).toHaveLength(1);
    expect(vipps.payment(placed.reference)!.events.filter((e) => e.name === 'CAPTURED')).toHaveLength(1);
    expect(await counts(placed.orderId)).toMatchObject(paidOnce);
  });

  it('the database fails after the capture (the receipt counter): everything rolls back, the next reconcile fulfils once, one capture at Vipps', async () => {
    allowConsoleErrors();
    const placed = await placeOrder('vipps');
    vipps.approve(placed.reference);
    const d = await db();
    const [counterBefore] = (
      (await d.execute(sql`SELECT last_number AS n FROM receipt_counter WHERE id = 1`)) as unknown as { rows: { n: number }[] }
    ).rows;
    await d.execute(
      sql.raw(`CREATE FUNCTION test_fail_receipt_counter() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'simulated crash after the capture'; END $$`),
    );
    await d.execute(
      sql.raw('CREATE TRIGGER test_fail_receipt_counter BEFORE UPDATE ON receipt_counter FOR EACH ROW EXECUTE FUNCTION test_fail_receipt_counter()'),
    );
    let crashed: CallResult;
    try {
      crashed = await returnFrom(placed);
    } finally {
      await d.execute(sql.raw('DROP TRIGGER test_fail_receipt_counter ON receipt_counter'));
      await d.execute(sql.raw('DROP FUNCTION test_fail_receipt_counter()'));
    }
    expect(crashed.status).toBe(500);
    expect(vipps.payment(placed.reference)!.captured).toBe(placed.totalOre);
    expect(await counts(placed.orderId)).toMatchObject({ status: 'awaiting_payment', receiptNumber: null, mails: 0, enrollments: 0, paidEvents: 0 });

    expect((await returnFrom(placed)).body).toMatchObject({ status: 'paid' });
    expect(vippsCalls(placed.reference, 'capture')).toHaveLength(1);
    const settled = await counts(placed.orderId);
    expect(settled).toMatchObject(paidOnce);
    // The rolled-back number was given back: no gap.
    expect(settled.receiptNumber).toBe(Number(counterBefore!.n) + 1);
  });

  it('a payment the buyer rejects cancels the order; one that expires at Vipps expires it', async () => {
    const rejected = await placeOrder('vipps');
    vipps.reject(rejected.reference);
    expect((await vippsWebhook(vippsEvent(rejected.reference, 'ABORTED'))).status).toBe(200);
    expect(await counts(rejected.orderId)).toMatchObject({ status: 'cancelled', mails: 0, enrollments: 0, receiptNumber: null });

    const lapsed = await placeOrder('vipps');
    vipps.expire(lapsed.reference);
    expect((await returnFrom(lapsed)).body).toMatchObject({ status: 'expired', receiptPath: null });
    expect(await counts(lapsed.orderId)).toMatchObject({ mails: 0, enrollments: 0, receiptNumber: null });
  });

  it('an order left unpaid past its time: the sweep cancels the payment at Vipps (order-derived key) and expires the order', async () => {
    const placed = await placeOrder('vipps');
    await (
      await db()
    )
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 minute'`, reconciledAt: sql`now() - interval '10 minutes'` })
      .where(eq(orders.id, placed.orderId));
    const swept = await orderSweeper();
    expect(swept.status).toBe(200);
    expect(((await swept.json()) as { closed: number }).closed).toBeGreaterThanOrEqual(1);
    expect((await orderRow(placed.orderId)).status).toBe('expired');
    expect(vipps.payment(placed.reference)!.state).toBe('TERMINATED');
    const cancels = vippsCalls(placed.reference, 'cancel');
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.idempotencyKey).toBe(vippsIdempotencyKey(`cancel:${placed.orderId}`));
    // The buyer cannot approve it any more; the order stays expired.
    expect(() => vipps.approve(placed.reference)).toThrow();
    expect((await returnFrom(placed)).body).toMatchObject({ status: 'expired' });
  });

  it('refunds in part and in full through the admin API: deterministic keys, a repeated click refunds once, the full refund revokes the course', async () => {
    const placed = await placeOrder('vipps');
    vipps.approve(placed.reference);
    expect((await returnFrom(placed)).body).toMatchObject({ status: 'paid' });
    const admin = await signIn('superbruker@demo.no', 'demo1234', '198.51.100.77');
    const refund = (amountOre: number, key: string) =>
      call(adminOrdersFunctions, `/api/admin/orders/${placed.orderId}/refunds`, {
        cookie: admin,
        json: { amountOre, reason: 'Kunden angret', idempotencyKey: key },
      });

    const partKey = randomUUID();
    const [a, b] = await Promise.all([refund(10_000, partKey), refund(10_000, partKey)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await refund(10_000, partKey)).status).toBe(201);
    expect(vippsCalls(placed.reference, 'refund').map((c) => c.idempotencyKey)).toEqual([vippsIdempotencyKey(`refund:${partKey}`)]);
    expect(vipps.payment(placed.reference)!.refunded).toBe(10_000);
    expect(await orderRow(placed.orderId)).toMatchObject({ status: 'partly_refunded', refundedOre: 10_000 });
    const d = await db();
    const [kept] = await d.select().from(enrollments).where(eq(enrollments.sourceRef, placed.orderId));
    expect(kept!.revokedAt).toBeNull();

    const restKey = randomUUID();
    const full = await refund(placed.totalOre - 10_000, restKey);
    expect(full.status).toBe(201);
    expect(full.body).toMatchObject({ status: 'refunded', refundedOre: placed.totalOre });
    expect(vippsCalls(placed.reference, 'refund').map((c) => c.idempotencyKey)).toEqual([
      vippsIdempotencyKey(`refund:${partKey}`),
      vippsIdempotencyKey(`refund:${restKey}`),
    ]);
    expect(vipps.payment(placed.reference)!.refunded).toBe(placed.totalOre);
    const [revoked] = await d.select().from(enrollments).where(eq(enrollments.sourceRef, placed.orderId));
    expect(revoked!.revokedAt).not.toBeNull();
    // Nothing is left to refund.
    expect((await refund(1, randomUUID())).status).toBe(409);
    expect(vippsCalls(placed.reference, 'refund')).toHaveLength(2);
  });
});

describe('Stripe', () => {
  it('create: a Norwegian card session in NOK for the server amount, named by our reference, with the order-derived key', async () => {
    const placed = await placeOrder('stripe');
    const session = stripe.session(placed.providerPaymentId)!;
    expect(session).toMatchObject({
      locale: 'nb',
      currency: 'nok',
      amount_total: placed.totalOre,
      client_reference_id: placed.reference,
      metadata: { reference: placed.reference },
      success_url: `${ORIGIN}/kasse/retur?ordre=${placed.orderId}`,
      status: 'open',
    });
    expect(placed.redirectUrl).toBe(session.url);
    const create = stripe.calls.filter((c) => c.op === 'createSession' && c.params.client_reference_id === placed.reference);
    expect(create.map((c) => c.idempotencyKey)).toEqual([`create:${placed.orderId}`]);
  });

  it('pay → a signed checkout.session.completed pays the order once; redeliveries and the return change nothing', async () => {
    const placed = await placeOrder('stripe');
    const paid = stripe.pay(placed.providerPaymentId);
    const event = stripe.event('checkout.session.completed', paid);
    const first = await stripeWebhook(event);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: true });
    expect(await counts(placed.orderId)).toMatchObject(paidOnce);
    expect((await stripeWebhook(event)).body).toEqual({ ok: true, duplicate: true });
    expect((await returnFrom(placed)).body).toMatchObject({ status: 'paid' });
    const settled = await counts(placed.orderId);
    expect(settled).toMatchObject(paidOnce);
    expect(settled.receiptNumber).toEqual(expect.any(Number));
    const [row] = (await webhookRows('stripe')).filter((r) => r.eventId === event.id);
    expect(row).toMatchObject({ eventType: 'checkout.session.completed', deliveries: 2 });
  });

  it('an expired session expires the order', async () => {
    const placed = await placeOrder('stripe');
    const expired = stripe.expire(placed.providerPaymentId);
    expect((await stripeWebhook(stripe.event('checkout.session.expired', expired))).status).toBe(200);
    expect(await counts(placed.orderId)).toMatchObject({ status: 'expired', mails: 0, enrollments: 0, receiptNumber: null });
  });

  it('a full refund through the admin API refunds the payment intent once with the key derived from the click', async () => {
    const placed = await placeOrder('stripe');
    stripe.pay(placed.providerPaymentId);
    expect((await returnFrom(placed)).body).toMatchObject({ status: 'paid' });
    const admin = await signIn('superbruker@demo.no', 'demo1234', '198.51.100.78');
    const key = randomUUID();
    const refund = () =>
      call(adminOrdersFunctions, `/api/admin/orders/${placed.orderId}/refunds`, {
        cookie: admin,
        json: { amountOre: placed.totalOre, reason: 'Feilkjøp', idempotencyKey: key },
      });
    expect((await refund()).status).toBe(201);
    expect((await refund()).status).toBe(201);
    const intent = stripe.session(placed.providerPaymentId)!.payment_intent!;
    const refunds = stripe.calls.filter((c) => c.op === 'createRefund' && c.params.payment_intent === intent);
    expect(refunds.map((c) => c.idempotencyKey)).toEqual([`refund:${key}`]);
    expect(stripe.charge(stripe.paymentIntent(intent)!.latest_charge!)!.amount_refunded).toBe(placed.totalOre);
    expect(await orderRow(placed.orderId)).toMatchObject({ status: 'refunded', refundedOre: placed.totalOre });
    const [revoked] = await (await db()).select().from(enrollments).where(eq(enrollments.sourceRef, placed.orderId));
    expect(revoked!.revokedAt).not.toBeNull();
  });
});

describe('webhooks are proved by their signature and never believed', () => {
  it('a changed byte after signing: 401, nothing recorded, the order unchanged (Vipps and Stripe)', async () => {
    const viaVipps = await placeOrder('vipps');
    vipps.approve(viaVipps.reference);
    const viaStripe = await placeOrder('stripe');
    const session = stripe.pay(viaStripe.providerPaymentId);
    const before = { vipps: (await webhookRows('vipps')).length, stripe: (await webhookRows('stripe')).length };

    const vippsTampered = await vippsWebhook(vippsEvent(viaVipps.reference, 'AUTHORIZED'), {
      tamper: (raw) => raw.replace('"AUTHORIZED"', '"AUTHORIZEd"'),
    });
    const stripeTampered = await stripeWebhook(stripe.event('checkout.session.completed', session), {
      tamper: (raw) => raw.replace('"type": "checkout.session.completed"', '"type": "checkout.session.complete_"'),
    });
    for (const result of [vippsTampered, stripeTampered]) {
      expect(result.status).toBe(401);
      expect(result.body).toEqual({ error: 'Ugyldig eller utløpt signatur.' });
    }
    expect(await webhookRows('vipps')).toHaveLength(before.vipps);
    expect(await webhookRows('stripe')).toHaveLength(before.stripe);
    expect((await orderRow(viaVipps.orderId)).status).toBe('awaiting_payment');
    expect((await orderRow(viaStripe.orderId)).status).toBe('awaiting_payment');
    expect(vippsCalls(viaVipps.reference, 'capture')).toHaveLength(0);
  });

  it("a signed body that claims 'paid' for a payment the provider calls pending: recorded, but the order keeps waiting", async () => {
    const viaVipps = await placeOrder('vipps');
    const claim = {
      ...vippsEvent(viaVipps.reference, 'CREATED'),
      name: 'CAPTURED',
      pspReference: 'forged-1',
      amount: { currency: 'NOK', value: viaVipps.totalOre },
    };
    expect((await vippsWebhook(claim)).body).toEqual({ ok: true });
    expect(await counts(viaVipps.orderId)).toMatchObject({ status: 'awaiting_payment', mails: 0, enrollments: 0, receiptNumber: null });
    expect(vippsCalls(viaVipps.reference, 'capture')).toHaveLength(0);

    const viaStripe = await placeOrder('stripe');
    const open = stripe.session(viaStripe.providerPaymentId)!;
    const forged = stripe.event('checkout.session.completed', { ...open, status: 'complete', payment_status: 'paid' });
    expect((await stripeWebhook(forged)).body).toEqual({ ok: true });
    expect(await counts(viaStripe.orderId)).toMatchObject({ status: 'awaiting_payment', mails: 0, enrollments: 0, receiptNumber: null });
  });

  it('deliveries signed with another secret are refused', async () => {
    const placed = await placeOrder('stripe');
    const session = stripe.pay(placed.providerPaymentId);
    const payload = JSON.stringify(stripe.event('checkout.session.completed', session));
    const forged = await call(webhookFunctions, '/api/webhooks/stripe', {
      body: payload,
      crossSite: true,
      headers: { 'Content-Type': 'application/json', [STRIPE_SIGNATURE_HEADER]: stripe.signatureHeader(payload, { secret: 'whsec_not_ours' }) },
    });
    expect(forged.status).toBe(401);
    expect((await orderRow(placed.orderId)).status).toBe('awaiting_payment');
  });

  it('a provider without its settings verifies nothing: every delivery 401, even one signed with the secret it had', async () => {
    const body = JSON.stringify(webhookEventBody('vipps'));
    const stripeBody = JSON.stringify(webhookEventBody('stripe'));
    const deliver = async () => [
      await call(webhookFunctions, '/api/webhooks/vipps', {
        body,
        crossSite: true,
        headers: { 'Content-Type': 'application/json', ...(await webhookSignature('vipps', body)) },
      }),
      await call(webhookFunctions, '/api/webhooks/stripe', {
        body: stripeBody,
        crossSite: true,
        headers: { 'Content-Type': 'application/json', ...(await webhookSignature('stripe', stripeBody)) },
      }),
    ];
    // The settings' providers (tests/setup/database.ts) verify the helpers' signatures…
    const settings = usePaymentProvidersForTests({ vipps: vippsProviderFromEnv(), stripe: stripeProviderFromEnv() });
    try {
      expect((await deliver()).map((r) => r.status)).toEqual([200, 200]);
    } finally {
      settings();
    }
    // …and with no provider configured, nothing does.
    const none = usePaymentProvidersForTests({ vipps: null, stripe: null });
    try {
      expect((await deliver()).map((r) => r.status)).toEqual([401, 401]);
    } finally {
      none();
    }
  });
});
