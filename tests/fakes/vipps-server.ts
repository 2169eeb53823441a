import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { VippsConfig } from '../../src/server/payments/vipps';
import { signVippsDelivery, type VippsWebhookEvent } from '../../src/server/payments/vipps-webhooks';

/**
 * A fake Vipps MobilePay on a free loopback port, following the documented ePayment API closely
 * enough for our provider to meet its real answers: the access token (with the merchant's
 * credentials checked), create (validated, idempotent per key and body, 409 for a used key with
 * another body), get, capture (up to what is authorized, partial captures), cancel, refund (up
 * to what is captured), and signed webhook deliveries. The tests play the buyer through
 * `approve`, `reject` and `expire`, make calls fail with `failNext`, and read the call log.
 */

export type FakeVippsOperation = 'token' | 'create' | 'get' | 'capture' | 'refund' | 'cancel';

/** A status to answer with, or 'network' (the connection is dropped), or 'hang' (no answer until close). */
export type FakeVippsFailure = number | 'network' | 'hang';

export interface FakeVippsCall {
  method: string;
  path: string;
  operation: FakeVippsOperation | 'landing' | 'unknown';
  idempotencyKey: string | null;
  status: number | 'network' | 'hang';
  /** The `Vipps-System-*` headers as sent. */
  systemHeaders: Record<string, string | undefined>;
}

export interface FakeVippsPayment {
  reference: string;
  pspReference: string;
  state: 'CREATED' | 'AUTHORIZED' | 'ABORTED' | 'EXPIRED' | 'TERMINATED';
  amount: { currency: string; value: number };
  authorized: number;
  captured: number;
  refunded: number;
  cancelled: number;
  returnUrl: string;
  paymentDescription: string;
  /** The payment's events, as its webhooks (and Vipps's event log) report them. */
  events: VippsWebhookEvent[];
}

export interface FakeVipps {
  baseUrl: string;
  /** A provider configuration that talks to this server. */
  config: VippsConfig;
  calls: FakeVippsCall[];
  payment(reference: string): FakeVippsPayment | undefined;
  /** The buyer approves in the app: CREATED → AUTHORIZED. */
  approve(reference: string): void;
  /** The buyer declines: CREATED → ABORTED. */
  reject(reference: string): void;
  /** The buyer never answers: CREATED → EXPIRED. */
  expire(reference: string): void;
  /**
   * The next request for `target` (an operation or an exact path) fails. With `after: true` the
   * server does the work first and only the answer is lost (a capture done, its 500 sent).
   */
  failNext(target: FakeVippsOperation | string, failure: FakeVippsFailure, options?: { after?: boolean }): void;
  /** Every token issued so far stops working (as after Vipps rotates its keys). */
  revokeTokens(): void;
  /** How long new tokens claim to live (default 3600 s, as in Vipps's test environment). */
  tokenLifetimeSeconds: number;
  /**
   * POSTs a signed webhook event to `targetUrl`: the given event, or the payment's latest event
   * of `name`. `secret` signs with another secret (a forged delivery); `date` backdates it.
   */
  deliverWebhook(
    targetUrl: string,
    event: VippsWebhookEvent | { reference: string; name: string },
    options?: { secret?: string; date?: Date },
  ): Promise<{ status: number; body: string; rawBody: string }>;
  close(): Promise<void>;
}

interface Fault {
  target: string;
  failure: FakeVippsFailure;
  after: boolean;
}

interface Answer {
  status: number;
  body?: unknown;
  contentType?: string;
}

const problem = (status: number, title: string, detail = title): Answer => ({
  status,
  body: { type: `https://httpstatuses.io/${status}`, title, detail, traceId: randomUUID(), extraDetails: [] },
});

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const REFERENCE = /^[a-zA-Z0-9-]{8,64}$/;
const IDEMPOTENCY_KEY = /^[a-zA-Z0-9-]{1,50}$/;

export async function startFakeVipps(
  options: { clientId?: string; clientSecret?: string; subscriptionKey?: string; msn?: string; webhookSecret?: string } = {},
): Promise<FakeVipps> {
  const credentials = {
    clientId: options.clientId ?? 'fake-client-id',
    clientSecret: options.clientSecret ?? 'fake-client-secret',
    subscriptionKey: options.subscriptionKey ?? 'fake-subscription-key',
    msn: options.msn ?? '123456',
    webhookSecret: options.webhookSecret ?? 'fake-webhook-secret',
  };
  const payments = new Map<string, FakeVippsPayment>();
  const tokens = new Set<string>();
  const idempotency = new Map<string, { bodyHash: string; answer: Answer }>();
  const faults: Fault[] = [];
  const calls: FakeVippsCall[] = [];
  let pspCounter = 4_000_000_000;
  let baseUrl = '';

  const nextPspReference = () => String(++pspCounter);

  function addEvent(payment: FakeVippsPayment, name: string, value: number, idempotencyKey: string | null, pspReference = nextPspReference()) {
    payment.events.push({
      msn: credentials.msn,
      reference: payment.reference,
      pspReference,
      name,
      amount: { currency: payment.amount.currency, value },
      timestamp: new Date().toISOString(),
      idempotencyKey,
      success: true,
    });
  }

  function paymentBody(payment: FakeVippsPayment) {
    const amount = (value: number) => ({ currency: payment.amount.currency, value });
    return {
      aggregate: {
        authorizedAmount: amount(payment.authorized),
        cancelledAmount: amount(payment.cancelled),
        capturedAmount: amount(payment.captured),
        refundedAmount: amount(payment.refunded),
      },
      amount: payment.amount,
      state: payment.state,
      paymentMethod: { type: 'WALLET' },
      pspReference: payment.pspReference,
      redirectUrl: `${baseUrl}/landing/${payment.reference}`,
      reference: payment.reference,
    };
  }

  function adjustmentBody(payment: FakeVippsPayment, pspReference: string) {
    const { aggregate, amount, state, reference } = paymentBody(payment);
    return { aggregate, amount, state, reference, pspReference };
  }

  function modificationValue(body: unknown, currency: string): number | null {
    if (!isRecord(body) || !isRecord(body.modificationAmount)) return null;
    const { value, currency: sent } = body.modificationAmount;
    return typeof value === 'number' && Number.isInteger(value) && value > 0 && sent === currency ? value : null;
  }

  function create(body: unknown, idempotencyKey: string): Answer {
    if (!isRecord(body)) return problem(400, 'Invalid request', 'The body must be a JSON object.');
    const { amount, paymentMethod, reference, returnUrl, userFlow, paymentDescription } = body;
    if (!isRecord(amount) || amount.currency !== 'NOK' || typeof amount.value !== 'number' || !Number.isInteger(amount.value)) {
      return problem(400, 'Invalid amount', 'amount must be {currency: NOK, value: integer}.');
    }
    if (amount.value < 100)
      return problem(400, 'Amount too small', 'The amount is too small. Amounts are specified in minor units, like øre or cent.');
    if (!isRecord(paymentMethod) || paymentMethod.type !== 'WALLET') return problem(400, 'Invalid payment method');
    if (typeof reference !== 'string' || !REFERENCE.test(reference)) return problem(400, 'Invalid reference');
    if (typeof returnUrl !== 'string' || !URL.canParse(returnUrl)) return problem(400, 'Invalid returnUrl');
    if (userFlow !== 'WEB_REDIRECT') return problem(400, 'Invalid userFlow');
    if (typeof paymentDescription !== 'string' || paymentDescription.length === 0 || paymentDescription.length > 100) {
      return problem(400, 'Invalid paymentDescription');
    }
    if (payments.has(reference)) return problem(409, 'Duplicate reference', `A payment with reference ${reference} already exists.`);
    const payment: FakeVippsPayment = {
      reference,
      pspReference: nextPspReference(),
      state: 'CREATED',
      amount: { currency: 'NOK', value: amount.value },
      authorized: 0,
      captured: 0,
      refunded: 0,
      cancelled: 0,
      returnUrl,
      paymentDescription,
      events: [],
    };
    payments.set(reference, payment);
    addEvent(payment, 'CREATED', amount.value, idempotencyKey, payment.pspReference);
    return { status: 201, body: { redirectUrl: `${baseUrl}/landing/${reference}`, reference } };
  }

  function capture(payment: FakeVippsPayment, body: unknown, idempotencyKey: string): Answer {
    const value = modificationValue(body, payment.amount.currency);
    if (value === null) return problem(400, 'Invalid modificationAmount');
    if (payment.state === 'TERMINATED') return problem(400, 'Cannot capture a cancelled payment');
    if (payment.state !== 'AUTHORIZED') return problem(400, 'Cannot capture a non-reserved payment');
    if (payment.captured + value > payment.authorized - payment.cancelled) {
      return problem(400, 'Capture amount too high', 'The capture amount is higher than the remaining reserved amount.');
    }
    payment.captured += value;
    const psp = nextPspReference();
    addEvent(payment, 'CAPTURED', value, idempotencyKey, psp);
    return { status: 200, body: adjustmentBody(payment, psp) };
  }

  function refund(payment: FakeVippsPayment, body: unknown, idempotencyKey: string): Answer {
    const value = modificationValue(body, payment.amount.currency);
    if (value === null) return problem(400, 'Invalid modificationAmount');
    if (payment.captured === 0) return problem(400, 'Attempted refund before capture', 'Cannot refund a payment that is not captured.');
    if (payment.refunded + value > payment.captured) {
      return problem(400, 'Refund amount too high', 'The refund amount is higher than the captured amount.');
    }
    payment.refunded += value;
    const psp = nextPspReference();
    addEvent(payment, 'REFUNDED', value, idempotencyKey, psp);
    return { status: 200, body: adjustmentBody(payment, psp) };
  }

  function cancel(payment: FakeVippsPayment, idempotencyKey: string): Answer {
    if (payment.captured > 0) return problem(400, 'Cannot cancel a captured payment', 'Cannot cancel a payment that has been captured.');
    if (payment.state !== 'CREATED' && payment.state !== 'AUTHORIZED') {
      return problem(400, 'Cannot cancel a non-reserved payment', `The payment is ${payment.state}.`);
    }
    payment.cancelled = payment.authorized;
    payment.state = 'TERMINATED';
    const psp = nextPspReference();
    addEvent(payment, 'CANCELLED', payment.amount.value, idempotencyKey, psp);
    return { status: 200, body: adjustmentBody(payment, psp) };
  }

  function operationOf(method: string, path: string): FakeVippsCall['operation'] {
    if (method === 'POST' && path === '/accesstoken/get') return 'token';
    if (method === 'POST' && path === '/epayment/v1/payments') return 'create';
    if (method === 'GET' && path.startsWith('/landing/')) return 'landing';
    const match = /^\/epayment\/v1\/payments\/[^/]+(?:\/(capture|refund|cancel))?$/.exec(path);
    if (!match) return 'unknown';
    if (!match[1]) return method === 'GET' ? 'get' : 'unknown';
    return method === 'POST' ? (match[1] as FakeVippsOperation) : 'unknown';
  }

  const header = (request: IncomingMessage, name: string): string | undefined => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };

  /** The answer to one request, before faults. */
  function handle(request: IncomingMessage, operation: FakeVippsCall['operation'], path: string, rawBody: string): Answer {
    if (operation === 'landing') {
      return {
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: '<!doctype html><title>Vipps (fake)</title><p>Fake Vipps landing page</p>',
      };
    }
    if (operation === 'unknown') return problem(404, 'Not found');
    const merchant =
      header(request, 'ocp-apim-subscription-key') === credentials.subscriptionKey && header(request, 'merchant-serial-number') === credentials.msn;

    if (operation === 'token') {
      if (!merchant || header(request, 'client_id') !== credentials.clientId || header(request, 'client_secret') !== credentials.clientSecret) {
        return { status: 401, body: { error: 'invalid_client', error_description: 'Wrong client credentials' } };
      }
      const token = randomBytes(24).toString('base64url');
      tokens.add(token);
      const issued = Math.floor(Date.now() / 1000);
      return {
        status: 200,
        body: {
          token_type: 'Bearer',
          expires_in: String(fake.tokenLifetimeSeconds),
          ext_expires_in: String(fake.tokenLifetimeSeconds),
          expires_on: String(issued + fake.tokenLifetimeSeconds),
          not_before: String(issued),
          resource: '00000002-0000-0000-c000-000000000000',
          access_token: token,
        },
      };
    }

    const bearer = /^Bearer (.+)$/.exec(header(request, 'authorization') ?? '')?.[1];
    if (!merchant || !bearer || !tokens.has(bearer)) return problem(401, 'Unauthorized', 'Missing or invalid access token, subscription key or MSN.');

    let body: unknown = undefined;
    if (rawBody) {
      try {
        body = JSON.parse(rawBody);
      } catch {
        return problem(400, 'Invalid JSON');
      }
    }

    if (operation === 'get') {
      const payment = payments.get(decodeURIComponent(path.split('/')[4] ?? ''));
      return payment ? { status: 200, body: paymentBody(payment) } : problem(404, 'Payment not found');
    }

    const key = header(request, 'idempotency-key');
    if (!key || !IDEMPOTENCY_KEY.test(key)) return problem(400, 'Invalid Idempotency-Key', 'Idempotency-Key must be 1–50 of [a-zA-Z0-9-].');
    const storeKey = `${path}|${key}`;
    const bodyHash = createHash('sha256').update(rawBody).digest('hex');
    const stored = idempotency.get(storeKey);
    if (stored) {
      return stored.bodyHash === bodyHash
        ? stored.answer
        : problem(409, 'Idempotency conflict', 'The Idempotency-Key was used with another request body.');
    }

    let answer: Answer;
    if (operation === 'create') {
      answer = create(body, key);
    } else {
      const payment = payments.get(decodeURIComponent(path.split('/')[4] ?? ''));
      if (!payment) return problem(404, 'Payment not found');
      answer = operation === 'capture' ? capture(payment, body, key) : operation === 'refund' ? refund(payment, body, key) : cancel(payment, key);
    }
    // Vipps remembers what a key did; a refusal changed nothing, so it is not remembered.
    if (answer.status < 300) idempotency.set(storeKey, { bodyHash, answer });
    return answer;
  }

  function takeFault(operation: string, path: string): Fault | undefined {
    const index = faults.findIndex((fault) => fault.target === operation || fault.target === path);
    return index === -1 ? undefined : faults.splice(index, 1)[0];
  }

  function send(response: ServerResponse, answer: Answer) {
    const text = typeof answer.body === 'string' ? answer.body : answer.body === undefined ? '' : JSON.stringify(answer.body);
    response.writeHead(answer.status, {
      'content-type': answer.contentType ?? (answer.status < 400 ? 'application/json' : 'application/problem+json'),
    });
    response.end(text);
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const method = request.method ?? 'GET';
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      const operation = operationOf(method, path);
      const call: FakeVippsCall = {
        method,
        path,
        operation,
        idempotencyKey: header(request, 'idempotency-key') ?? null,
        status: 0,
        systemHeaders: {
          'Vipps-System-Name': header(request, 'vipps-system-name'),
          'Vipps-System-Version': header(request, 'vipps-system-version'),
          'Vipps-System-Plugin-Name': header(request, 'vipps-system-plugin-name'),
          'Vipps-System-Plugin-Version': header(request, 'vipps-system-plugin-version'),
        },
      };
      calls.push(call);
      const fault = takeFault(operation, path);
      if (fault && !fault.after) {
        call.status = fault.failure;
        if (fault.failure === 'network') request.socket.destroy();
        else if (typeof fault.failure === 'number') send(response, problem(fault.failure, 'Injected failure'));
        return;
      }
      const answer = handle(request, operation, path, Buffer.concat(chunks).toString('utf8'));
      if (fault) {
        call.status = fault.failure;
        if (fault.failure === 'network') request.socket.destroy();
        else if (typeof fault.failure === 'number') send(response, problem(fault.failure, 'Injected failure'));
        return;
      }
      call.status = answer.status;
      send(response, answer);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function buyer(reference: string, to: 'AUTHORIZED' | 'ABORTED' | 'EXPIRED') {
    const payment = payments.get(reference);
    if (!payment) throw new Error(`Fake Vipps: no payment ${reference}`);
    if (payment.state !== 'CREATED') throw new Error(`Fake Vipps: payment ${reference} is ${payment.state}, not CREATED`);
    payment.state = to;
    if (to === 'AUTHORIZED') payment.authorized = payment.amount.value;
    addEvent(payment, to, payment.amount.value, null, payment.pspReference);
  }

  const fake: FakeVipps = {
    baseUrl,
    config: { ...credentials, baseUrl, timeoutMs: 2_000 },
    calls,
    tokenLifetimeSeconds: 3600,
    payment: (reference) => payments.get(reference),
    approve: (reference) => buyer(reference, 'AUTHORIZED'),
    reject: (reference) => buyer(reference, 'ABORTED'),
    expire: (reference) => buyer(reference, 'EXPIRED'),
    failNext(target, failure, options = {}) {
      faults.push({ target, failure, after: options.after ?? false });
    },
    revokeTokens: () => tokens.clear(),
    async deliverWebhook(targetUrl, selector, options = {}) {
      let event: VippsWebhookEvent;
      if ('pspReference' in selector) {
        event = selector;
      } else {
        const found = payments
          .get(selector.reference)
          ?.events.filter((e) => e.name === selector.name)
          .at(-1);
        if (!found) throw new Error(`Fake Vipps: no ${selector.name} event for ${selector.reference}`);
        event = found;
      }
      const rawBody = JSON.stringify(event);
      const signed = signVippsDelivery({
        secret: options.secret ?? credentials.webhookSecret,
        url: targetUrl,
        rawBody,
        date: options.date ?? new Date(),
      });
      // fetch sets Host from the URL itself, the same value that was signed.
      const { host: _host, ...headers } = signed;
      const response = await fetch(targetUrl, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: rawBody,
        signal: AbortSignal.timeout(5_000),
      });
      return { status: response.status, body: await response.text(), rawBody };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
