import { z } from 'zod';
import { email, name } from './auth';
import { companyBody } from './company';
import { text } from './text';

/** Request bodies of the checkout API (issue 22, decision 30). Prices never come from here. */

const productId = text({ max: 120, messages: { required: 'Velg et produkt', tooLong: 'Ukjent produkt' } });

const couponCode = text({ max: 40, messages: { required: 'Skriv inn rabattkoden', tooLong: 'Rabattkoden kan ha høyst 40 tegn' } });

/** Seats of a package (issue 24): 1–500 in one order. */
const quantity = z
  .int({ error: 'Antall plasser må være et helt tall' })
  .min(1, { error: 'Antall plasser må være minst 1' })
  .max(500, { error: 'Antall plasser kan være høyst 500 i én bestilling' });

export const quoteBody = z.strictObject({ productId, couponCode: couponCode.optional(), quantity: quantity.optional() });

export const checkoutOrderBody = z.strictObject({
  productId,
  /** 'invoice' only for a company's seats (issue 24). */
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

export const refundBody = z.strictObject({
  amountOre: z.int({ error: 'Beløpet må være et helt antall øre' }).min(1, { error: 'Beløpet må være større enn 0' }).max(100_000_000),
  reason: text({ max: 500, messages: { required: 'Skriv en begrunnelse', tooLong: 'Begrunnelsen kan ha høyst 500 tegn' } }),
  idempotencyKey: z.uuid({ error: 'Ugyldig nøkkel' }),
});

export type QuoteBody = z.infer<typeof quoteBody>;
export type CheckoutOrderBody = z.infer<typeof checkoutOrderBody>;
export type RefundBody = z.infer<typeof refundBody>;
