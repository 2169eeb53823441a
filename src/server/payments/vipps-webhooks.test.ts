import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createVippsProvider } from './vipps';
import { createVippsVerifier, signVippsDelivery, vippsEventId } from './vipps-webhooks';

// ---------------------------------------------------------------------------------------------
// Webhook signatures

/**
 * Vipps MobilePay's documented example (Webhooks API, "Request authentication"): the secret a
 * webhook registration returned, a delivery to https://webhook.site/e2cee29b-012e-4f1d-8ef4-e95fd74a7a63
 * dated Thu, 30 Mar 2023 08:38:32 GMT with the body {"some-unique-content":"ee6e441b-…/hello-world"},
 * its content hash and the signature Vipps sent.
 */
const DOC = {
  secret: 'A0+AeKBRG2KRGvnNwJpQlb6IJFk48CKXCIcrLoHncVJKDILsQSxS6NWCccwWm6r6FhGKhiHTBsG2wo/xU6FY/A==',
  url: 'https://webhook.site/e2cee29b-012e-4f1d-8ef4-e95fd74a7a63',
  date: 'Thu, 30 Mar 2023 08:38:32 GMT',
  body: '{"some-unique-content":"ee6e441b-cc4a-46f8-895d-a5af79bcc233/hello-world"}',
  contentSha256: 'lNlsp1XA03N34HrQsVzPgJKtC+r7l/RBF4V3JQUWMj4=',
  authorization: 'HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=agAiSyogQbDHpeucoNwYz+yAr5nJ+v+zasdkSbqzv+U=',
};
const DOC_NOW = new Date('2023-03-30T08:38:32Z');

const bytes = (text: string) => new TextEncoder().encode(text);

function delivery(url: string, headers: Record<string, string>, body: string): Request {
  return new Request(url, { method: 'POST', headers, body });
}

const docHeaders = () => ({
  host: 'webhook.site',
  'x-ms-date': DOC.date,
  'x-ms-content-sha256': DOC.contentSha256,
  authorization: DOC.authorization,
});

describe('Vipps webhook signatures', () => {
  const verifier = createVippsVerifier(DOC.secret);
  const verify = (headers: Record<string, string>, body = DOC.body, now = DOC_NOW, url = DOC.url) =>
    verifier.verify(delivery(url, headers, body), bytes(body), now);

  it("accepts Vipps's documented example delivery (known answer)", () => {
    expect(verifier.provider).toBe('vipps');
    expect(verify(docHeaders())).toBe(true);
  });

  it('signs the documented example exactly as Vipps did', () => {
    expect(signVippsDelivery({ secret: DOC.secret, url: DOC.url, rawBody: DOC.body, date: DOC.date })).toEqual(docHeaders());
  });

  it('signs a Date as an RFC 1123 x-ms-date', () => {
    expect(signVippsDelivery({ secret: DOC.secret, url: DOC.url, rawBody: DOC.body, date: DOC_NOW })['x-ms-date']).toBe(DOC.date);
  });

  it('refuses a body with one byte changed', () => {
    expect(verify(docHeaders(), DOC.body.replace('hello-world', 'hello-worle'))).toBe(false);
  });

  it('refuses a delivery signed with another secret', () => {
    expect(createVippsVerifier('another-secret').verify(delivery(DOC.url, docHeaders(), DOC.body), bytes(DOC.body), DOC_NOW)).toBe(false);
    expect(createVippsVerifier(undefined).verify(delivery(DOC.url, docHeaders(), DOC.body), bytes(DOC.body), DOC_NOW)).toBe(false);
    expect(createVippsVerifier('').verify(delivery(DOC.url, docHeaders(), DOC.body), bytes(DOC.body), DOC_NOW)).toBe(false);
  });

  it('refuses a date more than 300 s from now, either way, and accepts one within', () => {
    const at = (seconds: number) => new Date(DOC_NOW.getTime() + seconds * 1000);
    expect(verify(docHeaders(), DOC.body, at(300))).toBe(true);
    expect(verify(docHeaders(), DOC.body, at(-300))).toBe(true);
    expect(verify(docHeaders(), DOC.body, at(301))).toBe(false);
    expect(verify(docHeaders(), DOC.body, at(-301))).toBe(false);
    expect(verify(docHeaders(), DOC.body, new Date())).toBe(false);
  });

  it('refuses a missing or malformed header', () => {
    for (const name of ['x-ms-date', 'x-ms-content-sha256', 'authorization'] as const) {
      const headers: Record<string, string> = docHeaders();
      delete headers[name];
      expect(verify(headers), `without ${name}`).toBe(false);
    }
    const signatureB64 = DOC.authorization.split('Signature=')[1] ?? '';
    const malformed = [
      { authorization: `HMAC-SHA256 SignedHeaders=host;x-ms-date;x-ms-content-sha256&Signature=${signatureB64}` },
      { authorization: `HMAC-SHA256 Signature=${signatureB64}` },
      { authorization: `Bearer ${signatureB64}` },
      {
        authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${Buffer.from(signatureB64, 'base64').toString('hex')}`,
      },
      { authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signatureB64.slice(0, 20)}` },
      { 'x-ms-date': '2023-03-30T08:38:32Z' },
      { 'x-ms-date': 'Thu, 30 Mar 2023 08:38:32 GMT; extra' },
      { 'x-ms-content-sha256': 'not base64!' },
      { 'x-ms-content-sha256': createHash('sha256').update(DOC.body).digest('hex') },
    ];
    for (const change of malformed) expect(verify({ ...docHeaders(), ...change }), JSON.stringify(change)).toBe(false);
  });

  it('refuses a content hash that does not match the body, even when the signature covers that hash', () => {
    // A forger who knows the secret's signature scheme cannot help it; this checks that the
    // hash is recomputed from the bytes rather than trusted from the header.
    const otherHash = createHash('sha256').update('{"other":"body"}').digest('base64');
    const signed = createHmac('sha256', DOC.secret)
      .update(`POST\n/e2cee29b-012e-4f1d-8ef4-e95fd74a7a63\n${DOC.date};webhook.site;${otherHash}`)
      .digest('base64');
    const headers = {
      ...docHeaders(),
      'x-ms-content-sha256': otherHash,
      authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signed}`,
    };
    expect(verify(headers)).toBe(false);
  });

  it('signs the Host header: another host or path is refused; without a Host header the URL host counts', () => {
    expect(verify({ ...docHeaders(), host: 'evil.example' })).toBe(false);
    expect(verify(docHeaders(), DOC.body, DOC_NOW, 'https://webhook.site/another-path')).toBe(false);
    expect(verify(docHeaders(), DOC.body, DOC_NOW, `${DOC.url}?x=1`)).toBe(false);
    const { host: _host, ...withoutHost } = docHeaders();
    expect(verify(withoutHost)).toBe(true);
    // Behind Netlify the function may see an internal URL; the Host header is what Vipps signed.
    expect(verify(docHeaders(), DOC.body, DOC_NOW, 'http://10.0.0.7:8888/e2cee29b-012e-4f1d-8ef4-e95fd74a7a63')).toBe(true);
  });

  it('includes the query in the signed path', () => {
    const url = 'https://kurs.example/api/webhooks/vipps?site=1';
    const headers = signVippsDelivery({ secret: 's', url, rawBody: '{}', date: DOC_NOW });
    expect(createVippsVerifier('s').verify(delivery(url, headers, '{}'), bytes('{}'), DOC_NOW)).toBe(true);
    expect(createVippsVerifier('s').verify(delivery('https://kurs.example/api/webhooks/vipps', headers, '{}'), bytes('{}'), DOC_NOW)).toBe(false);
  });

  it('never throws', () => {
    const broken = { headers: { get: () => DOC.date }, url: 'not a url' } as unknown as Request;
    expect(verifier.verify(broken, bytes(DOC.body), DOC_NOW)).toBe(false);
    const throwing = {
      get headers(): Headers {
        throw new Error('boom');
      },
    } as unknown as Request;
    expect(verifier.verify(throwing, bytes(DOC.body), DOC_NOW)).toBe(false);
  });
});

describe('Vipps webhook events', () => {
  const provider = createVippsProvider({
    clientId: 'c',
    clientSecret: 's',
    subscriptionKey: 'k',
    msn: '123456',
    baseUrl: 'http://127.0.0.1:9',
    webhookSecret: 'w',
    timeoutMs: 1000,
  });
  const event = {
    msn: '123456',
    reference: 'ka-3f9c2a7e1b4d4c0f',
    pspReference: '3343121302',
    name: 'AUTHORIZED',
    amount: { currency: 'NOK', value: 49900 },
    timestamp: '2024-12-31T00:00:00Z',
    idempotencyKey: null,
    success: true,
    someNewField: { added: 'later' },
  };

  it('parses a documented ePayment event (loosely) into id, reference and type', () => {
    const body = provider.webhookBody.parse(event);
    expect(provider.parseEvent(body)).toEqual({
      eventId: 'ka-3f9c2a7e1b4d4c0f:AUTHORIZED:3343121302',
      reference: 'ka-3f9c2a7e1b4d4c0f',
      type: 'AUTHORIZED',
    });
  });

  it('gives each operation its own id and every delivery of one event the same', () => {
    const first = provider.parseEvent({ ...event, name: 'CAPTURED', pspReference: '1' }).eventId;
    const second = provider.parseEvent({ ...event, name: 'CAPTURED', pspReference: '2' }).eventId;
    expect(first).not.toBe(second);
    expect(provider.parseEvent({ ...event, name: 'CAPTURED', pspReference: '1', timestamp: 'later' }).eventId).toBe(first);
    // CREATED and AUTHORIZED share the creation's pspReference and are still two events.
    expect(provider.parseEvent({ ...event, name: 'CREATED' }).eventId).not.toBe(provider.parseEvent(event).eventId);
  });

  it('keeps the id within [A-Za-z0-9_.:-] and 200 characters', () => {
    const id = vippsEventId({ reference: 'r'.repeat(64), name: 'A'.repeat(50), pspReference: 'ø/ '.repeat(60) });
    expect(id).toMatch(/^[A-Za-z0-9_.:-]{1,200}$/);
    expect(vippsEventId({ reference: 'r'.repeat(64), name: 'A'.repeat(50), pspReference: 'p'.repeat(200) })).toMatch(/^[A-Za-z0-9_.:-]{1,200}$/);
  });

  it('refuses an event without reference, name or pspReference, or with a foreign reference', () => {
    for (const field of ['reference', 'name', 'pspReference'] as const) {
      const { [field]: _gone, ...rest } = event;
      expect(provider.webhookBody.safeParse(rest).success, field).toBe(false);
    }
    expect(provider.webhookBody.safeParse({ ...event, reference: '../admin' }).success).toBe(false);
  });
});
