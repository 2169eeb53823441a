import { and, eq, type SQL, sql, type WithSubquery } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { coupons, type Order, orders } from '../../../db/schema';
import { canMove, CLOSED_UNPAID_STATES, type OrderState } from '../products/order-states';
import { env } from '../platform/env';
import { ConflictError } from '../platform/errors';
import { queueMail } from '../mail/outbox';
import { productKindOf } from '../products/registry';
import { changeOrder } from './order-change';
import { receiptPath } from './paths';
import { receiptSignIn } from './receipt-sign-in';
import { receiptDataFor } from './receipts';

/**
 * The one way an order changes state. `transition` checks the move against the table in
 * src/lib/order-states.ts, writes it with its audit event in one statement that only succeeds
 * while the order is still in the state the caller read (so two racing moves cannot both win),
 * and then does what entering the new state means:
 *
 * - paid: the product kind delivers (a course: the buyer's entitlement; a package: the company's
 *   seats count, and the company is approved), and the receipt mail is queued;
 * - cancelled, expired, failed: the coupon use is given back, and a package's seats beyond what the
 *   company still has are taken back;
 * - refunded, partly refunded: the product kind withdraws what the money no longer pays for.
 *
 * The caller says what else the row gets (`set`: a receipt number, the refunded amount) and the
 * event's detail. Everything happens in the caller's transaction.
 */

export interface TransitionInput {
  /** What moved it: 'checkout', 'return', 'webhook', 'sweep', 'admin', 'account_deleted', 'duplicate'. */
  trigger: string;
  actorId?: string | null;
  detail?: Record<string, unknown> | SQL;
  /** Further columns the move writes. */
  set?: PgUpdateSetSource<typeof orders>;
  /** CTEs the update reads (the receipt counter). */
  before?: WithSubquery[];
  /** Entering 'paid' without the receipt mail (the caller sends one that says more, in the same transaction). */
  withoutMail?: boolean;
}

export const lifecycleMessages = {
  refused: 'Bestillingen kan ikke endres slik.',
  moved: 'Bestillingen ble endret av noe annet samtidig. Last inn på nytt.',
} as const;

export class OrderMoveRefused extends ConflictError {
  constructor(
    readonly from: OrderState,
    readonly to: OrderState,
  ) {
    super(lifecycleMessages.refused, 'order_move_refused');
  }
}

/** What entering `to` did, for the event and the caller. */
export interface Transitioned {
  order: Order;
  effects: Record<string, unknown>;
}

export async function transition(tx: Db, order: Order, to: OrderState, input: TransitionInput): Promise<Transitioned> {
  if (!canMove(order.status, to)) {
    // A caller asked for a move the table does not have: a bug somewhere, never a user's mistake.
    console.error(`[order-lifecycle] refused move ${order.status} -> ${to} of order ${order.id} (${input.trigger})`);
    throw new OrderMoveRefused(order.status, to);
  }
  const closing = CLOSED_UNPAID_STATES.includes(to) ? { closedAt: sql`now()` } : {};
  const moved = await changeOrder(
    tx,
    tx
      .update(orders)
      .set({ ...closing, ...input.set, status: to, updatedAt: sql`now()` })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning(),
    { fromStatus: order.status, toStatus: to, trigger: input.trigger, actorId: input.actorId ?? null, detail: input.detail },
    input.before,
  );
  if (!moved) throw new ConflictError(lifecycleMessages.moved, 'order_moved');
  const effects = await enter(tx, moved, to, input);
  return { order: moved, effects };
}

async function enter(tx: Db, order: Order, to: OrderState, input: TransitionInput): Promise<Record<string, unknown>> {
  const kind = productKindOf(order);
  if (to === 'paid') {
    const delivered = await kind.deliver(tx, order);
    if (!input.withoutMail) await queueReceipt(tx, order);
    return delivered;
  }
  if (CLOSED_UNPAID_STATES.includes(to)) {
    await releaseCoupon(tx, order);
    return kind.withdraw(tx, order);
  }
  if (to === 'refunded' || to === 'partly_refunded') return kind.withdraw(tx, order);
  return {};
}

/** The receipt mail of a paid order (also after a refund: it then shows what was refunded), with a line the buyer must read first. */
export async function queueReceipt(tx: Db, order: Order, notice?: string): Promise<void> {
  const base = env.SITE_URL.replace(/\/$/, '');
  await queueMail(tx, {
    to: order.buyerEmail,
    template: 'receipt',
    props: {
      ...receiptDataFor(order),
      firstName: order.buyerFirstName,
      courseUrl: `${base}${productKindOf(order).usePath(order)}`,
      receiptUrl: `${base}${receiptPath(order.id)}`,
      notice,
      signIn: await receiptSignIn(tx, order),
    },
  });
}

/** Gives an unpaid order's coupon use back. */
async function releaseCoupon(tx: Db, order: Pick<Order, 'couponId'>): Promise<void> {
  if (!order.couponId) return;
  await tx
    .update(coupons)
    .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
    .where(eq(coupons.id, order.couponId));
}
