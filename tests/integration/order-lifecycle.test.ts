import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atomically } from '../../db/client';
import { coupons, enrollments, mailOutbox, orderEvents, users } from '../../db/schema';
import account from '../../netlify/functions/account';
import checkout from '../../netlify/functions/checkout';
import checkoutReturn from '../../netlify/functions/checkout-return';
import orderSweeper from '../../netlify/functions/order-sweeper';
import testPayments from '../../netlify/functions/test-payments';
import { ANONYMOUS_BUYER } from '../../src/server/account/data.service';
import { CONSENT, checkoutMessages } from '../../src/server/checkout/checkout.service';
import { OrderMoveRefused, transition } from '../../src/server/checkout/lifecycle';
import { duplicateNotice } from '../../src/server/checkout/reconcile';
import { acquireAppDb } from '../../src/server/platform/db';
import { env } from '../../src/server/platform/env';
import { ORDER_MOVES, ORDER_STATES, type OrderState } from '../../src/lib/order-states';
import { usePaymentProvidersForTests } from '../../src/server/payments/registry';
import { allowConsoleErrors, call } from '../helpers';
import { learner, orderRow } from './order-checks';

/**
 * One order lifecycle: every move goes through `transition`, which checks it against the table in
 * src/lib/order-states.ts and lets only one of racing moves win; what entering a state means
 * (grant, revoke, seats, coupon, mail) happens there. And the rules that close the smaller holes:
 * a course paid twice, coupon guessing, an order left open by a deleted account.
 */

const db = async () => (await acquireAppDb()).db;
const COURSE = 'ki-for-kontoret';
const PRODUCT = `course:${COURSE}`;
let n = 0;
const nextIp = () => `192.0.2.${(++n % 200) + 20}`;

let restore: () => void;
beforeAll(() => {
  restore = usePaymentProvidersForTests({ vipps: null, stripe: null, test: true });
});
afterAll(() => restore());

const orderCourse = (cookie: string, extra: Record<string, unknown> = {}, ip = nextIp()) =>
  call(checkout, '/api/checkout/orders', {
    cookie,
    ip,
    json: { productId: PRODUCT, provider: 'test', consent: { accepted: true, version: CONSENT.version }, idempotencyKey: randomUUID(), ...extra },
  });

const approveAtProvider = (reference: string) => call(testPayments, `/api/test-payments/${reference}/approve`, { json: {} });

async function eventsOf(orderId: string) {
  return (await db())
    .select({ from: orderEvents.fromStatus, to: orderEvents.toStatus })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.createdAt, orderEvents.id);
}

describe('the state table', () => {
  it('names every state, and a closed state has nowhere to go', () => {
    expect(Object.keys(ORDER_MOVES).sort()).toEqual([...ORDER_STATES].sort());
    for (const closed of ['refunded', 'cancelled', 'expired', 'failed'] as const) expect(ORDER_MOVES[closed]).toEqual([]);
  });

  it('refuses a move outside the table, with a logged error, and changes nothing', async () => {
    allowConsoleErrors();
    const buyer = await learner('utenfor');
    const made = await orderCourse(buyer.cookie);
    const order = await orderRow((made.body as { orderId: string }).orderId);
    expect(order.status).toBe('awaiting_payment');
    for (const to of ['refunded', 'partly_refunded', 'invoiced', 'created'] as OrderState[]) {
      await expect(atomically(await db(), (tx) => transition(tx, order, to, { trigger: 'test' }))).rejects.toBeInstanceOf(OrderMoveRefused);
    }
    expect(await orderRow(order.id)).toMatchObject({ status: 'awaiting_payment' });
    expect(await eventsOf(order.id)).toEqual([
      { from: null, to: 'created' },
      { from: 'created', to: 'awaiting_payment' },
    ]);
  });

  it('20 concurrent transitions of one order along different moves leave one valid path in its events', async () => {
    allowConsoleErrors();
    const buyer = await learner('samtidig');
    const made = await orderCourse(buyer.cookie);
    const read = await orderRow((made.body as { orderId: string }).orderId);
    const targets: OrderState[] = ['cancelled', 'expired', 'failed', 'refunded', 'paid'];
    // Each caller read the order as 'awaiting_payment' before any of them moved it.
    const d = await db();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => atomically(d, (tx) => transition(tx, read, targets[i % targets.length]!, { trigger: 'test' }))),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const events = await eventsOf(read.id);
    expect(events.slice(0, 2)).toEqual([
      { from: null, to: 'created' },
      { from: 'created', to: 'awaiting_payment' },
    ]);
    expect(events).toHaveLength(3);
    const last = events[2]!;
    expect(last.from).toBe('awaiting_payment');
    expect(ORDER_MOVES.awaiting_payment).toContain(last.to);
    expect((await orderRow(read.id)).status).toBe(last.to);
  });
});

describe('a course paid twice', () => {
  it('two tabs, two orders, both paid at the provider: one paid order, one refunded at once, and the buyer told', async () => {
    const buyer = await learner('to-faner');
    const [first, second] = [await orderCourse(buyer.cookie), await orderCourse(buyer.cookie)];
    expect([first.status, second.status]).toEqual([201, 201]);
    const ids = [first, second].map((r) => r.body as { orderId: string; reference: string });
    for (const { reference } of ids) expect((await approveAtProvider(reference)).status).toBe(200);
    for (const { orderId } of ids) await call(checkoutReturn, `/api/checkout/orders/${orderId}/return`, { cookie: buyer.cookie, json: {} });

    const rows = await Promise.all(ids.map(({ orderId }) => orderRow(orderId)));
    expect(rows.map((r) => r.status).sort()).toEqual(['paid', 'refunded']);
    const refunded = rows.find((r) => r.status === 'refunded')!;
    expect(refunded).toMatchObject({ refundedOre: refunded.capturedOre, receiptNumber: expect.any(Number) });
    expect((await eventsOf(refunded.id)).map((e) => e.to)).toEqual(['created', 'awaiting_payment', 'paid', 'refunded']);
    // The course stays, from the paid order.
    const paid = rows.find((r) => r.status === 'paid')!;
    const [grant] = await (
      await db()
    )
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, buyer.id), eq(enrollments.courseId, COURSE)));
    expect(grant).toMatchObject({ sourceRef: paid.id, revokedAt: null });
    // The second order's receipt mail says it was refunded and why.
    const [mail] = await (
      await db()
    )
      .select({ data: mailOutbox.data })
      .from(mailOutbox)
      .where(sql`${mailOutbox.template} = 'receipt' AND ${mailOutbox.data}->>'orderReference' = ${refunded.reference}`);
    expect(mail!.data).toMatchObject({ notice: duplicateNotice, refundedOre: refunded.capturedOre });
    // A third try is told before paying.
    const third = await orderCourse(buyer.cookie);
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ error: checkoutMessages.alreadyHasAccess });
  });
});

describe('coupon guessing', () => {
  it('past the limit gets 429 with the same text as a wrong code; used up and unknown read alike', async () => {
    const d = await db();
    await d.insert(coupons).values({ code: `BRUKT${process.pid}`, kind: 'percent', percentOff: 10, maxUses: 1, usedCount: 1 });
    const ip = '192.0.2.250';
    const quote = (couponCode: string) => call(checkout, '/api/checkout/quote', { ip, json: { productId: PRODUCT, couponCode } });
    const usedUp = await quote(`BRUKT${process.pid}`);
    const unknown = await quote('FINNESIKKE');
    expect(usedUp.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(usedUp.body).toEqual(unknown.body);
    expect(unknown.body).toMatchObject({ error: checkoutMessages.couponInvalid });
    const answers = [];
    for (let i = 0; i < env.COUPON_TRIES_PER_ADDRESS; i++) answers.push(await quote(`GJETT${i}`));
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]!.body).toMatchObject({ error: checkoutMessages.couponInvalid });
    // An order with a code from that address is refused the same way.
    const buyer = await learner('gjetter');
    const ordered = await orderCourse(buyer.cookie, { couponCode: 'GJETT99' }, ip);
    expect(ordered.status).toBe(429);
    expect(ordered.body).toMatchObject({ error: checkoutMessages.couponInvalid });
    // Another address is not affected.
    expect((await call(checkout, '/api/checkout/quote', { ip: '192.0.2.251', json: { productId: PRODUCT, couponCode: 'ANNEN' } })).status).toBe(400);
  });
});

describe('an open order of a deleted account', () => {
  it('cannot be paid to anyone: it is cancelled with the account, and nobody can take the anonymised address', async () => {
    const buyer = await learner('sletter');
    const made = await orderCourse(buyer.cookie);
    const { orderId, reference } = made.body as { orderId: string; reference: string };
    const deleted = await call(account, '/api/account/delete', { cookie: buyer.cookie, json: { password: 'demo1234' } });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled', userId: null, buyerEmail: ANONYMOUS_BUYER.email });

    // Paying at the provider afterwards, and every reconcile there is: still cancelled, no account made.
    await approveAtProvider(reference);
    await orderSweeper();
    expect((await orderRow(orderId)).status).toBe('cancelled');
    expect(await (await db()).select().from(users).where(eq(users.email, ANONYMOUS_BUYER.email))).toHaveLength(0);

    // Registering the anonymised address is refused.
    const registered = await call(account, '/api/auth/register', {
      ip: nextIp(),
      json: { firstName: 'Ny', lastName: 'Eier', email: ANONYMOUS_BUYER.email, password: 'et langt passord' },
    });
    expect(registered.status).toBe(400);
  });
});
