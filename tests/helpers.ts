import { parseSetCookie } from 'cookie';
import { onQuery } from '../db/client';
import type { FunctionContext } from '../src/server/platform/http';

/** Test helpers for calling function handlers the way Netlify would. */

export const ORIGIN = 'http://localhost:4321';

export type Handler = (request: Request, context?: FunctionContext) => Promise<Response>;

export interface CallOptions {
  method?: string;
  /** Serialised as JSON with Content-Type: application/json. */
  json?: unknown;
  /** Raw body, sent as is. */
  body?: BodyInit;
  /** Cookie header value, e.g. from `signIn()`. */
  cookie?: string;
  headers?: Record<string, string>;
  /** Client IP as Netlify reports it (throttling is per IP). */
  ip?: string;
  /** Leave out the Origin header a browser would send. */
  crossSite?: boolean;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
  setCookies: string[];
}

export async function call(handler: Handler, path: string, options: CallOptions = {}): Promise<CallResult> {
  const method = options.method ?? (options.json !== undefined || options.body !== undefined ? 'POST' : 'GET');
  const headers = new Headers(options.headers);
  if (method !== 'GET' && !options.crossSite && !headers.has('Origin')) headers.set('Origin', ORIGIN);
  if (options.cookie) headers.set('Cookie', options.cookie);
  let body = options.body;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }
  const response = await handler(new Request(`${ORIGIN}${path}`, { method, headers, body }), {
    ip: options.ip ?? '198.51.100.1',
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed, text, setCookies: response.headers.getSetCookie() };
}

/** `call`, counting the SQL statements sent while the handler ran (`onQuery` of db/client.ts). */
export async function callCountingStatements(
  handler: Handler,
  path: string,
  options: CallOptions = {},
): Promise<CallResult & { statements: number }> {
  let statements = 0;
  const stop = onQuery(() => {
    statements++;
  });
  try {
    return { ...(await call(handler, path, options)), statements };
  } finally {
    stop();
  }
}

/** The Cookie header a browser would send back after this response. */
export function cookieHeader(result: CallResult): string {
  return result.setCookies
    .map((c) => parseSetCookie(c))
    .filter((c) => c.value !== '')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
}

export async function signIn(email: string, password = 'demo1234', ip?: string): Promise<string> {
  const { default: auth } = await import('../netlify/functions/auth');
  const result = await call(auth, '/api/auth/login', { json: { email, password }, ip });
  if (result.status !== 200) throw new Error(`sign-in as ${email} failed: ${result.status} ${result.text}`);
  return cookieHeader(result);
}

/** Lets the current test log console.error without failing (for deliberate 500s and outages). */
export function allowConsoleErrors(): void {
  (globalThis as { __allowConsoleErrors?: boolean }).__allowConsoleErrors = true;
}

/**
 * Signature headers for a webhook route's delivery of `rawBody`, by the route's provider
 * (decision 27). The route-driven tests (fuzz, CSRF, security, the matrix) sign what they send
 * to a webhook with it; a new provider's webhook route needs its signer here. Vipps and Stripe
 * sign with the secrets tests/setup/database.ts sets (VIPPS_WEBHOOK_SECRET, STRIPE_WEBHOOK_SECRET);
 * Vipps's signature also covers the path and host, here `ORIGIN` + `/api/webhooks/vipps` (the
 * path `call()` sends it to).
 */
export async function webhookSignature(provider: string, rawBody: string): Promise<Record<string, string>> {
  if (provider === 'test-payments') {
    const { signTestPaymentsDelivery } = await import('../src/server/payments/test-provider-webhook');
    return signTestPaymentsDelivery(rawBody);
  }
  const { env } = await import('../src/server/platform/env');
  if (provider === 'vipps') {
    const { signVippsDelivery } = await import('../src/server/payments/vipps-webhooks');
    if (!env.VIPPS_WEBHOOK_SECRET) throw new Error('VIPPS_WEBHOOK_SECRET is not set (tests/setup/database.ts sets it)');
    // A Request carries no Host header of its own: the verifier falls back to the URL's host, which is what is signed.
    const { host: _host, ...headers } = signVippsDelivery({
      secret: env.VIPPS_WEBHOOK_SECRET,
      url: `${ORIGIN}/api/webhooks/vipps`,
      rawBody,
      date: new Date(),
    });
    return headers;
  }
  if (provider === 'stripe') {
    const [{ STRIPE_SIGNATURE_HEADER }, { timestampedHmac }] = await Promise.all([
      import('../src/server/payments/stripe'),
      import('../src/server/platform/webhooks/signatures'),
    ]);
    if (!env.STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_WEBHOOK_SECRET is not set (tests/setup/database.ts sets it)');
    const timestamp = Math.floor(Date.now() / 1000);
    return {
      [STRIPE_SIGNATURE_HEADER]: `t=${timestamp},v1=${timestampedHmac(env.STRIPE_WEBHOOK_SECRET, timestamp, new TextEncoder().encode(rawBody))}`,
    };
  }
  throw new Error(`No signer for the webhook provider ${provider}: add it to tests/helpers.ts`);
}

/**
 * A valid proof for a signed-link route (decision 33), as the query string its URL carries: the
 * route-driven tests use it to get past the link check. A new signed-link route needs its signer here.
 */
export async function signedLinkQuery(routeKey: string, userId = '00000000-0000-4000-8000-000000000001'): Promise<string> {
  if (routeKey === 'POST /api/reminders/unsubscribe') {
    const { unsubscribeToken } = await import('../src/server/reminders/unsubscribe');
    return `?token=${encodeURIComponent(unsubscribeToken(userId))}`;
  }
  throw new Error(`No signer for the signed link ${routeKey}: add it to tests/helpers.ts`);
}

let webhookEvents = 0;

/**
 * A valid event of the provider's, with a new id each time (a body the webhook's schema accepts).
 * The Vipps and Stripe events name an order reference no order has, so they are only recorded.
 */
export function webhookEventBody(provider: string): Record<string, unknown> {
  const n = ++webhookEvents;
  if (provider === 'test-payments') return { id: `evt_test_${process.pid}_${n}`, type: 'payment.captured', data: { orderId: 'ord_1' } };
  const reference = `ka-hook-${process.pid}-${n}`;
  if (provider === 'vipps') {
    return {
      msn: '123456',
      reference,
      pspReference: `${process.pid}${n}`,
      name: 'AUTHORIZED',
      amount: { currency: 'NOK', value: 149_900 },
      timestamp: new Date().toISOString(),
      idempotencyKey: null,
      success: true,
    };
  }
  if (provider === 'stripe') {
    return {
      id: `evt_test_${process.pid}_${n}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: `cs_test_${process.pid}_${n}`, object: 'checkout.session', client_reference_id: reference, metadata: { reference } } },
    };
  }
  throw new Error(`No sample event for the webhook provider ${provider}: add it to tests/helpers.ts`);
}

/**
 * Makes every catalogue course free (price 0), so every signed-in user may read every lesson:
 * for the tests of the player, notes, chat and enrollments that are about their own rules, not
 * about who may open what (tests/integration/entitlements.test.ts covers that, decision 26).
 */
export async function makeCatalogueFree(): Promise<void> {
  const [{ acquireAppDb }, { products }] = await Promise.all([import('../src/server/platform/db'), import('../db/schema')]);
  await (await acquireAppDb()).db.update(products).set({ priceOre: 0 });
}
