import { z } from 'zod';
import { ORDER_STATES } from '../lib/order-states';
import { COUPON_CODE_MAX } from './checkout';
import { courseIdSchema, uuidSchema } from './learning';
import { text } from './text';

/** Money is integer øre; a coupon's window is whole Oslo days (from the start of `validFrom` to the end of `validUntil`). */

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
  validFrom: z.string(),
  validFromDate: z.string(),
  validUntil: z.string().nullable(),
  validUntilDate: z.string().nullable(),
  maxUses: z.int().nullable(),
  usedCount: z.int(),
  active: z.boolean(),
  orderCount: z.int(),
  createdAt: z.string(),
});
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

export const adminCouponListResponse = z.object({
  coupons: z.array(adminCoupon),
  products: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type AdminCouponList = z.infer<typeof adminCouponListResponse>;

export const adminCouponDetailResponse = z.object({ coupon: adminCoupon, orders: z.array(couponOrder) });
export type AdminCouponDetail = z.infer<typeof adminCouponDetailResponse>;

export const peopleQuery = z.object({ q: text({ max: 200, min: 0 }).optional() });
export const personParams = z.object({ userId: uuidSchema });
export const personCourseParams = z.object({ userId: uuidSchema, courseId: courseIdSchema });

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
export const peopleResponse = z.array(personSummary);

const personCourse = z.object({
  courseId: z.string(),
  title: z.string(),
  source: z.enum(['free', 'purchase', 'seat', 'grant']).nullable(),
  revokedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
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

export const personDetailResponse = z.object({
  person: personSummary,
  courses: z.array(personCourse),
  orders: z.array(personOrder),
  grants: z.array(personGrantHistory),
  catalogue: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type PersonDetail = z.infer<typeof personDetailResponse>;
