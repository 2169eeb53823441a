import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { userAuditLog, users, userTokens } from '../../../db/schema';
import { site } from '../../config/site';
import { BadRequestError, ConflictError, ThrottledError } from '../platform/errors';
import { queueMail } from '../mail/outbox';
import { policies, reserve } from '../platform/throttle';
import { accountMessages } from './messages';
import { NO_PASSWORD } from '../auth/password';
import { checkPassword } from './password.service';
import { queueCreatePassword } from './password-links';
import { consumeToken, hashToken, issueToken, TOKEN_LIFETIME_MS, tokenLink } from './tokens';

const DAY_MS = 86_400_000;

export async function queueVerification(tx: Db, user: { id: string; email: string; firstName: string }): Promise<void> {
  const token = await issueToken(tx, { userId: user.id, purpose: 'verify_email', email: user.email });
  await queueMail(tx, {
    to: user.email,
    template: 'verify-email',
    props: { firstName: user.firstName, verifyUrl: tokenLink('verify_email', token), validDays: TOKEN_LIFETIME_MS.verify_email / DAY_MS },
  });
}

/** An account without a password gets its 'Lag et passord' mail again instead, which verifies too. */
export async function resendVerification(db: Db, userId: string): Promise<{ sent: boolean; email: string }> {
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, verifiedAt: users.emailVerifiedAt, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new BadRequestError(accountMessages.emailLinkInvalid);
  if (user.verifiedAt) return { sent: false, email: user.email };
  const reservation = await reserve(db, `verify:account:${userId}`, policies.mailLinkAccount);
  if (!reservation.allowed) throw new ThrottledError(accountMessages.tooMany, reservation.retryAfter);
  await atomically(db, (tx) => (user.passwordHash === NO_PASSWORD ? queueCreatePassword(tx, user, 'request') : queueVerification(tx, user)));
  return { sent: true, email: user.email };
}

/** Nothing changes until the link sent to the new address is used; the old address gets a notice. */
export async function requestEmailChange(db: Db, input: { userId: string; newEmail: string; password: string }): Promise<{ pendingEmail: string }> {
  const user = await checkPassword(db, input.userId, input.password, 'password');
  if (user.email === input.newEmail) throw new BadRequestError(accountMessages.sameEmail, 'newEmail');
  const reservation = await reserve(db, `email-change:account:${input.userId}`, policies.mailLinkAccount);
  if (!reservation.allowed) throw new ThrottledError(accountMessages.tooMany, reservation.retryAfter);
  await atomically(db, (tx) => queueEmailChange(tx, user, input.newEmail));
  return { pendingEmail: input.newEmail };
}

export async function queueEmailChange(tx: Db, user: { id: string; email: string; firstName: string }, newEmail: string): Promise<void> {
  const token = await issueToken(tx, { userId: user.id, purpose: 'change_email', email: newEmail });
  await queueMail(tx, {
    to: newEmail,
    template: 'email-change',
    props: {
      firstName: user.firstName,
      newEmail,
      confirmUrl: tokenLink('change_email', token),
      validHours: TOKEN_LIFETIME_MS.change_email / 3_600_000,
    },
  });
  await queueMail(tx, {
    to: user.email,
    template: 'email-change-notice',
    props: { firstName: user.firstName, newEmail, contactEmail: site.email },
  });
}

/** A change fails with 409 if another account took the address meanwhile. A 'Lag et passord' link stays unused here: it still has to set the password. */
export async function confirmEmail(db: Db, token: string, now = new Date()): Promise<{ kind: 'verified' | 'changed'; email: string }> {
  const opened = await openPasswordLink(db, token, now);
  if (opened) return { kind: 'verified', email: opened };
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
    const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, used.userId)).for('update');
    const [row] = await tx
      .update(users)
      .set({ email: used.email, emailVerifiedAt: new Date() })
      .where(eq(users.id, used.userId))
      .returning({ email: users.email });
    if (!row || !before) throw new BadRequestError(accountMessages.emailLinkInvalid, 'token');
    await tx
      .insert(userAuditLog)
      .values({ userId: used.userId, actorId: used.userId, action: 'email_changed', fromValue: before.email, toValue: row.email });
    return { kind: 'changed' as const, email: row.email };
  });
}

async function openPasswordLink(db: Db, token: string, now: Date): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [link] = await db
    .select({ userId: userTokens.userId, email: userTokens.email })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.purpose, 'set_password'),
        isNull(userTokens.usedAt),
        sql`${userTokens.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    );
  if (!link) return null;
  const [row] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(and(eq(users.id, link.userId), eq(users.email, link.email)))
    .returning({ email: users.email });
  if (!row) throw new BadRequestError(accountMessages.emailLinkInvalid, 'token');
  return row.email;
}

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
