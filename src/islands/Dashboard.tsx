import { SiteHeaderControls } from '../components/app/AppHeader';
import { AppRoot, initialQuery } from '../components/app/AppRoot';
import { ChatPanelHost } from '../features/chat/ChatPanelHost';
import { DashboardView } from '../features/dashboard/DashboardView';
import { myCertificatesQuery } from '../lib/certificates.queries';
import { coursesQuery, currentUserQuery, enrollmentsQuery, learnerProgressQuery, modulesWithProgressQuery } from '../lib/learning.queries';
import type { CurrentUser } from '../schemas/auth';
import type { MyCertificate } from '../schemas/certificates';
import type { CatalogueCourse, LearnerProgress, ListedEnrollment, ModuleWithProgress } from '../schemas/learning';

export interface DashboardData {
  user: CurrentUser;
  enrollments: ListedEnrollment[];
  courses: CatalogueCourse[];
  figures: LearnerProgress;
  certificates: MyCertificate[];
  modules: { courseId: string; modules: ModuleWithProgress[] }[];
}

/** Renders on the server with the data the page read and hydrates with it in its cache, asking the API nothing. */
export default function Dashboard({ data }: { data: DashboardData }) {
  const initialData = [
    initialQuery(currentUserQuery, data.user),
    initialQuery(enrollmentsQuery, data.enrollments),
    initialQuery(coursesQuery, data.courses),
    initialQuery(learnerProgressQuery, data.figures),
    initialQuery(myCertificatesQuery, data.certificates),
    ...data.modules.map(({ courseId, modules }) => initialQuery(modulesWithProgressQuery(courseId), modules)),
  ];
  return (
    <AppRoot initialData={initialData}>
      <SiteHeaderControls>
        <DashboardView user={data.user} chat={<ChatPanelHost />} />
      </SiteHeaderControls>
    </AppRoot>
  );
}
