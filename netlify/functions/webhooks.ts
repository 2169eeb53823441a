import type { Config } from '@netlify/functions';
import { reconcileFromEvent } from '../../src/server/checkout/reconcile';
import { createHandler, webhookRoute } from '../../src/server/http';
import { sendQueuedMail } from '../../src/server/mail/sender';
import { testPaymentsEvent, testPaymentsVerifier } from '../../src/server/payments/test-provider-webhook';
import { recordWebhookEvent } from '../../src/server/webhooks.service';

/**
 * Webhooks: payment providers tell us what happened (decisions 27 and 30).
 *   POST /api/webhooks/test-payments   the built-in test provider, signed with `Test-Payments-Signature`
 *       (HMAC-SHA256 over `<t>.<raw body>`) → 200 `{ok: true}`, `duplicate: true` for an event
 *       handled before; 401 `{error}` for a missing, wrong or stale signature; 503 when the provider's
 *       API did not answer (the provider delivers again).
 * No session and no same-origin check here: the signature is the caller's proof. The handler records
 * the event and reconciles the order it names, in the same transaction; a paid order's receipt is
 * sent right after the answer.
 */
export default createHandler({
  'POST /api/webhooks/test-payments': webhookRoute({
    verifier: testPaymentsVerifier,
    body: testPaymentsEvent,
    eventId: (event) => event.id,
    afterResponse: sendQueuedMail,
    async handler({ tx, event, body }) {
      await recordWebhookEvent(tx, event, { type: body.type, payload: body });
      const reference = body.data?.reference;
      await reconcileFromEvent(tx, 'test', typeof reference === 'string' ? reference : null);
    },
  }),
});

export const config: Config = { path: '/api/webhooks/test-payments', method: 'POST' };
