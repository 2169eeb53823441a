import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { moduleLessonsQuery, modulesWithProgressQuery } from '../../lib/learning.queries';
import { countOf } from '../../lib/format';
import type { Course, ModuleWithProgress } from '../../schemas/learning';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/Card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '../../components/ui/Collapsible';
import { type QueryLike, QueryState } from '../../components/ui/QueryState';
import { ClampedText } from './ClampedText';
import { type CourseMainAction, moduleAction } from './dashboard-stats';

const LOADING = 'Laster...';

/** An enrolled course with its card's main button (the next lesson). */
export interface EnrolledCourse extends Course {
  main: CourseMainAction;
}

export interface CoursesCardData {
  /** The courses the learner is enrolled in, in enrollment order (a seat's in the package's order). */
  enrolled: EnrolledCourse[];
  /** How many courses the catalogue has ('Flere kurs' lists those not enrolled). */
  catalogueSize: number;
}

/**
 * Card 'Kurs': the enrolled courses, each row expanding and collapsing on its own. A learner
 * without enrollments sees an empty state that leads to 'Flere kurs', not a list of
 * invented figures.
 */
export function CoursesCard({ courses }: { courses: QueryLike<CoursesCardData> }) {
  const titleId = useId();
  return (
    <Card asChild className="max-sm:px-3">
      {/* #kurs: the review card's 'Se alle' leads here. */}
      <section id="kurs" aria-labelledby={titleId} className="scroll-mt-20">
        <CardHeader>
          <CardTitle id={titleId}>Kurs</CardTitle>
        </CardHeader>
        <CardContent>
          <QueryState
            query={courses}
            loading={LOADING}
            error="Kunne ikke hente kursene dine."
            isEmpty={(data) => data.enrolled.length === 0 && data.catalogueSize === 0}
            empty="Ingen kurs tilgjengelig for øyeblikket."
          >
            {({ enrolled }) =>
              enrolled.length > 0 ? (
                <ul className="space-y-3">
                  {enrolled.map((course) => (
                    <CourseRow key={course.id} course={course} />
                  ))}
                </ul>
              ) : (
                <NoCoursesYet />
              )
            }
          </QueryState>
        </CardContent>
      </section>
    </Card>
  );
}

/** The empty state: what to do next, and the way to it. */
function NoCoursesYet() {
  return (
    <div data-empty-state>
      <p className="font-medium text-ink">Du har ingen kurs ennå.</p>
      <p className="mt-1 text-sm text-muted">Velg et kurs under. Når du har startet, ser du fremdriften din her.</p>
      <Button asChild size="sm" className="mt-3">
        <a href="#flere-kurs">Finn et kurs</a>
      </Button>
    </div>
  );
}

/** Turns over while its trigger (the `group`) is expanded. */
function Chevron() {
  return (
    <svg
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 20 20"
      className="mt-0.5 shrink-0 transition-transform group-aria-expanded:rotate-180"
    >
      <path d="M5.5 7.5 10 12l4.5-4.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function CourseRow({ course }: { course: EnrolledCourse }) {
  return (
    <Collapsible asChild>
      <li className="rounded-lg border border-slate-200">
        {/* The trigger's ::after covers the whole header, so a click anywhere but 'Vis mer' and the main button toggles the row. */}
        <div className="relative rounded-lg p-3 hover:bg-slate-50 sm:p-4">
          <h3>
            <CollapsibleTrigger className="group flex w-full items-start gap-3 rounded-md text-left after:absolute after:inset-0 after:rounded-lg after:content-['']">
              <span className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
                <Badge className="bg-emerald-50 text-emerald-900">Påmeldt</Badge>
                <span className="font-semibold text-ink">{course.title}</span>
              </span>
              <Chevron />
            </CollapsibleTrigger>
          </h3>
          <ClampedText text={course.description} className="mt-1" />
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-medium text-ink">{course.duration}</p>
            {/* Above the trigger's ::after: the way into the course, to its next lesson. Named with a dash, unlike the modules' 'Fortsett: <modul>'. */}
            <Button asChild size="sm" className="relative z-10">
              <a href={course.main.href} aria-label={`${course.main.label} – ${course.title}`} data-course-main={course.id}>
                {course.main.label}
              </a>
            </Button>
          </div>
        </div>
        <CollapsibleContent className="border-t border-slate-200 px-2 py-3 sm:p-4">
          <ModuleList courseId={course.id} />
        </CollapsibleContent>
      </li>
    </Collapsible>
  );
}

/**
 * Mounted only while its course is expanded. The first three enrolled courses are already in
 * the cache (the dashboard prefetches them for the statistics); any other loads here, on expand.
 */
function ModuleList({ courseId }: { courseId: string }) {
  const query = useQuery(modulesWithProgressQuery(courseId));
  return (
    <QueryState
      query={query}
      loading={LOADING}
      error="Kunne ikke hente modulene."
      isEmpty={(modules) => modules.length === 0}
      empty="Ingen moduler tilgjengelig"
      className="text-sm"
    >
      {(modules) => (
        <ul className="space-y-2 sm:space-y-3">
          {modules.map((m) => (
            <ModuleRow key={m.module.id} courseId={courseId} item={m} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function ModuleRow({ courseId, item }: { courseId: string; item: ModuleWithProgress }) {
  const { module, progress } = item;
  const action = moduleAction(progress);
  return (
    <Collapsible asChild>
      <li className="rounded-lg bg-slate-50 p-2.5 sm:p-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <h4 className="min-w-0 flex-1">
            <CollapsibleTrigger className="group flex w-full items-start gap-2 rounded-md text-left">
              <Chevron />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-ink">{module.title}</span>
                  <Badge variant="outline" className="bg-white text-brand-700 ring-brand-100">
                    {progress.percentage}%
                  </Badge>
                </span>
                <span className="mt-1 block text-sm text-muted">
                  {progress.completed} av {countOf(progress.total, 'leksjon', 'leksjoner')} fullført
                </span>
              </span>
            </CollapsibleTrigger>
          </h4>
          <Button asChild size="sm" className="shrink-0 self-start text-center sm:self-center">
            <a href={`/course/${courseId}?moduleId=${module.id}`} aria-label={`${action}: ${module.title}`}>
              {action}
            </a>
          </Button>
        </div>
        <div
          role="progressbar"
          aria-label={`Fremdrift i ${module.title}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percentage}
          className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${progress.percentage}%` }} />
        </div>
        <CollapsibleContent className="mt-3">
          <LessonList moduleId={module.id} />
        </CollapsibleContent>
      </li>
    </Collapsible>
  );
}

function LessonList({ moduleId }: { moduleId: string }) {
  const query = useQuery(moduleLessonsQuery(moduleId));
  return (
    <QueryState
      query={query}
      loading={LOADING}
      error="Kunne ikke hente leksjonene."
      isEmpty={(lessons) => lessons.length === 0}
      empty="Ingen leksjoner tilgjengelig"
      className="text-sm"
    >
      {(lessons) => (
        <ol className="divide-y divide-slate-200 rounded-md bg-white text-sm">
          {lessons.map((lesson) => (
            <li key={lesson.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <span className="min-w-0 text-ink">{lesson.title}</span>
              <span className="shrink-0 text-muted">{lesson.estimatedMinutes} min</span>
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}
