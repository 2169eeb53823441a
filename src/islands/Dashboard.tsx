import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DashboardView } from '../components/dashboard/DashboardView';
import { Toaster } from '../components/ui/Toaster';
import { currentUserQuery } from '../lib/learning.queries';
import { queryClient } from '../lib/query-client';
import { clearSignedInHint } from '../lib/signed-in-hint';

/**
 * The signed-in dashboard on '/'. Loaded only for visitors with the `signed_in`
 * hint (client:signedin). Until the server confirms who is signed in, the static
 * landing page stays; then the dashboard replaces it. A stale hint (401) leaves
 * the landing page in place and removes the hint.
 */
export default function Dashboard() {
  // Nothing is rendered at build time: the static page stays as it is (and carries
  // no markup of the island, whose inline styles the CSP would refuse).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <QueryClientProvider client={queryClient}>
      <DashboardGate />
      <Toaster />
    </QueryClientProvider>
  );
}

function DashboardGate() {
  const { data: user } = useQuery(currentUserQuery);

  useEffect(() => {
    if (user === null) clearSignedInHint();
    if (!user) return;
    document.body.dataset.view = 'dashboard';
    return () => {
      delete document.body.dataset.view;
    };
  }, [user]);

  if (!user) return null;
  return <DashboardView user={user} />;
}
