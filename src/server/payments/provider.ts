import type { z } from 'zod';
import type { WebhookVerifier } from '../platform/webhooks/signatures';

/**
 * One interface for every payment provider the checkout can use: Vipps MobilePay
 * ePayment, Stripe Checkout for cards, and the built-in test provider for development and tests.
 * The order service (src/server/checkout/) never talks to a provider in any other way, and
 * `reconcile(order)` is the only code that asks a provider what happened to a payment.
 *
 * Every call that changes something at the provider takes an idempotency key that the caller
 * derives from the order (never a random value), so a retried call after a timeout or a crash is
 * the same call, and the provider does it once.
 */

export type ProviderName = 'test' | 'vipps' | 'stripe';

/** A payment as our order knows it: our reference and the provider's id for it (once created). */
export interface PaymentRef {
  /** Our order's reference, also the provider's reference where it takes one (Vipps: 8–64 of `[a-zA-Z0-9-]`). */
  reference: string;
  /** The provider's id: Stripe's Checkout Session id; Vipps and the test provider use `reference`. */
  providerPaymentId: string;
}

export interface CreatePaymentInput {
  /** Our order's reference (`orders.reference`), e.g. 'ka-3f9c2a7e1b4d4c0f'. */
  reference: string;
  /** The amount to charge, VAT included, in øre (integer > 0). */
  amountOre: number;
  currency: 'NOK';
  /** What the buyer sees at the provider: the product's title, e.g. 'KI for Kontoret'. */
  description: string;
  /** Absolute URL the provider sends the buyer back to (success or not); reconcile decides. */
  returnUrl: string;
  /** Absolute URL for 'back'/'cancel' at the provider (Stripe's cancel_url); may equal returnUrl. */
  cancelUrl: string;
  /** The buyer's e-mail (Stripe's customer_email; Vipps ignores it). */
  customerEmail: string;
  /** Deterministic: `create:<order id>`. */
  idempotencyKey: string;
}

export interface CreatedPayment {
  providerPaymentId: string;
  /** Where the browser goes to pay (Vipps's landing page, Stripe's hosted page, our test page). */
  redirectUrl: string;
}

/**
 * The provider's truth about a payment, in one vocabulary:
 * - `pending`: created, the buyer has not finished (Vipps CREATED, Stripe session open / unpaid);
 * - `authorized`: reserved, not captured (Vipps AUTHORIZED with capturedAmount 0);
 * - `captured`: the money is ours (Vipps capturedAmount = amount; Stripe payment_status 'paid');
 * - `cancelled`: the buyer or we cancelled it (Vipps ABORTED or TERMINATED, Stripe never: see expired);
 * - `expired`: it ran out (Vipps EXPIRED, Stripe session 'expired');
 * - `failed`: it can never be paid (a declined card the provider will not retry, the test provider's 'fail').
 */
export type PaymentState = 'pending' | 'authorized' | 'captured' | 'cancelled' | 'expired' | 'failed';

export interface PaymentStatus {
  state: PaymentState;
  /** Totals in øre as the provider reports them. */
  authorizedOre: number;
  capturedOre: number;
  refundedOre: number;
}

/** A webhook event reduced to what the order service needs: which order to reconcile. */
export interface PaymentEvent {
  /** The provider's id for this event (the same on every delivery of it): `webhook_events.event_id`. */
  eventId: string;
  /** Our order's reference the event concerns; null for an event that concerns no order of ours. */
  reference: string | null;
  /** The event's kind as the provider names it (for the record), e.g. 'AUTHORIZED', 'checkout.session.completed'. */
  type: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** What the checkout's button and the receipt say: 'Vipps', 'Kort', 'Testbetaling'. */
  readonly label: string;

  /** Starts a payment. Calling it again with the same idempotency key returns the same payment. */
  create(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** The payment's state now, read from the provider (never from a webhook's body). */
  status(payment: PaymentRef): Promise<PaymentStatus>;
  /** Captures `amountOre` of a reserved payment (a no-op for a provider that captures at once). */
  capture(payment: PaymentRef, amountOre: number, idempotencyKey: string): Promise<void>;
  /** Refunds `amountOre` of a captured payment. */
  refund(payment: PaymentRef, amountOre: number, idempotencyKey: string): Promise<void>;
  /** Cancels a payment that was not captured (an order that expires); a no-op when it is already over. */
  cancel(payment: PaymentRef, idempotencyKey: string): Promise<void>;

  /** Checks a webhook's signature (src/server/platform/webhooks/signatures.ts). */
  readonly verifier: WebhookVerifier;
  /** The webhook body's schema (loose: providers add fields). */
  readonly webhookBody: z.ZodType;
  /** The event in the body (after the schema): its id and the order it concerns. */
  parseEvent(body: unknown): PaymentEvent;
}

/**
 * A provider call that failed in a way worth retrying later (network, timeout, 5xx, 429): the
 * order stays as it was and the next reconcile tries again. Any other error is a bug or a refusal.
 */
export class ProviderUnavailableError extends Error {
  constructor(
    readonly provider: ProviderName,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider refused the call for good (4xx other than 429): e.g. a capture above the reserved amount. */
export class ProviderRefusedError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderRefusedError';
  }
}
