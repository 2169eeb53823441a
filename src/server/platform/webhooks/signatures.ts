import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed webhooks. A provider that calls us proves who it is with a signature
 * over the exact bytes it sent, not with a session or our origin. A route declares itself a
 * webhook with `webhookRoute()` (src/server/platform/http/webhook.ts) and names a verifier from here; the pipeline
 * keeps the raw body, runs the verifier before anything else touches the request, and records
 * each event once (src/server/platform/webhooks/events.service.ts).
 */

/** Checks that a delivery really comes from its provider. */
export interface WebhookVerifier {
  /** The provider's name, stored with each event id (`webhook_events.provider`). */
  readonly provider: string;
  /** True when `rawBody`, exactly as received, carries a valid, fresh signature. Never throws. */
  verify(request: Request, rawBody: Uint8Array, now?: Date): boolean;
}

/** Signatures older or newer than this are refused, so a captured delivery cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** HMAC-SHA256 over `${timestamp}.${rawBody}`, as hex: the scheme of the built-in test provider (and Stripe's). */
export function timestampedHmac(secret: string, timestamp: number, rawBody: Uint8Array): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/**
 * Parses a `t=<unix seconds>,v1=<hex>[,v1=<hex>…]` signature header. Several `v1` values are
 * allowed, so a provider can sign with an old and a new secret while the secret is rotated.
 */
export function parseSignatureHeader(header: string | null): { timestamp: number; signatures: string[] } | null {
  if (!header || header.length > 1_000) return null;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value, ...rest] = part.trim().split('=');
    if (rest.length > 0 || value === undefined) return null;
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/**
 * True when one of the header's signatures is the HMAC of this body with `secret` and its
 * timestamp lies within the tolerance of `now`. The comparison is constant-time
 * (`timingSafeEqual`), so the answer's timing tells an attacker nothing about the right value.
 */
export function verifyTimestampedHmac(options: {
  secret: string | undefined;
  header: string | null;
  rawBody: Uint8Array;
  now: Date;
  toleranceSeconds?: number;
}): boolean {
  const { secret, rawBody, now } = options;
  if (!secret) return false;
  const parsed = parseSignatureHeader(options.header);
  if (!parsed) return false;
  const age = Math.abs(Math.floor(now.getTime() / 1000) - parsed.timestamp);
  if (age > (options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS)) return false;
  const expected = Buffer.from(timestampedHmac(secret, parsed.timestamp, rawBody), 'hex');
  let valid = false;
  for (const signature of parsed.signatures) {
    // Both are 32 bytes (the header parser accepts only 64 hex digits), as timingSafeEqual needs.
    if (timingSafeEqual(expected, Buffer.from(signature, 'hex'))) valid = true;
  }
  return valid;
}
