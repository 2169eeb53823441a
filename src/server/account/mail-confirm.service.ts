import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { users, userTokens } from '../../../db/schema';
import type { MailConfirmAction } from '../../schemas/account';
import { BadRequestError, ConflictError, ForbiddenError, ThrottledError } from '../platform/errors';
import { queueMail } from '../mail/outbox';
import { NO_PASSWORD } from '../auth/password';
import { policies, reserve } from '../platform/throttle';
import { removeAccount } from './data.service';
import { queueEmailChange } from './email.service';
import { accountMessages } from './messages';
import { queueCreatePassword } from './password-links';
import { consumeToken, hashToken, issueToken, TOKEN_LIFETIME_MS, tokenLink } from './tokens';

/** An account with a password is refused here, so a stolen session cannot trade the password for a mail. */

export async function requestByMail(db: Db, userId: string, input: { action: MailConfirmAction; newEmail?: string | undefined }) {
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new BadRequestError(accountMessages.emailLinkInvalid);
  if (user.passwordHash !== NO_PASSWORD) throw new ConflictError(accountMessages.hasPassword, 'has_password');
  if (input.action === 'change_email') {
    if (!input.newEmail) throw new BadRequestError(accountMessages.newEmailRequired, 'newEmail');
    if (input.newEmail === user.email) throw new BadRequestError(accountMessages.sameEmail, 'newEmail');
  }
  if (input.action === 'delete' && (user.role === 'admin' || user.role === 'superuser')) throw new ForbiddenError(accountMessages.staffCannotDelete);
  const reservation = await reserve(db, `mail-confirm:account:${userId}`, policies.mailLinkAccount);
  if (!reservation.allowed) throw new ThrottledError(accountMessages.tooMany, reservation.retryAfter);
  await atomically(db, async (tx) => {
    if (input.action === 'set_password') return queueCreatePassword(tx, user, 'request');
    const purpose = input.action === 'delete' ? 'confirm_deletion' : 'confirm_email_change';
    const token = await issueToken(tx, { userId: user.id, purpose, email: input.action === 'delete' ? user.email : input.newEmail! });
    await queueMail(tx, {
      to: user.email,
      template: 'account-confirm',
      props: {
        firstName: user.firstName,
        action: input.action === 'delete' ? 'delete' : 'change_email',
        newEmail: input.newEmail,
        confirmUrl: tokenLink(purpose, token),
        validMinutes: TOKEN_LIFETIME_MS[purpose] / 60_000,
      },
    });
  });
  return { message: input.action === 'set_password' ? accountMessages.createPasswordSent(user.email) : accountMessages.confirmSent(user.email) };
}

export type ConfirmedByMail = { kind: 'deleted'; userId: string } | { kind: 'email_change_sent'; userId: string; pendingEmail: string };

export async function confirmByMail(db: Db, token: string, now = new Date()): Promise<ConfirmedByMail> {
  const invalid = () => new BadRequestError(accountMessages.linkInvalid, 'token');
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw invalid();
  const [link] = await db
    .select({ purpose: userTokens.purpose, userId: userTokens.userId, email: userTokens.email })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        inArray(userTokens.purpose, ['confirm_deletion', 'confirm_email_change']),
        isNull(userTokens.usedAt),
        sql`${userTokens.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    );
  if (!link) throw invalid();
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, role: users.role })
    .from(users)
    .where(eq(users.id, link.userId));
  if (!user) throw invalid();
  if (link.purpose === 'confirm_deletion') {
    await removeAccount(db, user, async (tx) => {
      if (!(await consumeToken(tx, token, ['confirm_deletion'], now))) throw invalid();
    });
    return { kind: 'deleted', userId: user.id };
  }
  await atomically(db, async (tx) => {
    if (!(await consumeToken(tx, token, ['confirm_email_change'], now))) throw invalid();
    await queueEmailChange(tx, user, link.email);
  });
  return { kind: 'email_change_sent', userId: user.id, pendingEmail: link.email };
}
