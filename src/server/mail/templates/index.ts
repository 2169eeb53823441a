import type { ReactElement } from 'react';
import { PasswordReset, type PasswordResetProps, passwordResetSubject } from './password-reset';
import { Receipt, type ReceiptProps, receiptSubject } from './receipt';

/**
 * Every mail the platform sends, by name: its props, its subject and its React Email component
 * (decision 28). A service queues a mail by name and props (`queueMail` in ../outbox.ts, which
 * imports only these types); the sender renders it. A new mail is a component in this folder
 * and a line in both lists below.
 */
export interface MailTemplateProps {
  'password-reset': PasswordResetProps;
  receipt: ReceiptProps;
}

export type MailTemplateName = keyof MailTemplateProps;

interface MailTemplate<P> {
  subject(props: P): string;
  Component(props: P): ReactElement;
}

export const mailTemplates: { [N in MailTemplateName]: MailTemplate<MailTemplateProps[N]> } = {
  'password-reset': { subject: passwordResetSubject, Component: PasswordReset },
  receipt: { subject: receiptSubject, Component: Receipt },
};
