import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { users, userTokens } from '../../../db/schema';
import { site } from '../../config/site';
import { BadRequestError, ConflictError, ThrottledError } from '../errors';
import { queueMail } from '../mail/outbox';
import { policies, reserve } from '../throttle';
import { accountMessages } from './messages';
import { checkPassword } from './password.service';
import { consumeToken, issueToken, TOKEN_LIFETIME_MS, tokenLink } from './tokens';

const DAY_MS = 86_400_000;

/**
 * The address of an account (decision 31): proven with a link at registration (and on request),
 * changed only through a link sent to the new address, with a notice to the old one.
 */

/** Queues the verification mail for the account's current address (in the caller's transaction). */
export async function queueVerification(tx: Db, user: { id: string; email: string; firstName: string }): Promise<void> {
  const token = await issueToken(tx, { userId: user.id, purpose: 'verify_email', email: user.email });
  await queueMail(tx, {
    to: user.email,
    template: 'verify-email',
    props: { firstName: user.firstName, verifyUrl: tokenLink('verify_email', token), validDays: TOKEN_LIFETIME_MS.verify_email / DAY_MS },
  });
}

/** 'Send lenken på nytt': a new verification link, throttled per account like sign-ups per address. */
export async function resendVerification(db: Db, userId: string): Promise<{ sent: boolean; email: string }> {
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new BadRequestError(accountMessages.emailLinkInvalid);
  if (user.verifiedAt) return { sent: false, email: user.email };
  const reservation = await reserve(db, `verify:account:${userId}`, policies.mailLinkAccount);
  if (!reservation.allowed) throw new ThrottledError(accountMessages.tooMany, reservation.retryAfter);
  await atomically(db, (tx) => queueVerification(tx, user));
  return { sent: true, email: user.email };
}

/**
 * 'Endre e-post': the current password proves the owner; the link goes to the new address and a
 * notice to the old one. Nothing changes until the link is used (`confirmEmail`).
 */
export async function requestEmailChange(db: Db, input: { userId: string; newEmail: string; password: string }): Promise<{ pendingEmail: string }> {
  const user = await checkPassword(db, input.userId, input.password, 'password');
  if (user.email === input.newEmail) throw new BadRequestError(accountMessages.sameEmail, 'newEmail');
  const reservation = await reserve(db, `email-change:account:${input.userId}`, policies.mailLinkAccount);
  if (!reservation.allowed) throw new ThrottledError(accountMessages.tooMany, reservation.retryAfter);
  await atomically(db, async (tx) => {
    const token = await issueToken(tx, { userId: user.id, purpose: 'change_email', email: input.newEmail });
    await queueMail(tx, {
      to: input.newEmail,
      template: 'email-change',
      props: {
        firstName: user.firstName,
        newEmail: input.newEmail,
        confirmUrl: tokenLink('change_email', token),
        validHours: TOKEN_LIFETIME_MS.change_email / 3_600_000,
      },
    });
    await queueMail(tx, {
      to: user.email,
      template: 'email-change-notice',
      props: { firstName: user.firstName, newEmail: input.newEmail, contactEmail: site.email },
    });
  });
  return { pendingEmail: input.newEmail };
}

/**
 * The link from a verification or change mail (public: the token is the proof). Verifying marks
 * the address proven if it is still the account's; a change moves the account to the new address,
 * proven by this very link, unless another account took it meanwhile (409).
 */
export async function confirmEmail(db: Db, token: string): Promise<{ kind: 'verified' | 'changed'; email: string }> {
  return atomically(db, async (tx) => {
    const used = await consumeToken(tx, token, ['verify_email', 'change_email']);
    if (!used) throw new BadRequestError(accountMessages.emailLinkInvalid, 'token');
    if (used.purpose === 'verify_email') {
      const [row] = await tx
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(and(eq(users.id, used.userId), eq(users.email, used.email)))
        .returning({ email: users.email });
      if (!row) throw new BadRequestError(accountMessages.emailLinkInvalid, 'token');
      return { kind: 'verified' as const, email: row.email };
    }
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, used.email), ne(users.id, used.userId)));
    if (taken) throw new ConflictError(accountMessages.emailTaken, 'email_taken');
    const [row] = await tx
      .update(users)
      .set({ email: used.email, emailVerifiedAt: new Date() })
      .where(eq(users.id, used.userId))
      .returning({ email: users.email });
    if (!row) throw new BadRequestError(accountMessages.emailLinkInvalid, 'token');
    return { kind: 'changed' as const, email: row.email };
  });
}

/** The address of a change asked for and not yet confirmed (the newest unused, unexpired link). */
export async function pendingEmailOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: userTokens.email })
    .from(userTokens)
    .where(
      and(eq(userTokens.userId, userId), eq(userTokens.purpose, 'change_email'), isNull(userTokens.usedAt), sql`${userTokens.expiresAt} > now()`),
    )
    .orderBy(desc(userTokens.createdAt))
    .limit(1);
  return row?.email ?? null;
}
