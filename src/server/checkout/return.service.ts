import { and, eq } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { orders } from '../../../db/schema';
import { NotFoundError } from '../platform/errors';
import { isOpen } from '../products/order-states';
import { createSession, type SessionUser } from '../auth/session';
import { hashCheckoutToken } from './checkout.service';
import { orderSummary } from './orders.service';
import { reconcile } from './reconcile';

export const CHECKOUT_COOKIE = 'kia_checkout';

/** Anyone but the buyer gets the same 404 as for an unknown order. A guest is signed in once: the cookie hash is cleared in the same statement. */
export async function returnFromPayment(
  db: Db,
  input: { orderId: string; user: SessionUser | null; checkoutToken: string | null; userAgent?: string | null },
) {
  const [found] = await db.select().from(orders).where(eq(orders.id, input.orderId));
  const tokenHash = input.checkoutToken ? hashCheckoutToken(input.checkoutToken) : null;
  const holdsCookie = found !== undefined && tokenHash !== null && found.checkoutTokenHash === tokenHash;
  const owns = found !== undefined && input.user !== null && found.userId === input.user.id;
  if (!found || !(holdsCookie || owns)) throw new NotFoundError('Fant ikke bestillingen.');

  // A polling return page: a closed order is answered without a transaction.
  const open = isOpen(found.status);
  const order = open ? (await reconcile(db, found.id, 'return')).order : found;
  const paidNow = found.status !== 'paid' && order.status === 'paid';
  let session: { token: string; expiresAt: Date } | null = null;
  if (holdsCookie && order.status === 'paid' && order.accountCreated && order.userId && input.user?.id !== order.userId) {
    session = await atomically(db, async (tx) => {
      const [claimed] = await tx
        .update(orders)
        .set({ checkoutTokenHash: null })
        .where(and(eq(orders.id, order.id), eq(orders.checkoutTokenHash, tokenHash!)))
        .returning({ userId: orders.userId });
      if (!claimed?.userId) return null;
      const made = await createSession(tx, claimed.userId, new Date(), input.userAgent ?? null);
      return { token: made.token, expiresAt: made.session.expiresAt };
    });
  }
  return { answer: { ...orderSummary(order), signedIn: session !== null || owns }, session, paidNow };
}
