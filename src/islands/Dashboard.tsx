import { useEffect, useLayoutEffect } from 'react';
import { AccessGate } from '../components/app/AccessGate';
import { AppRoot } from '../components/app/AppRoot';
import { ChatPanelHost } from '../features/chat/ChatPanelHost';
import { DashboardView } from '../features/dashboard/DashboardView';
import { clearSignedInHint } from '../lib/signed-in-hint';
import type { CurrentUser } from '../schemas/auth';

/**
 * The signed-in dashboard on '/'. Loaded only for visitors with the `signed_in`
 * hint (client:signedin). Until the server confirms who is signed in, 'Laster...'
 * holds the place of the landing page (BaseLayout hid it before it painted); then
 * the dashboard replaces it. A stale hint (401), or no answer, brings the landing
 * page back; a stale hint is removed.
 */
export default function Dashboard() {
  return (
    <AppRoot>
      <AccessGate allow="user" onAnonymous={clearSignedInHint} anonymous={<StaticPage />} pending={null} failed={<StaticPage />}>
        {(user) => <DashboardScreen user={user} />}
      </AccessGate>
    </AppRoot>
  );
}

/** Shows the static page again: nobody is signed in after all, or the server did not answer. */
function StaticPage() {
  useEffect(() => {
    if (document.body.dataset.view === 'pending') delete document.body.dataset.view;
  }, []);
  return null;
}

/**
 * Hides the static landing page while the dashboard is on screen (see global.css). Before the
 * browser paints (a layout effect), so the placeholder and the dashboard are never seen together.
 */
function DashboardScreen({ user }: { user: CurrentUser }) {
  useLayoutEffect(() => {
    document.body.dataset.view = 'dashboard';
    return () => {
      delete document.body.dataset.view;
    };
  }, []);
  return <DashboardView user={user} chat={<ChatPanelHost />} />;
}
