import { z } from 'zod';
import { text } from './text';

const invalidEmail = 'Skriv inn en gyldig e-postadresse';

export const EMAIL_MAX = 254;
export const NAME_MAX = 100;
export const PASSWORD_MAX = 256;
export const PASSWORD_MIN = 8;

/** No address in `.invalid` (RFC 2606): deleted accounts' orders use one as ANONYMOUS_BUYER, so nobody may own one. */
export const email = text({ max: EMAIL_MAX, messages: { required: 'Skriv inn e-postadressen din', tooLong: 'E-postadressen er for lang' } })
  .transform((value) => value.toLowerCase())
  .pipe(z.email({ error: invalidEmail }).refine((value) => !value.endsWith('.invalid'), { error: invalidEmail }));

export const loginBody = z.strictObject({
  email,
  password: text({ max: PASSWORD_MAX, secret: true, messages: { required: 'Skriv inn passordet ditt', tooLong: 'Passordet kan ha høyst 256 tegn' } }),
});

export const name = (label: string) =>
  text({
    max: NAME_MAX,
    plain: true,
    messages: { required: `Skriv inn ${label}`, tooLong: `${label[0]?.toUpperCase()}${label.slice(1)} kan ha høyst ${NAME_MAX} tegn` },
  });

/** No composition rules (NIST SP 800-63B); counted in characters, not UTF-16 units. */
export const newPassword = text({
  min: PASSWORD_MIN,
  max: PASSWORD_MAX,
  secret: true,
  messages: { required: `Passordet må ha minst ${PASSWORD_MIN} tegn`, tooLong: `Passordet kan ha høyst ${PASSWORD_MAX} tegn` },
});

export const registerBody = z.strictObject({
  firstName: name('fornavn'),
  lastName: name('etternavn'),
  email,
  password: newPassword,
});

export type LoginBody = z.infer<typeof loginBody>;
export type RegisterBody = z.infer<typeof registerBody>;

export const currentUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(['superuser', 'admin', 'company_admin', 'individual']),
  companyId: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isActive: z.boolean(),
  emailVerified: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const messageAnswer = z.object({ message: z.string() });
