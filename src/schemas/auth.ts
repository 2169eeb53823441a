import { z } from 'zod';

/** Request bodies of the sign-in API, shared by the functions and the sign-in page. */

const email = z
  .string({ error: 'Skriv inn e-postadressen din' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'E-postadressen er for lang' })
  .pipe(z.email({ error: 'Skriv inn en gyldig e-postadresse' }));

export const loginBody = z.strictObject({
  email,
  password: z.string({ error: 'Skriv inn passordet ditt' }).min(1, { error: 'Skriv inn passordet ditt' }).max(256),
});

const name = (label: string) =>
  z
    .string({ error: `Skriv inn ${label}` })
    .trim()
    .min(1, { error: `Skriv inn ${label}` })
    .max(100, { error: `${label[0]?.toUpperCase()}${label.slice(1)} kan ha høyst 100 tegn` });

export const registerBody = z.strictObject({
  firstName: name('fornavn'),
  lastName: name('etternavn'),
  email,
  // Length only, no composition rules (NIST SP 800-63B). Counted in characters, not UTF-16 units.
  password: z
    .string({ error: 'Velg et passord' })
    .refine((p) => [...p].length >= 8, { error: 'Passordet må ha minst 8 tegn' })
    .refine((p) => [...p].length <= 256, { error: 'Passordet kan ha høyst 256 tegn' }),
});

export type LoginBody = z.infer<typeof loginBody>;
export type RegisterBody = z.infer<typeof registerBody>;

/** The signed-in user as `GET /api/auth/user` returns it. */
export interface CurrentUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'superuser' | 'admin' | 'company_admin' | 'individual';
  companyId: string | null;
  profileImageUrl: string | null;
  isActive: boolean;
}
