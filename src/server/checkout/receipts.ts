import { site } from '../../config/site';
import type { Order } from '../../../db/schema';
import type { ReceiptData } from '../receipts/receipt-data';
import { vatIncluded } from './pricing';

/** What the receipt says the buyer paid with, by the order's provider. */
const paymentMethods: Record<string, string> = { vipps: 'Vipps', stripe: 'Kort', test: 'Testbetaling' };

/**
 * The receipt of a paid order (bokføringsforskriften § 5-1-1, decision 30): the seller's facts as
 * configured now, and everything else from the order as it was made and paid. The line is the
 * list price; a coupon is its own negative line; the VAT is the one contained in what was paid.
 */
export function receiptDataFor(order: Order): ReceiptData {
  if (order.receiptNumber === null || order.paidAt === null) throw new Error(`order ${order.id} has no receipt`);
  const listVat = vatIncluded(order.listPriceOre, order.vatRateBp);
  return {
    receiptNumber: order.receiptNumber,
    orderReference: order.reference,
    paidAt: order.paidAt.toISOString(),
    seller: { name: site.companyName, orgNumber: site.orgNumber, address: site.address, email: site.email },
    buyer: { name: `${order.buyerFirstName} ${order.buyerLastName}`, email: order.buyerEmail },
    lines: [
      {
        description: order.title,
        quantity: order.quantity,
        unitPriceOre: Math.round(order.listPriceOre / order.quantity),
        amountOre: order.listPriceOre,
        vatRateBp: order.vatRateBp,
        vatOre: listVat,
      },
    ],
    discount: order.couponCode && order.discountOre > 0 ? { code: order.couponCode, amountOre: order.discountOre } : null,
    totalOre: order.totalOre,
    vatOre: order.vatOre,
    vatByRate: [{ rateBp: order.vatRateBp, baseOre: order.totalOre - order.vatOre, vatOre: order.vatOre }],
    paymentMethod: paymentMethods[order.provider] ?? order.provider,
    refundedOre: order.refundedOre,
  };
}
