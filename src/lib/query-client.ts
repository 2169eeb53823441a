import { QueryCache, QueryClient } from '@tanstack/react-query';
import { getQueryFn, isUnauthorizedError } from './api';
import { sessionExpired } from './session-expired';

/**
 * A QueryClient with the app's settings. As the spec asks: no retries, no refetch on focus, no
 * polling, data never stale; queries are keyed by URL parts and read with the default GET. A read
 * that finds the session gone sends the user to sign in again, as enrolling does.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}

/**
 * One QueryClient for every island on a page in the browser (they share this module). Never used
 * to render on the server, where this module lives as long as the process: a page rendered there
 * gets a client of its own (AppRoot with `initialData`), so one user's data never reaches another.
 */
export const queryClient = createQueryClient();
