import type { Db } from '../../../db/client';
import { mailOutbox } from '../../../db/schema';
// Types only: a function that queues mail ships none of the templates or the SMTP client.
import type { MailTemplateName, MailTemplateProps } from './templates';

export interface QueuedMail<N extends MailTemplateName> {
  /** One recipient address. */
  to: string;
  template: N;
  props: MailTemplateProps[N];
}

/**
 * Queues a mail in the outbox. Call it with the transaction of the change that
 * causes the mail (`atomically(db, async (tx) => { …; await queueMail(tx, …) })`): the mail then
 * exists exactly when the change does. The sender delivers it after the commit, right after the
 * request (a route's `afterResponse: sendQueuedMail`) or within a minute (the scheduled
 * function), with retries. Returns the outbox row's id.
 */
export async function queueMail<N extends MailTemplateName>(tx: Db, mail: QueuedMail<N>): Promise<string> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ toAddress: mail.to, template: mail.template, data: mail.props })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** Queues several mails in one statement (the weekly reminders, a batch at a time); the same rules as `queueMail`. */
export async function queueMails(tx: Db, mails: QueuedMail<MailTemplateName>[]): Promise<void> {
  if (mails.length === 0) return;
  await tx.insert(mailOutbox).values(mails.map((mail) => ({ toAddress: mail.to, template: mail.template, data: mail.props })));
}
