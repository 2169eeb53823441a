/**
 * The checkout API as the browser reads it (issue 22; the contract in the lead's notes,
 * served by src/server/checkout/). Types only: the server validates, the islands trust its JSON.
 * Money is integer øre with VAT included.
 */

import type { OrderState } from '../lib/order-states';

export type ProviderId = 'vipps' | 'stripe' | 'test';

export interface CheckoutProduct {
  /** 'course:<courseId>' */
  id: string;
  courseId: string;
  title: string;
  priceOre: number;
  vat: 'standard_25' | 'exempt';
  vatRateBp: number;
  vatOre: number;
  onSale: boolean;
}

export interface CheckoutViewer {
  firstName: string;
  lastName: string;
  email: string;
  hasAccess: boolean;
}

/** GET /api/checkout/products/:courseId */
export interface CheckoutInfo {
  product: CheckoutProduct;
  providers: { id: ProviderId; label: string }[];
  consent: { version: string; text: string };
  viewer: CheckoutViewer | null;
}

/** POST /api/checkout/quote */
export interface CheckoutQuote {
  listPriceOre: number;
  discountOre: number;
  totalOre: number;
  vatOre: number;
  coupon: { code: string; label: string } | null;
}

export interface GuestBuyer {
  firstName: string;
  lastName: string;
  email: string;
}

/** POST /api/checkout/orders: the body. No price: the server reads it. */
export interface OrderRequest {
  productId: string;
  provider: ProviderId;
  couponCode?: string;
  consent: { accepted: true; version: string };
  buyer?: GuestBuyer;
  idempotencyKey: string;
}

/** POST /api/checkout/orders: 201 (or 200 for a repeated idempotency key). */
export interface OrderCreated {
  orderId: string;
  reference: string;
  redirectUrl: string;
}

export type OrderStatus = OrderState;

/** POST /api/checkout/orders/:orderId/return */
export interface OrderReturn {
  orderId: string;
  reference: string;
  status: OrderStatus;
  title: string;
  totalOre: number;
  courseId: string;
  coursePath: string;
  checkoutPath: string;
  receiptPath: string | null;
  signedIn: boolean;
}

export type TestPaymentState = 'pending' | 'authorized' | 'captured' | 'cancelled' | 'expired' | 'failed';

/** GET /api/test-payments/:reference */
export interface TestPayment {
  reference: string;
  amountOre: number;
  description: string;
  state: TestPaymentState;
}

export type TestPaymentAction = 'approve' | 'cancel' | 'fail';

/** GET /api/orders: one of the caller's orders, newest first. */
export interface OrderSummary {
  orderId: string;
  reference: string;
  status: OrderStatus;
  title: string;
  totalOre: number;
  createdAt: string;
  paidAt: string | null;
  /** As printed ('000042'). */
  receiptNumber: string | null;
  receiptPath: string | null;
  courseId: string;
}

/** The sales documentation of a paid order (src/server/receipts/receipt-data.ts). */
export interface ReceiptData {
  /** As printed: '000042'. */
  receiptNumber: string;
  orderReference: string;
  paidAt: string;
  seller: { name: string; orgNumber: string; address: string; email: string };
  buyer: { name: string; email: string; company?: { name: string; orgNumber: string; poReference: string | null } | null };
  lines: { description: string; quantity: number; unitPriceOre: number; amountOre: number; vatRateBp: number; vatOre: number }[];
  discount: { code: string; amountOre: number } | null;
  totalOre: number;
  vatOre: number;
  vatByRate: { rateBp: number; baseOre: number; vatOre: number }[];
  paymentMethod: string;
  refundedOre: number;
  /** The statement on the right of withdrawal, as the mail and the PDF state it. */
  withdrawal: string;
}

/** GET /api/orders/:orderId */
export interface OrderDetail {
  orderId: string;
  reference: string;
  status: OrderStatus;
  title: string;
  courseId: string;
  createdAt: string;
  paidAt: string | null;
  totalOre: number;
  refundedOre: number;
  receipt: ReceiptData | null;
  pdfPath: string | null;
}
