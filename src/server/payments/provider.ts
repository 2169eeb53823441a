import type { z } from 'zod';
import type { WebhookVerifier } from '../platform/webhooks/signatures';

/** Idempotency keys derive from the order, never random, so a retried call is the same call at the provider. */

export type ProviderName = 'test' | 'vipps' | 'stripe';

export interface PaymentRef {
  reference: string;
  providerPaymentId: string;
}

export interface CreatePaymentInput {
  reference: string;
  /** VAT included, in øre. */
  amountOre: number;
  currency: 'NOK';
  description: string;
  returnUrl: string;
  cancelUrl: string;
  customerEmail: string;
  idempotencyKey: string;
}

export interface CreatedPayment {
  providerPaymentId: string;
  redirectUrl: string;
}

/** Stripe never reports `cancelled`: its sessions end as `expired`. */
export type PaymentState = 'pending' | 'authorized' | 'captured' | 'cancelled' | 'expired' | 'failed';

export interface PaymentStatus {
  state: PaymentState;
  /** In øre. */
  authorizedOre: number;
  capturedOre: number;
  refundedOre: number;
}

export interface PaymentEvent {
  eventId: string;
  reference: string | null;
  type: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  readonly label: string;

  create(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Read from the provider, never from a webhook's body. */
  status(payment: PaymentRef): Promise<PaymentStatus>;
  capture(payment: PaymentRef, amountOre: number, idempotencyKey: string): Promise<void>;
  refund(payment: PaymentRef, amountOre: number, idempotencyKey: string): Promise<void>;
  cancel(payment: PaymentRef, idempotencyKey: string): Promise<void>;

  readonly verifier: WebhookVerifier;
  readonly webhookBody: z.ZodType;
  parseEvent(body: unknown): PaymentEvent;
}

/** Worth retrying later (network, timeout, 5xx, 429): the order stays as it was. */
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

/** A 4xx other than 429: retrying will not help. */
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
