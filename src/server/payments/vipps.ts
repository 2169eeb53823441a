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

/** Plain `fetch`, not Vipps's SDK: the SDK hard-codes its base URL and sends random idempotency keys. */

export interface VippsConfig {
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  msn: string;
  baseUrl: string;
  webhookSecret: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** Max 30 characters each. */
  systemName?: string;
  systemVersion?: string;
  pluginName?: string;
  pluginVersion?: string;
  now?: () => Date;
}

const PROVIDER = VIPPS_PROVIDER;

export const TOKEN_RENEW_MARGIN_MS = 120_000;

const VIPPS_IDEMPOTENCY_KEY = /^[a-zA-Z0-9-]{1,50}$/;
const HASH_HEX_LENGTH = 32;

/** Vipps takes at most 50 of `[a-zA-Z0-9-]`; other keys map to a readable prefix plus a hash so distinct keys stay distinct. */
export function vippsIdempotencyKey(key: string): string {
  if (VIPPS_IDEMPOTENCY_KEY.test(key)) return key;
  const hash = createHash('sha256').update(key, 'utf8').digest('hex').slice(0, HASH_HEX_LENGTH);
  const prefix = key
    .replace(/[^a-zA-Z0-9-]/g, '-')
    .slice(0, 50 - HASH_HEX_LENGTH - 1)
    .replace(/-+$/, '');
  return prefix ? `${prefix}-${hash}` : hash;
}

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
    // expires_in counts from now, so a skewed clock here does not matter; expires_on is the fallback.
    const lifetime = numberFrom(answer.expires_in);
    const expiresOn = numberFrom(answer.expires_on);
    const expiresAt = lifetime !== undefined ? requestedAt + lifetime * 1000 : expiresOn !== undefined ? expiresOn * 1000 : NaN;
    const margin = Math.min(TOKEN_RENEW_MARGIN_MS, (expiresAt - requestedAt) / 2);
    token = Number.isFinite(expiresAt) ? { value: answer.access_token, renewAt: expiresAt - margin } : null;
    return answer.access_token;
  }

  async function accessToken(): Promise<string> {
    if (token && now().getTime() < token.renewAt) return token.value;
    tokenRequest ??= fetchToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  /** A 401 (token no longer accepted) drops the cached token and retries once. */
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
          // Vipps's limit is 100; cut between characters, not inside one.
          paymentDescription: Array.from(input.description).slice(0, 100).join(''),
        },
      });
      const answer = await readJson('create', response, createResponse);
      return { providerPaymentId: answer.reference, redirectUrl: answer.redirectUrl };
    },

    status,

    /** A refused capture of an already fully captured payment (an earlier answer lost) is success. */
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

    async refund(payment, amountOre, idempotencyKey) {
      await modify('refund', `${paymentPath(payment)}/refund`, {
        idempotencyKey,
        body: { modificationAmount: { currency: 'NOK', value: amountOre } },
      });
    },

    /** A refusal of a payment already over is a no-op; a captured one needs a refund, which the order service decides. */
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

/** One instance per process, so the access token is reused across requests. */
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
