import { z } from 'zod';
import { currentUser, email, messageAnswer, name, newPassword, PASSWORD_MAX } from './auth';
import { text } from './text';

/** Any length it may have been set with. */
const currentPassword = text({
  max: PASSWORD_MAX,
  secret: true,
  messages: { required: 'Skriv inn passordet ditt', tooLong: `Passordet kan ha høyst ${PASSWORD_MAX} tegn` },
});

const token = text({
  max: 200,
  secret: true,
  messages: { required: 'Lenken mangler en del. Åpne den fra e-posten igjen.', tooLong: 'Lenken er ugyldig.' },
});

export const passwordResetBody = z.strictObject({ email });
export const passwordResetConfirmBody = z.strictObject({ token, password: newPassword });
export const confirmEmailBody = z.strictObject({ token });
export const profileBody = z.strictObject({ firstName: name('fornavn'), lastName: name('etternavn') });
export const emailChangeBody = z.strictObject({ newEmail: email, password: currentPassword });
export const passwordChangeBody = z.strictObject({ currentPassword, newPassword });
export const preferencesBody = z.strictObject({ reminders: z.boolean({ error: 'Velg om du vil ha påminnelser' }) });
export const deleteAccountBody = z.strictObject({ password: currentPassword });

export const mailConfirmActions = ['change_email', 'delete', 'set_password'] as const;
export type MailConfirmAction = (typeof mailConfirmActions)[number];
export const mailConfirmRequestBody = z.strictObject({
  action: z.enum(mailConfirmActions, { error: 'Valget må være å endre e-post, slette kontoen eller lage et passord' }),
  newEmail: email.optional(),
});
export const mailConfirmBody = z.strictObject({ token });

export const userResponse = z.object({ user: currentUser });

export const emailConfirmedResponse = messageAnswer.extend({ kind: z.enum(['verified', 'changed']), email: z.string() });

const accountPreferences = z.object({
  reminders: z.boolean(),
});

export const accountResponse = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  hasPassword: z.boolean(),
  pendingEmail: z.string().nullable(),
  preferences: accountPreferences,
  createdAt: z.string(),
});

export const emailChangeResponse = messageAnswer.extend({ pendingEmail: z.string().nullable() });

export const sessionsResponse = z.object({
  sessions: z.array(
    z.object({
      /** An opaque handle, not the session's secret. */
      id: z.string(),
      current: z.boolean(),
      device: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string(),
    }),
  ),
});

export const sessionEndedResponse = z.object({ ended: z.int(), current: z.boolean() });

export const sessionsEndedResponse = z.object({ ended: z.int() });

export const preferencesResponse = z.object({ preferences: accountPreferences });

export const mailConfirmedResponse = z.discriminatedUnion('kind', [
  messageAnswer.extend({ kind: z.literal('deleted') }),
  messageAnswer.extend({ kind: z.literal('email_change_sent'), pendingEmail: z.string() }),
]);
