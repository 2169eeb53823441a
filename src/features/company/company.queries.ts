import { infiniteQueryOptions, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, apiJson, getJson, getQueryFn, isUnauthorizedError } from '../../lib/api';
import { type BrowserEffects, browserEffects, sessionExpired } from '../../lib/session-expired';
import type { z } from 'zod';
import type { orderCreatedResponse, packageCheckoutResponse, quoteResponse } from '../../schemas/checkout';
import type {
  companyBody,
  companyOverviewResponse,
  invitationCancelledResponse,
  invitationsResponse,
  invitedResponse,
  invitePreviewResponse,
  managersResponse,
  membershipsResponse,
  messageResponse,
  peopleListResponse,
  remindersSentResponse,
  trialStartedResponse,
} from '../../schemas/company';

/**
 * The company packages' client side: the seat checkout's product, quote and order, and
 * the manager's view on /bedrift. The answers' types come from the routes' response
 * schemas in src/schemas (types only: the server's tests hold its answers to them). Money in øre.
 * Rights come from a manager membership of the company in the route: every read and change of the
 * manager's view names its company (`/api/companies/:companyId/…`), and so does its cache key.
 */

export const PACKAGE_SLUG = 'nettbasert-pakke';
export const PACKAGE_PRODUCT_ID = 'package:nettbasert-pakke';
export const MIN_SEATS = 1;
export const MAX_SEATS = 500;

/** A provider of the package checkout: the course checkout's ones plus the invoice. */
export type SeatProvider = 'test' | 'vipps' | 'stripe' | 'invoice';

/** GET /api/checkout/products/nettbasert-pakke: the price per seat is the product's (`unitPriceOre`). */
export type PackageInfo = z.infer<typeof packageCheckoutResponse>;

export type SeatQuote = z.infer<typeof quoteResponse>;

/** POST /api/checkout/orders for seats: `companyId` for a company the buyer manages, else `company` makes a new one. */
export interface SeatOrderRequest {
  productId: typeof PACKAGE_PRODUCT_ID;
  quantity: number;
  provider: SeatProvider;
  companyId?: string;
  company?: z.input<typeof companyBody>;
  idempotencyKey: string;
}

export type Membership = z.infer<typeof membershipsResponse>['companies'][number];
export type CompanyOverview = z.infer<typeof companyOverviewResponse>;
export type Trial = NonNullable<CompanyOverview['trial']>;
export type PeopleList = z.infer<typeof peopleListResponse>;
export type Person = PeopleList['people'][number];
export type PersonStatus = Person['status'];
export type PeopleFilter = 'all' | PersonStatus | 'inactive';
export type Invitation = z.infer<typeof invitationsResponse>['invitations'][number];
export type InvitationStatus = Invitation['status'];
export type InvitePreview = z.infer<typeof invitePreviewResponse>;
export type Manager = z.infer<typeof managersResponse>['managers'][number];

export const packageInfoQuery = queryOptions({
  queryKey: ['/api/checkout/products', PACKAGE_SLUG],
  queryFn: getQueryFn<typeof packageCheckoutResponse>(),
});

export const COMPANIES = '/api/companies';

/** The caller's memberships; the key is the list's alone (a company's own keys add its id). */
export const membershipsQuery = queryOptions({ queryKey: [COMPANIES], queryFn: getQueryFn<typeof membershipsResponse>() });

export const managed = (memberships: Membership[]) => memberships.filter((m) => m.role === 'manager');

const companyPath = (companyId: string) => `${COMPANIES}/${encodeURIComponent(companyId)}`;
/** Every key of one company starts with this, so a change refreshes that company and no other. */
const companyKey = (companyId: string) => [COMPANIES, companyId] as const;
const companyRead = <C>(companyId: string, ...rest: string[]) =>
  queryOptions({
    queryKey: [...companyKey(companyId), ...rest],
    queryFn: async ({ signal }) => getJson<C>([companyPath(companyId), ...rest].join('/'), signal),
  });

export const companyQuery = (companyId: string) => companyRead<typeof companyOverviewResponse>(companyId);

/** The people a page at a time ('Vis flere ansatte'), filtered on the server. */
export const peopleQuery = (companyId: string, filter: PeopleFilter) =>
  infiniteQueryOptions({
    queryKey: [...companyKey(companyId), 'people', filter],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams({ filter });
      if (pageParam) query.set('cursor', pageParam);
      return getJson<typeof peopleListResponse>(`${companyPath(companyId)}/people?${query}`, signal);
    },
    getNextPageParam: (last) => last.nextCursor,
  });

export const peopleCsvUrl = (companyId: string) => `${companyPath(companyId)}/people.csv`;

export const invitationsQuery = (companyId: string) => companyRead<typeof invitationsResponse>(companyId, 'invitations');

export const managersQuery = (companyId: string) => companyRead<typeof managersResponse>(companyId, 'managers');

export async function requestSeatQuote(quantity: number) {
  return apiJson<typeof quoteResponse>('POST', '/api/checkout/quote', { productId: PACKAGE_PRODUCT_ID, quantity });
}

export async function placeSeatOrder(body: SeatOrderRequest) {
  return apiJson<typeof orderCreatedResponse>('POST', '/api/checkout/orders', body);
}

/** POST /api/company-trials: for a company the caller manages, or a new one. */
export async function startTrial(body: { companyId: string } | { company: SeatOrderRequest['company'] }) {
  return apiJson<typeof trialStartedResponse>('POST', '/api/company-trials', body);
}

export async function previewInvitations(companyId: string, text: string) {
  return apiJson<typeof invitePreviewResponse>('POST', `${companyPath(companyId)}/invitations/preview`, { text });
}

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
    mutationFn: async (emails: string[]) => apiJson<typeof invitedResponse>('POST', `${companyPath(companyId)}/invitations`, { emails }),
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
      apiJson<typeof messageResponse>('POST', `${companyPath(companyId)}/invitations/${encodeURIComponent(id)}/resend`, {}),
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
      apiJson<typeof invitationCancelledResponse>('DELETE', `${companyPath(companyId)}/invitations/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      effects.toast({ title: 'Invitasjonen er trukket tilbake' });
      await refreshCompany(client, companyId);
    },
    onError: (error) => reportFailure(error, 'Kunne ikke trekke tilbake invitasjonen.', effects),
  });
}

export function takeBackSeatMutation(client: QueryClient, companyId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (seatId: string) => apiJson<typeof messageResponse>('DELETE', `${companyPath(companyId)}/seats/${encodeURIComponent(seatId)}`),
    onSuccess: async (result) => {
      effects.toast({ title: 'Plassen er tatt tilbake', description: result.message });
      await refreshCompany(client, companyId);
    },
    onError: (error) => reportFailure(error, 'Kunne ikke ta tilbake plassen.', effects),
  });
}

export function sendRemindersMutation(client: QueryClient, companyId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async () => apiJson<typeof remindersSentResponse>('POST', `${companyPath(companyId)}/reminders`, {}),
    onSuccess: async (result) => {
      effects.toast({ title: 'Påminnelse sendt', description: result.message });
      await refreshCompany(client, companyId);
    },
    onError: (error) => reportFailure(error, 'Kunne ikke sende påminnelsen.', effects),
  });
}

export function addManagerMutation(client: QueryClient, companyId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (userId: string) => apiJson<typeof messageResponse>('POST', `${companyPath(companyId)}/managers`, { userId }),
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
      apiJson<typeof messageResponse>('DELETE', `${companyPath(companyId)}/managers/${encodeURIComponent(userId)}`),
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
