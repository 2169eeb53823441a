import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeHex, encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { stringifySetCookie } from 'cookie';
import { eq, sql } from 'drizzle-orm';
import { type Db, preparedPer } from '../../../db/client';
import type { CurrentUser } from '../../schemas/auth';
import { sessions, users } from '../../../db/schema';
import { env } from '../platform/env';
import { SIGNED_IN_HINT } from '../../lib/signed-in-hint';

/** Lucia's design: token `<id>.<secret>`, only SHA-256(secret) stored and compared in constant time; sessions slide. */

export const SESSION_COOKIE = 'session';
/** Not a credential: a hint for static pages; the APIs trust only the HttpOnly session cookie. */
export const SIGNED_IN_HINT_COOKIE = SIGNED_IN_HINT;

const DAY_MS = 86_400_000;
const lifetimeMs = () => env.SESSION_DAYS * DAY_MS;

export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  companyId: sql<
    string | null
  >`(SELECT m.company_id FROM company_memberships m WHERE m.user_id = ${users.id} ORDER BY m.role = 'manager' DESC, m.created_at, m.company_id LIMIT 1)`.as(
    'company_id',
  ),
  profileImageUrl: users.profileImageUrl,
  isActive: users.isActive,
  emailVerified: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL`.as('email_verified'),
};

export type SessionUser = CurrentUser;

export interface ValidSession {
  id: string;
  userId: string;
  expiresAt: Date;
  /** The expiry was extended: the cookie must be sent again. */
  renewed: boolean;
}

function randomPart(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

function hashSecret(secret: string): Uint8Array {
  return sha256(new TextEncoder().encode(secret));
}

const TOKEN_PART = /^[a-z2-7]{32}$/;

/** One write an hour, not one a request. */
const LAST_USED_PRECISION_MS = 60 * 60 * 1000;

export async function createSession(
  db: Db,
  userId: string,
  now = new Date(),
  userAgent: string | null = null,
): Promise<{ token: string; session: ValidSession }> {
  const id = randomPart();
  const secret = randomPart();
  const expiresAt = new Date(now.getTime() + lifetimeMs());
  await db.insert(sessions).values({
    id,
    secretHash: encodeHexLowerCase(hashSecret(secret)),
    userId,
    expiresAt,
    createdAt: now,
    lastUsedAt: now,
    userAgent: userAgent?.slice(0, 500) ?? null,
  });
  return { token: `${id}.${secret}`, session: { id, userId, expiresAt, renewed: false } };
}

const sessionLookup = preparedPer((db) =>
  db
    .select({ secretHash: sessions.secretHash, expiresAt: sessions.expiresAt, lastUsedAt: sessions.lastUsedAt, user: sessionUserColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_lookup'),
);

export async function validateSessionToken(db: Db, token: string, now = new Date()): Promise<{ session: ValidSession; user: SessionUser } | null> {
  const [id, secret, ...rest] = token.split('.');
  if (!id || !secret || rest.length > 0 || !TOKEN_PART.test(id) || !TOKEN_PART.test(secret)) return null;

  const [row] = await sessionLookup(db).execute({ id });
  if (!row) return null;
  if (!constantTimeEqual(hashSecret(secret), decodeHex(row.secretHash))) return null;

  if (now.getTime() >= row.expiresAt.getTime() || !row.user.isActive) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }

  let expiresAt = row.expiresAt;
  let renewed = false;
  if (expiresAt.getTime() - now.getTime() < lifetimeMs() / 2) {
    expiresAt = new Date(now.getTime() + lifetimeMs());
    renewed = true;
  }
  const stale = now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS;
  if (renewed || stale) await db.update(sessions).set({ expiresAt, lastUsedAt: now }).where(eq(sessions.id, id));
  return { session: { id, userId: row.user.id, expiresAt, renewed }, user: row.user };
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export function isSecureRequest(requestUrl: string): boolean {
  const url = new URL(requestUrl);
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return url.protocol === 'https:' || !local;
}

export function sessionCookies(requestUrl: string, token: string, expiresAt: Date): string[] {
  const common = { path: '/', sameSite: 'lax' as const, secure: isSecureRequest(requestUrl), expires: expiresAt };
  return [stringifySetCookie(SESSION_COOKIE, token, { ...common, httpOnly: true }), stringifySetCookie(SIGNED_IN_HINT_COOKIE, '1', common)];
}

export function clearedSessionCookies(requestUrl: string): string[] {
  const common = { path: '/', sameSite: 'lax' as const, secure: isSecureRequest(requestUrl), maxAge: 0 };
  return [stringifySetCookie(SESSION_COOKIE, '', { ...common, httpOnly: true }), stringifySetCookie(SIGNED_IN_HINT_COOKIE, '', common)];
}
