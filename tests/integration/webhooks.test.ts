import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onQuery } from '../../db/client';
import { webhookEvents } from '../../db/schema';
import webhooks from '../../netlify/functions/webhooks';
import { acquireAppDb } from '../../src/server/platform/db';
import { ConflictError } from '../../src/server/platform/errors';
import { createHandler, httpMessages, webhookRoute } from '../../src/server/platform/http';
import { signTestPaymentsDelivery, testPaymentsEvent, testPaymentsVerifier } from '../../src/server/payments/test-provider-webhook';
import { ORIGIN, signIn } from '../helpers';

/**
 * Signed webhooks (issue 21, acceptance 2; decision 27): the test payment provider's route, called
 * as the provider would call it, from another site, with a signature over the exact bytes.
 */

const PATH = '/api/webhooks/test-payments';
let events = 0;
/** A fresh event's body, as the provider writes it (spacing and æøå included: the bytes are signed, not the JSON). */
const eventBody = (id = `evt_${Date.now()}_${++events}`) =>
  `{ "id": "${id}",  "type": "payment.captured", "data": { "orderId": "ord_1", "amount": 149900, "note": "Kjøp av kurs – æøå" } }`;

type Handler = (request: Request, context?: object) => Promise<Response>;

function delivery(body: string | Uint8Array, headers: Record<string, string> = signTestPaymentsDelivery(body), extra: Record<string, string> = {}) {
  return new Request(`${ORIGIN}${PATH}`, {
    method: 'POST',
    // A provider's server: another site as far as a browser's rules go.
    headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site', Origin: 'https://provider.example', ...headers, ...extra },
    body: typeof body === 'string' ? body : new Blob([new Uint8Array(body)]),
  });
}

async function deliver(body: string | Uint8Array, headers?: Record<string, string>, handler: Handler = webhooks) {
  const response = await handler(delivery(body, headers), { ip: '203.0.113.50' });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, setCookies: response.headers.getSetCookie() };
}

async function recorded(eventId: string) {
  const { db } = await acquireAppDb();
  return db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, 'test-payments'), eq(webhookEvents.eventId, eventId)));
}

const idOf = (body: string) => (JSON.parse(body) as { id: string }).id;

afterEach(() => vi.restoreAllMocks());

describe('POST /api/webhooks/test-payments: a correctly signed event is handled once', () => {
  it('delivered five times one after the other: handled by the first, 200 duplicate for the rest, recorded once', async () => {
    const body = eventBody();
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await deliver(body));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results[0]!.body).toEqual({ ok: true });
    for (const r of results.slice(1)) expect(r.body).toEqual({ ok: true, duplicate: true });
    const rows = await recorded(idOf(body));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ eventType: 'payment.captured', deliveries: 5, payload: JSON.parse(body) });
    expect(rows[0]!.processedAt).toBeInstanceOf(Date);
  });

  it('delivered five times at once: exactly one delivery handles it', async () => {
    const body = eventBody();
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(body)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.body.duplicate === undefined)).toHaveLength(1);
    expect(results.filter((r) => r.body.duplicate === true)).toHaveLength(4);
    const rows = await recorded(idOf(body));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.deliveries).toBe(5);
  });

  it('runs the handler once however the deliveries come, and again after a handler that failed', async () => {
    const calls: string[] = [];
    let failNext = false;
    const counting = createHandler({
      'POST /api/webhooks/test-payments': webhookRoute({
        verifier: testPaymentsVerifier,
        body: testPaymentsEvent,
        eventId: (event) => event.id,
        async handler({ body }) {
          calls.push(body.id);
          // Give concurrent deliveries time to meet this one's open transaction.
          await new Promise((resolve) => setTimeout(resolve, 50));
          if (failNext) {
            failNext = false;
            throw new ConflictError('Prøv igjen');
          }
        },
      }),
    });

    const concurrent = eventBody();
    await Promise.all(Array.from({ length: 5 }, () => deliver(concurrent, undefined, counting)));
    for (let i = 0; i < 5; i++) await deliver(concurrent, undefined, counting);
    expect(calls).toEqual([idOf(concurrent)]);

    // A failed handler rolls its record back: the provider's next delivery is handled afresh.
    const failing = eventBody();
    failNext = true;
    expect((await deliver(failing, undefined, counting)).status).toBe(409);
    expect(await recorded(idOf(failing))).toEqual([]);
    expect(await deliver(failing, undefined, counting)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await deliver(failing, undefined, counting)).toMatchObject({ status: 200, body: { ok: true, duplicate: true } });
    expect(calls.filter((id) => id === idOf(failing))).toHaveLength(2);
    expect((await recorded(idOf(failing)))[0]!.deliveries).toBe(2);
  });
});

describe('a delivery whose signature does not hold: 401, nothing recorded', () => {
  const refused = { status: 401, body: { error: httpMessages.badSignature } };

  it('the body changed by one byte after signing', async () => {
    const body = eventBody();
    const headers = signTestPaymentsDelivery(body);
    const bytes = new TextEncoder().encode(body);
    bytes[bytes.length - 3] = bytes[bytes.length - 3]! ^ 0x01;
    expect(await deliver(bytes, headers)).toMatchObject(refused);
    // A space added where JSON does not care is a change too: the bytes are signed, not the meaning.
    expect(await deliver(`${body} `, headers)).toMatchObject(refused);
    expect(await recorded(idOf(body))).toEqual([]);
    // The same headers with the untouched body pass (the refusals above are the byte's doing).
    expect(await deliver(body, headers)).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('signed with a wrong secret', async () => {
    const body = eventBody();
    expect(await deliver(body, signTestPaymentsDelivery(body, { secret: 'not-the-secret-but-long-enough-to-look-real' }))).toMatchObject(refused);
    expect(await recorded(idOf(body))).toEqual([]);
  });

  it('a replay of an old timestamp (and one from the future) beyond the 5-minute tolerance', async () => {
    const body = eventBody();
    const old = signTestPaymentsDelivery(body, { now: new Date(Date.now() - 301_000) });
    expect(await deliver(body, old)).toMatchObject(refused);
    const future = signTestPaymentsDelivery(body, { now: new Date(Date.now() + 301_000) });
    expect(await deliver(body, future)).toMatchObject(refused);
    expect(await recorded(idOf(body))).toEqual([]);
    // Within the tolerance (a slow network, a clock a little off) it passes.
    expect((await deliver(body, signTestPaymentsDelivery(body, { now: new Date(Date.now() - 200_000) }))).status).toBe(200);
  });

  it('no signature, a malformed one, or a signature for another timestamp', async () => {
    const body = eventBody();
    const good = signTestPaymentsDelivery(body)['Test-Payments-Signature']!;
    const [t, v1] = good.split(',') as [string, string];
    for (const header of [undefined, '', 'v1=abc', t, `${t},v1=zz`, `t=${Number(t.slice(2)) - 1},${v1}`, `${t},${v1},x=1=2`]) {
      const headers: Record<string, string> = header === undefined ? {} : { 'Test-Payments-Signature': header };
      expect(await deliver(body, headers), String(header)).toMatchObject(refused);
    }
    expect(await recorded(idOf(body))).toEqual([]);
  });

  it('checks the signature before the JSON: an unsigned malformed body is a 401, a signed one a 400', async () => {
    expect(await deliver('{"id":', {})).toMatchObject(refused);
    expect(await deliver('{"id":')).toMatchObject({ status: 400, body: { error: httpMessages.invalidJson } });
    expect((await deliver('{"id":"evt_x"}')).status).toBe(400);
  });
});

describe('no session, no same-origin check', () => {
  it('never reads the Cookie header nor the sessions table, and sets no cookie', async () => {
    const cookie = await signIn('elev@demo.no', 'demo1234', '203.0.113.51');
    // A session token in the right shape that does not exist: had the pipeline looked it up, it would clear it.
    for (const sent of [cookie, `session=${'a'.repeat(32)}.${'b'.repeat(32)}`]) {
      const body = eventBody();
      const request = delivery(body, signTestPaymentsDelivery(body), { Cookie: sent });
      const asked: string[] = [];
      const get = vi.spyOn(Headers.prototype, 'get').mockImplementation(function (this: Headers, name: string) {
        asked.push(name.toLowerCase());
        return readHeader(this, name);
      });
      const statements: string[] = [];
      const stop = onQuery((query) => statements.push(query));
      let response: Response;
      try {
        response = await webhooks(request, {});
      } finally {
        stop();
        get.mockRestore();
      }
      expect(response.status).toBe(200);
      expect(asked).not.toContain('cookie');
      expect(statements.join('\n')).not.toMatch(/"sessions"/);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });
});

/** A header's value without going through the spied `get` (`Headers` is iterable). */
function readHeader(headers: Headers, name: string): string | null {
  for (const [key, value] of headers) if (key === name.toLowerCase()) return value;
  return null;
}
