import { createHash } from 'node:crypto';
import { z } from 'zod';
import { env } from '../platform/env';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  type CreatePaymentInput,
  type CreatedPayment,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentRef,
  type PaymentState,
  type PaymentStatus,
} from './provider';
import { amountSchema, createVippsVerifier, VIPPS_PROVIDER, vippsEventId, vippsWebhookEvent } from './vipps-webhooks';

/**
 * Vipps MobilePay ePayment, over plain `fetch`: Vipps's own SDK hard-codes its base
 * URL and sends random idempotency keys, and we need both under our control (a fake server in
 * the tests; the caller's deterministic keys, so a retry is the same call).
 *
 * The flow: `create` reserves nothing yet, it only starts a payment and returns Vipps's landing
 * page; the buyer approves in the app (AUTHORIZED: the amount is reserved); the order service
 * captures it. `status` is the truth (webhooks only say "look again").
 */

export interface VippsConfig {
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  /** The merchant serial number of the sales unit. */
  msn: string;
  /** https://apitest.vipps.no or https://api.vipps.no (or a fake server in tests); no trailing path. */
  baseUrl: string;
  /** The secret Vipps returned when our webhook was registered. */
  webhookSecret: string;
  /** Each HTTP call to Vipps gives up after this many ms (ProviderUnavailableError). */
  timeoutMs: number;
  fetch?: typeof fetch;
  /** The `Vipps-System-*` headers Vipps asks every integration to send (max 30 characters each). */
  systemName?: string;
  systemVersion?: string;
  pluginName?: string;
  pluginVersion?: string;
  /** The clock, for the token cache and the webhook date check (tests move it). */
  now?: () => Date;
}

const PROVIDER = VIPPS_PROVIDER;

/** A cached access token is renewed this long before Vipps says it expires. */
export const TOKEN_RENEW_MARGIN_MS = 120_000;

// ---------------------------------------------------------------------------------------------
// Idempotency keys

/** What Vipps accepts as an `Idempotency-Key`: at most 50 of `[a-zA-Z0-9-]`. */
const VIPPS_IDEMPOTENCY_KEY = /^[a-zA-Z0-9-]{1,50}$/;
const HASH_HEX_LENGTH = 32;

/**
 * Our deterministic key (`capture:<order id>`) as Vipps accepts it. A key that already fits is
 * sent as it is. Any other key becomes a readable prefix (its allowed characters, the rest as
 * `-`) and 128 bits of its SHA-256, 50 characters in all: the same key always maps to the same
 * value, and two different keys (`create:1` and `create-1`) map to different ones.
 */
export function vippsIdempotencyKey(key: string): string {
  if (VIPPS_IDEMPOTENCY_KEY.test(key)) return key;
  const hash = createHash('sha256').update(key, 'utf8').digest('hex').slice(0, HASH_HEX_LENGTH);
  const prefix = key
    .replace(/[^a-zA-Z0-9-]/g, '-')
    .slice(0, 50 - HASH_HEX_LENGTH - 1)
    .replace(/-+$/, '');
  return prefix ? `${prefix}-${hash}` : hash;
}

// ---------------------------------------------------------------------------------------------
// The API client

const tokenResponse = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.union([z.string(), z.number()]).optional(),
  expires_on: z.union([z.string(), z.number()]).optional(),
});

const createResponse = z.looseObject({ redirectUrl: z.string().min(1), reference: z.string().min(1) });

const paymentResponse = z.looseObject({
  state: z.string(),
  amount: amountSchema,
  aggregate: z.looseObject({
    authorizedAmount: amountSchema,
    capturedAmount: amountSchema,
    refundedAmount: amountSchema,
    cancelledAmount: amountSchema.optional(),
  }),
});

const problemResponse = z.looseObject({ title: z.string().optional(), detail: z.string().optional() });

type Operation = 'access token' | 'create' | 'status' | 'capture' | 'refund' | 'cancel';

/** Vipps's own words about a refusal (its problem JSON's title), shortened; never our headers. */
async function refusalText(response: Response): Promise<string> {
  try {
    const parsed = problemResponse.safeParse(await response.json());
    const title = parsed.success ? (parsed.data.title ?? parsed.data.detail) : undefined;
    return title ? `: ${title.replace(/\s+/g, ' ').slice(0, 200)}` : '';
  } catch {
    return '';
  }
}

function numberFrom(value: string | number | undefined): number | undefined {
  const n = typeof value === 'number' ? value : value === undefined ? NaN : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** The Vipps states mapped onto ours (src/server/payments/provider.ts). */
export function vippsPaymentState(payment: z.infer<typeof paymentResponse>): PaymentState | null {
  switch (payment.state) {
    case 'CREATED':
      return 'pending';
    case 'AUTHORIZED':
      return payment.aggregate.capturedAmount.value >= payment.amount.value ? 'captured' : 'authorized';
    case 'ABORTED':
    case 'TERMINATED':
      return 'cancelled';
    case 'EXPIRED':
      return 'expired';
    default:
      return null;
  }
}

export function createVippsProvider(config: VippsConfig): PaymentProvider {
  const doFetch = config.fetch ?? globalThis.fetch;
  const now = config.now ?? (() => new Date());
  const base = config.baseUrl.replace(/\/+$/, '');
  const systemHeaders = {
    'Vipps-System-Name': config.systemName ?? 'ki-akademiet',
    'Vipps-System-Version': config.systemVersion ?? '1.0.0',
    'Vipps-System-Plugin-Name': config.pluginName ?? 'ki-akademiet-checkout',
    'Vipps-System-Plugin-Version': config.pluginVersion ?? '1.0.0',
  };

  let token: { value: string; renewAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  /** One HTTP exchange: network trouble, timeouts, 5xx and 429 are "unavailable", other 4xx a refusal. */
  async function exchange(operation: Operation, url: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await doFetch(url, { ...init, signal: AbortSignal.timeout(config.timeoutMs) });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new ProviderUnavailableError(
        PROVIDER,
        timedOut ? `Vipps ${operation}: no answer within ${config.timeoutMs} ms` : `Vipps ${operation}: network error`,
        { cause: error },
      );
    }
    if (response.ok) return response;
    if (response.status >= 500 || response.status === 429) {
      await response.body?.cancel().catch(() => undefined);
      throw new ProviderUnavailableError(PROVIDER, `Vipps ${operation}: HTTP ${response.status}`);
    }
    throw new ProviderRefusedError(PROVIDER, response.status, `Vipps ${operation} refused (HTTP ${response.status})${await refusalText(response)}`);
  }

  async function readJson<T>(operation: Operation, response: Response, schema: z.ZodType<T>): Promise<T> {
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new ProviderUnavailableError(PROVIDER, `Vipps ${operation}: the answer is not JSON`, { cause: error });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ProviderUnavailableError(PROVIDER, `Vipps ${operation}: the answer has an unexpected shape`);
    return parsed.data;
  }

  async function fetchToken(): Promise<string> {
    const requestedAt = now().getTime();
    const response = await exchange('access token', `${base}/accesstoken/get`, {
      method: 'POST',
      headers: {
        client_id: config.clientId,
        client_secret: config.clientSecret,
        'Ocp-Apim-Subscription-Key': config.subscriptionKey,
        'Merchant-Serial-Number': config.msn,
        ...systemHeaders,
      },
    });
    const answer = await readJson('access token', response, tokenResponse);
    // expires_in counts from now and so is immune to a skewed clock here; expires_on (Vipps's
    // absolute time) is the fallback. With neither, the token serves this call only.
    const lifetime = numberFrom(answer.expires_in);
    const expiresOn = numberFrom(answer.expires_on);
    const expiresAt = lifetime !== undefined ? requestedAt + lifetime * 1000 : expiresOn !== undefined ? expiresOn * 1000 : NaN;
    // A token that lives shorter than twice the margin is renewed halfway through its life.
    const margin = Math.min(TOKEN_RENEW_MARGIN_MS, (expiresAt - requestedAt) / 2);
    token = Number.isFinite(expiresAt) ? { value: answer.access_token, renewAt: expiresAt - margin } : null;
    return answer.access_token;
  }

  /** The cached token, or a new one; concurrent callers share one token request. */
  async function accessToken(): Promise<string> {
    if (token && now().getTime() < token.renewAt) return token.value;
    tokenRequest ??= fetchToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  /** An ePayment call. A 401 (a token Vipps no longer accepts) drops the cached token and tries once more. */
  async function epayment(
    operation: Operation,
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<Response> {
    const send = (bearer: string) =>
      exchange(operation, `${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${bearer}`,
          'Ocp-Apim-Subscription-Key': config.subscriptionKey,
          'Merchant-Serial-Number': config.msn,
          ...systemHeaders,
          ...(method === 'POST' && options.idempotencyKey !== undefined ? { 'Idempotency-Key': vippsIdempotencyKey(options.idempotencyKey) } : {}),
          ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
    const bearer = await accessToken();
    try {
      return await send(bearer);
    } catch (error) {
      if (!(error instanceof ProviderRefusedError && error.status === 401)) throw error;
      if (token?.value === bearer) token = null;
      return send(await accessToken());
    }
  }

  /** A modification's answer is not needed (status() is the truth); its body is released, not left to the GC. */
  async function modify(operation: 'capture' | 'refund' | 'cancel', path: string, options: { body?: unknown; idempotencyKey: string }) {
    const response = await epayment(operation, 'POST', path, options);
    await response.body?.cancel().catch(() => undefined);
  }

  const paymentPath = (payment: PaymentRef) => `/epayment/v1/payments/${encodeURIComponent(payment.providerPaymentId)}`;

  async function readPayment(payment: PaymentRef) {
    return readJson('status', await epayment('status', 'GET', paymentPath(payment)), paymentResponse);
  }

  async function status(payment: PaymentRef): Promise<PaymentStatus> {
    const answer = await readPayment(payment);
    const state = vippsPaymentState(answer);
    if (!state) throw new ProviderUnavailableError(PROVIDER, `Vipps status: unknown payment state ${answer.state.slice(0, 40)}`);
    return {
      state,
      authorizedOre: answer.aggregate.authorizedAmount.value,
      capturedOre: answer.aggregate.capturedAmount.value,
      refundedOre: answer.aggregate.refundedAmount.value,
    };
  }

  const verifier = createVippsVerifier(config.webhookSecret, now);

  return {
    name: PROVIDER,
    label: 'Vipps',

    async create(input: CreatePaymentInput): Promise<CreatedPayment> {
      const response = await epayment('create', 'POST', '/epayment/v1/payments', {
        idempotencyKey: input.idempotencyKey,
        body: {
          amount: { currency: input.currency, value: input.amountOre },
          paymentMethod: { type: 'WALLET' },
          reference: input.reference,
          returnUrl: input.returnUrl,
          userFlow: 'WEB_REDIRECT',
          // At most 100 characters (Vipps's limit), cut between characters, not inside one.
          paymentDescription: Array.from(input.description).slice(0, 100).join(''),
        },
      });
      const answer = await readJson('create', response, createResponse);
      return { providerPaymentId: answer.reference, redirectUrl: answer.redirectUrl };
    },

    status,

    /**
     * A refusal of a capture of a payment that is already fully captured (an earlier capture
     * went through, its answer was lost, and its key with it) is the outcome the caller wanted:
     * nothing is left to capture, so it returns. Every other refusal is thrown.
     */
    async capture(payment, amountOre, idempotencyKey) {
      try {
        await modify('capture', `${paymentPath(payment)}/capture`, {
          idempotencyKey,
          body: { modificationAmount: { currency: 'NOK', value: amountOre } },
        });
      } catch (error) {
        if (!(error instanceof ProviderRefusedError) || error.status === 401) throw error;
        const current = await status(payment);
        if (current.state === 'captured' && current.capturedOre >= amountOre) return;
        throw error;
      }
    },

    /** Refunds are never second-guessed: a refusal (more than is captured) is thrown as it is. */
    async refund(payment, amountOre, idempotencyKey) {
      await modify('refund', `${paymentPath(payment)}/refund`, {
        idempotencyKey,
        body: { modificationAmount: { currency: 'NOK', value: amountOre } },
      });
    },

    /**
     * Cancels a payment that is not captured (CREATED or AUTHORIZED → TERMINATED). When Vipps
     * refuses, the payment's state decides: one that is already over (aborted, terminated,
     * expired) makes this a no-op; one that is captured is a real refusal (it needs a refund,
     * which is the order service's decision), and so is anything else.
     */
    async cancel(payment, idempotencyKey) {
      try {
        await modify('cancel', `${paymentPath(payment)}/cancel`, { idempotencyKey });
      } catch (error) {
        if (!(error instanceof ProviderRefusedError) || error.status === 401) throw error;
        const current = await status(payment);
        if (current.state === 'cancelled' || current.state === 'expired' || current.state === 'failed') return;
        throw error;
      }
    },

    verifier,
    webhookBody: vippsWebhookEvent,
    parseEvent(body: unknown): PaymentEvent {
      const event = vippsWebhookEvent.parse(body);
      return { eventId: vippsEventId(event), reference: event.reference, type: event.name };
    },
  };
}

let fromEnv: PaymentProvider | null | undefined;

/**
 * The Vipps provider from the settings (VIPPS_*), or null when one of client id, client
 * secret, subscription key, MSN or webhook secret is missing. One instance per process, so its
 * access token is reused across requests.
 */
export function vippsProviderFromEnv(): PaymentProvider | null {
  if (fromEnv !== undefined) return fromEnv;
  const { VIPPS_CLIENT_ID, VIPPS_CLIENT_SECRET, VIPPS_SUBSCRIPTION_KEY, VIPPS_MSN, VIPPS_WEBHOOK_SECRET } = env;
  fromEnv =
    VIPPS_CLIENT_ID && VIPPS_CLIENT_SECRET && VIPPS_SUBSCRIPTION_KEY && VIPPS_MSN && VIPPS_WEBHOOK_SECRET
      ? createVippsProvider({
          clientId: VIPPS_CLIENT_ID,
          clientSecret: VIPPS_CLIENT_SECRET,
          subscriptionKey: VIPPS_SUBSCRIPTION_KEY,
          msn: VIPPS_MSN,
          baseUrl: env.VIPPS_BASE_URL,
          webhookSecret: VIPPS_WEBHOOK_SECRET,
          timeoutMs: env.PAYMENT_PROVIDER_TIMEOUT_MS,
        })
      : null;
  return fromEnv;
}
