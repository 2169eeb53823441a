import { z } from 'zod';
import { isValidOrgNumber, orgNumberDigits } from '../lib/org-number';
import { email, name, newPassword } from './auth';
import { text } from './text';

/** Request bodies of the company routes (issue 24, decision 32), shared by the functions and the pages. */

export const companyMessages = {
  orgNumberLength: 'Organisasjonsnummeret må ha ni sifre',
  orgNumberInvalid: 'Organisasjonsnummeret er ikke gyldig',
} as const;

/** The longest values of a company's fields, for the forms' inputs too. */
export const COMPANY_NAME_MAX = 200;
export const ORG_NUMBER_MAX = 20;
export const INVOICE_ADDRESS_MAX = 500;
export const PO_REFERENCE_MAX = 100;

/** Nine digits with a valid mod-11 check digit; stored without spaces. */
export const orgNumber = text({
  max: ORG_NUMBER_MAX,
  messages: { required: 'Skriv inn organisasjonsnummeret', tooLong: companyMessages.orgNumberLength },
})
  // Checks run after a failed type check too (zod 4): each looks at strings only.
  .refine((value) => typeof value === 'string' && orgNumberDigits(value) !== null, { error: companyMessages.orgNumberLength, abort: true })
  .refine((value) => typeof value === 'string' && isValidOrgNumber(value), { error: companyMessages.orgNumberInvalid })
  .transform((value) => orgNumberDigits(value)!);

export const companyBody = z.strictObject({
  name: text({
    max: COMPANY_NAME_MAX,
    plain: true,
    messages: { required: 'Skriv inn bedriftens navn', tooLong: `Navnet kan ha høyst ${COMPANY_NAME_MAX} tegn` },
  }),
  orgNumber,
  invoiceEmail: email,
  invoiceAddress: text({
    max: INVOICE_ADDRESS_MAX,
    multiline: true,
    messages: { required: 'Skriv inn fakturaadressen', tooLong: `Fakturaadressen kan ha høyst ${INVOICE_ADDRESS_MAX} tegn` },
  }),
  poReference: text({ max: PO_REFERENCE_MAX, plain: true, messages: { tooLong: `Referansen kan ha høyst ${PO_REFERENCE_MAX} tegn` } })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export type CompanyBody = z.infer<typeof companyBody>;

/** A free trial of the package: for a company the caller manages (`companyId`), or a new one (`company`). */
export const trialBody = z.strictObject({
  companyId: z.uuid({ error: 'Fant ikke bedriften.' }).optional(),
  company: companyBody.optional(),
});

/** At most this many addresses in one invitation round (a pasted list or a CSV). */
export const MAX_INVITATIONS = 500;

export const invitationPreviewBody = z.strictObject({
  text: text({ max: 200_000, multiline: true, messages: { required: 'Lim inn adresser eller velg en CSV-fil', tooLong: 'Listen er for lang' } }),
});

export const invitationsBody = z.strictObject({
  emails: z
    .array(email, { error: 'Send en liste med e-postadresser' })
    .min(1, { error: 'Legg til minst én e-postadresse' })
    .max(MAX_INVITATIONS, { error: `Du kan invitere høyst ${MAX_INVITATIONS} e-postadresser om gangen` }),
});

const token = text({
  max: 200,
  secret: true,
  messages: { required: 'Lenken mangler en del. Åpne den fra e-posten igjen.', tooLong: 'Lenken er ugyldig.' },
});

export const invitationLookupBody = z.strictObject({ token });

export const invitationAcceptBody = z.strictObject({
  token,
  firstName: name('fornavn').optional(),
  lastName: name('etternavn').optional(),
  password: newPassword.optional(),
});

/** A member of the company made one of its managers. */
export const managerBody = z.strictObject({ userId: z.uuid({ error: 'Fant ikke personen i bedriften.' }) });

export const peopleFilter = z.enum(['all', 'not_started', 'in_progress', 'done', 'inactive'], { error: 'Ukjent filter' });
export type PeopleFilter = z.infer<typeof peopleFilter>;
