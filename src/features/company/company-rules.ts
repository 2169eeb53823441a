import { ApiError } from '../../lib/api';
import { formatOre } from '../../lib/money';
import type { CompanyFields, InvitationStatus, PeopleFilter, Person, SeatProvider } from './company.queries';
import { MAX_SEATS, MIN_SEATS } from './company.queries';
import { onFirstUse } from '../../lib/intl';
import { countOf } from '../../lib/plural';

/** The company packages' rules that need no React: fields, labels, the seat count and what an error means. */

export type CompanyField = keyof CompanyFields;
export const companyFields: CompanyField[] = ['name', 'orgNumber', 'invoiceAddress', 'invoiceEmail', 'poReference'];

export const companyFieldLabels: Record<CompanyField, string> = {
  name: 'Bedriftens navn',
  orgNumber: 'Organisasjonsnummer',
  invoiceAddress: 'Fakturaadresse',
  invoiceEmail: 'E-post for faktura',
  poReference: 'Innkjøpsreferanse (valgfritt)',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ORG_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2];

/**
 * A Norwegian organisation number: nine digits (spaces allowed) whose last is the mod-11 check
 * digit of the first eight. The server's sentences, so the field says the same before and after.
 */
export function orgNumberError(value: string): string | undefined {
  const digits = value.replace(/\s/g, '');
  if (!/^\d{9}$/.test(digits)) return 'Organisasjonsnummeret må ha ni sifre';
  const sum = ORG_WEIGHTS.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const rest = sum % 11;
  const check = rest === 0 ? 0 : 11 - rest;
  return check !== 10 && check === Number(digits[8]) ? undefined : 'Organisasjonsnummeret er ikke gyldig';
}

/** The inline message of a company field, or nothing when the value will do. */
export function companyFieldError(field: CompanyField, value: string): string | undefined {
  const text = value.trim();
  switch (field) {
    case 'name':
      return text ? undefined : 'Skriv inn navnet på bedriften.';
    case 'orgNumber':
      return text ? orgNumberError(text) : 'Skriv inn organisasjonsnummeret.';
    case 'invoiceAddress':
      return text ? undefined : 'Skriv inn fakturaadressen.';
    case 'invoiceEmail':
      if (!text) return 'Skriv inn e-postadressen fakturaen skal sendes til.';
      return EMAIL.test(text) ? undefined : 'Skriv inn en gyldig e-postadresse, for eksempel faktura@bedrift.no.';
    case 'poReference':
      return undefined;
  }
}

export function companyErrors(fields: CompanyFields): Partial<Record<CompanyField, string>> {
  const errors: Partial<Record<CompanyField, string>> = {};
  for (const field of companyFields) {
    const error = companyFieldError(field, fields[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The seat count typed or stepped, kept within 1–500; anything that is not a number is 1. */
export function clampSeats(value: number): number {
  if (!Number.isFinite(value)) return MIN_SEATS;
  return Math.min(MAX_SEATS, Math.max(MIN_SEATS, Math.round(value)));
}

export const seatsWord = (n: number) => countOf(n, 'plass', 'plasser');

/** The final button names what happens: the price, or the invoice order. */
export function orderButtonLabel(provider: SeatProvider | null, quantity: number, totalOre: number): string {
  if (provider === 'invoice') return `Bestill ${seatsWord(quantity)} mot faktura`;
  return `Betal ${formatOre(totalOre)}`;
}

export const INVOICE_LABEL = 'Faktura (14 dagers betalingsfrist)';

export interface SeatOrderFailure {
  /** Messages under company fields. */
  fields: Partial<Record<CompanyField, string>>;
  /** One message above the button. */
  message: string | null;
  /** One message beside the payment choice: the invoice needs a confirmed e-mail address. */
  payment: string | null;
}

/** What a refused seat order means for the form. */
export function seatOrderFailure(error: unknown): SeatOrderFailure {
  const none = { fields: {}, message: null, payment: null };
  if (!(error instanceof ApiError)) return { ...none, message: 'Kunne ikke kontakte serveren. Sjekk nettforbindelsen og prøv igjen.' };
  const fields: Partial<Record<CompanyField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path.replace(/^company\./, '') as CompanyField;
    if (issue.path.startsWith('company.') && companyFields.includes(field)) fields[field] ??= issue.message;
  }
  if (Object.keys(fields).length > 0) return { ...none, fields };
  if (error.status === 401) return { ...none, message: 'Du er logget ut. Logg inn igjen for å kjøpe plasser.' };
  const code = error.bodyField('code');
  if (error.status === 403 && code === 'email_unverified') {
    return { ...none, payment: error.bodyError ?? 'Bekreft e-postadressen din før du bestiller på faktura.' };
  }
  return { ...none, message: error.bodyError ?? error.issues[0]?.message ?? 'Bestillingen kunne ikke sendes. Prøv igjen om litt.' };
}

// --- the manager's view -------------------------------------------------------------

export const peopleFilters: { id: PeopleFilter; label: string }[] = [
  { id: 'all', label: 'Alle' },
  { id: 'not_started', label: 'Ikke startet' },
  { id: 'in_progress', label: 'I gang' },
  { id: 'done', label: 'Fullført' },
  { id: 'inactive', label: 'Inaktive 14 dager' },
];

export const personStatusLabels: Record<Person['status'], string> = {
  not_started: 'Ikke startet',
  in_progress: 'I gang',
  done: 'Fullført',
};

export const invitationStatusLabels: Record<InvitationStatus, string> = {
  pending: 'Venter på svar',
  accepted: 'Tatt imot',
  cancelled: 'Trukket tilbake',
  expired: 'Utløpt',
};

const dateFormat = onFirstUse(() => new Intl.DateTimeFormat('nb-NO', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Oslo' }));

/** '2026-11-23T09:15:00Z' → '23. nov. 2026'; null → the dash the tables use. */
export const formatDay = (iso: string | null) => (iso ? dateFormat().format(new Date(iso)) : '–');

/** How many invitations a preview will send: the valid ones. */
export const sendLabel = (n: number) => `Send ${countOf(n, 'invitasjon', 'invitasjoner')}`;

/** The invitations no one has answered yet: '1 invitasjon venter på svar.' */
export const invitationsPendingLine = (n: number) => `${countOf(n, 'invitasjon', 'invitasjoner')} venter på svar.`;

// --- memberships, managers and approval ----------------------------------------------

/** The server's sentence for the last manager, shown before anyone tries. */
export const LAST_MANAGER = 'Bedriften må ha minst én leder.';

/** 'A', 'A og B', 'A, B og C'. */
const names = (list: string[]) => (list.length < 2 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} og ${list.at(-1)}`);

/** What a member who manages nothing is told about the companies they have a seat from. */
export function memberLine(companies: string[]): string {
  return companies.length === 1
    ? `Du har en plass fra ${companies[0]}. Det er lederne i bedriften som administrerer plassene.`
    : `Du har plasser fra ${names(companies)}. Det er lederne i bedriftene som administrerer plassene.`;
}

/** The invoice seats an unapproved company waits for. */
export function heldBackLine(n: number): string {
  return n === 1
    ? '1 plass venter på godkjenning. Den blir tilgjengelig når fakturaen er betalt eller vi har godkjent bedriften.'
    : `${n} plasser venter på godkjenning. De blir tilgjengelige når fakturaen er betalt eller vi har godkjent bedriften.`;
}
