import { z } from 'zod';
import { ORDER_STATES } from '../lib/order-states';
import { isValidOrgNumber, orgNumberDigits } from '../lib/org-number';
import { email, name, newPassword } from './auth';
import { text } from './text';

export const companyMessages = {
  orgNumberLength: 'Organisasjonsnummeret må ha ni sifre',
  orgNumberInvalid: 'Organisasjonsnummeret er ikke gyldig',
} as const;

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
    .or(
      z
        .string()
        .regex(/^\s*$/u)
        .transform(() => undefined),
    ),
});

export type CompanyBody = z.infer<typeof companyBody>;

export const trialBody = z.strictObject({
  companyId: z.uuid({ error: 'Fant ikke bedriften.' }).optional(),
  company: companyBody.optional(),
});

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

export const managerBody = z.strictObject({ userId: z.uuid({ error: 'Fant ikke personen i bedriften.' }) });

export const peopleFilter = z.enum(['all', 'not_started', 'in_progress', 'done', 'inactive'], { error: 'Ukjent filter' });
export type PeopleFilter = z.infer<typeof peopleFilter>;

const message = z.object({ message: z.string() });
const courseRef = z.object({ id: z.string(), title: z.string() });

export const membershipsResponse = z.object({
  companies: z.array(z.object({ id: z.string(), name: z.string(), orgNumber: z.string().nullable(), role: z.enum(['manager', 'member']) })),
});

export const companyOverviewResponse = z.object({
  company: z.object({
    id: z.string(),
    name: z.string(),
    orgNumber: z.string().nullable(),
    invoiceEmail: z.string().nullable(),
    invoiceAddress: z.string().nullable(),
    poReference: z.string().nullable(),
  }),
  /** `heldBack`: invoice seats waiting while the company is unapproved. */
  seats: z.object({ total: z.int(), used: z.int(), free: z.int(), heldBack: z.int() }),
  /** `daysLeft` rounded up, 0 once the trial is over. */
  trial: z
    .object({ status: z.enum(['active', 'converted', 'ended']), seats: z.int(), startedAt: z.string(), endsAt: z.string(), daysLeft: z.int() })
    .nullable()
    .optional(),
  approval: z.object({ approved: z.boolean(), seatLimit: z.int() }),
  package: z.object({ productId: z.string(), title: z.string(), courses: z.array(courseRef) }),
  invitationsPending: z.int(),
});

export const personStatus = z.enum(['not_started', 'in_progress', 'done']);

const person = z.object({
  seatId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  assignedAt: z.string(),
  lastActivityAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  progressPercent: z.number(),
  status: personStatus,
  inactive: z.boolean(),
  courses: z.array(z.object({ courseId: z.string(), title: z.string(), progressPercent: z.number(), completedAt: z.string().nullable() })),
  certificates: z.array(z.object({ courseTitle: z.string(), completedAt: z.string(), verifyUrl: z.string() })),
});

export const peopleListResponse = z.object({
  people: z.array(person),
  counts: z.record(z.enum(['all', 'not_started', 'in_progress', 'done', 'inactive']), z.int()),
  nextCursor: z.string().nullable(),
});

export const remindersSentResponse = message.extend({ sent: z.int() });

export const invitationsResponse = z.object({
  invitations: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      status: z.enum(['pending', 'accepted', 'cancelled', 'expired']),
      createdAt: z.string(),
      expiresAt: z.string(),
      lastSentAt: z.string(),
    }),
  ),
});

export const invitePreviewResponse = z.object({
  valid: z.array(z.object({ row: z.int(), email: z.string() })),
  invalid: z.array(z.object({ row: z.int(), value: z.string(), reason: z.string() })),
  duplicates: z.array(z.object({ row: z.int(), email: z.string() })),
  existing: z.array(z.object({ row: z.int(), email: z.string(), reason: z.string() })),
  freeSeats: z.int(),
  tooMany: z.boolean(),
});

export const invitedResponse = message.extend({ created: z.int() });

export const messageResponse = message;

export const invitationCancelledResponse = z.object({ status: z.literal('cancelled') });

export const managersResponse = z.object({
  managers: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string(), addedAt: z.string(), addedBy: z.string().nullable() })),
});

export const trialStartedResponse = message.extend({ companyId: z.string(), endsAt: z.string(), seats: z.int() });

export const invitationLookupResponse = z.object({
  companyName: z.string(),
  email: z.string(),
  accountExists: z.boolean(),
  signedInAs: z.string().nullable(),
});

export const invitationAcceptedResponse = message.extend({ coursePath: z.string() });

const adminCompany = companyOverviewResponse.shape.company;

export const adminCompaniesResponse = z.object({
  companies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      orgNumber: z.string().nullable(),
      seatsTotal: z.int(),
      seatsUsed: z.int(),
      people: z.int(),
      approved: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});

export const adminCompanyResponse = z.object({ company: adminCompany });

export const adminCompanyDetailResponse = z.object({
  company: adminCompany,
  seats: z.object({ total: z.int(), used: z.int(), free: z.int(), heldBack: z.int() }),
  approved: z.boolean(),
  people: z.array(
    z.object({
      seatId: z.string(),
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      lastActivityAt: z.string().nullable(),
      completedAt: z.string().nullable(),
      progressPercent: z.number(),
      status: personStatus,
      inactive: z.boolean(),
    }),
  ),
  orders: z.array(
    z.object({ id: z.string(), reference: z.string(), status: z.enum(ORDER_STATES), quantity: z.int(), totalOre: z.int(), createdAt: z.string() }),
  ),
});

export const invoiceSettledResponse = z.object({
  order: z.object({ id: z.string(), status: z.enum(ORDER_STATES), receiptNumber: z.string().nullable() }),
});
