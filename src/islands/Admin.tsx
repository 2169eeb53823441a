import { AppRoot, initialQuery } from '../components/app/AppRoot';
import AdminView from '../features/admin/AdminView';
import { adminCoursesQuery, publishingQuery } from '../features/admin/admin.queries';
import { currentUserQuery } from '../lib/learning.queries';
import type { AdminCourse, PublishingState } from '../schemas/admin';
import type { CurrentUser } from '../schemas/auth';

/** What the page read for an admin or superuser (src/server/learning/page-data.ts), exactly as the API answers it. */
export interface AdminData {
  user: CurrentUser;
  courses: AdminCourse[];
  publishing: PublishingState;
}

/**
 * The admin page on /admin. The page has checked the session and the role before
 * rendering (issue 26, decision 34): anyone but an admin or a superuser gets 'Ingen tilgang'
 * without this island, so a learner downloads no admin code. The first tab (Innholdsbehandling ›
 * Kurs) renders on the server with the course list the page read, and hydrates with it in the
 * cache; the other tabs read their data when opened, the superuser's in chunks of their own.
 */
export default function Admin({ data }: { data: AdminData }) {
  const initialData = [
    initialQuery(currentUserQuery, data.user),
    initialQuery(adminCoursesQuery, data.courses),
    initialQuery(publishingQuery, data.publishing),
  ];
  return (
    <AppRoot initialData={initialData}>
      <AdminView user={data.user} />
    </AppRoot>
  );
}
