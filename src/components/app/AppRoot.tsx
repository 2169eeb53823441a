import { type DataTag, type QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { useStore } from '@nanostores/react';
import { lazy, type ReactNode, Suspense, useState, useSyncExternalStore } from 'react';
import { createQueryClient, queryClient } from '../../lib/query-client';
import { $toast } from '../../stores/toast';

// A chunk of its own, loaded with the first toast: no page needs it to paint.
const Toaster = lazy(() => import('../ui/Toaster').then((m) => ({ default: m.Toaster })));

export interface InitialQuery {
  queryKey: QueryKey;
  data: unknown;
}

export function initialQuery<T>(options: { queryKey: DataTag<QueryKey, T, unknown> }, data: T): InitialQuery {
  return { queryKey: options.queryKey, data };
}

/** Without `initialData` it renders nothing until mounted, so the static HTML carries no island markup; with it, the server's markup and the hydrated view match and no query asks again. */
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
