import type { CurrentUser } from '../../schemas/auth';
import type { CourseProgress, CourseWithContent } from '../../schemas/player';
import { AppHeader } from '../../components/app/AppHeader';
import { Badge } from '../../components/ui/Badge';
import { countOf, formatCount } from '../../lib/format';

/** The app header (back to the overview, the assistant toggle, the user menu) with the course's title, description, level and progress bar. */
export function PlayerHeader({
  user,
  course,
  progress,
}: {
  user: CurrentUser;
  course: CourseWithContent['course'];
  progress: CourseProgress | undefined;
}) {
  const percentage = progress?.percentage ?? 0;
  return (
    <AppHeader user={user} current="player" chatLabel="KI-assistent" width="mx-auto w-full max-w-7xl px-4">
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
            {progress ? `${formatCount(progress.completed)} av ${countOf(progress.total, 'leksjon', 'leksjoner')} · ${percentage} %` : 'Laster...'}
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
          {/* An SVG's own geometry, not an inline style: the page is rendered on the server, where the CSP refuses style attributes. */}
          <svg aria-hidden="true" className="block h-full w-full" viewBox="0 0 100 1" preserveAspectRatio="none">
            <rect width={percentage} height="1" className="fill-brand-600 transition-[width]" />
          </svg>
        </div>
      </div>
    </AppHeader>
  );
}
