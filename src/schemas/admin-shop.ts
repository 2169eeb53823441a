import { z } from 'zod';
import { ORDER_STATES } from '../lib/order-states';
import { courseIdSchema, uuidSchema } from './learning';
import { text } from './text';

/**
 * The superuser's shop tools in /admin: coupons ('Rabattkoder'), people ('Brukere') and access
 * given by hand ('Gi tilgang'). Money is integer øre; a coupon's window is whole days in Oslo
 * (from the start of `validFrom` to the end of `validUntil`). The islands import the types only.
 */

export const couponMessages = {
  codeFormat: 'Koden kan bare ha bokstaver, tall, - og _',
  percentRange: 'Prosent må være et helt tall fra 1 til 100',
  amountRange: 'Beløp må være et helt antall øre over 0',
  valueMissing: 'Skriv inn hvor mye rabatten er',
  dateFormat: (label: string) => `${label} må være en dato (ÅÅÅÅ-MM-DD)`,
  windowOrder: 'Gyldig til kan ikke være før gyldig fra',
  maxUsesRange: 'Maks antall bruk må være et helt tall fra 1',
  nothingToChange: 'Velg hva som skal endres: gyldig fra, gyldig til, maks antall bruk eller aktiv',
} as const;

const day = (label: string) =>
  z
    .string({ error: couponMessages.dateFormat(label) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: couponMessages.dateFormat(label) })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
      error: couponMessages.dateFormat(label),
    });

const maxUses = z.int({ error: couponMessages.maxUsesRange }).min(1, { error: couponMessages.maxUsesRange }).max(1_000_000, {
  error: 'Maks antall bruk kan være høyst 1 000 000',
});

/** The longest coupon code, for the admin's input too. */
export const COUPON_CODE_MAX = 40;
export const couponCode = text({
  max: COUPON_CODE_MAX,
  messages: { required: 'Skriv inn koden', tooLong: `Koden kan ha høyst ${COUPON_CODE_MAX} tegn` },
}).refine((value) => /^[\p{L}\p{N}_-]+$/u.test(value), { error: couponMessages.codeFormat });

export const createCouponBody = z
  .strictObject({
    code: couponCode,
    kind: z.enum(['percent', 'amount'], { error: 'Velg prosent eller beløp' }),
    percentOff: z
      .int({ error: couponMessages.percentRange })
      .min(1, { error: couponMessages.percentRange })
      .max(100, { error: couponMessages.percentRange })
      .optional(),
    amountOffOre: z
      .int({ error: couponMessages.amountRange })
      .min(1, { error: couponMessages.amountRange })
      .max(100_000_000, {
        error: 'Beløp kan være høyst 1 000 000 kr',
      })
      .optional(),
    /** The one product it applies to; null or missing: every product. */
    productId: text({ max: 120, messages: { required: 'Velg et produkt', tooLong: 'Ukjent produkt' } })
      .nullable()
      .optional(),
    validFrom: day('Gyldig fra').optional(),
    validUntil: day('Gyldig til').nullable().optional(),
    maxUses: maxUses.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'percent' && (body.percentOff === undefined || body.amountOffOre !== undefined))
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: couponMessages.percentRange });
    if (body.kind === 'amount' && (body.amountOffOre === undefined || body.percentOff !== undefined))
      ctx.addIssue({ code: 'custom', path: ['amountOffOre'], message: couponMessages.amountRange });
    if (body.validFrom && body.validUntil && body.validUntil < body.validFrom)
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: couponMessages.windowOrder });
  });

export const editCouponBody = z
  .strictObject({
    validFrom: day('Gyldig fra').optional(),
    validUntil: day('Gyldig til').nullable().optional(),
    maxUses: maxUses.nullable().optional(),
    active: z.boolean({ error: 'Aktiv må være sann eller usann' }).optional(),
  })
  .superRefine((body, ctx) => {
    if (Object.keys(body).length === 0) ctx.addIssue({ code: 'custom', path: ['active'], message: couponMessages.nothingToChange });
    if (body.validFrom && body.validUntil && body.validUntil < body.validFrom)
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: couponMessages.windowOrder });
  });

export const couponParams = z.object({ couponId: z.uuid({ error: 'Fant ikke rabattkoden.' }) });

export type CreateCouponBody = z.infer<typeof createCouponBody>;
export type EditCouponBody = z.infer<typeof editCouponBody>;

export const adminCoupon = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  percentOff: z.int().nullable(),
  amountOffOre: z.int().nullable(),
  productId: z.string().nullable(),
  productTitle: z.string().nullable(),
  /** ISO 8601, and the same as an Oslo date (the first day it works). */
  validFrom: z.string(),
  validFromDate: z.string(),
  /** ISO 8601 of the moment it stops, and the last Oslo day it works; null: no end. */
  validUntil: z.string().nullable(),
  validUntilDate: z.string().nullable(),
  maxUses: z.int().nullable(),
  /** Uses so far (an order that ended unpaid gave its use back). */
  usedCount: z.int(),
  active: z.boolean(),
  /** Orders that took the code (paid or not). */
  orderCount: z.int(),
  createdAt: z.string(),
});
/** POST /api/admin/coupons (201), PUT /api/admin/coupons/:couponId */
export type AdminCoupon = z.infer<typeof adminCoupon>;

const couponOrder = z.object({
  id: z.string(),
  reference: z.string(),
  receiptNumber: z.int().nullable(),
  buyerEmail: z.string(),
  title: z.string(),
  status: z.enum(ORDER_STATES),
  discountOre: z.int(),
  totalOre: z.int(),
  createdAt: z.string(),
});

/** GET /api/admin/coupons */
export const adminCouponListResponse = z.object({
  coupons: z.array(adminCoupon),
  /** What a coupon can be limited to. */
  products: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type AdminCouponList = z.infer<typeof adminCouponListResponse>;

/** GET /api/admin/coupons/:couponId */
export const adminCouponDetailResponse = z.object({ coupon: adminCoupon, orders: z.array(couponOrder) });
export type AdminCouponDetail = z.infer<typeof adminCouponDetailResponse>;

// --- people and access by hand -------------------------------------------------------

export const peopleQuery = z.object({ q: text({ max: 200, min: 0 }).optional() });
export const personParams = z.object({ userId: uuidSchema });
export const personCourseParams = z.object({ userId: uuidSchema, courseId: courseIdSchema });

/** The longest reason for access given or taken back by hand, for the admin's inputs too. */
export const ACCESS_REASON_MAX = 500;
const reason = text({
  max: ACCESS_REASON_MAX,
  messages: { required: 'Skriv en begrunnelse', tooLong: `Begrunnelsen kan ha høyst ${ACCESS_REASON_MAX} tegn` },
});
export const grantAccessBody = z.strictObject({ courseId: courseIdSchema, reason });
export const takeBackAccessBody = z.strictObject({ reason });

const personCompany = z.object({
  id: z.string(),
  name: z.string(),
  /** 'manager' or 'member'; 'invited' for a pending invitation to the person's address. */
  role: z.enum(['manager', 'member', 'invited']),
});
export type PersonCompany = z.infer<typeof personCompany>;

export const personSummary = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['superuser', 'admin', 'company_admin', 'individual']),
  isActive: z.boolean(),
  createdAt: z.string(),
  companies: z.array(personCompany),
});
export type PersonSummary = z.infer<typeof personSummary>;
/** GET /api/admin/people */
export const peopleResponse = z.array(personSummary);

const personCourse = z.object({
  courseId: z.string(),
  title: z.string(),
  /** What gives the course now; null when the access has ended. */
  source: z.enum(['free', 'purchase', 'seat', 'grant']).nullable(),
  revokedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The standing grant by hand, if any (also when an order or a seat gives the course now). */
  grant: z.object({ reason: z.string(), grantedBy: z.string().nullable(), createdAt: z.string() }).nullable(),
});
export type PersonCourse = z.infer<typeof personCourse>;
export type AccessSource = NonNullable<PersonCourse['source']>;

const personOrder = z.object({
  id: z.string(),
  reference: z.string(),
  receiptNumber: z.int().nullable(),
  title: z.string(),
  status: z.enum(ORDER_STATES),
  totalOre: z.int(),
  couponCode: z.string().nullable(),
  createdAt: z.string(),
});

const personGrantHistory = z.object({
  id: z.string(),
  courseTitle: z.string(),
  reason: z.string(),
  grantedBy: z.string().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
  revokedReason: z.string().nullable(),
});

/** GET /api/admin/people/:userId, and the answer of a grant (201) or a take-back. */
export const personDetailResponse = z.object({
  person: personSummary,
  courses: z.array(personCourse),
  orders: z.array(personOrder),
  grants: z.array(personGrantHistory),
  /** Every course, for 'Gi tilgang'. */
  catalogue: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type PersonDetail = z.infer<typeof personDetailResponse>;
