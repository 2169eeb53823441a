import { atomically, type Db } from '../../../db/client';
import { contactMessages as contactMessagesTable } from '../../../db/schema';
import { site } from '../../config/site';
import { formatLongDateTime } from '../../lib/format';
import { type ContactBody, contactMessages } from '../../schemas/contact';
import { env } from '../platform/env';
import { ThrottledError } from '../platform/errors';
import { queueMail } from '../mail/outbox';
import { policies, reserve } from '../platform/throttle';

/** Where the contact form's messages go: CONTACT_EMAIL, else the company's address (COMPANY_EMAIL). */
export const contactRecipient = () => env.CONTACT_EMAIL ?? site.email;

/**
 * Stores a message from /kontakt and queues its mail to the team in the same transaction
 *, after reserving one of the caller's address's messages for the hour (429 past
 * CONTACT_LIMIT_PER_HOUR: every message counts, so a script cannot flood the team's inbox).
 */
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
