import { useId, useState } from 'react';
import type { OrderedLesson } from './player-lessons';
import { searchForLesson } from './player-lessons';
import { cn } from '../../components/ui/cn';

/**
 * The course's modules and lessons with a tick for each completed lesson. A list of
 * links (`?lessonId=`); on small screens it folds away behind a button.
 */
export function LessonOutline({
  lessons,
  currentIndex,
  onSelect,
  search,
}: {
  lessons: OrderedLesson[];
  currentIndex: number;
  onSelect: (index: number) => void;
  search: string;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const groups: { moduleId: string; title: string; items: { item: OrderedLesson; index: number }[] }[] = [];
  lessons.forEach((item, index) => {
    const last = groups.at(-1);
    if (last?.moduleId === item.moduleId) last.items.push({ item, index });
    else groups.push({ moduleId: item.moduleId, title: item.moduleTitle, items: [{ item, index }] });
  });
  const done = lessons.filter((l) => l.lesson.completed).length;

  return (
    <nav aria-label="Kursinnhold" className="lg:order-none">
      <div className="rounded-xl border border-slate-200 bg-white p-4 lg:sticky lg:top-4">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center justify-between gap-2 rounded-md text-left font-semibold text-ink lg:hidden"
        >
          <span>
            Kursinnhold{' '}
            <span className="text-sm font-normal text-muted">
              ({done}/{lessons.length})
            </span>
          </span>
          <span aria-hidden="true">{open ? '▲' : '▼'}</span>
        </button>
        <h2 className="hidden font-semibold text-ink lg:block">
          Kursinnhold{' '}
          <span className="text-sm font-normal text-muted">
            ({done}/{lessons.length})
          </span>
        </h2>
        <div id={listId} className={cn('mt-3 space-y-4', open ? 'block' : 'hidden', 'lg:block')}>
          {groups.map((g) => (
            <div key={g.moduleId}>
              <h3 className="text-xs font-semibold uppercase tracking-wide text-muted">{g.title}</h3>
              <ol className="mt-1 space-y-0.5">
                {g.items.map(({ item, index }) => {
                  const current = index === currentIndex;
                  return (
                    <li key={item.lesson.id}>
                      <a
                        href={searchForLesson(search, item.lesson.id)}
                        aria-current={current ? 'true' : undefined}
                        onClick={(e) => {
                          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                          e.preventDefault();
                          setOpen(false);
                          onSelect(index);
                        }}
                        className={cn(
                          'flex items-start gap-2 rounded-md px-2 py-1.5 text-sm text-ink hover:bg-slate-100',
                          current && 'bg-brand-50 font-semibold text-brand-700',
                        )}
                      >
                        <span
                          aria-hidden="true"
                          className={cn('mt-0.5 w-4 shrink-0 text-center', item.lesson.completed ? 'text-brand-700' : 'text-slate-400')}
                        >
                          {item.lesson.locked ? '🔒' : item.lesson.completed ? '✓' : '○'}
                        </span>
                        <span className="min-w-0">
                          {item.lesson.title}
                          {item.lesson.completed && <span className="sr-only"> (fullført)</span>}
                          {item.lesson.locked && <span className="sr-only"> (låst)</span>}
                        </span>
                      </a>
                    </li>
                  );
                })}
              </ol>
            </div>
          ))}
        </div>
      </div>
    </nav>
  );
}
