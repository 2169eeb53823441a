import { z } from 'zod';
import { atomically, type Db } from '../../../../db/client';
import { claimWebhookEvent, markWebhookEventProcessed } from '../webhooks/events.service';
import type { WebhookVerifier } from '../webhooks/signatures';
import { parseJson, requireJson } from './body';
import { json } from './responses';
import type { RouteDefinition, Schema, WebhookContext, WebhookHandling } from './route';

export interface WebhookDefinition<BS extends Schema> {
  verifier: WebhookVerifier;
  body: BS;
  /** Deliveries with the same id are one event. */
  eventId(body: z.infer<BS>): string;
  maxBodyBytes?: number;
  afterResponse?: () => Promise<unknown>;
  /** Runs once per event inside the transaction that records it; throwing rolls both back, so the next delivery retries. */
  handler(ctx: WebhookContext<z.infer<BS>>): Promise<void>;
}

export const webhookAnswer = z.object({ ok: z.literal(true), duplicate: z.literal(true).optional() });

/** Every delivery of a handled event, however concurrent, gets 200 (`duplicate: true` after the first). */
export function webhookRoute<BS extends Schema>(
  definition: WebhookDefinition<BS>,
): RouteDefinition<'public', undefined, undefined, BS, typeof webhookAnswer> {
  return {
    access: 'public',
    body: definition.body,
    response: webhookAnswer,
    ...(definition.maxBodyBytes === undefined ? {} : { maxBodyBytes: definition.maxBodyBytes }),
    ...(definition.afterResponse === undefined ? {} : { afterResponse: definition.afterResponse }),
    webhook: {
      verifier: definition.verifier,
      eventId: (body) => definition.eventId(body as z.infer<BS>),
      handle: (ctx) => definition.handler(ctx as WebhookContext<z.infer<BS>>),
    },
    handler() {
      throw new Error('A webhook route is run by the pipeline (webhookRoute)');
    },
  };
}

export async function runWebhook(
  db: Db,
  webhook: WebhookHandling,
  schema: Schema,
  request: Request,
  rawBody: Uint8Array,
  requestId: string,
): Promise<Response> {
  requireJson(request);
  const body = parseJson(rawBody, schema);
  const event = { provider: webhook.verifier.provider, eventId: webhook.eventId(body) };
  const handled = await atomically(db, async (tx) => {
    if (!(await claimWebhookEvent(tx, event))) return false;
    await webhook.handle({ request, rawBody, body, event, tx, requestId });
    await markWebhookEventProcessed(tx, event);
    return true;
  });
  return json(handled ? { ok: true } : { ok: true, duplicate: true });
}
