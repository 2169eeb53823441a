import { sql } from 'drizzle-orm';
import { acquireAppDb } from '../platform/db';
import { env } from '../platform/env';
import { describeError } from '../platform/log';
import { signTestPaymentsDelivery } from './test-provider-webhook';

/** One attempt per event, best effort: the return page and the sweep reconcile without it. */
export async function deliverTestPaymentsEvent(): Promise<void> {
  if (env.PAYMENT_TEST_WEBHOOK_URL === 'off') return;
  const url = env.PAYMENT_TEST_WEBHOOK_URL ?? new URL('/api/webhooks/test-payments', env.SITE_URL).href;
  const { db } = await acquireAppDb();
  // Each event is claimed (taken off the row) before its one attempt, so concurrent deliveries never repeat one.
  const result: unknown = await db.execute(sql`
      WITH due AS (SELECT reference, pending_event FROM test_payments WHERE pending_event IS NOT NULL LIMIT 20 FOR UPDATE SKIP LOCKED)
      UPDATE test_payments t SET pending_event = NULL FROM due WHERE t.reference = due.reference
      RETURNING due.reference, due.pending_event::text AS event`);
  const claimed = (result as { rows: { reference: string; event: string }[] }).rows;
  for (const { reference, event: body } of claimed) {
    try {
      await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...signTestPaymentsDelivery(body) },
        body,
        signal: AbortSignal.timeout(5_000),
      });
    } catch (error) {
      console.warn(`[test-payments] webhook delivery for ${reference} failed: ${describeError(error)}`);
    }
  }
}
