import { useEffect } from 'react';
import { AccessGate } from '../components/app/AccessGate';
import { AppRoot } from '../components/app/AppRoot';
import { ChatPanelHost } from '../features/chat/ChatPanelHost';
import { DashboardView } from '../features/dashboard/DashboardView';
import { clearSignedInHint } from '../lib/signed-in-hint';
import type { CurrentUser } from '../schemas/auth';

/**
 * The signed-in dashboard on '/'. Loaded only for visitors with the `signed_in`
 * hint (client:signedin). Until the server confirms who is signed in, the static
 * landing page stays; then the dashboard replaces it. A stale hint (401) leaves
 * the landing page in place and removes the hint.
 */
export default function Dashboard() {
  return (
    <AppRoot>
      <AccessGate allow="user" onAnonymous={clearSignedInHint} anonymous={null} pending={null} failed={null}>
        {(user) => <DashboardScreen user={user} />}
      </AccessGate>
    </AppRoot>
  );
}

/** Hides the static landing page while the dashboard is on screen (see global.css). */
function DashboardScreen({ user }: { user: CurrentUser }) {
  useEffect(() => {
    document.body.dataset.view = 'dashboard';
    return () => {
      delete document.body.dataset.view;
    };
  }, []);
  return <DashboardView user={user} chat={<ChatPanelHost />} />;
}
