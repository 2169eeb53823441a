import { countOf, formatKroner, formatShortDate } from '../../lib/format';
import type { InvitationStatus, PeopleFilter, Person, SeatProvider } from './company.queries';
import { MAX_SEATS, MIN_SEATS } from './company.queries';

/** The company packages' rules that need no React: the seat count, the labels and the lines the views share. */

/** The seat count typed or stepped, kept within 1–500; anything that is not a number is 1. */
export function clampSeats(value: number): number {
  if (!Number.isFinite(value)) return MIN_SEATS;
  return Math.min(MAX_SEATS, Math.max(MIN_SEATS, Math.round(value)));
}

export const seatsWord = (n: number) => countOf(n, 'plass', 'plasser');

/** The final button names what happens: the price, or the invoice order. */
export function orderButtonLabel(provider: SeatProvider | null, quantity: number, totalOre: number): string {
  if (provider === 'invoice') return `Bestill ${seatsWord(quantity)} mot faktura`;
  return `Betal ${formatKroner(totalOre)}`;
}

export const INVOICE_LABEL = 'Faktura (14 dagers betalingsfrist)';

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

/** '2026-11-23T09:15:00Z' → '23. nov. 2026'; null → the dash the tables use. */
export const formatDay = (iso: string | null) => (iso ? formatShortDate(iso) : '–');

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
