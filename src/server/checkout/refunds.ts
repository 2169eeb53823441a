import { eq, sql } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { type Order, orderRefunds, orders } from '../../../db/schema';
import type { RefundBody } from '../../schemas/checkout';
import { formatKronerOre } from '../../lib/format';
import { isRefundable } from '../products/order-states';
import { transition } from './lifecycle';
import { BadRequestError, ConflictError, NotFoundError, UnavailableError } from '../platform/errors';
import { ProviderRefusedError, ProviderUnavailableError } from '../payments/provider';
import { paymentProvider } from '../payments/registry';

export const refundMessages = {
  notFound: 'Fant ikke bestillingen.',
  notPaid: 'Bare betalte bestillinger kan refunderes.',
  tooMuch: (leftOre: number) => `Beløpet er større enn det som kan refunderes (${formatKronerOre(leftOre)}).`,
  keyTaken: 'Denne refusjonen er allerede registrert for en annen bestilling.',
  providerUnavailable: 'Betalingstjenesten svarte ikke. Ingenting er refundert; prøv igjen om litt.',
  providerRefused: 'Betalingstjenesten avviste refusjonen.',
} as const;

/** The provider key is `refund:<the admin's key>`, so a retried click is the same refund at the provider and here. */
export async function refundOrder(db: Db, orderId: string, body: RefundBody, actorId: string): Promise<Order> {
  return atomically(db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new NotFoundError(refundMessages.notFound);
    const [done] = await tx.select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, body.idempotencyKey));
    if (done) {
      if (done.orderId !== order.id) throw new ConflictError(refundMessages.keyTaken, 'idempotency_key_taken');
      return order;
    }
    if (!isRefundable(order.status)) throw new ConflictError(refundMessages.notPaid, 'not_paid');
    const left = order.capturedOre - order.refundedOre;
    if (body.amountOre > left) throw new BadRequestError(refundMessages.tooMuch(left), 'amountOre');
    const provider = await paymentProvider(tx, order.provider);
    if (!provider || !order.providerPaymentId) throw new UnavailableError(refundMessages.providerUnavailable);
    await tx.execute(sql`SET LOCAL idle_in_transaction_session_timeout = '60s'`);
    try {
      await provider.refund(
        { reference: order.reference, providerPaymentId: order.providerPaymentId },
        body.amountOre,
        `refund:${body.idempotencyKey}`,
      );
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw new UnavailableError(refundMessages.providerUnavailable);
      if (error instanceof ProviderRefusedError) throw new ConflictError(refundMessages.providerRefused, 'provider_refused');
      throw error;
    }
    const refundedOre = order.refundedOre + body.amountOre;
    const to = refundedOre >= order.capturedOre ? 'refunded' : 'partly_refunded';
    await tx
      .insert(orderRefunds)
      .values({ orderId: order.id, amountOre: body.amountOre, reason: body.reason, idempotencyKey: body.idempotencyKey, actorId });
    const { order: row } = await transition(tx, order, to, {
      trigger: 'admin',
      actorId,
      set: { refundedOre },
      detail: { refundOre: body.amountOre, reason: body.reason },
    });
    return row;
  });
}
