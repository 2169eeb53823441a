import { site } from '../../config/site';
import type { Order } from '../../../db/schema';
import { buildReceipt, type ReceiptData } from '../receipts/receipt-data';

const paymentMethods: Record<string, string> = { vipps: 'Vipps', stripe: 'Kort', test: 'Testbetaling' };

/** Bokføringsforskriften § 5-1-1: the seller's facts as configured now, the rest from the order as it was made and paid. */
export function receiptDataFor(order: Order): ReceiptData {
  if (order.receiptNumber === null || order.paidAt === null) throw new Error(`order ${order.id} has no receipt`);
  return buildReceipt({
    receiptNumber: order.receiptNumber,
    orderReference: order.reference,
    paidAt: order.paidAt.toISOString(),
    seller: { name: site.companyName, orgNumber: site.orgNumber, address: site.address, email: site.email },
    buyer: {
      name: `${order.buyerFirstName} ${order.buyerLastName}`,
      email: order.buyerEmail,
      company:
        order.buyerCompanyName && order.buyerOrgNumber
          ? { name: order.buyerCompanyName, orgNumber: order.buyerOrgNumber, poReference: order.buyerPoReference }
          : null,
    },
    items: [{ description: order.title, quantity: order.quantity, unitPriceOre: order.listPriceOre / order.quantity, vatRateBp: order.vatRateBp }],
    discount: order.couponCode && order.discountOre > 0 ? { code: order.couponCode, amountOre: order.discountOre } : null,
    paymentMethod: paymentMethods[order.provider] ?? order.provider,
    refundedOre: order.refundedOre,
  });
}
