import type { Config } from '@netlify/functions';
import { createHandler, webhookRoute } from '../../src/server/http';
import { testPaymentsEvent, testPaymentsVerifier } from '../../src/server/payments/test-provider-webhook';
import { recordWebhookEvent } from '../../src/server/webhooks.service';

/**
 * Webhooks: payment providers tell us what happened (decision 27).
 *   POST /api/webhooks/test-payments   the built-in test provider, signed with `Test-Payments-Signature`
 *       (HMAC-SHA256 over `<t>.<raw body>`) → 200 `{ok: true}`, `duplicate: true` for an event
 *       handled before; 401 `{error}` for a missing, wrong or stale signature.
 * No session and no same-origin check here: the signature is the caller's proof. For now the
 * handler only records the event (its type and body in `webhook_events`); the checkout (the next
 * issue) gives it its real work: reconciling the order the event names, in the same transaction.
 */
export default createHandler({
  'POST /api/webhooks/test-payments': webhookRoute({
    verifier: testPaymentsVerifier,
    body: testPaymentsEvent,
    eventId: (event) => event.id,
    async handler({ tx, event, body }) {
      await recordWebhookEvent(tx, event, { type: body.type, payload: body });
    },
  }),
});

export const config: Config = { path: '/api/webhooks/test-payments', method: 'POST' };
