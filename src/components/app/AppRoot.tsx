import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useSyncExternalStore } from 'react';
import { queryClient } from '../../lib/query-client';
import { Toaster } from '../ui/Toaster';

/**
 * The root of every signed-in island: the shared QueryClient and the one Toaster.
 * Renders nothing until mounted in the browser, so the static HTML carries no island
 * markup (nothing protected, no inline styles for the CSP to refuse).
 */
export function AppRoot({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  const mounted = useMounted();
  if (!mounted) return null;
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}

const noSubscription = () => () => {};

/** False on the server and while hydrating (so hydration matches the empty server HTML), true after. */
function useMounted(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
