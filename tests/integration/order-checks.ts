import { and, eq, sql } from 'drizzle-orm';
import { enrollments, mailOutbox, orderEvents, orders, users } from '../../db/schema';
import { DEMO_PASSWORD_HASH } from '../../db/seed';
import { acquireAppDb } from '../../src/server/platform/db';
import { createSession, SESSION_COOKIE } from '../../src/server/auth/session';

/**
 * The checkout tests' buyers, and what they look at after the calls (decision 30): the order's row, and how many
 * receipt mails, purchase enrollments and 'paid' events it has, which must each be one for a paid
 * order whatever the order and number of calls.
 */

const db = async () => (await acquireAppDb()).db;

let accounts = 0;

/**
 * A fresh signed-in learner without courses ('Kari Kjøper'). The session is made directly: the
 * sign-in route's throttle is not what these tests are about.
 */
export async function learner(prefix = 'kjoper'): Promise<{ id: string; email: string; cookie: string }> {
  const email = `${prefix}-${++accounts}-${process.pid}@example.no`;
  const [row] = await (
    await db()
  )
    .insert(users)
    .values({ email, passwordHash: DEMO_PASSWORD_HASH, firstName: 'Kari', lastName: 'Kjøper' })
    .returning({ id: users.id });
  const { token } = await createSession(await db(), row!.id);
  return { id: row!.id, email, cookie: `${SESSION_COOKIE}=${token}` };
}

export async function orderRow(orderId: string) {
  const [row] = await (await db()).select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

export async function counts(orderId: string) {
  const d = await db();
  const row = await orderRow(orderId);
  const [mails] = await d
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(mailOutbox)
    .where(sql`${mailOutbox.template} = 'receipt' AND ${mailOutbox.data}->>'orderReference' = ${row.reference}`);
  const [grants] = await d
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(enrollments)
    .where(and(eq(enrollments.sourceRef, orderId), eq(enrollments.source, 'purchase')));
  const [paidEvents] = await d
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, 'paid')));
  return { status: row.status, receiptNumber: row.receiptNumber, mails: mails!.n, enrollments: grants!.n, paidEvents: paidEvents!.n };
}

/** A paid order: one of each. */
export const paidOnce = { status: 'paid', mails: 1, enrollments: 1, paidEvents: 1 } as const;
