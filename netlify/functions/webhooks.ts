import type { Config } from '@netlify/functions';
import { reconcileFromEvent } from '../../src/server/checkout/reconcile';
import { UnavailableError } from '../../src/server/platform/errors';
import type { z } from 'zod';
import { createHandler, webhookRoute } from '../../src/server/platform/http';
import { sendQueuedMail } from '../../src/server/mail/sender';
import type { PaymentProvider } from '../../src/server/payments/provider';
import { webhookProvider, webhookVerifierOf } from '../../src/server/payments/registry';
import { stripeEventBody, stripeProviderFromEnv } from '../../src/server/payments/stripe';
import { testPaymentsEvent, testPaymentsVerifier } from '../../src/server/payments/test-provider-webhook';
import { vippsProviderFromEnv } from '../../src/server/payments/vipps';
import { vippsWebhookEvent } from '../../src/server/payments/vipps-webhooks';
import { recordWebhookEvent } from '../../src/server/platform/webhooks/events.service';

/**
 * Webhooks: payment providers tell us what happened.
 *   POST /api/webhooks/vipps           Vipps ePayment, signed as Vipps signs (`Authorization: HMAC-SHA256 …`
 *       over method, path, `x-ms-date`, host and the body's SHA-256) with VIPPS_WEBHOOK_SECRET
 *   POST /api/webhooks/stripe          Stripe (cards), `Stripe-Signature` with STRIPE_WEBHOOK_SECRET
 *   POST /api/webhooks/test-payments   the built-in test provider, signed with `Test-Payments-Signature`
 *       (HMAC-SHA256 over `<t>.<raw body>`)
 * Each answers 200 `{ok: true}`, `duplicate: true` for an event handled before; 401 `{error}` for a
 * missing, wrong or stale signature; 503 when the provider's API did not answer (the provider
 * delivers again). A provider without its settings verifies nothing: its route answers 401 to
 * every delivery. The Vipps and Stripe verifiers are resolved on each delivery from the payment
 * registry (src/server/payments/registry.ts), so the tests' providers (fake servers) verify with
 * their own secrets.
 * No session and no same-origin check here: the signature is the caller's proof. The handler records
 * the event and reconciles the order it names with what the provider's API says (never the body),
 * in the same transaction; a paid order's receipt is sent right after the answer.
 */

/** A webhook route of Vipps or Stripe: the configured provider's verifier and event parser. */
function providerWebhook(name: 'vipps' | 'stripe', fromSettings: () => PaymentProvider | null, body: z.ZodType) {
  const provider = (): PaymentProvider => {
    const found = webhookProvider(name, fromSettings);
    // Only after the signature passed, so only when the provider was swapped during the request.
    if (!found) throw new UnavailableError('Betalingstjenesten er ikke satt opp.');
    return found;
  };
  return webhookRoute({
    verifier: webhookVerifierOf(name, fromSettings),
    body,
    eventId: (event) => provider().parseEvent(event).eventId,
    afterResponse: sendQueuedMail,
    async handler({ tx, event, body: payload }) {
      const parsed = provider().parseEvent(payload);
      await recordWebhookEvent(tx, event, { type: parsed.type, payload });
      await reconcileFromEvent(tx, name, parsed.reference);
    },
  });
}

export default createHandler({
  'POST /api/webhooks/vipps': providerWebhook('vipps', vippsProviderFromEnv, vippsWebhookEvent),
  'POST /api/webhooks/stripe': providerWebhook('stripe', stripeProviderFromEnv, stripeEventBody),
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

export const config: Config = { path: ['/api/webhooks/vipps', '/api/webhooks/stripe', '/api/webhooks/test-payments'], method: 'POST' };
