import { atomically, type Db } from '../../../db/client';
import { ConflictError, ThrottledError } from '../platform/errors';
import { absoluteUrl } from '../account/tokens';
import { queueMail } from '../mail/outbox';
import { policies, reserve } from '../platform/throttle';
import { companyPeople, companyRow } from './company.service';
import { companyTexts } from './messages';

/** A few rounds an hour per company at most, so a manager cannot flood the team. */
export async function sendReminders(db: Db, companyId: string): Promise<number> {
  const [company, people] = await Promise.all([companyRow(db, companyId), companyPeople(db, companyId)]);
  const waiting = people.filter((p) => p.status === 'not_started');
  if (waiting.length === 0) throw new ConflictError(companyTexts.nobodyToRemind, 'nobody_to_remind');
  const reservation = await reserve(db, `company-reminders:${companyId}`, policies.mailLinkAccount);
  if (!reservation.allowed) throw new ThrottledError('Du har sendt mange påminnelser nylig. Vent litt og prøv igjen.', reservation.retryAfter);
  await atomically(db, async (tx) => {
    for (const person of waiting) {
      await queueMail(tx, {
        to: person.email,
        template: 'company-reminder',
        props: { firstName: person.name.split(' ')[0] ?? person.name, companyName: company.name, startUrl: absoluteUrl('/') },
      });
    }
  });
  return waiting.length;
}
