import { atomically, type Db } from '../../../db/client';
import { contactMessages as contactMessagesTable } from '../../../db/schema';
import { site } from '../../config/site';
import { formatLongDateTime } from '../../lib/format';
import { type ContactBody, contactMessages } from '../../schemas/contact';
import { env } from '../platform/env';
import { ThrottledError } from '../platform/errors';
import { queueMail } from '../mail/outbox';
import { policies, reserve } from '../platform/throttle';

export const contactRecipient = () => env.CONTACT_EMAIL ?? site.email;

/** Rate-limited per IP so a script cannot flood the team's inbox; the mail is queued in the same transaction. */
export async function sendContactMessage(db: Db, input: ContactBody, ip: string, now = new Date()): Promise<{ id: string }> {
  const reservation = await reserve(db, `contact:ip:${ip}`, policies.contactIp, now);
  if (!reservation.allowed) throw new ThrottledError(contactMessages.tooMany, reservation.retryAfter);
  const company = input.company ? input.company : null;
  return atomically(db, async (tx) => {
    const mailId = await queueMail(tx, {
      to: contactRecipient(),
      template: 'contact-message',
      props: { name: input.name, email: input.email, company, message: input.message, receivedAt: formatLongDateTime(now) },
    });
    const [row] = await tx
      .insert(contactMessagesTable)
      .values({ name: input.name, email: input.email, company, message: input.message, mailId, createdAt: now })
      .returning({ id: contactMessagesTable.id });
    return { id: row!.id };
  });
}
