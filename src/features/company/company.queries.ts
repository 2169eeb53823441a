import { infiniteQueryOptions, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, getQueryFn, isUnauthorizedError } from '../../lib/api';
import { type BrowserEffects, browserEffects, sessionExpired } from '../../lib/session-expired';
import type { CheckoutProduct, CheckoutViewer, OrderCreated } from '../../schemas/checkout-api';

/**
 * The company packages' client side (issue 24): the seat checkout's product, quote and order, and
 * the manager's view on /bedrift. Types only for the answers (the contract in the lead's notes,
 * served by the company API); the server validates, the islands trust its JSON. Money in øre.
 * Rights come from a manager membership of the company in the route: every read and change of the
 * manager's view names its company (`/api/companies/:companyId/…`), and so does its cache key.
 */

export const PACKAGE_SLUG = 'nettbasert-pakke';
export const PACKAGE_PRODUCT_ID = 'package:nettbasert-pakke';
export const MIN_SEATS = 1;
export const MAX_SEATS = 500;

/** A provider of the package checkout: the course checkout's ones plus the invoice. */
export type SeatProvider = 'test' | 'vipps' | 'stripe' | 'invoice';

/** GET /api/checkout/products/nettbasert-pakke (`seatCheckoutProduct` on the server): the price per seat is the product's. */
export interface PackageInfo {
  product: Omit<CheckoutProduct, 'courseId'> & {
    kind: 'package';
    courseId: null;
    unitPriceOre: number;
    courses: { id: string; title: string }[];
    /** The free trial: seats and days. */
    trial?: { seats: number; days: number };
  };
  providers: { id: SeatProvider; label: string }[];
  offersInvoice: boolean;
  consent: null;
  /** `trialAvailable`: this person has not had a trial yet. */
  viewer: (CheckoutViewer & { trialAvailable?: boolean }) | null;
}

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

/** POST /api/checkout/orders for seats: `companyId` for a company the buyer manages, else `company` makes a new one. */
export interface SeatOrderRequest {
  productId: typeof PACKAGE_PRODUCT_ID;
  quantity: number;
  provider: SeatProvider;
  companyId?: string;
  company?: Omit<CompanyFields, 'poReference'> & { poReference?: string };
  idempotencyKey: string;
}

export type MembershipRole = 'manager' | 'member';

/** One of the caller's memberships (GET /api/companies): managers first, then by name. */
export interface Membership {
  id: string;
  name: string;
  orgNumber: string;
  role: MembershipRole;
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
  /** Invoice seats waiting while the company is unapproved. */
  heldBack: number;
}

/** The company's free trial: `daysLeft` rounded up, 0 once it is over. */
export interface Trial {
  status: 'active' | 'converted' | 'ended';
  seats: number;
  startedAt: string;
  endsAt: string;
  daysLeft: number;
}

/** GET /api/companies/:companyId */
export interface CompanyOverview {
  company: Company;
  seats: Seats;
  trial?: Trial | null;
  approval: { approved: boolean; seatLimit: number };
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

/** A page of GET /api/companies/:companyId/people: 50 people, the counts per filter, and where the next page starts. */
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

/** POST /api/companies/:companyId/invitations/preview: nothing is sent. */
export interface InvitePreview {
  valid: { row: number; email: string }[];
  invalid: { row: number; value: string; reason: string }[];
  duplicates: { row: number; email: string }[];
  existing: { row: number; email: string; reason: string }[];
  freeSeats: number;
  tooMany: boolean;
}

/** GET /api/companies/:companyId/managers */
export interface Manager {
  userId: string;
  name: string;
  email: string;
  addedAt: string;
  addedBy: string | null;
}

// --- reads -------------------------------------------------------------------------

export const packageInfoQuery = queryOptions({
  queryKey: ['/api/checkout/products', PACKAGE_SLUG],
  queryFn: getQueryFn<PackageInfo>(),
});

export const COMPANIES = '/api/companies';

/** The caller's memberships; the key is the list's alone (a company's own keys add its id). */
export const membershipsQuery = queryOptions({ queryKey: [COMPANIES], queryFn: getQueryFn<{ companies: Membership[] }>() });

/** The companies the caller may manage. */
export const managed = (memberships: Membership[]) => memberships.filter((m) => m.role === 'manager');

/** `/api/companies/:companyId` and below. */
const companyPath = (companyId: string) => `${COMPANIES}/${encodeURIComponent(companyId)}`;
/** Every key of one company starts with this, so a change refreshes that company and no other. */
const companyKey = (companyId: string) => [COMPANIES, companyId] as const;
const companyRead = <T>(companyId: string, ...rest: string[]) =>
  queryOptions({
    queryKey: [...companyKey(companyId), ...rest],
    queryFn: async ({ signal }) => {
      const response = await fetch([companyPath(companyId), ...rest].join('/'), { credentials: 'include', signal });
      if (!response.ok) throw await ApiError.fromResponse(response);
      return (await response.json()) as T;
    },
  });

export const companyQuery = (companyId: string) => companyRead<CompanyOverview>(companyId);

/** The people a page at a time ('Vis flere ansatte'), filtered on the server. */
export const peopleQuery = (companyId: string, filter: PeopleFilter) =>
  infiniteQueryOptions({
    queryKey: [...companyKey(companyId), 'people', filter],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams({ filter });
      if (pageParam) query.set('cursor', pageParam);
      const response = await fetch(`${companyPath(companyId)}/people?${query}`, { credentials: 'include', signal });
      if (!response.ok) throw await ApiError.fromResponse(response);
      return (await response.json()) as PeopleList;
    },
    getNextPageParam: (last) => last.nextCursor,
  });

export const peopleCsvUrl = (companyId: string) => `${companyPath(companyId)}/people.csv`;

export const invitationsQuery = (companyId: string) => companyRead<{ invitations: Invitation[] }>(companyId, 'invitations');

export const managersQuery = (companyId: string) => companyRead<{ managers: Manager[] }>(companyId, 'managers');

// --- requests ----------------------------------------------------------------------

const json = async <T>(response: Response) => (await response.json()) as T;

export async function requestSeatQuote(quantity: number): Promise<SeatQuote> {
  return json<SeatQuote>(await apiRequest('POST', '/api/checkout/quote', { productId: PACKAGE_PRODUCT_ID, quantity }));
}

export async function placeSeatOrder(body: SeatOrderRequest): Promise<OrderCreated> {
  return json<OrderCreated>(await apiRequest('POST', '/api/checkout/orders', body));
}

/** POST /api/company-trials: for a company the caller manages, or a new one. */
export async function startTrial(
  body: { companyId: string } | { company: SeatOrderRequest['company'] },
): Promise<{ companyId: string; endsAt: string; message: string }> {
  return json(await apiRequest('POST', '/api/company-trials', body));
}

export async function previewInvitations(companyId: string, text: string): Promise<InvitePreview> {
  return json<InvitePreview>(await apiRequest('POST', `${companyPath(companyId)}/invitations/preview`, { text }));
}

// --- mutations of the manager's view -----------------------------------------------------

type ToastInput = Parameters<BrowserEffects['toast']>[0];
const failed = (description: string): ToastInput => ({ title: 'Feil', description, variant: 'destructive' });

/** The server's own sentence when it has one, else `fallback`; an expired session goes to sign-in. */
export function reportFailure(error: unknown, fallback: string, effects: BrowserEffects = browserEffects): void {
  if (isUnauthorizedError(error)) return sessionExpired(effects);
  effects.toast(failed((error instanceof ApiError && error.bodyError) || fallback));
}

/** Everything of one company that a change can move: seats, people (every filter), invitations and managers. */
const refreshCompany = (client: QueryClient, companyId: string) => client.invalidateQueries({ queryKey: companyKey(companyId) });

export function sendInvitationsMutation(client: QueryClient, companyId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (emails: string[]) =>
      json<{ created: number; message: string }>(await apiRequest('POST', `${companyPath(companyId)}/invitations`, { emails })),
    onSuccess: async (result) => {
      effects.toast({ title: 'Invitasjoner sendt', description: result.message });
      await refreshCompany(client, companyId);
    },
    onError: (error) => reportFailure(error, 'Kunne ikke sende invitasjonene.', effects),
  });
}

export function resendInvitationMutation(client: QueryClient, companyId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (id: string) =>
      json<{ message: string }>(await apiRequest('POST', `${companyPath(companyId)}/invitations/${encodeURIComponent(id)}/resend`, {})),
    onSuccess: async (result) => {
      effects.toast({ title: 'Invitasjonen er sendt på nytt', description: result.message });
      await client.invalidateQueries({ queryKey: invitationsQuery(companyId).queryKey });
    },
    onError: (error) => reportFailure(error, 'Kunne ikke sende invitasjonen på nytt.', effects),
  });
}

export function cancelInvitationMutation(client: QueryClient, companyId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (id: string) =>
      json<{ status: 'cancelled' }>(await apiRequest('DELETE', `${companyPath(companyId)}/invitations/${encodeURIComponent(id)}`)),
    onSuccess: async () => {
      effects.toast({ title: 'Invitasjonen er trukket tilbake' });
      await refreshCompany(client, companyId);
    },
    onError: (error) => reportFailure(error, 'Kunne ikke trekke tilbake invitasjonen.', effects),
  });
}

export function takeBackSeatMutation(client: QueryClient, companyId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (seatId: string) =>
      json<{ message: string }>(await apiRequest('DELETE', `${companyPath(companyId)}/seats/${encodeURIComponent(seatId)}`)),
    onSuccess: async (result) => {
      effects.toast({ title: 'Plassen er tatt tilbake', description: result.message });
      await refreshCompany(client, companyId);
    },
    onError: (error) => reportFailure(error, 'Kunne ikke ta tilbake plassen.', effects),
  });
}

export function sendRemindersMutation(client: QueryClient, companyId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async () => json<{ sent: number; message: string }>(await apiRequest('POST', `${companyPath(companyId)}/reminders`, {})),
    onSuccess: async (result) => {
      effects.toast({ title: 'Påminnelse sendt', description: result.message });
      await refreshCompany(client, companyId);
    },
    onError: (error) => reportFailure(error, 'Kunne ikke sende påminnelsen.', effects),
  });
}

export function addManagerMutation(client: QueryClient, companyId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (userId: string) => json<{ message: string }>(await apiRequest('POST', `${companyPath(companyId)}/managers`, { userId })),
    onSuccess: async (result) => {
      effects.toast({ title: 'Lederen er lagt til', description: result.message });
      await client.invalidateQueries({ queryKey: managersQuery(companyId).queryKey });
    },
    onError: (error) => reportFailure(error, 'Kunne ikke gjøre personen til leder.', effects),
  });
}

/** Removing a manager may be the caller themself: their own list of companies is read again too. */
export function removeManagerMutation(client: QueryClient, companyId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (userId: string) =>
      json<{ message: string }>(await apiRequest('DELETE', `${companyPath(companyId)}/managers/${encodeURIComponent(userId)}`)),
    onSuccess: async (result) => {
      effects.toast({ title: 'Lederen er fjernet', description: result.message });
      // The list first: without the company in it, its view is gone and its managers are not asked for again.
      await client.invalidateQueries({ queryKey: membershipsQuery.queryKey, exact: true });
      await client.invalidateQueries({ queryKey: managersQuery(companyId).queryKey });
    },
    onError: (error) => reportFailure(error, 'Kunne ikke fjerne lederen.', effects),
  });
}

/** The seat checkout with this company already chosen. */
export const buySeatsUrl = (companyId: string) => `/kasse/${PACKAGE_SLUG}?bedrift=${encodeURIComponent(companyId)}`;
