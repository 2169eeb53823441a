import type { ReactElement } from 'react';
import { AccountConfirm, type AccountConfirmProps, accountConfirmSubject } from './account-confirm';
import { CreatePassword, type CreatePasswordProps, createPasswordSubject } from './create-password';
import { ContactMessage, type ContactMessageProps, contactMessageSubject } from './contact-message';
import { CompanyInvitation, type CompanyInvitationProps, companyInvitationSubject } from './company-invitation';
import { CompanyReminder, type CompanyReminderProps, companyReminderSubject } from './company-reminder';
import { CompanyTrialEnded, type CompanyTrialEndedProps, companyTrialEndedSubject } from './company-trial-ended';
import { CompanyTrialEnding, type CompanyTrialEndingProps, companyTrialEndingSubject } from './company-trial-ending';
import { EmailChange, type EmailChangeProps, emailChangeSubject } from './email-change';
import { LearningReminder, learningReminderHeaders, type LearningReminderProps, learningReminderSubject } from './learning-reminder';
import { EmailChangeNotice, type EmailChangeNoticeProps, emailChangeNoticeSubject } from './email-change-notice';
import { PasswordChanged, type PasswordChangedProps, passwordChangedSubject } from './password-changed';
import { PasswordReset, type PasswordResetProps, passwordResetSubject } from './password-reset';
import { Receipt, type ReceiptProps, receiptSubject } from './receipt';
import { VerifyEmail, type VerifyEmailProps, verifyEmailSubject } from './verify-email';

/** A new mail is a component in this folder and a line in both lists below. */
export interface MailTemplateProps {
  'password-reset': PasswordResetProps;
  'password-changed': PasswordChangedProps;
  'verify-email': VerifyEmailProps;
  'email-change': EmailChangeProps;
  'email-change-notice': EmailChangeNoticeProps;
  receipt: ReceiptProps;
  'company-invitation': CompanyInvitationProps;
  'company-reminder': CompanyReminderProps;
  'company-trial-ending': CompanyTrialEndingProps;
  'company-trial-ended': CompanyTrialEndedProps;
  'learning-reminder': LearningReminderProps;
  'contact-message': ContactMessageProps;
  'create-password': CreatePasswordProps;
  'account-confirm': AccountConfirmProps;
}

export type MailTemplateName = keyof MailTemplateProps;

interface MailTemplate<P> {
  subject(props: P): string;
  Component(props: P): ReactElement;
  headers?(props: P): Record<string, string>;
}

export const mailTemplates: { [N in MailTemplateName]: MailTemplate<MailTemplateProps[N]> } = {
  'password-reset': { subject: passwordResetSubject, Component: PasswordReset },
  'password-changed': { subject: passwordChangedSubject, Component: PasswordChanged },
  'verify-email': { subject: verifyEmailSubject, Component: VerifyEmail },
  'email-change': { subject: emailChangeSubject, Component: EmailChange },
  'email-change-notice': { subject: emailChangeNoticeSubject, Component: EmailChangeNotice },
  receipt: { subject: receiptSubject, Component: Receipt },
  'company-invitation': { subject: companyInvitationSubject, Component: CompanyInvitation },
  'company-reminder': { subject: companyReminderSubject, Component: CompanyReminder },
  'company-trial-ending': { subject: companyTrialEndingSubject, Component: CompanyTrialEnding },
  'company-trial-ended': { subject: companyTrialEndedSubject, Component: CompanyTrialEnded },
  'learning-reminder': { subject: learningReminderSubject, Component: LearningReminder, headers: learningReminderHeaders },
  'contact-message': { subject: contactMessageSubject, Component: ContactMessage },
  'create-password': { subject: createPasswordSubject, Component: CreatePassword },
  'account-confirm': { subject: accountConfirmSubject, Component: AccountConfirm },
};
