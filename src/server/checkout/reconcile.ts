import { eq, sql } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { type Order, orders, type OrderStatus, receiptCounter, users } from '../../../db/schema';
import { grantCourse } from '../access/entitlements';
import { env } from '../env';
import { ConflictError, NotFoundError, UnavailableError } from '../errors';
import { takeBackExcessSeats } from '../company/seats.service';
import { queueMail } from '../mail/outbox';
import { NO_PASSWORD } from '../password';
import { type PaymentProvider, type PaymentRef, ProviderRefusedError, ProviderUnavailableError } from '../payments/provider';
import { paymentProvider } from '../payments/registry';
import { changeOrder } from './order-change';
import { receiptDataFor } from './receipts';
import { releaseCoupon } from './checkout.service';
import { coursePlayerPath, receiptPath } from './paths';

/**
 * `reconcile(order)`: the only code that moves an order after it was made (decision 30). The
 * return page, the provider's webhook and the scheduled sweep all call it, as often and in
 * whatever order they like. Under the order's row lock it asks the provider for the truth
 * (never a webhook's body), captures a reserved payment, and for a paid one grants the course
 * (`purchase`), numbers the receipt from the counter row and queues the receipt mail, all in one
 * transaction: the order is paid with everything that belongs to it, or not at all. A call for an
 * order that is no longer open changes nothing. Every provider call's idempotency key comes from
 * the order (`capture:<id>`, `cancel:<id>`), so a crash between the capture and the commit is
 * healed by the next call: the provider then reports the payment captured.
 */

export type ReconcileTrigger = 'return' | 'webhook' | 'sweep' | 'admin';

export interface Reconciled {
  order: Order;
  /** The provider did not answer (or refused): the order is unchanged, and `lastError` says why. */
  providerError: Error | null;
}

const OPEN: readonly OrderStatus[] = ['created', 'awaiting_payment'];

/** How long a reconcile may wait between its statements while a provider answers (PostgreSQL's idle-in-transaction limit). */
const PROVIDER_WAIT_SECONDS = Math.ceil((env.PAYMENT_PROVIDER_TIMEOUT_MS * 3) / 1000) + 5;

export async function reconcile(db: Db, orderId: string, trigger: ReconcileTrigger, now = new Date()): Promise<Reconciled> {
  let providerError: Error | null = null;
  const order = await atomically(db, async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL idle_in_transaction_session_timeout = '${PROVIDER_WAIT_SECONDS}s'`));
    const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!locked) throw new NotFoundError('Fant ikke bestillingen.');
    if (!OPEN.includes(locked.status)) return locked;
    const provider = await paymentProvider(tx, locked.provider);
    if (!provider) return noteError(tx, locked, `provider ${locked.provider} is not configured`);
    try {
      return await settle(tx, provider, locked, trigger, now);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError || error instanceof ProviderRefusedError)) throw error;
      providerError = error;
      return noteError(tx, locked, `${trigger}: ${error.message}`);
    }
  });
  return { order, providerError };
}

async function noteError(tx: Db, order: Order, message: string): Promise<Order> {
  const [row] = await tx
    .update(orders)
    .set({ lastError: message.slice(0, 500), reconciledAt: sql`now()` })
    .where(eq(orders.id, order.id))
    .returning();
  return row!;
}

async function settle(tx: Db, provider: PaymentProvider, order: Order, trigger: ReconcileTrigger, now: Date): Promise<Order> {
  const expired = now.getTime() >= order.expiresAt.getTime();
  if (order.status === 'created' || !order.providerPaymentId) {
    // The payment was never recorded as started: only time closes such an order.
    return expired ? close(tx, order, 'expired', trigger, { reason: 'never started' }) : order;
  }
  const ref: PaymentRef = { reference: order.reference, providerPaymentId: order.providerPaymentId };
  const status = await provider.status(ref);
  switch (status.state) {
    case 'authorized': {
      const remaining = order.totalOre - status.capturedOre;
      if (remaining > 0) await provider.capture(ref, remaining, `capture:${order.id}`);
      return fulfil(tx, order, order.totalOre, trigger);
    }
    case 'captured':
      return fulfil(tx, order, Math.max(status.capturedOre, order.totalOre), trigger);
    case 'cancelled':
    case 'expired':
    case 'failed':
      return close(tx, order, status.state, trigger, { provider: status.state });
    case 'pending': {
      if (!expired) {
        const [row] = await tx
          .update(orders)
          .set({ reconciledAt: sql`now()`, lastError: null })
          .where(eq(orders.id, order.id))
          .returning();
        return row!;
      }
      await provider.cancel(ref, `cancel:${order.id}`);
      return close(tx, order, 'expired', trigger, { reason: 'not paid in time' });
    }
  }
}

/** Ends an unpaid order: its coupon use is given back. */
async function close(
  tx: Db,
  order: Order,
  to: 'cancelled' | 'expired' | 'failed',
  trigger: ReconcileTrigger,
  detail: Record<string, unknown>,
): Promise<Order> {
  const row = await changeOrder(
    tx,
    tx
      .update(orders)
      .set({ status: to, closedAt: sql`now()`, reconciledAt: sql`now()`, lastError: null })
      .where(eq(orders.id, order.id))
      .returning(),
    { fromStatus: order.status, toStatus: to, trigger, detail },
  );
  await releaseCoupon(tx, order);
  return row!;
}

/**
 * The buyer's account: the signed-in buyer's, or for a guest the account with that e-mail if one
 * was made meanwhile, else a new one made now (it has no password yet; the return page signs the
 * buyer's browser in once).
 */
async function buyerAccount(tx: Db, order: Order): Promise<{ userId: string; created: boolean }> {
  if (order.userId) return { userId: order.userId, created: false };
  const [made] = await tx
    .insert(users)
    .values({
      email: order.buyerEmail,
      passwordHash: NO_PASSWORD,
      firstName: order.buyerFirstName,
      lastName: order.buyerLastName,
      role: 'individual',
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (made) return { userId: made.id, created: true };
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, order.buyerEmail));
  return { userId: existing!.id, created: false };
}

async function fulfil(tx: Db, order: Order, capturedOre: number, trigger: ReconcileTrigger, actorId: string | null = null): Promise<Order> {
  const account = await buyerAccount(tx, order);
  if (order.courseId) await grantCourse(tx, { userId: account.userId, courseId: order.courseId, source: 'purchase', sourceRef: order.id });
  // The counter row is locked from this statement until the commit: receipt numbers follow the
  // order of the paying transactions and a rollback gives its number back, so there are no gaps.
  // The number, the order's move and its event are one statement, so the lock is held for that
  // statement, the receipt mail's and the commit.
  const counter = tx.$with('counter', { lastNumber: receiptCounter.lastNumber }).as(
    tx
      .update(receiptCounter)
      .set({ lastNumber: sql`${receiptCounter.lastNumber} + 1` })
      .where(eq(receiptCounter.id, 1))
      .returning({ lastNumber: receiptCounter.lastNumber })
      .getSQL(),
  );
  const paid = await changeOrder(
    tx,
    tx
      .update(orders)
      .set({
        status: 'paid',
        userId: account.userId,
        accountCreated: account.created,
        capturedOre,
        receiptNumber: sql`(SELECT last_number FROM counter)`,
        paidAt: sql`now()`,
        reconciledAt: sql`now()`,
        lastError: null,
      })
      .where(eq(orders.id, order.id))
      .returning(),
    {
      fromStatus: order.status,
      toStatus: 'paid',
      trigger,
      actorId,
      detail: sql`jsonb_build_object('receiptNumber', changed.receipt_number, 'capturedOre', changed.captured_ore, 'accountCreated', changed.account_created)`,
    },
    [counter],
  );
  const base = env.SITE_URL.replace(/\/$/, '');
  await queueMail(tx, {
    to: paid!.buyerEmail,
    template: 'receipt',
    props: {
      ...receiptDataFor(paid!),
      firstName: paid!.buyerFirstName,
      courseUrl: `${base}${paid!.courseId ? coursePlayerPath(paid!.courseId) : paid!.companyId ? '/bedrift' : '/'}`,
      receiptUrl: `${base}${receiptPath(paid!.id)}`,
    },
  });
  return paid!;
}

/**
 * A company's order on invoice (issue 24, decision 32), by a superuser: 'paid' is the same move a
 * payment makes (receipt number, receipt mail, one transaction); 'cancelled' gives the coupon back
 * and takes back the seats the company no longer has (the newest first).
 */
export async function settleInvoice(db: Db, orderId: string, outcome: 'paid' | 'cancelled', actorId: string): Promise<Order> {
  return atomically(db, async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!locked) throw new NotFoundError('Fant ikke bestillingen.');
    if (locked.status !== 'invoiced')
      throw new ConflictError('Bare bestillinger på faktura kan merkes som betalt eller kanselleres her.', 'not_invoiced');
    if (outcome === 'paid') return fulfil(tx, locked, locked.totalOre, 'admin', actorId);
    const row = await changeOrder(
      tx,
      tx
        .update(orders)
        .set({ status: 'cancelled', closedAt: sql`now()`, lastError: null })
        .where(eq(orders.id, orderId))
        .returning(),
      { fromStatus: 'invoiced', toStatus: 'cancelled', trigger: 'admin', actorId, detail: { invoice: 'cancelled' } },
    );
    await releaseCoupon(tx, locked);
    if (locked.companyId) await takeBackExcessSeats(tx, locked.companyId);
    return row!;
  });
}

/**
 * A provider's webhook event (decision 30): the event only says which order to look at; the
 * order is reconciled with what the provider's API says now, in the transaction that records the
 * event. An event for no order of ours is only recorded. A provider that does not answer makes
 * the delivery fail (503), so the provider delivers it again later.
 */
export async function reconcileFromEvent(tx: Db, providerName: string, reference: string | null): Promise<void> {
  if (!reference) return;
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(sql`${orders.reference} = ${reference} AND ${orders.provider} = ${providerName}`);
  if (!order) return;
  const { providerError } = await reconcile(tx, order.id, 'webhook');
  if (providerError) throw new UnavailableError('Betalingstjenesten svarte ikke. Prøv igjen senere.');
}

export interface SweepResult {
  checked: number;
  paid: number;
  closed: number;
  failed: number;
}

/**
 * The scheduled sweep (decision 30): every open order whose last look is older than
 * `quietSeconds` is reconciled, oldest first, at most `limit` per run: a payment whose return
 * page was closed and whose webhook was lost is still fulfilled, and one never paid is cancelled
 * at the provider and expired once its time is up. One order's trouble does not stop the others.
 */
export async function sweepOpenOrders(db: Db, options: { limit?: number; quietSeconds?: number; now?: Date } = {}): Promise<SweepResult> {
  const { limit = 50, quietSeconds = 120, now = new Date() } = options;
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      sql`${orders.status} IN ('created', 'awaiting_payment') AND coalesce(${orders.reconciledAt}, ${orders.createdAt}) < ${now.toISOString()}::timestamptz - make_interval(secs => ${quietSeconds})`,
    )
    .orderBy(orders.createdAt)
    .limit(limit);
  const result: SweepResult = { checked: 0, paid: 0, closed: 0, failed: 0 };
  for (const { id } of due) {
    result.checked++;
    try {
      const { order, providerError } = await reconcile(db, id, 'sweep', now);
      if (providerError) result.failed++;
      else if (order.status === 'paid') result.paid++;
      else if (!OPEN.includes(order.status)) result.closed++;
    } catch (error) {
      result.failed++;
      console.warn(`[order-sweeper] order ${id}: ${error instanceof Error ? error.name : 'error'}`);
    }
  }
  return result;
}
