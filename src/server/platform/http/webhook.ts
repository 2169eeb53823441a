import { z } from 'zod';
import { atomically, type Db } from '../../../../db/client';
import { claimWebhookEvent, markWebhookEventProcessed } from '../webhooks/events.service';
import type { WebhookVerifier } from '../webhooks/signatures';
import { parseJson, requireJson } from './body';
import { json } from './responses';
import type { RouteDefinition, Schema, WebhookContext, WebhookHandling } from './route';

export interface WebhookDefinition<BS extends Schema> {
  /** Checks the provider's signature over the raw body; a delivery it refuses gets 401. */
  verifier: WebhookVerifier;
  /** The event's JSON body. */
  body: BS;
  /** The provider's id of the event: deliveries with the same id are one event. */
  eventId(body: z.infer<BS>): string;
  /** Overrides MAX_BODY_BYTES. */
  maxBodyBytes?: number;
  /** As a route's: work after a 2xx answer (a paid order's receipt mail, `sendQueuedMail`). */
  afterResponse?: () => Promise<unknown>;
  /**
   * Handles an event the first time it arrives, inside the transaction that records it. It
   * answers nothing (the pipeline answers 200); to refuse, it throws, which rolls its work and
   * the record back, so the provider's next delivery tries again.
   */
  handler(ctx: WebhookContext<z.infer<BS>>): Promise<void>;
}

/** Every delivery's answer: handled now, or handled before. */
export const webhookAnswer = z.object({ ok: z.literal(true), duplicate: z.literal(true).optional() });

/**
 * Declares a webhook: a route a provider calls. The pipeline then skips the
 * same-origin check and never reads the session cookie; it reads the raw body (413 over the
 * limit), lets the verifier check the signature before anything else (401 `{error}` when it
 * fails), validates the JSON, and in one transaction records the event (`webhook_events`,
 * unique per provider and event id) and runs the handler, only for the event's first
 * successful delivery. Every delivery of a handled event, however many and however
 * concurrent, gets 200 `{ok: true}` (`duplicate: true` after the first).
 */
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

/**
 * A webhook delivery after its signature passed: the JSON body, then one transaction that
 * claims the event (src/server/platform/webhooks/events.service.ts) and, for its first delivery,
 * runs the handler and marks it processed.
 */
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
