import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { SIGNATURE_TOLERANCE_SECONDS, type WebhookVerifier } from '../platform/webhooks/signatures';

export const VIPPS_PROVIDER = 'vipps' as const;

const SIGNED_HEADERS = 'x-ms-date;host;x-ms-content-sha256';
const BASE64_SHA256 = /^[A-Za-z0-9+/]{43}=$/;
const AUTHORIZATION = /^HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=([A-Za-z0-9+/]{43}=)$/;
const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

function toBytes(body: string | Uint8Array): Uint8Array {
  return typeof body === 'string' ? new TextEncoder().encode(body) : body;
}

function contentHash(rawBody: Uint8Array): Buffer {
  return createHash('sha256').update(rawBody).digest();
}

function stringToSign(pathAndQuery: string, date: string, host: string, hashBase64: string): string {
  return `POST\n${pathAndQuery}\n${date};${host};${hashBase64}`;
}

function signature(secret: string, toSign: string): Buffer {
  // Vipps uses the secret as UTF-8 text, not base64-decoded.
  return createHmac('sha256', secret).update(toSign, 'utf8').digest();
}

/** For the fake server and the tests; Vipps signs its own deliveries. */
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

/** Behind Netlify the `Host` header is the public host Vipps signed; the content hash is recomputed from the raw bytes. */
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
    provider: VIPPS_PROVIDER,
    verify: (request, rawBody, at = now()) => verifyVippsDelivery({ secret, request, rawBody, now: at }),
  };
}

export const amountSchema = z.looseObject({ currency: z.string().max(10), value: z.number().int() });

/** The payment's state is read from the API, never from the event. */
export const vippsWebhookEvent = z.looseObject({
  msn: z.string().max(20).optional(),
  reference: z.string().regex(/^[a-zA-Z0-9-]{1,64}$/),
  pspReference: z.string().min(1).max(200),
  name: z.string().regex(/^[A-Za-z0-9_]{1,50}$/),
  amount: amountSchema.optional(),
  timestamp: z.string().max(100).optional(),
  idempotencyKey: z.string().max(200).nullable().optional(),
  success: z.boolean().optional(),
});
export type VippsWebhookEvent = z.infer<typeof vippsWebhookEvent>;

const EVENT_ID_PART = /^[A-Za-z0-9_.-]{1,100}$/;

/** The name is part of the id because one operation's events share a pspReference; a redelivery keeps its id. */
export function vippsEventId(event: Pick<VippsWebhookEvent, 'reference' | 'name' | 'pspReference'>): string {
  const psp = EVENT_ID_PART.test(event.pspReference)
    ? event.pspReference
    : `sha256-${createHash('sha256').update(event.pspReference, 'utf8').digest('hex').slice(0, 64)}`;
  return `${event.reference}:${event.name}:${psp}`;
}
