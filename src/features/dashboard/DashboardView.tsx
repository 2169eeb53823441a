import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { courseMainAction, moreCourses, progressCourseIds, reviewHref } from './dashboard-stats';
import { coursesQuery, enrollmentsQuery, learnerProgressQuery, modulesWithProgressQuery, refreshLearnerProgress } from '../../lib/learning.queries';
import type { CurrentUser } from '../../schemas/auth';
import type { Course, ListedEnrollment } from '../../schemas/learning';
import type { QueryLike } from '../../components/ui/QueryState';
import { CoursesCard, type CoursesCardData, type EnrolledCourse } from './CoursesCard';
import { AppHeader } from '../../components/app/AppHeader';
import { pageWidth } from '../../components/app/page-width';
import { CertificatesCard } from './CertificatesCard';
import { MoreCourses } from './MoreCourses';
import { ReviewCard } from './ReviewCard';
import { StatCards } from './StatCards';

/**
 * The signed-in home on '/' (spec, learner side, section 2 "Route / (dashboard)"), inside the
 * site's header and footer: the header's right-hand side is the app's (AppHeader puts
 * the user menu there). `chat` is the assistant panel beside it (the island mounts the chat
 * feature; a feature never imports another).
 */
export function DashboardView({ user, chat }: { user: CurrentUser; chat?: ReactNode }) {
  const enrollments = useQuery(enrollmentsQuery);
  const courses = useQuery(coursesQuery);
  const figures = useQuery(learnerProgressQuery);
  const progressIds = progressCourseIds(enrollments.data ?? []);
  const progress = useQueries({ queries: progressIds.map((id) => modulesWithProgressQuery(id)) });
  useRefreshOnReturn();

  // The 'Kurs' card reads both lists as one: pending while either is, failed if either failed.
  const coursesCard: QueryLike<CoursesCardData> = {
    isPending: enrollments.isPending || courses.isPending,
    isError: enrollments.isError || courses.isError,
    error: enrollments.error ?? courses.error,
    data:
      enrollments.data && courses.data
        ? { enrolled: enrolledCourses(enrollments.data, courses.data), catalogueSize: courses.data.length }
        : undefined,
    refetch: () => {
      void enrollments.refetch();
      void courses.refetch();
    },
  };
  // A learner with no course sees the empty state and the courses to start, not a row of zeros.
  const started = enrollments.isSuccess && enrollments.data.length > 0;
  const startHref = progress.every((p) => p.isSuccess)
    ? reviewHref(
        progressIds,
        progress.map((p) => p.data ?? []),
      )
    : null;

  // The cards appear together once their first reads have settled: one at a time, each moved the
  // others about on a phone (layout shift). The certificates card sits under the fold and loads alone.
  const settled = !enrollments.isPending && !courses.isPending && !figures.isPending;

  return (
    <div className="bg-slate-50 lg:flex">
      <div className="min-w-0 lg:flex-1">
        <AppHeader user={user} current="dashboard" chatLabel="KI-assistent" />
        <div className={`${pageWidth} space-y-6 py-6 sm:py-8`}>
          <section className="rounded-xl bg-brand-700 p-5 text-white sm:p-6">
            <h1 className="text-2xl font-bold">Hei {user.firstName}, klar for å fortsette læringen?</h1>
          </section>
          {settled ? (
            <>
              {started && <StatCards stats={figures.data ?? null} />}
              {/* items-start: the review card keeps its own height instead of the course list's. */}
              <div className={started ? 'grid items-start gap-6 lg:grid-cols-3' : ''}>
                <div className="min-w-0 lg:col-span-2">
                  <CoursesCard courses={coursesCard} />
                </div>
                {started && <ReviewCard stats={figures.data ?? null} startHref={startHref} />}
              </div>
              <CertificatesCard />
              {enrollments.data && courses.data && <MoreCourses courses={moreCourses(courses.data, enrollments.data)} />}
            </>
          ) : (
            <p role="status" className="min-h-screen text-muted">
              Laster...
            </p>
          )}
        </div>
      </div>
      {/* `contents`: the panel stays a flex item of the row above (its sticky frame), placed under the site header by global.css. */}
      <div className="contents" data-dashboard-chat>
        {chat}
      </div>
    </div>
  );
}

/** The enrolled courses in enrollment order, each with its card's main button. */
function enrolledCourses(enrollments: ListedEnrollment[], courses: Course[]): EnrolledCourse[] {
  const byId = new Map(courses.map((c) => [c.id, c]));
  return enrollments.flatMap((e) => {
    const course = byId.get(e.courseId);
    return course ? [{ ...course, main: courseMainAction(e) }] : [];
  });
}

/**
 * The figures move when the learner completes a lesson: the player invalidates them in
 * its own page, and the dashboard asks again when the learner comes back to it: from another tab
 * (the page turns visible) or with the back button (a page restored from the back/forward cache).
 */
function useRefreshOnReturn() {
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => void refreshLearnerProgress(client);
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) refresh();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    window.addEventListener('pageshow', onPageShow);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pageshow', onPageShow);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [client]);
}
