import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type Order, orderEvents, orderRefunds, orders, type OrderStatus, users } from '../../../db/schema';
import { NotFoundError } from '../platform/errors';
import { hasReceipt as isPaid } from '../products/order-states';
import { cursorCodec, type CursorValues, fetchSize, microsIso, type PageRequest, toPage } from '../platform/paging';
import type { SessionUser } from '../auth/session';
import { checkoutPath, coursePlayerPath, receiptPath } from './paths';
import { receiptDataFor } from './receipts';
import { formatReceiptNumber } from '../receipts/receipt-data';

export const hasReceipt = (order: Pick<Order, 'status'>) => isPaid(order.status);

export function orderSummary(order: Order) {
  const receipt = hasReceipt(order);
  return {
    orderId: order.id,
    reference: order.reference,
    status: order.status,
    title: order.title,
    courseId: order.courseId,
    totalOre: order.totalOre,
    refundedOre: order.refundedOre,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    receiptNumber: order.receiptNumber === null ? null : formatReceiptNumber(order.receiptNumber),
    receiptPath: receipt ? receiptPath(order.id) : null,
    coursePath: order.courseId ? coursePlayerPath(order.courseId) : null,
    checkoutPath: order.courseId ? checkoutPath(order.courseId) : null,
  };
}

export async function listOwnOrders(db: Db, userId: string) {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(200);
  return rows.map(orderSummary);
}

/** 404 for anyone else, so they cannot tell it exists. */
export async function readableOrder(db: Db, orderId: string, user: SessionUser): Promise<Order> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || (order.userId !== user.id && user.role !== 'superuser')) throw new NotFoundError('Fant ikke bestillingen.');
  return order;
}

export function orderWithReceipt(order: Order) {
  const receipt = hasReceipt(order);
  return {
    ...orderSummary(order),
    receipt: receipt ? receiptDataFor(order) : null,
    pdfPath: receipt ? `/api/orders/${order.id}/receipt.pdf` : null,
  };
}

const ORDER_KEY = ['time', 'uuid'] as const;
export const orderCursor = cursorCodec('orders', ORDER_KEY);

export interface AdminOrderQuery extends PageRequest<CursorValues<typeof ORDER_KEY>> {
  q?: string | undefined;
  status?: OrderStatus | undefined;
}

export async function adminListOrders(db: Db, query: AdminOrderQuery) {
  const conditions: (SQL | undefined)[] = [];
  const q = query.q?.trim();
  if (q) {
    const digits = /^\d{1,9}$/.test(q) ? Number(q) : null;
    conditions.push(
      or(
        ilike(orders.buyerEmail, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        eq(orders.reference, q.toLowerCase()),
        digits === null ? undefined : eq(orders.receiptNumber, digits),
      ),
    );
  }
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.cursor) conditions.push(sql`(${orders.createdAt}, ${orders.id}) < (${query.cursor[0]}::timestamptz, ${query.cursor[1]}::uuid)`);
  const rows = await db
    .select({ order: orders, at: microsIso(orders.createdAt) })
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(fetchSize(query));
  return toPage(
    rows,
    query,
    ({ order }) => ({
      ...orderSummary(order),
      buyerName: `${order.buyerFirstName} ${order.buyerLastName}`,
      buyerEmail: order.buyerEmail,
      provider: order.provider,
      couponCode: order.couponCode,
      lastError: order.lastError,
    }),
    (row) => orderCursor.encode([row.at, row.order.id]),
  );
}

export async function adminOrderDetail(db: Db, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new NotFoundError('Fant ikke bestillingen.');
  const actorName = sql<string | null>`(SELECT ${users.firstName} || ' ' || ${users.lastName} FROM ${users} WHERE ${users.id} = actor_id)`;
  const [events, refunds] = await Promise.all([
    db
      .select({
        fromStatus: orderEvents.fromStatus,
        toStatus: orderEvents.toStatus,
        trigger: orderEvents.trigger,
        detail: orderEvents.detail,
        createdAt: orderEvents.createdAt,
        actorName,
      })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(orderEvents.createdAt, orderEvents.id),
    db
      .select({ amountOre: orderRefunds.amountOre, reason: orderRefunds.reason, createdAt: orderRefunds.createdAt, actorName })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId))
      .orderBy(orderRefunds.createdAt),
  ]);
  return {
    ...orderWithReceipt(order),
    buyerName: `${order.buyerFirstName} ${order.buyerLastName}`,
    buyerEmail: order.buyerEmail,
    provider: order.provider,
    couponCode: order.couponCode,
    discountOre: order.discountOre,
    vatOre: order.vatOre,
    capturedOre: order.capturedOre,
    consent: { version: order.consentVersion, text: order.consentText, at: order.consentAt.toISOString() },
    lastError: order.lastError,
    refundableOre: hasReceipt(order) ? order.capturedOre - order.refundedOre : 0,
    events: events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    refunds: refunds.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

export async function revenueByMonth(db: Db) {
  const month = sql<string>`to_char(${orders.paidAt} at time zone 'Europe/Oslo', 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      orders: sql<number>`count(*)`.mapWith(Number),
      grossOre: sql<number>`coalesce(sum(${orders.capturedOre}), 0)`.mapWith(Number),
      refundedOre: sql<number>`coalesce(sum(${orders.refundedOre}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(sql`${orders.paidAt} IS NOT NULL AND ${orders.paidAt} > now() - interval '12 months'`)
    .groupBy(month)
    .orderBy(desc(month));
  return rows.map((r) => ({ ...r, netOre: r.grossOre - r.refundedOre }));
}
