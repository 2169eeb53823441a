import { z } from 'zod';
import { email, name } from './auth';
import { text } from './text';

/** Request bodies of the checkout API (issue 22, decision 30). Prices never come from here. */

const productId = text({ max: 120, messages: { required: 'Velg et produkt', tooLong: 'Ukjent produkt' } });

const couponCode = text({ max: 40, messages: { required: 'Skriv inn rabattkoden', tooLong: 'Rabattkoden kan ha høyst 40 tegn' } });

export const quoteBody = z.strictObject({ productId, couponCode });

export const checkoutOrderBody = z.strictObject({
  productId,
  provider: z.enum(['vipps', 'stripe', 'test'], { error: 'Velg en betalingsmåte' }),
  couponCode: couponCode.optional(),
  consent: z.strictObject({
    accepted: z.literal(true, { error: 'Du må samtykke for å få tilgang med en gang.' }),
    version: text({ max: 40 }),
  }),
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
