import { lazy, Suspense } from 'react';
import { ADMIN_NO_ACCESS_TEXT, AccessGate } from '../components/app/AccessGate';
import { AppRoot } from '../components/app/AppRoot';
import { AdminLoading } from '../features/admin/AdminLoading';

// The admin view is a chunk of its own, requested only once the gate knows the role
// is allowed: a learner who opens /admin downloads no admin code.
const AdminView = lazy(() => import('../features/admin/AdminView'));

/**
 * The admin page on /admin (issue 13). The page answers anonymous visitors with a
 * redirect before sending anything; here the AccessGate asks the server who is
 * signed in and lets only admins and superusers through.
 */
export default function Admin() {
  return (
    <AppRoot>
      <AccessGate allow={['admin', 'superuser']} pending={<AdminLoading />} noAccessText={ADMIN_NO_ACCESS_TEXT}>
        {(user) => (
          <Suspense fallback={<AdminLoading />}>
            <AdminView user={user} />
          </Suspense>
        )}
      </AccessGate>
    </AppRoot>
  );
}
