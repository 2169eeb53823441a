import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type Order, users } from '../../../db/schema';
import { absoluteUrl } from '../account/tokens';
import type { ReceiptSignInProps } from '../mail/templates/receipt-sign-in';
import { NO_PASSWORD } from '../auth/password';

/** Read when the mail is queued: a guest's account has no password until its owner chooses one. */
export async function receiptSignIn(tx: Db, order: Pick<Order, 'userId'>): Promise<ReceiptSignInProps | undefined> {
  if (!order.userId) return undefined;
  const [account] = await tx.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, order.userId));
  if (!account) return undefined;
  return {
    email: account.email,
    hasPassword: account.passwordHash !== NO_PASSWORD,
    signInUrl: absoluteUrl('/logg-inn'),
    forgotUrl: absoluteUrl('/glemt-passord'),
  };
}
