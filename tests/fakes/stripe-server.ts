import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the part of Stripe's API the card provider uses (src/server/payments/stripe.ts),
 * good enough for the official SDK pointed at it (`host`, `port`, `protocol`): Checkout Sessions
 * (create, retrieve with `expand[]`, expire), refunds and payment intents. It reads the bodies as
 * the SDK sends them (form-encoded with `a[b][0]` brackets), answers as Stripe does (JSON objects,
 * `{ error: { type, code, message } }` with Stripe's status codes) and honours `Idempotency-Key`
 * like Stripe: the same key with the same parameters replays the first answer, the same key with
 * other parameters is a 400 `idempotency_error`.
 *
 * The test acts as the buyer with `pay()` and `expire()`, makes Stripe misbehave with `failNext()`,
 * reads what the SDK sent in `calls`, and sends signed webhooks with `deliverWebhook()`.
 */

/** The operations of the fake, for the call log and fault injection. */
export type FakeStripeOp = 'createSession' | 'retrieveSession' | 'expireSession' | 'createRefund' | 'retrievePaymentIntent';

/** An HTTP status to answer with, or 'network' to drop the connection without an answer. */
export type FakeStripeFault = number | 'network';

/** Parameters as the fake read them from a form body or a query string: strings, arrays and objects. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormParams = { [key: string]: FormValue };

export interface FakeStripeCall {
  op: FakeStripeOp | 'unknown';
  method: string;
  path: string;
  params: FormParams;
  idempotencyKey: string | null;
  /** The status the fake answered with (0: the connection was dropped). */
  status: number;
  /** True when the answer was replayed from the idempotency store. */
  replayed: boolean;
}

interface FakeSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  url: string | null;
  /** Not Stripe's: what `payment_intent_data.metadata` asked for, copied onto the payment intent on payment. */
  _paymentIntentMetadata: Record<string, string>;
  /** Not Stripe's: the line items as sent, for the tests. */
  _lineItems: FormValue;
}

interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  latest_charge: string | null;
  metadata: Record<string, string>;
  status: 'succeeded';
  created: number;
  livemode: false;
}

interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  currency: string;
  metadata: Record<string, string>;
  paid: boolean;
  payment_intent: string;
  refunded: boolean;
  status: 'succeeded';
  created: number;
  livemode: false;
}

interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
}

/** A Stripe event as Stripe delivers it to a webhook endpoint. */
export interface FakeStripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  type: string;
  data: { object: Record<string, unknown> };
}

export interface FakeStripe {
  /** Base URL for the provider's `apiUrl` (STRIPE_API_URL). */
  apiUrl: string;
  /** The webhook secret the fake signs with (STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** Every request the fake answered, oldest first. */
  calls: FakeStripeCall[];
  /** A session as the fake holds it (Stripe's fields; `_`-fields are the fake's own). */
  session(id: string): FakeSession | undefined;
  paymentIntent(id: string): FakePaymentIntent | undefined;
  charge(id: string): FakeCharge | undefined;
  /** The buyer pays an open session with a card: a succeeded payment intent and charge, the session complete and paid. */
  pay(sessionId: string): FakeSession;
  /** The session runs out (Stripe's `expires_at` passed). */
  expire(sessionId: string): FakeSession;
  /** The next `times` requests of `op` fail with this status (a Stripe-shaped error body) or a dropped connection. */
  failNext(op: FakeStripeOp, fault: FakeStripeFault, times?: number): void;
  /** A Stripe event for `object` (a session, a charge …), with a fresh `evt_` id unless given. */
  event(type: string, object: object, id?: string): FakeStripeEvent;
  /** The `Stripe-Signature` header for `payload`, made with the SDK's test helper. */
  signatureHeader(payload: string, options?: { secret?: string; timestamp?: number }): string;
  /** POSTs `event` to `targetUrl` as Stripe does (JSON, `Stripe-Signature`); `secret` signs with another secret. */
  deliverWebhook(targetUrl: string, event: FakeStripeEvent, options?: { secret?: string; timestamp?: number }): Promise<Response>;
  close(): Promise<void>;
}

const API_VERSION = Stripe.API_VERSION;

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

/**
 * Reads `a[b][0][c]=v` pairs into nested objects and arrays, as Stripe reads the SDK's bodies
 * and query strings. An object whose keys are all indices (or the `[]` of `expand[]`) is an array.
 */
function parseForm(encoded: string): FormParams {
  const root: { [key: string]: FormValue } = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) throw new StripeHttpError(400, 'invalid_request_error', `Invalid parameter name: ${rawKey}`);
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: { [key: string]: FormValue } = root;
    for (let i = 0; i < path.length - 1; i++) {
      let key = path[i]!;
      if (key === '') key = String(Object.keys(node).length);
      const next = node[key];
      if (next === undefined || typeof next === 'string' || Array.isArray(next)) node[key] = {};
      node = node[key] as { [key: string]: FormValue };
    }
    let last = path[path.length - 1]!;
    if (last === '') last = String(Object.keys(node).length);
    node[last] = value;
  }
  return toArrays(root) as FormParams;
}

function toArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, toArrays(value[key]!)]));
  if (keys.length > 0 && keys.every((key, i) => key === String(i))) return keys.map((key) => converted[key]!);
  return converted;
}

const str = (params: FormParams, key: string): string | undefined => {
  const value = params[key];
  return typeof value === 'string' ? value : undefined;
};

const record = (value: FormValue | undefined): Record<string, string> => {
  if (value === undefined || typeof value === 'string' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
};

const expandList = (params: FormParams): string[] => {
  const expand = params.expand;
  if (expand === undefined) return [];
  return (Array.isArray(expand) ? expand : [expand]).filter((e): e is string => typeof e === 'string');
};

const integer = (params: FormParams, key: string): number | undefined => {
  const value = str(params, key);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new StripeHttpError(400, 'invalid_request_error', `Invalid integer: ${value}`, 'parameter_invalid_integer', key);
  return Number(value);
};

/** A canonical form of the parameters, so the idempotency check compares meaning, not key order. */
function canonical(value: FormValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical(value[key]!)}`)
    .join(',')}}`;
}

const publicSession = (session: FakeSession) =>
  Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith('_'))) as Record<string, unknown>;

export async function startFakeStripe(options: { webhookSecret?: string } = {}): Promise<FakeStripe> {
  const webhookSecret = options.webhookSecret ?? `whsec_test_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, FakeSession>();
  const intents = new Map<string, FakePaymentIntent>();
  const charges = new Map<string, FakeCharge>();
  const refunds = new Map<string, FakeRefund>();
  const idempotency = new Map<string, { method: string; path: string; params: string; status: number; body: unknown }>();
  const faults = new Map<FakeStripeOp, FakeStripeFault[]>();
  const calls: FakeStripeCall[] = [];
  const sockets = new Set<Socket>();
  let apiUrl = '';

  const sessionOrThrow = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new StripeHttpError(404, 'invalid_request_error', `No such checkout.session: '${id}'`, 'resource_missing', 'session');
    return session;
  };

  /** Replaces the ids named by `expand` paths (`payment_intent`, `payment_intent.latest_charge`) with their objects. */
  const expandObject = (object: Record<string, unknown>, paths: string[]): Record<string, unknown> => {
    const result = { ...object };
    const heads = new Map<string, string[]>();
    for (const path of paths) {
      const [head, ...rest] = path.split('.');
      if (!head) continue;
      heads.set(head, [...(heads.get(head) ?? []), ...(rest.length ? [rest.join('.')] : [])]);
    }
    for (const [field, rest] of heads) {
      const id = result[field];
      if (typeof id !== 'string') continue;
      const target = intents.get(id) ?? charges.get(id) ?? refunds.get(id);
      if (!target) continue;
      result[field] = expandObject({ ...target }, rest);
    }
    return result;
  };

  const routes: { method: string; pattern: RegExp; op: FakeStripeOp; handle: (params: FormParams, match: RegExpExecArray) => unknown }[] = [
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions$/,
      op: 'createSession',
      handle(params) {
        const mode = str(params, 'mode');
        if (mode !== 'payment') throw new StripeHttpError(400, 'invalid_request_error', 'Missing required param: mode.', 'parameter_missing', 'mode');
        const lineItems = params.line_items;
        if (!Array.isArray(lineItems) || lineItems.length === 0)
          throw new StripeHttpError(400, 'invalid_request_error', 'Missing required param: line_items.', 'parameter_missing', 'line_items');
        let total = 0;
        let currency: string | undefined;
        for (const item of lineItems) {
          if (typeof item === 'string' || Array.isArray(item)) throw new StripeHttpError(400, 'invalid_request_error', 'Invalid line_items.');
          const priceData = item.price_data;
          if (priceData === undefined || typeof priceData === 'string' || Array.isArray(priceData))
            throw new StripeHttpError(400, 'invalid_request_error', 'line_items need price_data in this fake.');
          const unitAmount = integer(priceData, 'unit_amount');
          const quantity = integer(item, 'quantity') ?? 1;
          currency = str(priceData, 'currency');
          if (unitAmount === undefined || !currency)
            throw new StripeHttpError(400, 'invalid_request_error', 'Missing price_data.unit_amount or currency.', 'parameter_missing');
          total += unitAmount * quantity;
        }
        const created = now();
        const expiresAt = integer(params, 'expires_at') ?? created + 24 * 3600;
        if (expiresAt < created + 30 * 60 - 5 || expiresAt > created + 24 * 3600 + 5)
          throw new StripeHttpError(
            400,
            'invalid_request_error',
            'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
            'parameter_invalid_integer',
            'expires_at',
          );
        const id = newId('cs');
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          amount_subtotal: total,
          amount_total: total,
          cancel_url: str(params, 'cancel_url') ?? null,
          client_reference_id: str(params, 'client_reference_id') ?? null,
          created,
          currency: currency!,
          customer_email: str(params, 'customer_email') ?? null,
          expires_at: expiresAt,
          livemode: false,
          locale: str(params, 'locale') ?? null,
          metadata: record(params.metadata),
          mode,
          payment_intent: null,
          payment_status: 'unpaid',
          status: 'open',
          success_url: str(params, 'success_url') ?? null,
          url: `${apiUrl}/c/pay/${id}`,
          _paymentIntentMetadata: record(
            typeof params.payment_intent_data === 'object' && !Array.isArray(params.payment_intent_data)
              ? params.payment_intent_data.metadata
              : undefined,
          ),
          _lineItems: lineItems,
        };
        sessions.set(id, session);
        return publicSession(session);
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      op: 'retrieveSession',
      handle(params, match) {
        return expandObject(publicSession(sessionOrThrow(decodeURIComponent(match[1]!))), expandList(params));
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      op: 'expireSession',
      handle(params, match) {
        const session = sessionOrThrow(decodeURIComponent(match[1]!));
        if (session.status !== 'open')
          throw new StripeHttpError(
            400,
            'invalid_request_error',
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          );
        session.status = 'expired';
        session.url = null;
        return expandObject(publicSession(session), expandList(params));
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/refunds$/,
      op: 'createRefund',
      handle(params) {
        const intentId = str(params, 'payment_intent');
        if (!intentId)
          throw new StripeHttpError(
            400,
            'invalid_request_error',
            'Missing payment_intent (this fake refunds payment intents only).',
            'parameter_missing',
          );
        const intent = intents.get(intentId);
        if (!intent)
          throw new StripeHttpError(404, 'invalid_request_error', `No such payment_intent: '${intentId}'`, 'resource_missing', 'payment_intent');
        const charge = charges.get(intent.latest_charge ?? '');
        if (!charge) throw new StripeHttpError(400, 'invalid_request_error', 'This PaymentIntent has no successful charge to refund.');
        const remaining = charge.amount_captured - charge.amount_refunded;
        const amount = integer(params, 'amount') ?? remaining;
        if (remaining === 0)
          throw new StripeHttpError(400, 'invalid_request_error', `Charge ${charge.id} has already been refunded.`, 'charge_already_refunded');
        if (amount <= 0 || amount > remaining)
          throw new StripeHttpError(
            400,
            'invalid_request_error',
            `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
            'amount_too_large',
            'amount',
          );
        charge.amount_refunded += amount;
        charge.refunded = charge.amount_refunded === charge.amount_captured;
        const refund: FakeRefund = {
          id: newId('re'),
          object: 'refund',
          amount,
          charge: charge.id,
          currency: charge.currency,
          payment_intent: intent.id,
          status: 'succeeded',
          created: now(),
        };
        refunds.set(refund.id, refund);
        return refund;
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      op: 'retrievePaymentIntent',
      handle(params, match) {
        const id = decodeURIComponent(match[1]!);
        const intent = intents.get(id);
        if (!intent) throw new StripeHttpError(404, 'invalid_request_error', `No such payment_intent: '${id}'`, 'resource_missing', 'intent');
        return expandObject({ ...intent }, expandList(params));
      },
    },
  ];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomBytes(8).toString('hex')}` });
    res.end(JSON.stringify(body));
  };

  const errorBody = (error: StripeHttpError) => ({
    error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}), ...(error.param ? { param: error.param } : {}) },
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const header = req.headers['idempotency-key'];
    const idempotencyKey = typeof header === 'string' ? header : null;
    const call: FakeStripeCall = { op: 'unknown', method, path: url.pathname, params: {}, idempotencyKey, status: 0, replayed: false };
    calls.push(call);
    try {
      call.params = parseForm(method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
      if (!/^Bearer \S+$/.test(req.headers.authorization ?? ''))
        throw new StripeHttpError(401, 'invalid_request_error', 'You did not provide an API key.');
      let found: { route: (typeof routes)[number]; match: RegExpExecArray } | undefined;
      for (const route of routes) {
        const match = route.method === method ? route.pattern.exec(url.pathname) : null;
        if (match) found = { route, match };
      }
      if (!found) throw new StripeHttpError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${url.pathname}).`);
      const { route, match } = found;
      call.op = route.op;

      // Injected faults come before the idempotency layer, as a load balancer's 503 or a cut
      // connection would: nothing is stored, so the SDK's retry with the same key runs for real.
      const fault = faults.get(route.op)?.shift();
      if (fault === 'network') {
        req.socket.destroy();
        return;
      }
      if (fault !== undefined) {
        call.status = fault;
        const type = fault === 429 ? 'rate_limit_error' : fault >= 500 ? 'api_error' : fault === 402 ? 'card_error' : 'invalid_request_error';
        send(res, fault, errorBody(new StripeHttpError(fault, type, `Injected fault ${fault}`, fault === 429 ? 'rate_limit' : undefined)));
        return;
      }

      const canonicalParams = canonical(call.params);
      if (idempotencyKey && method === 'POST') {
        const stored = idempotency.get(idempotencyKey);
        if (stored) {
          if (stored.method !== method || stored.path !== url.pathname || stored.params !== canonicalParams) {
            throw new StripeHttpError(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            );
          }
          call.status = stored.status;
          call.replayed = true;
          res.setHeader('Idempotent-Replayed', 'true');
          send(res, stored.status, stored.body);
          return;
        }
      }
      let status = 200;
      let body: unknown;
      try {
        body = route.handle(call.params, match);
      } catch (error) {
        if (!(error instanceof StripeHttpError)) throw error;
        status = error.status;
        body = errorBody(error);
      }
      // Stripe stores the answer of every request that started executing, errors included.
      if (idempotencyKey && method === 'POST') idempotency.set(idempotencyKey, { method, path: url.pathname, params: canonicalParams, status, body });
      call.status = status;
      send(res, status, body);
    } catch (error) {
      const httpError = error instanceof StripeHttpError ? error : new StripeHttpError(500, 'api_error', 'The fake Stripe server failed.');
      call.status = httpError.status;
      send(res, httpError.status, errorBody(httpError));
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signatureHeader = (payload: string, signOptions: { secret?: string; timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: signOptions.secret ?? webhookSecret,
      ...(signOptions.timestamp !== undefined ? { timestamp: signOptions.timestamp } : {}),
    });

  return {
    apiUrl,
    webhookSecret,
    calls,
    session: (id) => sessions.get(id),
    paymentIntent: (id) => intents.get(id),
    charge: (id) => charges.get(id),
    pay(sessionId) {
      const session = sessionOrThrow(sessionId);
      if (session.status !== 'open') throw new Error(`Session ${sessionId} is ${session.status}, not open`);
      const created = now();
      const intentId = newId('pi');
      const charge: FakeCharge = {
        id: newId('ch'),
        object: 'charge',
        amount: session.amount_total,
        amount_captured: session.amount_total,
        amount_refunded: 0,
        captured: true,
        currency: session.currency,
        // A charge starts with its payment intent's metadata.
        metadata: { ...session._paymentIntentMetadata },
        paid: true,
        payment_intent: intentId,
        refunded: false,
        status: 'succeeded',
        created,
        livemode: false,
      };
      charges.set(charge.id, charge);
      intents.set(intentId, {
        id: intentId,
        object: 'payment_intent',
        amount: session.amount_total,
        amount_received: session.amount_total,
        currency: session.currency,
        latest_charge: charge.id,
        metadata: { ...session._paymentIntentMetadata },
        status: 'succeeded',
        created,
        livemode: false,
      });
      session.payment_intent = intentId;
      session.payment_status = 'paid';
      session.status = 'complete';
      session.url = null;
      return session;
    },
    expire(sessionId) {
      const session = sessionOrThrow(sessionId);
      if (session.status !== 'open') throw new Error(`Session ${sessionId} is ${session.status}, not open`);
      session.status = 'expired';
      session.url = null;
      return session;
    },
    failNext(op, fault, times = 1) {
      faults.set(op, [...(faults.get(op) ?? []), ...Array.from({ length: times }, () => fault)]);
    },
    event(type, object, id = newId('evt')) {
      const data = 'object' in object && object.object === 'checkout.session' ? publicSession(object as FakeSession) : { ...object };
      return { id, object: 'event', api_version: API_VERSION, created: now(), livemode: false, pending_webhooks: 1, type, data: { object: data } };
    },
    signatureHeader,
    deliverWebhook(targetUrl, event, deliverOptions = {}) {
      const payload = JSON.stringify(event, null, 2);
      return fetch(targetUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signatureHeader(payload, deliverOptions) },
        body: payload,
      });
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
