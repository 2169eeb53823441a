import type { Db } from '../../../db/client';
import { queueMail } from '../mail/outbox';
import { issueToken, TOKEN_LIFETIME_MS, tokenLink } from './tokens';

const DAY_MS = 86_400_000;

/** Queued where a guest's purchase makes the account, so it goes out with the receipt. */
export async function queueCreatePassword(
  tx: Db,
  user: { id: string; email: string; firstName: string },
  reason: 'purchase' | 'request',
): Promise<void> {
  const token = await issueToken(tx, { userId: user.id, purpose: 'set_password', email: user.email });
  await queueMail(tx, {
    to: user.email,
    template: 'create-password',
    props: {
      firstName: user.firstName,
      email: user.email,
      createUrl: tokenLink('set_password', token),
      validDays: TOKEN_LIFETIME_MS.set_password / DAY_MS,
      reason,
    },
  });
}
