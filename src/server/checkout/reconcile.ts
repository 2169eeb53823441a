import { eq, sql } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { type Order, orderRefunds, orders, receiptCounter, users } from '../../../db/schema';
import { queueCreatePassword } from '../account/password-links';
import { env } from '../platform/env';
import { ConflictError, NotFoundError, UnavailableError } from '../platform/errors';
import { isOpen, OPEN_STATES, statesSql } from '../products/order-states';
import { NO_PASSWORD } from '../auth/password';
import { type PaymentProvider, type PaymentRef, ProviderRefusedError, ProviderUnavailableError } from '../payments/provider';
import { paymentProvider } from '../payments/registry';
import { productKindOf } from '../products/registry';
import { queueReceipt, transition } from './lifecycle';

/**
 * Return page, webhook and sweep may all call it, as often and in any order. Under the order's row lock the provider's
 * answer (never a webhook body) decides, and a paid order gets its receipt and mail in the same transaction. Provider
 * keys come from the order, so a crash between capture and commit heals on the next call.
 */

export type ReconcileTrigger = 'return' | 'webhook' | 'sweep' | 'admin';

export interface Reconciled {
  order: Order;
  providerError: Error | null;
}

export const duplicateNotice = 'Du hadde allerede tilgang til dette kurset, så vi har betalt tilbake hele beløpet. Du trenger ikke gjøre noe.';

/** The idle-in-transaction limit while a provider answers. */
const PROVIDER_WAIT_SECONDS = Math.ceil((env.PAYMENT_PROVIDER_TIMEOUT_MS * 3) / 1000) + 5;

export async function reconcile(db: Db, orderId: string, trigger: ReconcileTrigger, now = new Date()): Promise<Reconciled> {
  let providerError: Error | null = null;
  const order = await atomically(db, async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL idle_in_transaction_session_timeout = '${PROVIDER_WAIT_SECONDS}s'`));
    const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!locked) throw new NotFoundError('Fant ikke bestillingen.');
    if (!isOpen(locked.status)) return locked;
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
  if (!order.userId && !order.guest) {
    // The buyer deleted their account: nobody may receive this order, whoever has the address now.
    await provider.cancel(ref, `cancel:${order.id}`);
    return close(tx, order, 'cancelled', trigger, { reason: 'account deleted' });
  }
  const status = await provider.status(ref);
  switch (status.state) {
    case 'authorized': {
      const remaining = order.totalOre - status.capturedOre;
      if (remaining > 0) await provider.capture(ref, remaining, `capture:${order.id}`);
      return fulfilOrRefund(tx, provider, ref, order, order.totalOre, trigger);
    }
    case 'captured':
      return fulfilOrRefund(tx, provider, ref, order, Math.max(status.capturedOre, order.totalOre), trigger);
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

async function close(
  tx: Db,
  order: Order,
  to: 'cancelled' | 'expired' | 'failed',
  trigger: ReconcileTrigger,
  detail: Record<string, unknown>,
): Promise<Order> {
  const { order: row } = await transition(tx, order, to, { trigger, detail, set: { reconciledAt: sql`now()`, lastError: null } });
  return row;
}

/** Two tabs, two orders: the duplicate is refunded at the provider first, so nothing is written if it does not answer. */
async function fulfilOrRefund(tx: Db, provider: PaymentProvider, ref: PaymentRef, order: Order, capturedOre: number, trigger: ReconcileTrigger) {
  if (!(await productKindOf(order).alreadyDelivered(tx, order))) return fulfil(tx, order, capturedOre, trigger);
  await provider.refund(ref, capturedOre, `refund:duplicate:${order.id}`);
  const paid = await fulfil(tx, order, capturedOre, trigger, null, { mail: false });
  await tx.insert(orderRefunds).values({
    orderId: paid.id,
    amountOre: capturedOre,
    reason: 'Kjøperen hadde allerede kurset (dobbelt kjøp).',
    idempotencyKey: `duplicate:${paid.id}`,
    actorId: null,
  });
  const { order: refunded } = await transition(tx, paid, 'refunded', {
    trigger: 'duplicate',
    detail: { refundOre: capturedOre, reason: 'already_has_course' },
    set: { refundedOre: capturedOre },
  });
  await queueReceipt(tx, refunded, duplicateNotice);
  return refunded;
}

/** A guest's new account has no password yet; the mail queued here proves the address and lets the buyer choose one. */
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
  if (made) {
    await queueCreatePassword(tx, { id: made.id, email: order.buyerEmail, firstName: order.buyerFirstName }, 'purchase');
    return { userId: made.id, created: true };
  }
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, order.buyerEmail));
  return { userId: existing!.id, created: false };
}

async function fulfil(
  tx: Db,
  order: Order,
  capturedOre: number,
  trigger: ReconcileTrigger,
  actorId: string | null = null,
  options: { mail: boolean } = { mail: true },
): Promise<Order> {
  const account = await buyerAccount(tx, order);
  // The counter row stays locked until commit, so receipt numbers follow the paying transactions and a rollback gives
  // its number back: no gaps.
  const counter = tx.$with('counter', { lastNumber: receiptCounter.lastNumber }).as(
    tx
      .update(receiptCounter)
      .set({ lastNumber: sql`${receiptCounter.lastNumber} + 1` })
      .where(eq(receiptCounter.id, 1))
      .returning({ lastNumber: receiptCounter.lastNumber })
      .getSQL(),
  );
  const { order: paid } = await transition(tx, order, 'paid', {
    trigger,
    actorId,
    withoutMail: !options.mail,
    set: {
      userId: account.userId,
      accountCreated: account.created,
      capturedOre,
      receiptNumber: sql`(SELECT last_number FROM counter)`,
      paidAt: sql`now()`,
      reconciledAt: sql`now()`,
      lastError: null,
    },
    detail: sql`jsonb_build_object('receiptNumber', changed.receipt_number, 'capturedOre', changed.captured_ore, 'accountCreated', changed.account_created)`,
    before: [counter],
  });
  return paid;
}

export async function settleInvoice(db: Db, orderId: string, outcome: 'paid' | 'cancelled', actorId: string): Promise<Order> {
  return atomically(db, async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!locked) throw new NotFoundError('Fant ikke bestillingen.');
    if (locked.status !== 'invoiced')
      throw new ConflictError('Bare bestillinger på faktura kan merkes som betalt eller kanselleres her.', 'not_invoiced');
    if (outcome === 'paid') return fulfil(tx, locked, locked.totalOre, 'admin', actorId);
    const { order } = await transition(tx, locked, 'cancelled', {
      trigger: 'admin',
      actorId,
      detail: { invoice: 'cancelled' },
      set: { lastError: null },
    });
    return order;
  });
}

/** A provider that does not answer fails the delivery (503), so the provider delivers it again later. */
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

/** Catches payments whose return page was closed and webhook lost; one order's trouble does not stop the others. */
export async function sweepOpenOrders(db: Db, options: { limit?: number; quietSeconds?: number; now?: Date } = {}): Promise<SweepResult> {
  const { limit = 50, quietSeconds = 120, now = new Date() } = options;
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      sql`${orders.status} IN ${statesSql(OPEN_STATES)} AND coalesce(${orders.reconciledAt}, ${orders.createdAt}) < ${now.toISOString()}::timestamptz - make_interval(secs => ${quietSeconds})`,
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
      else if (!isOpen(order.status)) result.closed++;
    } catch (error) {
      result.failed++;
      console.warn(`[order-sweeper] order ${id}: ${error instanceof Error ? error.name : 'error'}`);
    }
  }
  return result;
}

export const leavingBuyerMessages = {
  paymentUnderway: 'En betaling er underveis og kunne ikke stoppes akkurat nå. Prøv igjen om litt.',
} as const;

/** After deletion the buyer is anonymised, so an order left open could later be paid to whoever then holds the address. */
export async function cancelOpenOrdersOf(db: Db, buyer: { userId: string; email: string }): Promise<number> {
  const open = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      sql`(${orders.userId} = ${buyer.userId} OR (${orders.guest} AND ${orders.buyerEmail} = ${buyer.email})) AND ${orders.status} IN ${statesSql(OPEN_STATES)}`,
    );
  let cancelled = 0;
  for (const { id } of open) {
    const { order } = await reconcile(db, id, 'sweep');
    if (!isOpen(order.status)) continue;
    await atomically(db, async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      if (!locked || !isOpen(locked.status)) return;
      const provider = locked.providerPaymentId ? await paymentProvider(tx, locked.provider) : null;
      if (provider && locked.providerPaymentId) {
        try {
          await provider.cancel({ reference: locked.reference, providerPaymentId: locked.providerPaymentId }, `cancel:${locked.id}`);
        } catch (error) {
          if (error instanceof ProviderUnavailableError || error instanceof ProviderRefusedError)
            throw new UnavailableError(leavingBuyerMessages.paymentUnderway);
          throw error;
        }
      }
      await transition(tx, locked, 'cancelled', { trigger: 'account_deleted', detail: { reason: 'account deleted' } });
      cancelled++;
    });
  }
  return cancelled;
}
