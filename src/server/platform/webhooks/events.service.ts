import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { webhookEvents } from '../../../../db/schema';

/** One verified delivery of a provider's event. */
export interface WebhookEventKey {
  provider: string;
  eventId: string;
}

/**
 * Claims an event for handling, inside the transaction that will handle it. The
 * first delivery inserts the row and gets `true`. A later delivery meets the unique key and only
 * counts itself; if the first delivery's transaction is still open, PostgreSQL makes this
 * statement wait for it: when that one commits, the row has `processed_at` and the answer is
 * `false` (handled already); when it rolled back (its handler failed), the insert goes through
 * and this delivery handles the event.
 */
export async function claimWebhookEvent(tx: Db, event: WebhookEventKey): Promise<boolean> {
  const [row] = await tx
    .insert(webhookEvents)
    .values({ provider: event.provider, eventId: event.eventId })
    .onConflictDoUpdate({
      target: [webhookEvents.provider, webhookEvents.eventId],
      set: { deliveries: sql`${webhookEvents.deliveries} + 1`, lastReceivedAt: sql`now()` },
    })
    .returning({ processedAt: webhookEvents.processedAt });
  return row?.processedAt === null;
}

/** Marks the event handled, in the same transaction as its handler's work. */
export async function markWebhookEventProcessed(tx: Db, event: WebhookEventKey): Promise<void> {
  await tx
    .update(webhookEvents)
    .set({ processedAt: sql`clock_timestamp()` })
    .where(and(eq(webhookEvents.provider, event.provider), eq(webhookEvents.eventId, event.eventId)));
}

/** Keeps the event's type and what the route wants to keep of it with its record. */
export async function recordWebhookEvent(tx: Db, event: WebhookEventKey, details: { type: string; payload: unknown }): Promise<void> {
  await tx
    .update(webhookEvents)
    .set({ eventType: details.type, payload: details.payload })
    .where(and(eq(webhookEvents.provider, event.provider), eq(webhookEvents.eventId, event.eventId)));
}
