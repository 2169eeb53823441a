import Stripe from 'stripe';
import { z } from 'zod';
import { env } from '../platform/env';
import { verifyTimestampedHmac, type WebhookVerifier } from '../platform/webhooks/signatures';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  type CreatePaymentInput,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentRef,
  type PaymentStatus,
} from './provider';

/** We keep no card data. The order's reference also goes on the payment intent, so a refund's webhook names the order. */

export const STRIPE_SIGNATURE_HEADER = 'Stripe-Signature';

export interface StripeProviderConfig {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string;
  timeoutMs: number;
  maxNetworkRetries?: number;
  sessionMinutes?: number;
  now?: () => Date;
}

// Stripe refuses a reused idempotency key with other parameters, so a retried `create` must send the same
// `expires_at`: hence the grid. 46 minutes stays above Stripe's 30-minute minimum after rounding down.
const EXPIRY_GRID_SECONDS = 15 * 60;
const MIN_SESSION_MINUTES = 46;
const MAX_SESSION_MINUTES = 24 * 60;

export function sessionExpiresAt(now: Date, sessionMinutes: number): number {
  const minutes = Math.min(MAX_SESSION_MINUTES, Math.max(MIN_SESSION_MINUTES, Math.floor(sessionMinutes)));
  const target = Math.floor(now.getTime() / 1000) + minutes * 60;
  return Math.floor(target / EXPIRY_GRID_SECONDS) * EXPIRY_GRID_SECONDS;
}

function apiAddress(apiUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** A 409 is a concurrent request with the same key, so retryable. The message never quotes the (masked) API key of a 401/403. */
function providerError(operation: string, error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const status = error.statusCode;
  const detail = [error.rawType ?? error.type, error.code].filter(Boolean).join(' ');
  const retryable =
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    status === undefined ||
    status === 409 ||
    status === 429 ||
    status >= 500;
  if (retryable) {
    return new ProviderUnavailableError('stripe', `Stripe ${operation}: ${status ?? 'no answer'} ${detail}`.trim(), { cause: error });
  }
  const message = status === 401 || status === 403 ? '' : `: ${error.message}`;
  return new ProviderRefusedError('stripe', status, `Stripe ${operation} refused (${status} ${detail})${message}`);
}

async function call<T>(operation: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw providerError(operation, error);
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

function sessionStatus(session: Stripe.Checkout.Session): PaymentStatus {
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const refundedOre = charge?.amount_refunded ?? 0;
  if (session.payment_status === 'paid') {
    const total = session.amount_total ?? 0;
    return { state: 'captured', authorizedOre: total, capturedOre: total, refundedOre };
  }
  if (session.status === 'expired') return { state: 'expired', authorizedOre: 0, capturedOre: 0, refundedOre };
  // Cards never stay `complete` but unpaid: we offer no asynchronous methods.
  return { state: 'pending', authorizedOre: 0, capturedOre: 0, refundedOre };
}

const stripeToken = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9_.:-]+$/);

export const stripeEventBody = z.looseObject({
  id: stripeToken,
  type: stripeToken,
  data: z.looseObject({
    object: z.looseObject({
      id: z.string().max(255).optional(),
      client_reference_id: z.string().max(200).nullish(),
      metadata: z.record(z.string(), z.string()).nullish(),
    }),
  }),
});

/** Null reference for another integration's object on the same Stripe account. */
function parseStripeEvent(body: unknown): PaymentEvent {
  const event = stripeEventBody.parse(body);
  const object = event.data.object;
  const reference = object.client_reference_id || object.metadata?.reference || null;
  return { eventId: event.id, reference, type: event.type };
}

function stripeWebhookVerifier(webhookSecret: string | undefined): WebhookVerifier {
  return {
    provider: 'stripe',
    verify(request, rawBody, now = new Date()) {
      return verifyTimestampedHmac({ secret: webhookSecret, header: request.headers.get(STRIPE_SIGNATURE_HEADER), rawBody, now });
    },
  };
}

/** Our `verifyTimestampedHmac`, not the SDK's `constructEvent`: same scheme, but it never throws and takes the pipeline's `now`. */
export function createStripeProvider(config: StripeProviderConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    ...apiAddress(config.apiUrl),
    timeout: config.timeoutMs,
    maxNetworkRetries: config.maxNetworkRetries ?? 1,
    telemetry: false,
  });
  const clock = config.now ?? (() => new Date());
  const sessionMinutes = config.sessionMinutes ?? 60;

  const retrieve = (operation: string, sessionId: string) =>
    call(operation, () => stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge'] }));

  return {
    name: 'stripe',
    label: 'Kort',

    async create(input: CreatePaymentInput) {
      const session = await call('create', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            locale: 'nb',
            // Cards settle at once, so no completed session is left unpaid for days.
            allowed_payment_method_types: ['card'],
            line_items: [
              {
                quantity: 1,
                // The price includes VAT; no Stripe Tax on top.
                price_data: { currency: 'nok', unit_amount: input.amountOre, product_data: { name: input.description } },
              },
            ],
            client_reference_id: input.reference,
            metadata: { reference: input.reference },
            payment_intent_data: { metadata: { reference: input.reference } },
            customer_email: input.customerEmail,
            success_url: input.returnUrl,
            cancel_url: input.cancelUrl,
            expires_at: sessionExpiresAt(clock(), sessionMinutes),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url) throw new ProviderUnavailableError('stripe', `Stripe create: session ${session.id} has no url (status ${session.status})`);
      return { providerPaymentId: session.id, redirectUrl: session.url };
    },

    async status(payment: PaymentRef) {
      return sessionStatus(await retrieve('status', payment.providerPaymentId));
    },

    /** Checkout in `payment` mode captures when the buyer pays. */
    async capture() {},

    async refund(payment: PaymentRef, amountOre: number, idempotencyKey: string) {
      const session = await retrieve('refund', payment.providerPaymentId);
      const paymentIntent = idOf(session.payment_intent);
      if (!paymentIntent) {
        throw new ProviderRefusedError('stripe', 409, `Stripe refund refused: session ${session.id} has no payment (status ${session.status})`);
      }
      await call('refund', () =>
        stripe.refunds.create({ payment_intent: paymentIntent, amount: amountOre, metadata: { reference: payment.reference } }, { idempotencyKey }),
      );
    },

    async cancel(payment: PaymentRef, idempotencyKey: string) {
      const session = await retrieve('cancel', payment.providerPaymentId);
      if (session.status !== 'open') return;
      try {
        await call('cancel', () => stripe.checkout.sessions.expire(session.id, {}, { idempotencyKey }));
      } catch (error) {
        // The buyer may have paid (or Stripe expired it) between our read and the expire.
        if (!(error instanceof ProviderRefusedError)) throw error;
        const latest = await retrieve('cancel', payment.providerPaymentId);
        if (latest.status === 'open') throw error;
      }
    },

    verifier: stripeWebhookVerifier(config.webhookSecret),
    webhookBody: stripeEventBody,
    parseEvent: parseStripeEvent,
  };
}

export function stripeProviderFromEnv(): PaymentProvider | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  return createStripeProvider({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL,
    timeoutMs: env.PAYMENT_PROVIDER_TIMEOUT_MS,
    sessionMinutes: env.ORDER_EXPIRY_MINUTES,
  });
}
