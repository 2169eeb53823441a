import { useStore } from '@nanostores/react';
import type { CourseProgress, CourseWithContent } from '../../schemas/player';
import { $chatOpen, toggleChat } from '../../stores/ui';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';

/** Back to the overview, the course's title, description and level, the assistant toggle and the progress bar. */
export function PlayerHeader({ course, progress }: { course: CourseWithContent['course']; progress: CourseProgress | undefined }) {
  const chatOpen = useStore($chatOpen);
  const percentage = progress?.percentage ?? 0;
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl space-y-3 px-4 py-4">
        <div className="flex items-center justify-between gap-3">
          <Button asChild variant="ghost" size="sm" className="-ml-3">
            <a href="/">
              <span aria-hidden="true">←</span> Tilbake til oversikten
            </a>
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={toggleChat}
            aria-pressed={chatOpen}
            className="aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-700"
          >
            KI Assistent
          </Button>
        </div>
        <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
          <h1 className="min-w-0 text-2xl font-bold text-ink [overflow-wrap:anywhere]">{course.title}</h1>
          <Badge variant="secondary" className="mt-1.5">
            {course.level}
          </Badge>
        </div>
        <p className="text-sm text-muted">{course.description}</p>
        <div className="space-y-1">
          <div className="flex justify-between text-sm">
            <span id="kursfremdrift" className="font-medium text-ink">
              Kursfremdrift
            </span>
            <span className="text-muted" data-progress-text>
              {progress ? `${progress.completed} av ${progress.total} leksjoner · ${percentage} %` : 'Laster...'}
            </span>
          </div>
          <div
            role="progressbar"
            aria-labelledby="kursfremdrift"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percentage}
            className="h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percentage}%` }} />
          </div>
        </div>
      </div>
    </header>
  );
}
