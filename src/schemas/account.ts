import { z } from 'zod';
import { email, name, newPassword, PASSWORD_MAX } from './auth';
import { text } from './text';

/** Request bodies of the account's routes (decision 31), shared by the functions and the pages. */

/** The current password as proof (any length it may have been set with). */
const currentPassword = text({
  max: PASSWORD_MAX,
  secret: true,
  messages: { required: 'Skriv inn passordet ditt', tooLong: `Passordet kan ha høyst ${PASSWORD_MAX} tegn` },
});

/** A link's token (base64url, 43 characters as we make them); anything else is simply not a valid link. */
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

/** What an account without a password confirms through a link to its address instead of the password. */
export const mailConfirmActions = ['change_email', 'delete', 'set_password'] as const;
export type MailConfirmAction = (typeof mailConfirmActions)[number];
export const mailConfirmRequestBody = z.strictObject({
  action: z.enum(mailConfirmActions, { error: 'Valget må være å endre e-post, slette kontoen eller lage et passord' }),
  newEmail: email.optional(),
});
export const mailConfirmBody = z.strictObject({ token });
