import { z } from 'zod';
import { fieldLabel } from '../../schemas/issues';
import { text } from '../../schemas/text';
import { testPaymentsWebhookSecret } from '../platform/env';
import { timestampedHmac, verifyTimestampedHmac, type WebhookVerifier } from '../platform/webhooks/signatures';

/**
 * The built-in test payment provider's webhooks (issue 21; the provider itself comes with the
 * checkout). It signs like Stripe does: the header `Test-Payments-Signature: t=<unix seconds>,v1=<hex>`,
 * where v1 is HMAC-SHA256 over `<t>.<raw body>` with `PAYMENT_TEST_WEBHOOK_SECRET`.
 */
export const TEST_PAYMENTS_SIGNATURE_HEADER = 'Test-Payments-Signature';

export const testPaymentsVerifier: WebhookVerifier = {
  provider: 'test-payments',
  verify(request, rawBody, now = new Date()) {
    return verifyTimestampedHmac({
      secret: testPaymentsWebhookSecret,
      header: request.headers.get(TEST_PAYMENTS_SIGNATURE_HEADER),
      rawBody,
      now,
    });
  },
};

/** The header the test provider sends with `rawBody` (also what its own deliveries and the tests use). */
export function signTestPaymentsDelivery(
  rawBody: string | Uint8Array,
  options: { secret?: string | undefined; now?: Date } = {},
): Record<string, string> {
  const secret = options.secret ?? testPaymentsWebhookSecret;
  if (!secret) throw new Error('PAYMENT_TEST_WEBHOOK_SECRET is not set');
  const timestamp = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const bytes = typeof rawBody === 'string' ? new TextEncoder().encode(rawBody) : rawBody;
  return { [TEST_PAYMENTS_SIGNATURE_HEADER]: `t=${timestamp},v1=${timestampedHmac(secret, timestamp, bytes)}` };
}

/** An event id or type: letters, digits and `_ - . :` (what providers use), no spaces. */
const token = (max: number) =>
  text({ max }).pipe(
    z.string().regex(/^[A-Za-z0-9_.:-]+$/, { error: (issue) => `${fieldLabel(issue.path)} kan bare inneholde bokstaver, sifre og _ - . :` }),
  );

/** A test provider event: its id (unique per event, the same on every delivery), its type and its data. */
export const testPaymentsEvent = z.object({
  id: token(200),
  type: token(100),
  data: z.record(z.string().max(100), z.json()).optional(),
});
