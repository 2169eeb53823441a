import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { moduleLessonsQuery, modulesWithProgressQuery } from '../../lib/learning.queries';
import type { Course, ModuleWithProgress } from '../../schemas/learning';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/Card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '../ui/Collapsible';
import { type QueryLike, QueryState } from '../ui/QueryState';

const LOADING = 'Laster...';

export interface EnrolledCourse {
  course: Course;
  /** Whether this course's module progress is loaded (the first three enrolled courses). */
  withProgress: boolean;
}

/** Card 'Kurs': the enrolled courses; each row expands and collapses on its own. */
export function CoursesCard({ courses }: { courses: QueryLike<EnrolledCourse[]> }) {
  const titleId = useId();
  return (
    <Card asChild>
      <section aria-labelledby={titleId}>
        <CardHeader>
          <CardTitle id={titleId}>Kurs</CardTitle>
        </CardHeader>
        <CardContent>
          <QueryState
            query={courses}
            loading={LOADING}
            error="Kunne ikke hente kursene dine."
            isEmpty={(list) => list.length === 0}
            empty="Ingen kurs tilgjengelig for øyeblikket."
          >
            {(list) => (
              <ul className="space-y-3">
                {list.map((c) => (
                  <CourseRow key={c.course.id} {...c} />
                ))}
              </ul>
            )}
          </QueryState>
        </CardContent>
      </section>
    </Card>
  );
}

/** Turns over while its trigger (the `group`) is expanded. */
function Chevron() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 20 20" className="mt-1 shrink-0 transition-transform group-aria-expanded:rotate-180">
      <path d="M5.5 7.5 10 12l4.5-4.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function CourseRow({ course, withProgress }: EnrolledCourse) {
  return (
    <Collapsible asChild>
      <li className="rounded-lg border border-slate-200">
        <h3>
          <CollapsibleTrigger className="group flex w-full items-start gap-3 rounded-lg p-4 text-left hover:bg-slate-50">
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-2">
                <Badge className="bg-emerald-50 text-emerald-900">Påmeldt</Badge>
                <span className="font-semibold text-ink">{course.title}</span>
              </span>
              <span className="mt-1 block text-sm text-muted">{course.description}</span>
              <span className="mt-1 block text-sm font-medium text-ink">{course.duration}</span>
            </span>
            <Chevron />
          </CollapsibleTrigger>
        </h3>
        <CollapsibleContent className="border-t border-slate-200 p-3 sm:p-4">
          <ModuleList courseId={course.id} withProgress={withProgress} />
        </CollapsibleContent>
      </li>
    </Collapsible>
  );
}

function ModuleList({ courseId, withProgress }: { courseId: string; withProgress: boolean }) {
  const query = useQuery({ ...modulesWithProgressQuery(courseId), enabled: withProgress });
  if (!withProgress) {
    return (
      <div className="text-sm text-muted">
        <p>Ingen moduler tilgjengelig</p>
        <p className="mt-2">
          <a href={`/course/${courseId}`} className="font-semibold text-brand-700 underline">
            Gå til kurset
          </a>
        </p>
      </div>
    );
  }
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
        <ul className="space-y-3">
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
  const done = progress.percentage === 100;
  return (
    <Collapsible asChild>
      <li className="rounded-lg bg-slate-50 p-3">
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
                  {progress.completed}/{progress.total} leksjoner
                </span>
              </span>
            </CollapsibleTrigger>
          </h4>
          <Button asChild size="sm" className="shrink-0 self-start text-center sm:self-center">
            <a href={`/course/${courseId}?moduleId=${module.id}`} aria-label={`${done ? 'Se igjen' : 'Fortsett'}: ${module.title}`}>
              {done ? 'Se igjen' : 'Fortsett'}
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
              <span className="text-ink">{lesson.title}</span>
              <span className="shrink-0 text-muted">{lesson.estimatedMinutes}min</span>
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}
