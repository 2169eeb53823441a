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

/** The update is guarded on the state the caller read, so two racing moves cannot both win. Runs in the caller's transaction. */

export interface TransitionInput {
  trigger: string;
  actorId?: string | null;
  detail?: Record<string, unknown> | SQL;
  set?: PgUpdateSetSource<typeof orders>;
  before?: WithSubquery[];
  /** The caller sends a fuller receipt mail in the same transaction. */
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

export interface Transitioned {
  order: Order;
  effects: Record<string, unknown>;
}

export async function transition(tx: Db, order: Order, to: OrderState, input: TransitionInput): Promise<Transitioned> {
  if (!canMove(order.status, to)) {
    // A move the table lacks is a bug, never a user's mistake.
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

/** Also after a refund: the receipt then shows what was refunded. */
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

async function releaseCoupon(tx: Db, order: Pick<Order, 'couponId'>): Promise<void> {
  if (!order.couponId) return;
  await tx
    .update(coupons)
    .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
    .where(eq(coupons.id, order.couponId));
}
