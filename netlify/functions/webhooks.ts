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

/** No session or origin check: the signature is the proof. Orders are reconciled with the provider's API, never the body. */

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
