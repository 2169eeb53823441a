import { z } from 'zod';
import type { OrderState } from '../lib/order-states';
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

export const couponCode = text({
  max: 40,
  messages: { required: 'Skriv inn koden', tooLong: 'Koden kan ha høyst 40 tegn' },
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

export interface AdminCoupon {
  id: string;
  code: string;
  kind: 'percent' | 'amount';
  percentOff: number | null;
  amountOffOre: number | null;
  productId: string | null;
  productTitle: string | null;
  /** ISO 8601, and the same as an Oslo date (the first day it works). */
  validFrom: string;
  validFromDate: string;
  /** ISO 8601 of the moment it stops, and the last Oslo day it works; null: no end. */
  validUntil: string | null;
  validUntilDate: string | null;
  maxUses: number | null;
  /** Uses so far (an order that ended unpaid gave its use back). */
  usedCount: number;
  active: boolean;
  /** Orders that took the code (paid or not). */
  orderCount: number;
  createdAt: string;
}

export interface CouponOrder {
  id: string;
  reference: string;
  receiptNumber: number | null;
  buyerEmail: string;
  title: string;
  status: OrderState;
  discountOre: number;
  totalOre: number;
  createdAt: string;
}

export interface AdminCouponList {
  coupons: AdminCoupon[];
  /** What a coupon can be limited to. */
  products: { id: string; title: string }[];
}

export interface AdminCouponDetail {
  coupon: AdminCoupon;
  orders: CouponOrder[];
}

// --- people and access by hand -------------------------------------------------------

export const peopleQuery = z.object({ q: text({ max: 200, min: 0 }).optional() });
export const personParams = z.object({ userId: uuidSchema });
export const personCourseParams = z.object({ userId: uuidSchema, courseId: courseIdSchema });

const reason = text({ max: 500, messages: { required: 'Skriv en begrunnelse', tooLong: 'Begrunnelsen kan ha høyst 500 tegn' } });
export const grantAccessBody = z.strictObject({ courseId: courseIdSchema, reason });
export const takeBackAccessBody = z.strictObject({ reason });

export type PersonRole = 'superuser' | 'admin' | 'company_admin' | 'individual';

export interface PersonCompany {
  id: string;
  name: string;
  /** 'manager' or 'member'; 'invited' for a pending invitation to the person's address. */
  role: 'manager' | 'member' | 'invited';
}

export interface PersonSummary {
  id: string;
  name: string;
  email: string;
  role: PersonRole;
  isActive: boolean;
  createdAt: string;
  companies: PersonCompany[];
}

export type AccessSource = 'free' | 'purchase' | 'seat' | 'grant';

export interface PersonCourse {
  courseId: string;
  title: string;
  /** What gives the course now; null when the access has ended. */
  source: AccessSource | null;
  revokedAt: string | null;
  completedAt: string | null;
  /** The standing grant by hand, if any (also when an order or a seat gives the course now). */
  grant: { reason: string; grantedBy: string | null; createdAt: string } | null;
}

export interface PersonOrder {
  id: string;
  reference: string;
  receiptNumber: number | null;
  title: string;
  status: OrderState;
  totalOre: number;
  couponCode: string | null;
  createdAt: string;
}

export interface PersonGrantHistory {
  id: string;
  courseTitle: string;
  reason: string;
  grantedBy: string | null;
  createdAt: string;
  revokedAt: string | null;
  revokedBy: string | null;
  revokedReason: string | null;
}

export interface PersonDetail {
  person: PersonSummary;
  courses: PersonCourse[];
  orders: PersonOrder[];
  grants: PersonGrantHistory[];
  /** Every course, for 'Gi tilgang'. */
  catalogue: { id: string; title: string }[];
}
