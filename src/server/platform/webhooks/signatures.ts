import { createHmac, timingSafeEqual } from 'node:crypto';

export interface WebhookVerifier {
  readonly provider: string;
  verify(request: Request, rawBody: Uint8Array, now?: Date): boolean;
}

/** Signatures older or newer than this are refused, so a captured delivery cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function timestampedHmac(secret: string, timestamp: number, rawBody: Uint8Array): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** Several `v1` values let a provider sign with an old and a new secret during rotation. */
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

/** Constant-time comparison, so the timing tells an attacker nothing. */
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
