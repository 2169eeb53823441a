import { parseCookie } from 'cookie';
import type { Db } from '../../../../db/client';
import { clearedSessionCookies, SESSION_COOKIE, type SessionUser, sessionCookies, type ValidSession, validateSessionToken } from '../../auth/session';
import { env } from '../env';
import { forbidden, HttpError, httpMessages, unauthorized } from './errors';
import type { Access, FunctionContext, RouteDefinition } from './route';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** CSRF defence: a state-changing request must come from our own origin (`Sec-Fetch-Site`, else `Origin`). */
export function isSameOrigin(request: Request): boolean {
  const site = request.headers.get('Sec-Fetch-Site');
  if (site) return site === 'same-origin';
  const origin = request.headers.get('Origin');
  if (!origin) return false;
  return origin === new URL(request.url).origin || origin === new URL(env.SITE_URL).origin;
}

/** A navigation the user started on our pages or in the address bar; a request without fetch metadata is not one. */
export function isUserNavigation(request: Request): boolean {
  const site = request.headers.get('Sec-Fetch-Site');
  if (site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.get('Origin');
  return !origin || origin === new URL(request.url).origin || origin === new URL(env.SITE_URL).origin;
}

export function checkOrigin(request: Request, url: URL, definition: Pick<RouteDefinition, 'signedLink'>): void {
  const { signedLink } = definition;
  if (signedLink) {
    // A mail provider's server, or our own page: the signed token in the URL decides, not the origin.
    if (!signedLink(url)) throw new HttpError(401, httpMessages.badLink);
  } else if (!SAFE_METHODS.has(request.method) && !isSameOrigin(request)) throw forbidden(httpMessages.crossSite);
}

export async function readSession(
  db: Db | undefined,
  request: Request,
  readCookie: boolean,
  cookies: string[],
): Promise<{ user: SessionUser; session: ValidSession } | null> {
  const token = db && readCookie ? (parseCookie(request.headers.get('Cookie') ?? '')[SESSION_COOKIE] ?? null) : null;
  const auth = db && token ? await validateSessionToken(db, token) : null;
  if (token && !auth) cookies.push(...clearedSessionCookies(request.url));
  if (auth?.session.renewed && token) cookies.push(...sessionCookies(request.url, token, auth.session.expiresAt));
  return auth;
}

export function checkAccess(access: Access, auth: { user: SessionUser } | null): void {
  if (access === 'public') return;
  if (!auth) throw unauthorized();
  if (access !== 'user' && !access.includes(auth.user.role)) throw forbidden();
}

export function clientIp(request: Request, context: FunctionContext): string {
  return context.ip ?? request.headers.get('x-nf-client-connection-ip') ?? request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? 'unknown';
}
