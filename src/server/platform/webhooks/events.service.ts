import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { webhookEvents } from '../../../../db/schema';

export interface WebhookEventKey {
  provider: string;
  eventId: string;
}

/** A later delivery waits on the first one's open transaction: committed → `false`; rolled back → this delivery handles it. */
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

export async function markWebhookEventProcessed(tx: Db, event: WebhookEventKey): Promise<void> {
  await tx
    .update(webhookEvents)
    .set({ processedAt: sql`clock_timestamp()` })
    .where(and(eq(webhookEvents.provider, event.provider), eq(webhookEvents.eventId, event.eventId)));
}

export async function recordWebhookEvent(tx: Db, event: WebhookEventKey, details: { type: string; payload: unknown }): Promise<void> {
  await tx
    .update(webhookEvents)
    .set({ eventType: details.type, payload: details.payload })
    .where(and(eq(webhookEvents.provider, event.provider), eq(webhookEvents.eventId, event.eventId)));
}
