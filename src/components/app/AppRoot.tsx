import { type DataTag, type QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { useStore } from '@nanostores/react';
import { lazy, type ReactNode, Suspense, useState, useSyncExternalStore } from 'react';
import { createQueryClient, queryClient } from '../../lib/query-client';
import { $toast } from '../../stores/toast';

// The notification area (Radix Toast) is a chunk of its own, loaded with the page's first toast:
// no page needs it to paint.
const Toaster = lazy(() => import('../ui/Toaster').then((m) => ({ default: m.Toaster })));

/** A query's answer that the page read on the server, for the island's cache. */
export interface InitialQuery {
  queryKey: QueryKey;
  data: unknown;
}

/** `options`' key with `data`, typed by the query's own answer type. */
export function initialQuery<T>(options: { queryKey: DataTag<QueryKey, T, unknown> }, data: T): InitialQuery {
  return { queryKey: options.queryKey, data };
}

/**
 * The root of every signed-in island: the QueryClient and the one Toaster.
 *
 * Without `initialData` (the dashboard and the pages whose island reads everything itself) it
 * renders nothing until mounted in the browser, so the static HTML carries no island markup
 * (nothing protected, no inline styles for the CSP to refuse).
 *
 * With `initialData` (the course player and /admin, rendered on demand with the data their page
 * read for the signed-in user) it renders on the server too: the queries' answers go into the
 * cache first, so the server's markup and the hydrated view are the same, and no query asks the
 * API again when the island hydrates (the data is never stale: `staleTime` is infinite). On the
 * server each render gets a client of its own; in the browser it is the page's shared one.
 */
export function AppRoot({ children, client, initialData }: { children: ReactNode; client?: QueryClient; initialData?: readonly InitialQuery[] }) {
  // Two roots, not one with a condition: `useMounted` makes React render again, synchronously,
  // right after hydration, and a seeded island has no reason to pay for that.
  return initialData ? (
    <SeededRoot client={client} initialData={initialData}>
      {children}
    </SeededRoot>
  ) : (
    <BrowserRoot client={client}>{children}</BrowserRoot>
  );
}

function SeededRoot({ children, client, initialData }: { children: ReactNode; client?: QueryClient; initialData: readonly InitialQuery[] }) {
  const [seeded] = useState(() => {
    const target = client ?? (import.meta.env.SSR ? createQueryClient() : queryClient);
    for (const { queryKey, data } of initialData) target.setQueryData(queryKey, data);
    return target;
  });
  return <Providers client={seeded}>{children}</Providers>;
}

function BrowserRoot({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const mounted = useMounted();
  if (!mounted) return null;
  return <Providers client={client ?? queryClient}>{children}</Providers>;
}

function Providers({ children, client }: { children: ReactNode; client: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToasterHost />
    </QueryClientProvider>
  );
}

/** Mounts the Toaster once the first toast is queued, and keeps it from then on. */
function ToasterHost() {
  const current = useStore($toast);
  const [needed, setNeeded] = useState(current !== null);
  if (current !== null && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

const noSubscription = () => () => {};

/** False on the server and while hydrating (so hydration matches the empty server HTML), true after. */
export function useMounted(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
