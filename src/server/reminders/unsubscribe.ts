import { hmac } from '@oslojs/crypto/hmac';
import { SHA256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from '@oslojs/encoding';
import { absoluteUrl } from '../account/tokens';
import { authSecret } from '../platform/env';

/**
 * The reminder mail's unsubscribe link (issue 25, decision 33): `<user id>.<mac>`, the MAC an
 * HMAC-SHA256 with AUTH_SECRET over the purpose and the user id. Nothing is stored, the link never
 * expires (an unsubscribe link must keep working), and it can do one thing only: turn that
 * account's reminders off.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const encoder = new TextEncoder();

const mac = (userId: string) => hmac(SHA256, encoder.encode(authSecret), encoder.encode(`reminders-unsubscribe:v1:${userId}`));

export function unsubscribeToken(userId: string): string {
  return `${userId}.${encodeBase64urlNoPadding(mac(userId))}`;
}

/** The user id the token was made for by us, else null. */
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

/**
 * The one-click address (RFC 8058): the mail's `List-Unsubscribe` header; a mail program POSTs
 * `List-Unsubscribe=One-Click` to it.
 */
export const oneClickUnsubscribeUrl = (token: string) => absoluteUrl(`/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`);

/** The page the mail's link opens: it turns reminders off at once and says so (the token stays in the fragment). */
export const unsubscribePageUrl = (token: string) => absoluteUrl(`/avmelding#token=${encodeURIComponent(token)}`);
