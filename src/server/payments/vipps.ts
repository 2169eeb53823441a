import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { env } from '../platform/env';
import { SIGNATURE_TOLERANCE_SECONDS, type WebhookVerifier } from '../platform/webhooks/signatures';
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

/**
 * Vipps MobilePay ePayment (issue 22), over plain `fetch`: Vipps's own SDK hard-codes its base
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

const PROVIDER = 'vipps' as const;

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
// Webhook signatures

const SIGNED_HEADERS = 'x-ms-date;host;x-ms-content-sha256';
/** Base64 of 32 bytes (a SHA-256 digest or an HMAC-SHA256). */
const BASE64_SHA256 = /^[A-Za-z0-9+/]{43}=$/;
const AUTHORIZATION = /^HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=([A-Za-z0-9+/]{43}=)$/;
/** RFC 1123, the format of `x-ms-date`: `Thu, 30 Mar 2023 08:38:32 GMT`. */
const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

function toBytes(body: string | Uint8Array): Uint8Array {
  return typeof body === 'string' ? new TextEncoder().encode(body) : body;
}

function contentHash(rawBody: Uint8Array): Buffer {
  return createHash('sha256').update(rawBody).digest();
}

/** The string Vipps signs: `POST\n<path and query>\n<x-ms-date>;<host>;<x-ms-content-sha256>`. */
function stringToSign(pathAndQuery: string, date: string, host: string, hashBase64: string): string {
  return `POST\n${pathAndQuery}\n${date};${host};${hashBase64}`;
}

function signature(secret: string, toSign: string): Buffer {
  // The secret is used as the UTF-8 text Vipps hands out (its documented example does so), not base64-decoded.
  return createHmac('sha256', secret).update(toSign, 'utf8').digest();
}

/**
 * The headers Vipps sends with a webhook delivery of `rawBody` to `url` (for the fake server and
 * the tests; Vipps signs its own deliveries). `date` is sent as given when it is a string.
 */
export function signVippsDelivery(options: {
  secret: string;
  url: string;
  rawBody: string | Uint8Array;
  date: Date | string;
}): Record<'x-ms-date' | 'x-ms-content-sha256' | 'host' | 'authorization', string> {
  const url = new URL(options.url);
  const date = typeof options.date === 'string' ? options.date : options.date.toUTCString();
  const hash = contentHash(toBytes(options.rawBody)).toString('base64');
  const signed = signature(options.secret, stringToSign(url.pathname + url.search, date, url.host, hash)).toString('base64');
  return {
    'x-ms-date': date,
    'x-ms-content-sha256': hash,
    host: url.host,
    authorization: `HMAC-SHA256 SignedHeaders=${SIGNED_HEADERS}&Signature=${signed}`,
  };
}

/**
 * True when the delivery carries Vipps's signature over exactly these bytes, dated within
 * SIGNATURE_TOLERANCE_SECONDS of `now`. The content hash is recomputed from the raw bytes (the
 * header is only compared with it), both comparisons are constant-time, and nothing throws.
 * Behind Netlify the `Host` header is the site's public host, which is what Vipps signed; the
 * URL's host is the fallback for a request that carries none.
 */
export function verifyVippsDelivery(options: { secret: string | undefined; request: Request; rawBody: Uint8Array; now: Date }): boolean {
  try {
    const { secret, request, rawBody, now } = options;
    if (!secret) return false;
    const date = request.headers.get('x-ms-date');
    const hashHeader = request.headers.get('x-ms-content-sha256');
    const match = AUTHORIZATION.exec((request.headers.get('authorization') ?? '').trim());
    if (!date || !hashHeader || !match?.[1] || !HTTP_DATE.test(date) || !BASE64_SHA256.test(hashHeader)) return false;

    const sentAt = Date.parse(date);
    if (!Number.isFinite(sentAt) || Math.abs(now.getTime() - sentAt) > SIGNATURE_TOLERANCE_SECONDS * 1000) return false;

    const hash = contentHash(rawBody);
    if (!timingSafeEqual(hash, Buffer.from(hashHeader, 'base64'))) return false;

    const url = new URL(request.url);
    const host = request.headers.get('host') || url.host;
    const expected = signature(secret, stringToSign(url.pathname + url.search, date, host, hash.toString('base64')));
    return timingSafeEqual(expected, Buffer.from(match[1], 'base64'));
  } catch {
    return false;
  }
}

export function createVippsVerifier(secret: string | undefined, now: () => Date = () => new Date()): WebhookVerifier {
  return {
    provider: PROVIDER,
    verify: (request, rawBody, at = now()) => verifyVippsDelivery({ secret, request, rawBody, now: at }),
  };
}

// ---------------------------------------------------------------------------------------------
// Webhook events

const amountSchema = z.looseObject({ currency: z.string().max(10), value: z.number().int() });

/**
 * An ePayment webhook event (loose: Vipps may add fields). Only what names the event and its
 * payment is required; the amounts are for the record, the payment's state is read from the API.
 */
export const vippsWebhookEvent = z.looseObject({
  msn: z.string().max(20).optional(),
  reference: z.string().regex(/^[a-zA-Z0-9-]{1,64}$/),
  pspReference: z.string().min(1).max(200),
  /** CREATED, AUTHORIZED, CAPTURED, REFUNDED, CANCELLED, ABORTED, EXPIRED, TERMINATED (more may come). */
  name: z.string().regex(/^[A-Za-z0-9_]{1,50}$/),
  amount: amountSchema.optional(),
  timestamp: z.string().max(100).optional(),
  idempotencyKey: z.string().max(200).nullable().optional(),
  success: z.boolean().optional(),
});
export type VippsWebhookEvent = z.infer<typeof vippsWebhookEvent>;

const EVENT_ID_PART = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * The event's id: `<reference>:<name>:<pspReference>`. Vipps gives each payment operation
 * (create, capture, refund, cancel) its own pspReference, but the events of one operation share
 * it (CREATED and AUTHORIZED carry the creation's), so the name is part of the id; a second
 * partial capture is a new event, a redelivery is not. A pspReference outside our id alphabet
 * is replaced by its SHA-256, so the id stays within `[A-Za-z0-9_.:-]` and 200 characters.
 */
export function vippsEventId(event: Pick<VippsWebhookEvent, 'reference' | 'name' | 'pspReference'>): string {
  const psp = EVENT_ID_PART.test(event.pspReference)
    ? event.pspReference
    : `sha256-${createHash('sha256').update(event.pspReference, 'utf8').digest('hex').slice(0, 64)}`;
  return `${event.reference}:${event.name}:${psp}`;
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
