import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { LessonType } from '../../schemas/lesson-content';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/Dialog';
import { selectClass } from '../../components/ui/Input';
import { QueryState } from '../../components/ui/QueryState';
import { countOf } from '../../lib/format';
import { lessonTypeLabels } from './admin-content';
import { type AdminLessonListItem, adminCoursesQuery, adminLessonsQuery, courseWithContentQuery, type LessonFilter } from './admin.queries';
import { EditLessonContent } from './LessonDialogs';

const TYPES: LessonType[] = ['text', 'html', 'video', 'task'];
const lessonCount = (n: number) => countOf(n, 'leksjon', 'leksjoner');

/**
 * The 'Leksjoner' tab: every lesson of every course in catalogue order, filtered by course and by
 * type, each with 'Rediger', which opens the Moduler tab's editor without first choosing its module.
 */
export function LessonsTab() {
  const [filter, setFilter] = useState<LessonFilter>({ courseId: '', type: '' });
  const [editing, setEditing] = useState<AdminLessonListItem | null>(null);
  const courses = useQuery(adminCoursesQuery);
  const lessons = useQuery({ ...adminLessonsQuery(filter), placeholderData: (previous) => previous });
  const courseId = useId();
  const typeId = useId();
  return (
    <section aria-labelledby="admin-lessons-heading" className="grid gap-4">
      <h2 id="admin-lessons-heading" className="text-xl font-semibold text-ink">
        Leksjoner
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <label htmlFor={courseId} className="text-sm font-medium text-ink">
            Kurs
          </label>
          <select id={courseId} className={selectClass} value={filter.courseId} onChange={(e) => setFilter({ ...filter, courseId: e.target.value })}>
            <option value="">Alle kurs</option>
            {courses.data?.map((course) => (
              <option key={course.id} value={course.id}>
                {course.title}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={typeId} className="text-sm font-medium text-ink">
            Type
          </label>
          <select
            id={typeId}
            className={selectClass}
            value={filter.type}
            onChange={(e) => setFilter({ ...filter, type: e.target.value as LessonFilter['type'] })}
          >
            <option value="">Alle typer</option>
            {TYPES.map((type) => (
              <option key={type} value={type}>
                {lessonTypeLabels[type]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryState
        query={lessons}
        loading="Laster leksjoner..."
        error="Kunne ikke hente leksjonene."
        isEmpty={(list) => list.length === 0}
        empty="Ingen leksjoner passer filteret."
      >
        {(list) => (
          <>
            <p className="text-sm text-muted" aria-live="polite">
              {lessonCount(list.length)}
            </p>
            <ul aria-label="Leksjoner" className="grid divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {list.map((lesson) => (
                <li key={lesson.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3">
                  <div className="grid min-w-0 flex-1 basis-56 gap-1">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="break-words font-medium text-ink">{lesson.title}</span>
                      <Badge variant="outline">{lessonTypeLabels[lesson.contentType]}</Badge>
                      {lesson.isPreview && <Badge variant="secondary">Forhåndsvisning</Badge>}
                    </span>
                    <span className="break-words text-sm text-muted">
                      {lesson.course.title} · {lesson.module.title}
                    </span>
                  </div>
                  <Button size="sm" variant="outline" aria-label={`Rediger leksjonen «${lesson.title}»`} onClick={() => setEditing(lesson)}>
                    Rediger
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing && <LessonEditor item={editing} onSaved={() => setEditing(null)} />}
      </Dialog>
    </section>
  );
}

/** Reads the lesson's course (as the Moduler tab does, and shares its cache), then shows the editor. */
function LessonEditor({ item, onSaved }: { item: AdminLessonListItem; onSaved: () => void }) {
  const query = useQuery(courseWithContentQuery(item.course.id));
  const lesson = query.data?.modules.flatMap((m) => m.lessons).find((l) => l.id === item.id);
  if (lesson) return <EditLessonContent courseId={item.course.id} lesson={lesson} onSaved={onSaved} />;
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle className="break-words">Rediger leksjon: {item.title}</DialogTitle>
        <DialogDescription>
          {query.isPending ? 'Laster leksjonen...' : query.isError ? 'Kunne ikke hente leksjonen.' : 'Fant ikke leksjonen. Den kan være slettet.'}
        </DialogDescription>
      </DialogHeader>
      {query.isError && (
        <Button variant="outline" onClick={() => void query.refetch()}>
          Prøv igjen
        </Button>
      )}
    </DialogContent>
  );
}
