import { and, eq, ne } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { sessions, userAuditLog, users, userTokens } from '../../../db/schema';
import { site } from '../../config/site';
import { BadRequestError, ThrottledError } from '../platform/errors';
import { queueMail } from '../mail/outbox';
import { hashPassword, verifyPassword } from '../auth/password';
import { formatPaidAt } from '../receipts/receipt-data';
import { clear, policies, reserve } from '../platform/throttle';
import { accountMessages } from './messages';
import { absoluteUrl, consumeToken, hashToken, issueToken, TOKEN_LIFETIME_MS, tokenLink } from './tokens';

/** Follows OWASP's Forgot Password cheat sheet: the same answer for every address, single-use links, other sessions ended. */

/** Counted like sign-in guesses per account, so a stolen session cannot try passwords without limit. */
export async function checkPassword(db: Db, userId: string, password: string, field: string) {
  const key = `reauth:account:${userId}`;
  const reservation = await reserve(db, key, policies.loginAccountIp);
  if (!reservation.allowed) throw new ThrottledError(accountMessages.tooMany, reservation.retryAfter);
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, password))) throw new BadRequestError(accountMessages.wrongPassword, field);
  await clear(db, key);
  return user;
}

/** Runs after the answer, so neither the answer nor its timing depends on the address. */
export async function sendResetLink(db: Db, email: string, now = new Date()): Promise<boolean> {
  const reservation = await reserve(db, `reset:account:${email}`, policies.loginAccountIp, now);
  if (!reservation.allowed) return false;
  const [user] = await db.select({ id: users.id, firstName: users.firstName, isActive: users.isActive }).from(users).where(eq(users.email, email));
  if (!user?.isActive) return false;
  await atomically(db, async (tx) => {
    const token = await issueToken(tx, { userId: user.id, purpose: 'reset_password', email }, now);
    await queueMail(tx, {
      to: email,
      template: 'password-reset',
      props: { firstName: user.firstName, resetUrl: tokenLink('reset_password', token), validMinutes: TOKEN_LIFETIME_MS.reset_password / 60_000 },
    });
  });
  return true;
}

/** The token is checked before hashing (a made-up token costs no hashing) and used in the transaction that changes the password. */
export async function resetPassword(db: Db, token: string, password: string, now = new Date()): Promise<{ kind: 'reset' | 'created' }> {
  const [candidate] = await db
    .select({ id: userTokens.id })
    .from(userTokens)
    .where(eq(userTokens.tokenHash, hashToken(token)));
  if (!candidate) throw new BadRequestError(accountMessages.linkInvalid, 'token');
  const passwordHash = await hashPassword(password);
  const { email, kind } = await atomically(db, async (tx) => {
    const used = await consumeToken(tx, token, ['reset_password', 'set_password'], now);
    if (!used) throw new BadRequestError(accountMessages.linkInvalid, 'token');
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: now })
      .where(and(eq(users.id, used.userId), eq(users.email, used.email)))
      .returning({ id: users.id, email: users.email, firstName: users.firstName });
    if (!user) throw new BadRequestError(accountMessages.linkInvalid, 'token');
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await queuePasswordChanged(tx, user, now);
    const created = used.purpose === 'set_password';
    if (created) await tx.insert(userAuditLog).values({ userId: user.id, actorId: user.id, action: 'password_set' });
    return { email: user.email, kind: created ? ('created' as const) : ('reset' as const) };
  });
  await clear(db, `login:account:${email}`);
  return { kind };
}

export async function changePassword(
  db: Db,
  input: { userId: string; sessionId: string; currentPassword: string; newPassword: string },
  now = new Date(),
): Promise<void> {
  const user = await checkPassword(db, input.userId, input.currentPassword, 'currentPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await atomically(db, async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, input.sessionId)));
    await queuePasswordChanged(tx, user, now);
  });
}

async function queuePasswordChanged(tx: Db, user: { email: string; firstName: string }, now: Date): Promise<void> {
  await queueMail(tx, {
    to: user.email,
    template: 'password-changed',
    props: {
      firstName: user.firstName,
      changedAt: formatPaidAt(now.toISOString()),
      resetUrl: absoluteUrl('/glemt-passord'),
      contactEmail: site.email,
    },
  });
}
