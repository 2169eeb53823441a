import { infiniteQueryOptions, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, getQueryFn, isUnauthorizedError } from '../../lib/api';
import { type BrowserEffects, browserEffects, sessionExpired } from '../../lib/session-expired';
import type { CheckoutInfo, OrderCreated } from '../../schemas/checkout-api';

/**
 * The company packages' client side (issue 24): the seat checkout's product, quote and order, and
 * the manager's view on /bedrift. Types only for the answers (the contract in the lead's notes,
 * served by the company API); the server validates, the islands trust its JSON. Money in øre.
 */

export const PACKAGE_SLUG = 'nettbasert-pakke';
export const PACKAGE_PRODUCT_ID = 'package:nettbasert-pakke';
export const MIN_SEATS = 1;
export const MAX_SEATS = 500;

/** A provider of the package checkout: the course checkout's ones plus the invoice. */
export type SeatProvider = 'test' | 'vipps' | 'stripe' | 'invoice';

/** GET /api/checkout/products/nettbasert-pakke: as for a course, plus the package's own fields. */
export type PackageInfo = Omit<CheckoutInfo, 'providers'> & {
  kind: 'package';
  unitPriceOre: number;
  courses: { id: string; title: string }[];
  offersInvoice: boolean;
  providers: { id: SeatProvider; label: string }[];
};

/** POST /api/checkout/quote with a quantity. */
export interface SeatQuote {
  listPriceOre: number;
  discountOre: number;
  totalOre: number;
  vatOre: number;
  unitPriceOre: number;
  quantity: number;
}

export interface CompanyFields {
  name: string;
  orgNumber: string;
  invoiceEmail: string;
  invoiceAddress: string;
  poReference: string;
}

/** POST /api/checkout/orders for seats. `company` may be left out when the buyer's company exists. */
export interface SeatOrderRequest {
  productId: typeof PACKAGE_PRODUCT_ID;
  quantity: number;
  provider: SeatProvider;
  company?: Omit<CompanyFields, 'poReference'> & { poReference?: string };
  idempotencyKey: string;
}

export interface Company {
  id: string;
  name: string;
  orgNumber: string;
  invoiceEmail: string;
  invoiceAddress: string;
  poReference: string | null;
}

export interface Seats {
  total: number;
  used: number;
  free: number;
}

/** GET /api/company */
export interface CompanyOverview {
  company: Company;
  seats: Seats;
  package: { productId: string; title: string; courses: { id: string; title: string }[] };
  invitationsPending: number;
}

export type PersonStatus = 'not_started' | 'in_progress' | 'done';
export type PeopleFilter = 'all' | PersonStatus | 'inactive';

export interface Person {
  seatId: string;
  userId: string;
  name: string;
  email: string;
  assignedAt: string;
  lastActivityAt: string | null;
  completedAt: string | null;
  progressPercent: number;
  status: PersonStatus;
  inactive: boolean;
  courses: { courseId: string; title: string; progressPercent: number; completedAt: string | null }[];
  /** Valid certificates, any course (issue 25), with their public verification page. */
  certificates: { courseTitle: string; completedAt: string; verifyUrl: string }[];
}

/** GET /api/company/people?filter=… */
/** A page of GET /api/company/people: 50 people, the counts per filter, and where the next page starts. */
export interface PeopleList {
  people: Person[];
  counts: Record<PeopleFilter, number>;
  nextCursor: string | null;
}

export type InvitationStatus = 'pending' | 'accepted' | 'cancelled' | 'expired';

export interface Invitation {
  id: string;
  email: string;
  status: InvitationStatus;
  createdAt: string;
  expiresAt: string;
  lastSentAt: string;
}

/** POST /api/company/invitations/preview: nothing is sent. */
export interface InvitePreview {
  valid: { row: number; email: string }[];
  invalid: { row: number; value: string; reason: string }[];
  duplicates: { row: number; email: string }[];
  existing: { row: number; email: string; reason: string }[];
  freeSeats: number;
  tooMany: boolean;
}

// --- reads -------------------------------------------------------------------------

export const packageInfoQuery = queryOptions({
  queryKey: ['/api/checkout/products', PACKAGE_SLUG],
  queryFn: getQueryFn<PackageInfo>(),
});

export const companyQuery = queryOptions({ queryKey: ['/api/company'], queryFn: getQueryFn<CompanyOverview>() });

/** The people of one filter; the key's last part is the query string, so the default read GETs `/api/company/people?filter=…`. */
/** The people a page at a time ('Vis flere ansatte'), filtered on the server. */
export const peopleQuery = (filter: PeopleFilter) =>
  infiniteQueryOptions({
    queryKey: ['/api/company', 'people', filter],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams({ filter });
      if (pageParam) query.set('cursor', pageParam);
      const response = await fetch(`/api/company/people?${query}`, { credentials: 'include', signal });
      if (!response.ok) throw await ApiError.fromResponse(response);
      return (await response.json()) as PeopleList;
    },
    getNextPageParam: (last) => last.nextCursor,
  });

export const invitationsQuery = queryOptions({
  queryKey: ['/api/company', 'invitations'],
  queryFn: getQueryFn<{ invitations: Invitation[] }>(),
});

// --- requests ----------------------------------------------------------------------

const json = async <T>(response: Response) => (await response.json()) as T;

export async function requestSeatQuote(quantity: number): Promise<SeatQuote> {
  return json<SeatQuote>(await apiRequest('POST', '/api/checkout/quote', { productId: PACKAGE_PRODUCT_ID, quantity }));
}

export async function placeSeatOrder(body: SeatOrderRequest): Promise<OrderCreated> {
  return json<OrderCreated>(await apiRequest('POST', '/api/checkout/orders', body));
}

export async function previewInvitations(text: string): Promise<InvitePreview> {
  return json<InvitePreview>(await apiRequest('POST', '/api/company/invitations/preview', { text }));
}

// --- mutations of the manager's view -----------------------------------------------------

type ToastInput = Parameters<BrowserEffects['toast']>[0];
const failed = (description: string): ToastInput => ({ title: 'Feil', description, variant: 'destructive' });

/** The server's own sentence when it has one, else `fallback`; an expired session goes to sign-in. */
export function reportFailure(error: unknown, fallback: string, effects: BrowserEffects = browserEffects): void {
  if (isUnauthorizedError(error)) return sessionExpired(effects);
  effects.toast(failed((error instanceof ApiError && error.bodyError) || fallback));
}

/** Everything of the company that a change can move: seats, people (every filter) and invitations. */
const refreshCompany = (client: QueryClient) => client.invalidateQueries({ queryKey: ['/api/company'] });

export function sendInvitationsMutation(client: QueryClient, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (emails: string[]) =>
      json<{ created: number; message: string }>(await apiRequest('POST', '/api/company/invitations', { emails })),
    onSuccess: async (result) => {
      effects.toast({ title: 'Invitasjoner sendt', description: result.message });
      await refreshCompany(client);
    },
    onError: (error) => reportFailure(error, 'Kunne ikke sende invitasjonene.', effects),
  });
}

export function resendInvitationMutation(client: QueryClient, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (id: string) =>
      json<{ message: string }>(await apiRequest('POST', `/api/company/invitations/${encodeURIComponent(id)}/resend`, {})),
    onSuccess: async (result) => {
      effects.toast({ title: 'Invitasjonen er sendt på nytt', description: result.message });
      await client.invalidateQueries({ queryKey: invitationsQuery.queryKey });
    },
    onError: (error) => reportFailure(error, 'Kunne ikke sende invitasjonen på nytt.', effects),
  });
}

export function cancelInvitationMutation(client: QueryClient, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (id: string) => json<{ status: 'cancelled' }>(await apiRequest('DELETE', `/api/company/invitations/${encodeURIComponent(id)}`)),
    onSuccess: async () => {
      effects.toast({ title: 'Invitasjonen er trukket tilbake' });
      await refreshCompany(client);
    },
    onError: (error) => reportFailure(error, 'Kunne ikke trekke tilbake invitasjonen.', effects),
  });
}

export function takeBackSeatMutation(client: QueryClient, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (seatId: string) => json<{ message: string }>(await apiRequest('DELETE', `/api/company/seats/${encodeURIComponent(seatId)}`)),
    onSuccess: async (result) => {
      effects.toast({ title: 'Plassen er tatt tilbake', description: result.message });
      await refreshCompany(client);
    },
    onError: (error) => reportFailure(error, 'Kunne ikke ta tilbake plassen.', effects),
  });
}

export function sendRemindersMutation(client: QueryClient, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async () => json<{ sent: number; message: string }>(await apiRequest('POST', '/api/company/reminders', {})),
    onSuccess: async (result) => {
      effects.toast({ title: 'Påminnelse sendt', description: result.message });
      await refreshCompany(client);
    },
    onError: (error) => reportFailure(error, 'Kunne ikke sende påminnelsen.', effects),
  });
}
