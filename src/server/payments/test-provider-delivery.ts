import { eq, isNotNull, sql } from 'drizzle-orm';
import { testPayments } from '../../../db/schema';
import { acquireAppDb } from '../db';
import { env } from '../env';
import { describeError } from '../log';
import { signTestPaymentsDelivery } from './test-provider-webhook';

/**
 * The test provider's webhook deliveries (decision 30): after the buyer acts on the test page,
 * the provider announces it like a real one, with a signed POST to our own webhook
 * (`SITE_URL/api/webhooks/test-payments`). Best effort, as a provider's first attempt is: an
 * event that could not be delivered stays pending and goes with the next delivery; the return
 * page and the sweep reconcile without it anyway.
 */
export async function deliverTestPaymentsEvent(): Promise<void> {
  const { db } = await acquireAppDb();
  const pending = await db
    .select({ reference: testPayments.reference, event: testPayments.pendingEvent })
    .from(testPayments)
    .where(isNotNull(testPayments.pendingEvent))
    .limit(20);
  const url = new URL('/api/webhooks/test-payments', env.SITE_URL);
  for (const { reference, event } of pending) {
    const body = JSON.stringify(event);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...signTestPaymentsDelivery(body) },
        body,
        signal: AbortSignal.timeout(5_000),
      });
      if (!response.ok) continue;
      await db
        .update(testPayments)
        .set({ pendingEvent: null })
        .where(sql`${eq(testPayments.reference, reference)} AND ${testPayments.pendingEvent} = ${body}::jsonb`);
    } catch (error) {
      console.warn(`[test-payments] webhook delivery for ${reference} failed: ${describeError(error)}`);
    }
  }
}
