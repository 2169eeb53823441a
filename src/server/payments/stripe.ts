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

/**
 * Stripe Checkout for cards, behind the provider interface (./provider.ts). The buyer
 * pays on Stripe's hosted page; we keep no card data. One Checkout Session per order:
 * `providerPaymentId` is the session's id, `client_reference_id` and `metadata.reference` carry
 * our order's reference, and `payment_intent_data.metadata.reference` puts it on the payment
 * intent (and so on its charge), so a refund's webhook also names the order.
 *
 * Every call goes through the official `stripe` SDK. Calls that change something pass the
 * caller's idempotency key as Stripe's `Idempotency-Key`, so a call retried after a timeout is
 * the same call at Stripe; the SDK's own retries (network errors, 409, 5xx) reuse that key.
 */

/** The header Stripe signs its webhook deliveries in: `t=<unix seconds>,v1=<hex>[,v0=…]`. */
export const STRIPE_SIGNATURE_HEADER = 'Stripe-Signature';

export interface StripeProviderConfig {
  /** STRIPE_SECRET_KEY (`sk_live_…`, `sk_test_…` or a restricted `rk_…` key). */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET (`whsec_…`): the signing secret of our webhook endpoint. */
  webhookSecret: string;
  /** STRIPE_API_URL: https://api.stripe.com, or a local fake in tests. */
  apiUrl: string;
  /** Each attempt at a Stripe call gives up after this many ms (PAYMENT_PROVIDER_TIMEOUT_MS). */
  timeoutMs: number;
  /** The SDK's retries of an attempt that failed for a retryable reason (network, 409, 5xx), with the same key. Default 1. */
  maxNetworkRetries?: number;
  /**
   * How long the buyer has to pay, in minutes: the session's `expires_at` lies up to this far
   * ahead, on a 15-minute grid (see `sessionExpiresAt`). Default 60 (the default order expiry).
   */
  sessionMinutes?: number;
  /** The clock, for tests. */
  now?: () => Date;
}

/**
 * Stripe accepts an `expires_at` between 30 minutes and 24 hours after the session's creation.
 * We round it down to a 15-minute grid so that the same `create` retried by the caller a few
 * minutes later sends the same parameters: Stripe answers a reused idempotency key with other
 * parameters with a 400 `idempotency_error`. The floor of 46 minutes keeps a rounded-down value
 * above Stripe's 30 minutes with a minute to spare for clock skew.
 */
const EXPIRY_GRID_SECONDS = 15 * 60;
const MIN_SESSION_MINUTES = 46;
const MAX_SESSION_MINUTES = 24 * 60;

export function sessionExpiresAt(now: Date, sessionMinutes: number): number {
  const minutes = Math.min(MAX_SESSION_MINUTES, Math.max(MIN_SESSION_MINUTES, Math.floor(sessionMinutes)));
  const target = Math.floor(now.getTime() / 1000) + minutes * 60;
  return Math.floor(target / EXPIRY_GRID_SECONDS) * EXPIRY_GRID_SECONDS;
}

/** Reads `https://api.stripe.com` or `http://127.0.0.1:4567` into the SDK's host, port and protocol. */
function apiAddress(apiUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/**
 * A Stripe failure in the interface's two kinds. Worth retrying later (the order stays as it is):
 * no answer (network, timeout), 409 (a concurrent request with the same key), 429 and 5xx.
 * Refused for good: every other 4xx (invalid request, card error, a reused idempotency key with
 * other parameters, a wrong or restricted API key). Anything that is not a Stripe error is a bug
 * and is thrown as it is. The message never holds the API key: Stripe's own messages for 401
 * and 403 (which quote a masked key) are left out.
 */
function providerError(operation: string, error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const status = error.statusCode;
  // Stripe's own words (`invalid_request_error resource_missing`), not the SDK's class name.
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

/** The session's state in the interface's words; `refundedOre` from the payment intent's latest charge when expanded. */
function sessionStatus(session: Stripe.Checkout.Session): PaymentStatus {
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const refundedOre = charge?.amount_refunded ?? 0;
  if (session.payment_status === 'paid') {
    const total = session.amount_total ?? 0;
    return { state: 'captured', authorizedOre: total, capturedOre: total, refundedOre };
  }
  if (session.status === 'expired') return { state: 'expired', authorizedOre: 0, capturedOre: 0, refundedOre };
  // open, or complete while an asynchronous method settles (cards never do: we offer cards only).
  return { state: 'pending', authorizedOre: 0, capturedOre: 0, refundedOre };
}

/** An event id or type as Stripe writes them (`evt_…`, `checkout.session.completed`). */
const stripeToken = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9_.:-]+$/);

/**
 * A Stripe event as delivered to our endpoint, loosely: Stripe adds fields and every event
 * type has its own object, so only what `parseEvent` reads is checked and the rest passes.
 */
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

/**
 * The order an event concerns: a Checkout Session names it in `client_reference_id` (and
 * `metadata.reference`); a payment intent, its charge (e.g. `charge.refunded`) and our refunds
 * carry it in `metadata.reference`. Null for an object of someone else's (another integration
 * on the same Stripe account).
 */
function parseStripeEvent(body: unknown): PaymentEvent {
  const event = stripeEventBody.parse(body);
  const object = event.data.object;
  const reference = object.client_reference_id || object.metadata?.reference || null;
  return { eventId: event.id, reference, type: event.type };
}

/** Checks `Stripe-Signature` over the raw bytes (see `createStripeProvider` for why not the SDK's `constructEvent`). */
function stripeWebhookVerifier(webhookSecret: string | undefined): WebhookVerifier {
  return {
    provider: 'stripe',
    verify(request, rawBody, now = new Date()) {
      return verifyTimestampedHmac({ secret: webhookSecret, header: request.headers.get(STRIPE_SIGNATURE_HEADER), rawBody, now });
    },
  };
}

/**
 * The card provider. Webhooks are verified with our own `verifyTimestampedHmac` rather than the
 * SDK's `webhooks.constructEvent`: it is the same scheme (HMAC-SHA256 over `<t>.<raw body>`,
 * `v1` signatures, several allowed while a secret is rotated, constant-time comparison), it
 * never throws and takes the pipeline's `now`, it does not parse the body (the pipeline's zod
 * schema does that once), and it is the code the other providers' webhooks already run. The
 * tests prove it accepts the SDK's own `generateTestHeaderString`.
 */
export function createStripeProvider(config: StripeProviderConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    ...apiAddress(config.apiUrl),
    timeout: config.timeoutMs,
    maxNetworkRetries: config.maxNetworkRetries ?? 1,
    // No request metrics (timings of earlier calls) sent to Stripe with each call.
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
            // Cards only (with the wallets Stripe shows for them), which settle at once: no
            // asynchronous method leaves a completed session unpaid for days. (This API version
            // filters Stripe's dynamic payment methods; `payment_method_types` is gone.)
            allowed_payment_method_types: ['card'],
            line_items: [
              {
                quantity: 1,
                // The price includes VAT (our receipt states it); no Stripe Tax on top.
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

    /**
     * A no-op: a Checkout Session in `payment` mode captures the card payment when the buyer
     * pays (automatic capture), so a paid session is already `captured`. Safe to call any time.
     */
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
        // The buyer may have paid (or Stripe expired it) between our read and the expire: then
        // Stripe refuses with a 400 and there is nothing left to cancel.
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

/** The card provider from the environment; null (cards not offered) unless both the secret key and the webhook secret are set. */
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
