import { z } from 'zod';
import { ORDER_STATES, type OrderState } from '../lib/order-states';
import { email, name } from './auth';
import { companyBody } from './company';
import { text } from './text';

/** Prices never come from the browser. */

const productId = text({ max: 120, messages: { required: 'Velg et produkt', tooLong: 'Ukjent produkt' } });

export const COUPON_CODE_MAX = 40;
const couponCode = text({
  max: COUPON_CODE_MAX,
  messages: { required: 'Skriv inn rabattkoden', tooLong: `Rabattkoden kan ha høyst ${COUPON_CODE_MAX} tegn` },
});

const quantity = z
  .int({ error: 'Antall plasser må være et helt tall' })
  .min(1, { error: 'Antall plasser må være minst 1' })
  .max(500, { error: 'Antall plasser kan være høyst 500 i én bestilling' });

export const quoteBody = z.strictObject({ productId, couponCode: couponCode.optional(), quantity: quantity.optional() });

export const checkoutOrderBody = z.strictObject({
  productId,
  provider: z.enum(['vipps', 'stripe', 'test', 'invoice'], { error: 'Velg en betalingsmåte' }),
  couponCode: couponCode.optional(),
  /** A consumer's course order needs it (angrerettloven § 22 n); a company's seats do not. */
  consent: z
    .strictObject({
      accepted: z.literal(true, { error: 'Du må samtykke for å få tilgang med en gang.' }),
      version: text({ max: 40 }),
    })
    .optional(),
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

// Money is integer øre with VAT included; times are ISO strings.

const ore = z.int();
const providerId = z.enum(['vipps', 'stripe', 'test']);
const orderStatus = z.enum(ORDER_STATES);
const ref = z.object({ id: z.string(), title: z.string() });

const productBase = z.object({
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

export const courseCheckoutResponse = z.object({
  product: productBase.extend({ courseId: z.string() }),
  providers,
  offersInvoice: z.boolean(),
  consent: z.object({ version: z.string(), text: z.string() }),
  viewer: viewerBase.nullable(),
});

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
  viewer: viewerBase.extend({ company: companyRef.nullable(), companies: z.array(companyRef), trialAvailable: z.boolean() }).nullable(),
});

export const checkoutProductResponse = z.union([packageCheckoutResponse, courseCheckoutResponse]);

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

/** 201, or 200 for a repeated idempotency key; `redirectUrl` is null for an invoice order. */
export const orderCreatedResponse = z.object({ orderId: z.string(), reference: z.string(), redirectUrl: z.string().nullable() });

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
  receiptNumber: z.string().nullable(),
  receiptPath: z.string().nullable(),
};

export const orderSummary = z.object({
  ...orderListed,
  coursePath: z.string().nullable(),
  checkoutPath: z.string().nullable(),
});
export const ordersResponse = z.array(orderSummary);

export const orderReturnResponse = orderSummary.extend({ signedIn: z.boolean() });

export const receiptData = z.object({
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
  withdrawal: z.string(),
});

export const orderDetailResponse = orderSummary.extend({ receipt: receiptData.nullable(), pdfPath: z.string().nullable() });

export const testPaymentResponse = z.object({
  reference: z.string(),
  amountOre: ore,
  description: z.string(),
  state: z.enum(['pending', 'authorized', 'captured', 'cancelled', 'expired', 'failed']),
});

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

/** No price: the server reads it. */
export interface OrderRequest {
  productId: string;
  provider: ProviderId;
  couponCode?: string;
  consent: { accepted: true; version: string };
  buyer?: GuestBuyer;
  idempotencyKey: string;
}

export const adminOrder = z.object({
  ...orderListed,
  buyerName: z.string(),
  buyerEmail: z.string(),
  provider: z.string(),
  couponCode: z.string().nullable(),
  lastError: z.string().nullable(),
});
export const adminOrdersResponse = z.array(adminOrder);

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
      trigger: z.string(),
      detail: z.unknown(),
      createdAt: z.string(),
      actorName: z.string().nullable(),
    }),
  ),
  refunds: z.array(z.object({ amountOre: ore, reason: z.string(), createdAt: z.string(), actorName: z.string().nullable() })),
});

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
