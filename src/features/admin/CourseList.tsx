import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { type AdminCourse, adminCoursesQuery, renameCourseMutation } from './admin.queries';
import { countOf } from '../../lib/format';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { QueryState } from '../../components/ui/QueryState';
import { InlineRename } from './LazyInlineRename';
import { PUBLISHED_FIELD_HINT } from './PublishingStatus';

/** The Kurs tab: every course with its level, students, inline rename (its public page shows the name after the next publishing), 'Velg kurs' and a link to the course's public page. */
export function CourseList({ selectedId, onSelect }: { selectedId: string | null; onSelect: (course: AdminCourse) => void }) {
  const query = useQuery(adminCoursesQuery);
  return (
    <section aria-labelledby="admin-courses-heading" className="grid gap-3">
      <h2 id="admin-courses-heading" className="text-xl font-semibold text-ink">
        Kurs
      </h2>
      <QueryState query={query} loading="Laster kurs..." error="Kunne ikke hente kursene." isEmpty={(d) => d.length === 0} empty="Ingen kurs ennå.">
        {(courses) => (
          <ul className="grid gap-3">
            {courses.map((course) => (
              <li key={course.id}>
                <CourseRow course={course} selected={course.id === selectedId} onSelect={() => onSelect(course)} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function CourseRow({ course, selected, onSelect }: { course: AdminCourse; selected: boolean; onSelect: () => void }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const rename = useMutation(renameCourseMutation(client));
  const stopEditing = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  return (
    <Card className={selected ? 'border-brand-600 ring-1 ring-brand-600' : undefined}>
      {editing ? (
        <InlineRename
          label={`Nytt navn på «${course.title}»`}
          hint={PUBLISHED_FIELD_HINT}
          initial={course.title}
          onCancel={stopEditing}
          onSave={(name) => rename.mutateAsync({ courseId: course.id, name }).then(stopEditing)}
        />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <h3 className="break-words text-base font-semibold text-ink">{course.title}</h3>
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
              <Badge variant="secondary">{course.level}</Badge>
              <span>{countOf(course.students, 'student', 'studenter')}</span>
              {selected && <Badge variant="outline">Valgt</Badge>}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm" variant="ghost">
              {/* The course's public page (/{courseId}): where a new name shows after the next publishing. */}
              <a href={`/${course.id}`} aria-label={`Se kurssiden til «${course.title}»`}>
                Se kurssiden
              </a>
            </Button>
            <Button ref={editButton} size="sm" variant="outline" aria-label={`Endre navn på «${course.title}»`} onClick={() => setEditing(true)}>
              Endre navn
            </Button>
            <Button size="sm" variant={selected ? 'secondary' : 'default'} aria-label={`Velg kurs «${course.title}»`} onClick={onSelect}>
              Velg kurs
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
