import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { lessonTypeLabels } from './admin-content';
import { courseWithContentQuery, moveMutation, renameModuleMutation } from './admin.queries';
import type { PlayerModule } from '../../schemas/player';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { QueryState } from '../../components/ui/QueryState';
import { InlineRename } from './LazyInlineRename';
import { MoveButtons } from './MoveButtons';
import { CreateLessonDialog, CreateModuleDialog, EditLessonDialog } from './LessonDialogs';
import { PUBLISHED_FIELD_HINT } from './PublishingStatus';
import { countOf } from '../../lib/format';

/** The Moduler tab: the selected course's modules and lessons, or a hint to pick a course first. */
export function ModuleList({ courseId }: { courseId: string | null }) {
  if (!courseId) return <p className="text-muted">Velg et kurs i Kurs-fanen først for å se modulene.</p>;
  return <CourseModules courseId={courseId} />;
}

function CourseModules({ courseId }: { courseId: string }) {
  const query = useQuery(courseWithContentQuery(courseId));
  const client = useQueryClient();
  const moveModule = useMutation(moveMutation(client, courseId, 'modules'));
  const moveLesson = useMutation(moveMutation(client, courseId, 'lessons'));
  return (
    <QueryState query={query} loading="Laster moduler..." error="Kunne ikke hente kursinnholdet.">
      {(course) => (
        <section aria-labelledby="admin-modules-heading" className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="admin-modules-heading" className="break-words text-xl font-semibold text-ink">
              Moduler for: {course.course.title}
            </h2>
            <CreateModuleDialog courseId={courseId} courseTitle={course.course.title} />
          </div>
          {course.modules.length === 0 ? (
            <p className="text-muted">Kurset har ingen moduler ennå.</p>
          ) : (
            <ol className="grid gap-3">
              {course.modules.map((m, index) => (
                <li key={m.module.id}>
                  <ModuleCard
                    courseId={courseId}
                    entry={m}
                    index={index}
                    count={course.modules.length}
                    movePending={moveModule.isPending || moveLesson.isPending}
                    onMoveModule={(direction) => moveModule.mutate({ id: m.module.id, direction })}
                    onMoveLesson={(id, direction) => moveLesson.mutate({ id, direction })}
                  />
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
    </QueryState>
  );
}

function ModuleCard({
  courseId,
  entry,
  index,
  count,
  movePending,
  onMoveModule,
  onMoveLesson,
}: {
  courseId: string;
  entry: PlayerModule;
  index: number;
  count: number;
  movePending: boolean;
  onMoveModule: (direction: 'up' | 'down') => void;
  onMoveLesson: (lessonId: string, direction: 'up' | 'down') => void;
}) {
  const { module, lessons } = entry;
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const rename = useMutation(renameModuleMutation(client, courseId));
  const stopEditing = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const headingId = `module-${module.id}`;
  return (
    <Card asChild>
      <article aria-labelledby={headingId}>
        {editing ? (
          <InlineRename
            label={`Nytt navn på modulen «${module.title}»`}
            hint={PUBLISHED_FIELD_HINT}
            initial={module.title}
            onCancel={stopEditing}
            onSave={(name) => rename.mutateAsync({ moduleId: module.id, name }).then(stopEditing)}
          />
        ) : (
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="grid min-w-0 gap-1">
              <h3 id={headingId} className="break-words text-base font-semibold text-ink">
                {module.title}
              </h3>
              <p className="text-sm text-muted">{countOf(lessons.length, 'leksjon', 'leksjoner')}</p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <MoveButtons what="modulen" title={module.title} index={index} count={count} pending={movePending} onMove={onMoveModule} />
              <Button
                ref={editButton}
                size="sm"
                variant="outline"
                aria-label={`Endre navn på modulen «${module.title}»`}
                onClick={() => setEditing(true)}
              >
                Endre navn
              </Button>
              <CreateLessonDialog courseId={courseId} moduleId={module.id} moduleTitle={module.title} />
            </div>
          </div>
        )}
        {lessons.length > 0 && (
          <ol aria-label={`Leksjoner i «${module.title}»`} className="mt-3 grid divide-y divide-slate-200 border-t border-slate-200">
            {lessons.map((lesson, i) => (
              <li key={lesson.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="flex min-w-0 flex-wrap items-center gap-2">
                  <span className="break-words text-sm text-ink">{lesson.title}</span>
                  <Badge variant="outline">{lessonTypeLabels[lesson.contentType]}</Badge>
                </span>
                <span className="flex items-center gap-1">
                  <MoveButtons
                    what="leksjonen"
                    title={lesson.title}
                    index={i}
                    count={lessons.length}
                    pending={movePending}
                    onMove={(direction) => onMoveLesson(lesson.id, direction)}
                  />
                  <EditLessonDialog courseId={courseId} lesson={lesson} />
                </span>
              </li>
            ))}
          </ol>
        )}
      </article>
    </Card>
  );
}
