import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, apiJson, getQueryFn, readAnswer } from '../../lib/api';
import { type BrowserEffects, browserEffects } from '../../lib/session-expired';
import type { publishingOutcomeResponse } from '../../schemas/admin';
import type { adminCoupon, adminCouponDetailResponse, adminCouponListResponse, peopleResponse, personDetailResponse } from '../../schemas/admin-shop';
import { failed, publishingQuery, reportFailure } from './admin.queries';

/**
 * The superuser's shop tools: coupons ('Rabattkoder'), people ('Brukere') with access by hand, and
 * starting a build of the public pages. Only the lazy tabs load this file.
 */

const COUPONS = '/api/admin/coupons';
const PEOPLE = '/api/admin/people';

export const couponsQuery = queryOptions({ queryKey: [COUPONS], queryFn: getQueryFn<typeof adminCouponListResponse>() });
export const couponQuery = (couponId: string) =>
  queryOptions({ queryKey: [COUPONS, couponId], queryFn: getQueryFn<typeof adminCouponDetailResponse>() });

export const peopleQuery = (q: string) =>
  queryOptions({
    queryKey: [q.trim() ? `${PEOPLE}?q=${encodeURIComponent(q.trim())}` : PEOPLE],
    queryFn: getQueryFn<typeof peopleResponse>(),
  });
export const personQuery = (userId: string) =>
  queryOptions({ queryKey: [`${PEOPLE}/${userId}`], queryFn: getQueryFn<typeof personDetailResponse>() });

export const shopToasts = {
  couponCreated: (code: string) => ({ title: `Rabattkoden ${code} er opprettet` }),
  couponSaved: (code: string) => ({ title: `Rabattkoden ${code} er lagret` }),
  couponFailed: failed('Kunne ikke lagre rabattkoden.'),
  granted: (course: string) => ({ title: `Tilgang til ${course} er gitt` }),
  takenBack: (course: string) => ({ title: `Tilgangen til ${course} er tatt tilbake` }),
  accessFailed: failed('Kunne ikke endre tilgangen.'),
  buildStarted: { title: 'Ny publisering av nettsiden er bestilt' },
  buildFailed: failed('Kunne ikke starte publiseringen.'),
};

/** A 400 stays in the form (its fields say what is wrong); a 409 says why in a toast; anything else the fallback. */
function report(error: unknown, fallback: ReturnType<typeof failed>, effects: BrowserEffects) {
  if (error instanceof ApiError && error.status === 400) return;
  const message = error instanceof ApiError && error.status === 409 ? error.bodyError : undefined;
  reportFailure(error, message ? failed(message) : fallback, effects);
}

const invalidate = (client: QueryClient, prefix: string) =>
  client.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(prefix) });

export interface CouponInput {
  code: string;
  kind: 'percent' | 'amount';
  percentOff?: number;
  amountOffOre?: number;
  productId: string | null;
  validFrom?: string;
  validUntil: string | null;
  maxUses: number | null;
}

export function createCouponMutation(client: QueryClient, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (input: CouponInput) => apiJson<typeof adminCoupon>('POST', COUPONS, input),
    onSuccess: async (coupon) => {
      effects.toast(shopToasts.couponCreated(coupon.code));
      await invalidate(client, COUPONS);
    },
    onError: (error) => report(error, shopToasts.couponFailed, effects),
  });
}

export interface CouponEdit {
  validFrom?: string;
  validUntil?: string | null;
  maxUses?: number | null;
  active?: boolean;
}

export function editCouponMutation(client: QueryClient, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async ({ id, edit }: { id: string; edit: CouponEdit }) => apiJson<typeof adminCoupon>('PUT', `${COUPONS}/${id}`, edit),
    onSuccess: async (coupon) => {
      effects.toast(shopToasts.couponSaved(coupon.code));
      await invalidate(client, COUPONS);
    },
    onError: (error) => report(error, shopToasts.couponFailed, effects),
  });
}

export function grantAccessMutation(client: QueryClient, userId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async ({ courseId, reason }: { courseId: string; reason: string; title: string }) =>
      apiJson<typeof personDetailResponse>('POST', `${PEOPLE}/${userId}/access`, { courseId, reason }),
    onSuccess: async (detail, input) => {
      client.setQueryData(personQuery(userId).queryKey, detail);
      effects.toast(shopToasts.granted(input.title));
      await invalidate(client, PEOPLE);
    },
    onError: (error) => report(error, shopToasts.accessFailed, effects),
  });
}

export function takeBackAccessMutation(client: QueryClient, userId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async ({ courseId, reason }: { courseId: string; reason: string; title: string }) =>
      apiJson<typeof personDetailResponse>('POST', `${PEOPLE}/${userId}/access/${encodeURIComponent(courseId)}/revoke`, { reason }),
    onSuccess: async (detail, input) => {
      client.setQueryData(personQuery(userId).queryKey, detail);
      effects.toast(shopToasts.takenBack(input.title));
      await invalidate(client, PEOPLE);
    },
    onError: (error) => report(error, shopToasts.accessFailed, effects),
  });
}

/** When the live build of the site was made (a static file written by the build). */
export const siteBuildQuery = queryOptions({
  queryKey: ['/site-build.json'],
  queryFn: async ({ signal }) => {
    const response = await fetch('/site-build.json', { cache: 'no-store', signal });
    if (!response.ok) throw new Error(`site-build.json: ${response.status}`);
    return readAnswer<{ builtAt: string }>(response);
  },
});

export function startBuildMutation(client: QueryClient, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async () => apiJson<typeof publishingOutcomeResponse>('POST', '/api/admin/publishing/build', {}),
    onSuccess: async (outcome) => {
      if (outcome.status === 'requested') effects.toast(shopToasts.buildStarted);
      else effects.toast(shopToasts.buildFailed);
      await client.invalidateQueries({ queryKey: publishingQuery.queryKey });
    },
    onError: (error) => report(error, shopToasts.buildFailed, effects),
  });
}
