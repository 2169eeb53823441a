import { useQueries, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { dashboardStats, progressCourseIds, reviewHref } from './dashboard-stats';
import { coursesQuery, enrollmentsQuery, modulesWithProgressQuery } from '../../lib/learning.queries';
import type { CurrentUser } from '../../schemas/auth';
import type { Course, Enrollment } from '../../schemas/learning';
import type { QueryLike } from '../../components/ui/QueryState';
import { CoursesCard, type CoursesCardData } from './CoursesCard';
import { AppHeader } from '../../components/app/AppHeader';
import { pageWidth } from '../../components/app/page-width';
import { CertificatesCard } from './CertificatesCard';
import { ReviewCard } from './ReviewCard';
import { StatCards } from './StatCards';

/**
 * The signed-in home on '/' (spec, learner side, section 2 "Route / (dashboard)"). `chat` is the
 * assistant panel beside it (the island mounts the chat feature; a feature never imports another).
 */
export function DashboardView({ user, chat }: { user: CurrentUser; chat?: ReactNode }) {
  const enrollments = useQuery(enrollmentsQuery);
  const courses = useQuery(coursesQuery);
  const progressIds = progressCourseIds(enrollments.data ?? []);
  const progress = useQueries({ queries: progressIds.map((id) => modulesWithProgressQuery(id)) });

  const progressLoaded = enrollments.isSuccess && progress.every((p) => p.isSuccess);
  const stats = progressLoaded
    ? dashboardStats(
        enrollments.data,
        progress.map((p) => p.data ?? []),
      )
    : null;

  // The 'Kurs' card reads both lists as one: pending while either is, failed if either failed.
  const coursesCard: QueryLike<CoursesCardData> = {
    isPending: enrollments.isPending || courses.isPending,
    isError: enrollments.isError || courses.isError,
    error: enrollments.error ?? courses.error,
    data: enrollments.data && courses.data ? { enrolled: enrolledCourses(enrollments.data, courses.data), catalogue: courses.data } : undefined,
    refetch: () => {
      void enrollments.refetch();
      void courses.refetch();
    },
  };

  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <div className="min-w-0 lg:flex-1">
        <a className="skip-link" href="#dashboard-innhold">
          Hopp til innhold
        </a>
        <AppHeader user={user} current="dashboard" home="logo" chatLabel="Chat" />
        <main id="dashboard-innhold" tabIndex={-1} className={`${pageWidth} space-y-6 py-6 outline-none sm:py-8`}>
          <section className="rounded-xl bg-brand-700 p-5 text-white sm:p-6">
            <h1 className="text-2xl font-bold">Hei {user.firstName}, klar for å fortsette læringen?</h1>
          </section>
          <StatCards stats={stats} />
          {/* items-start: the review card keeps its own height instead of the course list's. */}
          <div className="grid items-start gap-6 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <CoursesCard courses={coursesCard} />
            </div>
            <ReviewCard
              startHref={reviewHref(
                progressIds,
                progress.map((p) => p.data ?? []),
              )}
            />
          </div>
          <CertificatesCard />
        </main>
      </div>
      {chat}
    </div>
  );
}

/** The enrolled courses in enrollment order. */
function enrolledCourses(enrollments: Enrollment[], courses: Course[]): Course[] {
  const byId = new Map(courses.map((c) => [c.id, c]));
  return enrollments.flatMap((e) => byId.get(e.courseId) ?? []);
}
