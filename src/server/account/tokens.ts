import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { userTokens } from '../../../db/schema';
import { env } from '../platform/env';

/**
 * One-time links by mail (decision 31, OWASP's Forgot Password cheat sheet): 256 random bits in
 * the link, only their SHA-256 stored; one purpose each; a lifetime; used by one conditional
 * update, so a link works once however many tabs open it at the same moment. A new link of a
 * purpose retires the account's earlier unused ones of that purpose: only the newest mail works.
 */

export type TokenPurpose = 'verify_email' | 'reset_password' | 'change_email' | 'set_password' | 'confirm_email_change' | 'confirm_deletion';

const HOUR_MS = 60 * 60 * 1000;

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  reset_password: HOUR_MS,
  change_email: 24 * HOUR_MS,
  verify_email: 7 * 24 * HOUR_MS,
  // The guest buyer's one mail proves the address as a verification link does, so it lives as long.
  set_password: 7 * 24 * HOUR_MS,
  confirm_email_change: HOUR_MS,
  confirm_deletion: HOUR_MS,
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The page each purpose's link opens; the token rides in the fragment (never sent in a request line, a log or a Referer). */
const PAGES: Record<TokenPurpose, string> = {
  reset_password: '/nytt-passord',
  verify_email: '/bekreft-epost',
  change_email: '/bekreft-epost',
  set_password: '/lag-passord',
  // The page says what the button confirms before anything is sent; the server decides from the token alone.
  confirm_email_change: '/bekreft-konto?handling=epost',
  confirm_deletion: '/bekreft-konto?handling=slett',
};

/** A path on the site as an absolute URL for a mail. */
export const absoluteUrl = (path: string) => `${env.SITE_URL.replace(/\/$/, '')}${path}`;

export function tokenLink(purpose: TokenPurpose, token: string): string {
  return absoluteUrl(`${PAGES[purpose]}#token=${token}`);
}

/** Makes a link's token for the account and address; returns the token (to put in the mail). */
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

/** Uses a link's token: the row when it was unused, unexpired and of one of `purposes`; null otherwise. */
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
