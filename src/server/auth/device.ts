import { hmac } from '@oslojs/crypto/hmac';
import { SHA256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeBase64urlIgnorePadding, encodeBase32LowerCaseNoPadding, encodeBase64urlNoPadding } from '@oslojs/encoding';
import { parseCookie, stringifySetCookie } from 'cookie';
import { authSecret } from '../platform/env';
import { isSecureRequest } from './session';

/** OWASP's device cookie `<nonce>.<mac>`, the MAC over nonce and e-mail: a known device is throttled on its own. */

export const DEVICE_COOKIE = 'device';
const DEVICE_DAYS = 365;
const NONCE = /^[a-z2-7]{26}$/;

const encoder = new TextEncoder();

function mac(email: string, nonce: string): Uint8Array {
  return hmac(SHA256, encoder.encode(authSecret), encoder.encode(`device-cookie:v1:${nonce}:${email}`));
}

export function issueDeviceToken(email: string): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const nonce = encodeBase32LowerCaseNoPadding(bytes);
  return `${nonce}.${encodeBase64urlNoPadding(mac(email, nonce))}`;
}

export function verifyDeviceToken(token: string | null | undefined, email: string): string | null {
  if (!token) return null;
  const [nonce, signature, ...rest] = token.split('.');
  if (!nonce || !signature || rest.length > 0 || !NONCE.test(nonce)) return null;
  let given: Uint8Array;
  try {
    given = decodeBase64urlIgnorePadding(signature);
  } catch {
    return null;
  }
  const expected = mac(email, nonce);
  return given.length === expected.length && constantTimeEqual(given, expected) ? nonce : null;
}

export function deviceTokenFrom(request: Request): string | null {
  return parseCookie(request.headers.get('Cookie') ?? '')[DEVICE_COOKIE] ?? null;
}

export function deviceCookie(requestUrl: string, token: string): string {
  return stringifySetCookie(DEVICE_COOKIE, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecureRequest(requestUrl),
    maxAge: DEVICE_DAYS * 86_400,
  });
}
