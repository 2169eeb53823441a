import { infiniteQueryOptions, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, apiJson, getQueryFn, NEXT_CURSOR_HEADER, readAnswer } from '../../lib/api';
import { type BrowserEffects, browserEffects } from '../../lib/session-expired';
import type { adminOrderDetailResponse, adminOrdersResponse, revenueResponse } from '../../schemas/checkout';
import type { OrderStatus } from './admin-orders';
import { failed, reportFailure } from './admin.queries';

/**
 * Queries and the refund of the superuser's orders, keyed by URL parts like
 * admin.queries.ts. A file of its own so that only the lazy 'Ordrer' tab and the dashboard's
 * revenue table load it, not every admin.
 */

/** How many orders a page shows, and 'Vis flere' adds. */
export const ORDERS_PAGE_SIZE = 25;

export interface OrderFilter {
  q: string;
  status: OrderStatus | '';
}

/** The list's URL: `limit`, then `q` and `status` when set, then the cursor of a next page. */
export function ordersUrl(filter: OrderFilter, cursor: string | null): string {
  const query = new URLSearchParams({ limit: String(ORDERS_PAGE_SIZE) });
  const q = filter.q.trim();
  if (q) query.set('q', q);
  if (filter.status) query.set('status', filter.status);
  if (cursor) query.set('cursor', cursor);
  return `/api/admin/orders?${query}`;
}

const ORDERS = '/api/admin/orders';

/** Orders newest first, a page at a time; the next page's cursor comes in `X-Next-Cursor`. */
export const adminOrdersQuery = (filter: OrderFilter) =>
  infiniteQueryOptions({
    queryKey: [ORDERS, { q: filter.q.trim(), status: filter.status }],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const response = await fetch(ordersUrl(filter, pageParam), { credentials: 'include', signal });
      if (!response.ok) throw await ApiError.fromResponse(response);
      return { items: await readAnswer<typeof adminOrdersResponse>(response), nextCursor: response.headers.get(NEXT_CURSOR_HEADER) || null };
    },
    getNextPageParam: (last) => last.nextCursor,
  });

/** One order with its amounts, consent, events and refunds. */
export const adminOrderQuery = (orderId: string) =>
  queryOptions({ queryKey: [ORDERS, orderId], queryFn: getQueryFn<typeof adminOrderDetailResponse>() });

/** Paid orders by month, the last 12 months, newest first. */
export const revenueQuery = queryOptions({ queryKey: ['/api/admin/revenue'], queryFn: getQueryFn<typeof revenueResponse>() });

export const orderToasts = {
  refunded: { title: 'Refusjonen er registrert' },
  refundFailed: failed('Kunne ikke registrere refusjonen.'),
};

export interface RefundInput {
  amountOre: number;
  reason: string;
  /** Made when the refund dialog opens and sent again on a retry: the server and the provider refund once. */
  idempotencyKey: string;
}

/**
 * POST /api/admin/orders/:orderId/refunds: on success the answer is the order's new detail, the
 * lists (statuses, refunded amounts) and the revenue are read again. A failure shows the server's
 * own sentence (too large, not paid, the provider did not answer); an expired session goes to sign-in.
 */
export function refundMutation(client: QueryClient, orderId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (input: RefundInput) => apiJson<typeof adminOrderDetailResponse>('POST', `${ORDERS}/${orderId}/refunds`, input),
    onSuccess: async (order) => {
      effects.toast(orderToasts.refunded);
      client.setQueryData(adminOrderQuery(orderId).queryKey, order);
      await Promise.all([
        // The lists are keyed [ORDERS, {q, status}]; the detail [ORDERS, id] is fresh already.
        client.invalidateQueries({ queryKey: [ORDERS], predicate: (query) => typeof query.queryKey[1] === 'object' }),
        client.invalidateQueries({ queryKey: revenueQuery.queryKey }),
      ]);
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.bodyError : undefined;
      reportFailure(error, message ? failed(message) : orderToasts.refundFailed, effects);
    },
  });
}
