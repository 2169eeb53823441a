import { z } from 'zod';
import { ORDER_STATES, type OrderState } from '../lib/order-states';
import { email, name } from './auth';
import { companyBody } from './company';
import { text } from './text';

/** Request bodies of the checkout API (issue 22, decision 30). Prices never come from here. */

const productId = text({ max: 120, messages: { required: 'Velg et produkt', tooLong: 'Ukjent produkt' } });

const couponCode = text({ max: 40, messages: { required: 'Skriv inn rabattkoden', tooLong: 'Rabattkoden kan ha høyst 40 tegn' } });

/** Seats of a package: 1–500 in one order. */
const quantity = z
  .int({ error: 'Antall plasser må være et helt tall' })
  .min(1, { error: 'Antall plasser må være minst 1' })
  .max(500, { error: 'Antall plasser kan være høyst 500 i én bestilling' });

export const quoteBody = z.strictObject({ productId, couponCode: couponCode.optional(), quantity: quantity.optional() });

export const checkoutOrderBody = z.strictObject({
  productId,
  /** 'invoice' only for a company's seats. */
  provider: z.enum(['vipps', 'stripe', 'test', 'invoice'], { error: 'Velg en betalingsmåte' }),
  couponCode: couponCode.optional(),
  /** A course for a consumer needs it (§ 22 n; the server refuses a course order without it); a company's seats do not. */
  consent: z
    .strictObject({
      accepted: z.literal(true, { error: 'Du må samtykke for å få tilgang med en gang.' }),
      version: text({ max: 40 }),
    })
    .optional(),
  /** A package: how many seats, and for which company: one the buyer manages (`companyId`), or a new one (`company`). */
  quantity: quantity.optional(),
  companyId: z.uuid({ error: 'Fant ikke bedriften.' }).optional(),
  company: companyBody.optional(),
  buyer: z.strictObject({ firstName: name('fornavn'), lastName: name('etternavn'), email }).optional(),
  /** Made once per checkout page by the browser: a double click sends the same key. */
  idempotencyKey: z.uuid({ error: 'Ugyldig bestillingsnøkkel' }),
});

/** The longest reason for a refund, for the admin's input too. */
export const REFUND_REASON_MAX = 500;
export const refundBody = z.strictObject({
  amountOre: z.int({ error: 'Beløpet må være et helt antall øre' }).min(1, { error: 'Beløpet må være større enn 0' }).max(100_000_000),
  reason: text({
    max: REFUND_REASON_MAX,
    messages: { required: 'Skriv en begrunnelse', tooLong: `Begrunnelsen kan ha høyst ${REFUND_REASON_MAX} tegn` },
  }),
  idempotencyKey: z.uuid({ error: 'Ugyldig nøkkel' }),
});

export type QuoteBody = z.infer<typeof quoteBody>;
export type CheckoutOrderBody = z.infer<typeof checkoutOrderBody>;
export type RefundBody = z.infer<typeof refundBody>;

// --- answers ---------------------------------------------------------------------------------
// What the checkout, the return page, the test provider and the buyer's orders answer. Money is
// integer øre with VAT included; times are ISO strings.

const ore = z.int();
const providerId = z.enum(['vipps', 'stripe', 'test']);
const orderStatus = z.enum(ORDER_STATES);
const ref = z.object({ id: z.string(), title: z.string() });

const productBase = z.object({
  /** 'course:<courseId>' or the package's id. */
  id: z.string(),
  title: z.string(),
  priceOre: ore,
  vat: z.enum(['standard_25', 'exempt']),
  vatRateBp: z.int(),
  vatOre: ore,
  onSale: z.boolean(),
});
const viewerBase = z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), hasAccess: z.boolean() });
const providers = z.array(z.object({ id: providerId, label: z.string() }));
const companyRef = z.object({ id: z.string(), name: z.string() });

/** GET /api/checkout/products/:courseId for a course. */
export const courseCheckoutResponse = z.object({
  product: productBase.extend({ courseId: z.string() }),
  providers,
  offersInvoice: z.boolean(),
  consent: z.object({ version: z.string(), text: z.string() }),
  viewer: viewerBase.nullable(),
});

/** GET /api/checkout/products/nettbasert-pakke: a company's seats, priced per seat (`unitPriceOre`). */
export const packageCheckoutResponse = z.object({
  product: productBase.extend({
    kind: z.literal('package'),
    courseId: z.null(),
    unitPriceOre: ore,
    courses: z.array(ref),
    trial: z.object({ seats: z.int(), days: z.int() }),
  }),
  providers,
  offersInvoice: z.boolean(),
  consent: z.null(),
  /** `trialAvailable`: this person has not had a trial yet. */
  viewer: viewerBase.extend({ company: companyRef.nullable(), companies: z.array(companyRef), trialAvailable: z.boolean() }).nullable(),
});

export const checkoutProductResponse = z.union([packageCheckoutResponse, courseCheckoutResponse]);

/** POST /api/checkout/quote: the price for the seats (1 for a course), with the coupon when one was given. */
export const quoteResponse = z.object({
  listPriceOre: ore,
  discountOre: ore,
  totalOre: ore,
  vatRateBp: z.int(),
  vatOre: ore,
  unitPriceOre: ore,
  quantity: z.int(),
  coupon: z.object({ code: z.string(), label: z.string() }).nullable(),
});

/** POST /api/checkout/orders: 201 (or 200 for a repeated idempotency key). */
/** `redirectUrl` is null for an order on invoice: nothing to pay now. */
export const orderCreatedResponse = z.object({ orderId: z.string(), reference: z.string(), redirectUrl: z.string().nullable() });

/** What the buyer's and the superuser's order lists both say of an order. */
const orderListed = {
  orderId: z.string(),
  reference: z.string(),
  status: orderStatus,
  title: z.string(),
  courseId: z.string().nullable(),
  totalOre: ore,
  refundedOre: ore,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** As printed ('000042'). */
  receiptNumber: z.string().nullable(),
  receiptPath: z.string().nullable(),
};

/** GET /api/orders: one of the caller's orders. */
export const orderSummary = z.object({
  ...orderListed,
  coursePath: z.string().nullable(),
  checkoutPath: z.string().nullable(),
});
export const ordersResponse = z.array(orderSummary);

/** POST /api/checkout/orders/:orderId/return */
export const orderReturnResponse = orderSummary.extend({ signedIn: z.boolean() });

/** The sales documentation of a paid order (src/server/receipts/receipt-data.ts). */
export const receiptData = z.object({
  /** As printed: '000042'. */
  receiptNumber: z.string(),
  orderReference: z.string(),
  paidAt: z.string(),
  seller: z.object({ name: z.string(), orgNumber: z.string(), address: z.string(), email: z.string() }),
  buyer: z.object({
    name: z.string(),
    email: z.string(),
    company: z.object({ name: z.string(), orgNumber: z.string(), poReference: z.string().nullable() }).nullable().optional(),
  }),
  lines: z.array(z.object({ description: z.string(), quantity: z.int(), unitPriceOre: ore, amountOre: ore, vatRateBp: z.int(), vatOre: ore })),
  discount: z.object({ code: z.string(), amountOre: ore }).nullable(),
  totalOre: ore,
  vatOre: ore,
  vatByRate: z.array(z.object({ rateBp: z.int(), baseOre: ore, vatOre: ore })),
  paymentMethod: z.string(),
  refundedOre: ore,
  /** The statement on the right of withdrawal, as the mail and the PDF state it. */
  withdrawal: z.string(),
});

/** GET /api/orders/:orderId */
export const orderDetailResponse = orderSummary.extend({ receipt: receiptData.nullable(), pdfPath: z.string().nullable() });

/** GET /api/test-payments/:reference */
export const testPaymentResponse = z.object({
  reference: z.string(),
  amountOre: ore,
  description: z.string(),
  state: z.enum(['pending', 'authorized', 'captured', 'cancelled', 'expired', 'failed']),
});

/** POST /api/test-payments/:reference/:action */
export const testPaymentActionResponse = z.object({ returnUrl: z.string() });

export type CheckoutInfo = z.infer<typeof courseCheckoutResponse>;
export type CheckoutViewer = NonNullable<CheckoutInfo['viewer']>;
export type CheckoutQuote = z.infer<typeof quoteResponse>;
export type OrderSummary = z.infer<typeof orderSummary>;
export type OrderReturn = z.infer<typeof orderReturnResponse>;
export type ReceiptData = z.infer<typeof receiptData>;
export type OrderDetail = z.infer<typeof orderDetailResponse>;
export type TestPayment = z.infer<typeof testPaymentResponse>;
export type TestPaymentState = TestPayment['state'];
export type OrderStatus = OrderState;
export type ProviderId = z.infer<typeof providerId>;
export type TestPaymentAction = 'approve' | 'cancel' | 'fail';

export interface GuestBuyer {
  firstName: string;
  lastName: string;
  email: string;
}

/** POST /api/checkout/orders as the course checkout sends it. No price: the server reads it. */
export interface OrderRequest {
  productId: string;
  provider: ProviderId;
  couponCode?: string;
  consent: { accepted: true; version: string };
  buyer?: GuestBuyer;
  idempotencyKey: string;
}

// --- the superuser's orders ------------------------------------------------------------------

export const adminOrder = z.object({
  ...orderListed,
  buyerName: z.string(),
  buyerEmail: z.string(),
  provider: z.string(),
  couponCode: z.string().nullable(),
  lastError: z.string().nullable(),
});
/** GET /api/admin/orders (paged) */
export const adminOrdersResponse = z.array(adminOrder);

/** GET /api/admin/orders/:orderId (and the 201 of a refund). The receipt's data is not here: its page and PDF are linked. */
export const adminOrderDetailResponse = adminOrder.extend({
  pdfPath: z.string().nullable(),
  discountOre: ore,
  vatOre: ore,
  capturedOre: ore,
  refundableOre: ore,
  consent: z.object({ version: z.string(), text: z.string(), at: z.string() }),
  events: z.array(
    z.object({
      fromStatus: orderStatus.nullable(),
      toStatus: orderStatus,
      /** 'checkout', 'return', 'webhook', 'sweep' or 'admin'. */
      trigger: z.string(),
      detail: z.unknown(),
      createdAt: z.string(),
      actorName: z.string().nullable(),
    }),
  ),
  refunds: z.array(z.object({ amountOre: ore, reason: z.string(), createdAt: z.string(), actorName: z.string().nullable() })),
});

/** GET /api/admin/revenue: one entry a month, newest first. */
export const revenueResponse = z.array(
  z.object({
    /** 'YYYY-MM' (Oslo time). */
    month: z.string(),
    orders: z.int(),
    grossOre: ore,
    refundedOre: ore,
    netOre: ore,
  }),
);
