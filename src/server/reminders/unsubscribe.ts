import { hmac } from '@oslojs/crypto/hmac';
import { SHA256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from '@oslojs/encoding';
import { absoluteUrl } from '../account/tokens';
import { authSecret } from '../platform/env';

/** Nothing is stored and the link never expires (an unsubscribe link must keep working); it can only turn reminders off. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const encoder = new TextEncoder();

const mac = (userId: string) => hmac(SHA256, encoder.encode(authSecret), encoder.encode(`reminders-unsubscribe:v1:${userId}`));

export function unsubscribeToken(userId: string): string {
  return `${userId}.${encodeBase64urlNoPadding(mac(userId))}`;
}

export function userOfUnsubscribeToken(token: string | null | undefined): string | null {
  if (!token || token.length > 200) return null;
  const [userId, signature, ...rest] = token.split('.');
  if (!userId || !signature || rest.length > 0 || !UUID.test(userId)) return null;
  let given: Uint8Array;
  try {
    given = decodeBase64urlIgnorePadding(signature);
  } catch {
    return null;
  }
  const expected = mac(userId);
  return given.length === expected.length && constantTimeEqual(given, expected) ? userId : null;
}

/** RFC 8058 one-click: a mail program POSTs `List-Unsubscribe=One-Click` here. */
export const oneClickUnsubscribeUrl = (token: string) => absoluteUrl(`/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`);

/** The token stays in the fragment. */
export const unsubscribePageUrl = (token: string) => absoluteUrl(`/avmelding#token=${encodeURIComponent(token)}`);
