import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { moduleLessonsQuery, modulesWithProgressQuery } from '../../lib/learning.queries';
import type { Course, ModuleWithProgress } from '../../schemas/learning';
import { Card } from './Card';

const LOADING = 'Loading...';

interface EnrolledCourse {
  course: Course;
  /** Whether this course's module progress is loaded (the first three enrolled courses). */
  withProgress: boolean;
}

/** Card 'Kurs': the enrolled courses; each row expands and collapses on its own. */
export function CoursesCard({ courses, loading, error, onRetry }: {
  courses: EnrolledCourse[];
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}) {
  return (
    <Card title="Kurs">
      <div className="mt-4">
        {loading ? (
          <p className="text-muted">{LOADING}</p>
        ) : error ? (
          <LoadError text="Kunne ikke hente kursene dine." onRetry={onRetry} />
        ) : courses.length === 0 ? (
          <p className="text-muted">Ingen kurs tilgjengelig for øyeblikket.</p>
        ) : (
          <ul className="space-y-3">
            {courses.map((c) => (
              <CourseRow key={c.course.id} {...c} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <p className="text-sm text-danger" role="alert">
      {text}{' '}
      <button type="button" onClick={onRetry} className="font-semibold underline">
        Prøv igjen
      </button>
    </p>
  );
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 20 20" className={`mt-1 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}>
      <path d="M5.5 7.5 10 12l4.5-4.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A row that expands and collapses on its own: the button's and the panel's attributes. */
function useDisclosure() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return {
    open,
    button: { type: 'button' as const, 'aria-expanded': open, 'aria-controls': panelId, onClick: () => setOpen(!open) },
    panel: { id: panelId, hidden: !open },
  };
}

function CourseRow({ course, withProgress }: EnrolledCourse) {
  const { open, button, panel } = useDisclosure();
  return (
    <li className="rounded-lg border border-slate-200">
      <h3>
        <button {...button} className="flex w-full items-start gap-3 rounded-lg p-4 text-left hover:bg-slate-50">
          <span className="min-w-0 flex-1">
            <span className="flex flex-wrap items-center gap-2">
              <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900">Påmeldt</span>
              <span className="font-semibold text-ink">{course.title}</span>
            </span>
            <span className="mt-1 block text-sm text-muted">{course.description}</span>
            <span className="mt-1 block text-sm font-medium text-ink">{course.duration}</span>
          </span>
          <Chevron open={open} />
        </button>
      </h3>
      <div {...panel} className="border-t border-slate-200 p-3 sm:p-4">
        {open && <ModuleList courseId={course.id} withProgress={withProgress} />}
      </div>
    </li>
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
  if (query.isPending) return <p className="text-sm text-muted">{LOADING}</p>;
  if (query.isError) return <LoadError text="Kunne ikke hente modulene." onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <p className="text-sm text-muted">Ingen moduler tilgjengelig</p>;
  return (
    <ul className="space-y-3">
      {query.data.map((m) => (
        <ModuleRow key={m.module.id} courseId={courseId} item={m} />
      ))}
    </ul>
  );
}

function ModuleRow({ courseId, item }: { courseId: string; item: ModuleWithProgress }) {
  const { open, button, panel } = useDisclosure();
  const { module, progress } = item;
  const done = progress.percentage === 100;
  return (
    <li className="rounded-lg bg-slate-50 p-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <h4 className="min-w-0 flex-1">
          <button {...button} className="flex w-full items-start gap-2 rounded-md text-left">
            <Chevron open={open} />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-ink">{module.title}</span>
                <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-100">
                  {progress.percentage}%
                </span>
              </span>
              <span className="mt-1 block text-sm text-muted">
                {progress.completed}/{progress.total} leksjoner
              </span>
            </span>
          </button>
        </h4>
        <a
          href={`/course/${courseId}?moduleId=${module.id}`}
          className="shrink-0 self-start rounded-md bg-brand-600 px-3 py-1.5 text-center text-sm font-semibold text-white hover:bg-brand-700 sm:self-center"
          aria-label={`${done ? 'Se igjen' : 'Fortsett'}: ${module.title}`}
        >
          {done ? 'Se igjen' : 'Fortsett'}
        </a>
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
      <div {...panel} className="mt-3">
        {open && <LessonList moduleId={module.id} />}
      </div>
    </li>
  );
}

function LessonList({ moduleId }: { moduleId: string }) {
  const query = useQuery(moduleLessonsQuery(moduleId));
  if (query.isPending) return <p className="text-sm text-muted">{LOADING}</p>;
  if (query.isError) return <LoadError text="Kunne ikke hente leksjonene." onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <p className="text-sm text-muted">Ingen leksjoner tilgjengelig</p>;
  return (
    <ol className="divide-y divide-slate-200 rounded-md bg-white text-sm">
      {query.data.map((lesson) => (
        <li key={lesson.id} className="flex items-center justify-between gap-3 px-3 py-2">
          <span className="text-ink">{lesson.title}</span>
          <span className="shrink-0 text-muted">{lesson.estimatedMinutes}min</span>
        </li>
      ))}
    </ol>
  );
}
