import { z } from 'zod';
import { fieldLabel } from '../../schemas/issues';
import { text } from '../../schemas/text';
import { testPaymentsWebhookSecret } from '../platform/env';
import { timestampedHmac, verifyTimestampedHmac, type WebhookVerifier } from '../platform/webhooks/signatures';

/** Signed like Stripe's webhooks: `t=<unix seconds>,v1=<hex>`. */
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

const token = (max: number) =>
  text({ max }).pipe(
    z.string().regex(/^[A-Za-z0-9_.:-]+$/, { error: (issue) => `${fieldLabel(issue.path)} kan bare inneholde bokstaver, sifre og _ - . :` }),
  );

export const testPaymentsEvent = z.object({
  id: token(200),
  type: token(100),
  data: z.record(z.string().max(100), z.json()).optional(),
});
