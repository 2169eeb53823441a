import type { Db } from '../../../db/client';
import { mailOutbox } from '../../../db/schema';
// Types only: a function that queues mail ships none of the templates or the SMTP client.
import type { MailTemplateName, MailTemplateProps } from './templates';

export interface QueuedMail<N extends MailTemplateName> {
  to: string;
  template: N;
  props: MailTemplateProps[N];
}

/** Call it in the transaction of the change that causes the mail, so the mail exists exactly when the change does. */
export async function queueMail<N extends MailTemplateName>(tx: Db, mail: QueuedMail<N>): Promise<string> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ toAddress: mail.to, template: mail.template, data: mail.props })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

export async function queueMails(tx: Db, mails: QueuedMail<MailTemplateName>[]): Promise<void> {
  if (mails.length === 0) return;
  await tx.insert(mailOutbox).values(mails.map((mail) => ({ toAddress: mail.to, template: mail.template, data: mail.props })));
}
