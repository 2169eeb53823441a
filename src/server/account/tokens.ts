import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { userTokens } from '../../../db/schema';
import { env } from '../platform/env';

/**
 * Only the token's SHA-256 is stored, and it is used by one conditional update, so a link works once however many tabs
 * open it. A new link retires the account's earlier unused ones of that purpose.
 */

export type TokenPurpose = 'verify_email' | 'reset_password' | 'change_email' | 'set_password' | 'confirm_email_change' | 'confirm_deletion';

const HOUR_MS = 60 * 60 * 1000;

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  reset_password: HOUR_MS,
  change_email: 24 * HOUR_MS,
  verify_email: 7 * 24 * HOUR_MS,
  set_password: 7 * 24 * HOUR_MS,
  confirm_email_change: HOUR_MS,
  confirm_deletion: HOUR_MS,
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The token rides in the fragment: never in a request line, a log or a Referer. */
const PAGES: Record<TokenPurpose, string> = {
  reset_password: '/nytt-passord',
  verify_email: '/bekreft-epost',
  change_email: '/bekreft-epost',
  set_password: '/lag-passord',
  // The server decides from the token alone.
  confirm_email_change: '/bekreft-konto?handling=epost',
  confirm_deletion: '/bekreft-konto?handling=slett',
};

export const absoluteUrl = (path: string) => `${env.SITE_URL.replace(/\/$/, '')}${path}`;

export function tokenLink(purpose: TokenPurpose, token: string): string {
  return absoluteUrl(`${PAGES[purpose]}#token=${token}`);
}

export async function issueToken(db: Db, input: { userId: string; purpose: TokenPurpose; email: string }, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, input.userId), eq(userTokens.purpose, input.purpose), isNull(userTokens.usedAt)));
  await db.insert(userTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    email: input.email,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[input.purpose]),
    createdAt: now,
  });
  return token;
}

export async function consumeToken(db: Db, token: string, purposes: readonly TokenPurpose[], now = new Date()) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        inArray(userTokens.purpose, [...purposes]),
        isNull(userTokens.usedAt),
        sql`${userTokens.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row ?? null;
}
