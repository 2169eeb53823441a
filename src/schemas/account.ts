import { z } from 'zod';
import { currentUser, email, messageAnswer, name, newPassword, PASSWORD_MAX } from './auth';
import { text } from './text';

/** Request bodies of the account's routes, shared by the functions and the pages. */

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

// --- answers ---------------------------------------------------------------------------------

/** POST /api/auth/register (201), PATCH /api/account/profile */
export const userResponse = z.object({ user: currentUser });

/** POST /api/auth/confirm-email: the address proven, or a change of address done. */
export const emailConfirmedResponse = messageAnswer.extend({ kind: z.enum(['verified', 'changed']), email: z.string() });

const accountPreferences = z.object({
  /** 'Påminnelser når jeg ikke har vært innom på en uke'. */
  reminders: z.boolean(),
});

/** GET /api/account */
export const accountResponse = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** False for an account made by a guest's purchase until a password is chosen: changes are then confirmed by mail. */
  hasPassword: z.boolean(),
  /** A new address waiting for its link to be opened; the change happens only then. */
  pendingEmail: z.string().nullable(),
  preferences: accountPreferences,
  createdAt: z.string(),
});

/** POST /api/account/email (202) */
export const emailChangeResponse = messageAnswer.extend({ pendingEmail: z.string().nullable() });

/** GET /api/account/sessions */
export const sessionsResponse = z.object({
  sessions: z.array(
    z.object({
      /** An opaque handle, not the session's secret. */
      id: z.string(),
      /** The session this browser holds. */
      current: z.boolean(),
      /** The server's Norwegian name for the browser and system ('Chrome på Windows', 'Ukjent enhet'). */
      device: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string(),
    }),
  ),
});

/** DELETE /api/account/sessions/:sessionId; `current`: it was this browser's own. */
export const sessionEndedResponse = z.object({ ended: z.int(), current: z.boolean() });

/** POST /api/account/sessions/end-others */
export const sessionsEndedResponse = z.object({ ended: z.int() });

/** PUT /api/account/preferences */
export const preferencesResponse = z.object({ preferences: accountPreferences });

/** POST /api/auth/account-confirm: what the mailed link confirmed. */
export const mailConfirmedResponse = z.discriminatedUnion('kind', [
  messageAnswer.extend({ kind: z.literal('deleted') }),
  messageAnswer.extend({ kind: z.literal('email_change_sent'), pendingEmail: z.string() }),
]);
