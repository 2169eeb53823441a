import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useSyncExternalStore } from 'react';
import { queryClient } from '../../lib/query-client';

const noSubscription = () => () => {};

/**
 * The root of the checkout's public islands (/kasse/*): the shared QueryClient, without the
 * signed-in shell's Toaster, so the public pages download as little as they can. Until mounted in
 * the browser it renders `fallback` (the static HTML's loading line): the islands read the address
 * bar and the browser's crypto, which the build has not got.
 */
export function PublicRoot({ children, fallback = null, client = queryClient }: { children: ReactNode; fallback?: ReactNode; client?: QueryClient }) {
  const mounted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!mounted) return fallback;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The line shown while an island loads or reads. */
export function Loading({ text }: { text: string }) {
  return (
    <p role="status" className="text-muted">
      {text}
    </p>
  );
}
