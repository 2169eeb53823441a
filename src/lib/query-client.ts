import { QueryCache, QueryClient } from '@tanstack/react-query';
import { getQueryFn, isUnauthorizedError } from './api';
import { sessionExpired } from './session-expired';

/**
 * One QueryClient for every island on a page (they share this module). As the
 * spec asks: no retries, no refetch on focus, no polling, data never stale;
 * queries are keyed by URL parts and read with the default GET. A read that
 * finds the session gone sends the user to sign in again, as enrolling does.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      if (isUnauthorizedError(error)) sessionExpired();
    },
  }),
  defaultOptions: {
    queries: {
      queryFn: getQueryFn(),
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Number.POSITIVE_INFINITY,
    },
    mutations: { retry: false },
  },
});
