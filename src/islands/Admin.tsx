import { AppRoot, initialQuery } from '../components/app/AppRoot';
import AdminView from '../features/admin/AdminView';
import { adminCoursesQuery, publishingQuery } from '../features/admin/admin.queries';
import { currentUserQuery } from '../lib/learning.queries';
import type { AdminCourse, PublishingState } from '../schemas/admin';
import type { CurrentUser } from '../schemas/auth';

export interface AdminData {
  user: CurrentUser;
  courses: AdminCourse[];
  publishing: PublishingState;
}

/** The page checked the role first, so a learner downloads no admin code; the first tab renders on the server, the others read their data when opened. */
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
