import type { LearnerProgress } from '../../schemas/learning';
import { Card } from '../../components/ui/Card';
import { formatNumber } from '../../lib/format';

/**
 * The three figures, each from the learner's own progress (GET /api/users/me/progress), each label
 * saying what it counts: task lessons with every question answered, the minutes actually spent in
 * lessons (video watched, time on text and task lessons), and modules with every lesson completed.
 */
const cards: { key: keyof LearnerProgress; label: string }[] = [
  { key: 'completedTasks', label: 'Oppgaver besvart' },
  { key: 'minutesStudied', label: 'Minutter i leksjonene' },
  { key: 'modulesCompleted', label: 'Moduler fullført' },
];

/** The three statistics; `stats` is null while they load. */
export function StatCards({ stats }: { stats: LearnerProgress | null }) {
  return (
    // Three across on phones too: compact cards instead of three screen-wide ones.
    <dl className="grid grid-cols-3 gap-2 sm:gap-4">
      {cards.map((card) => (
        <Card key={card.key} className="flex min-w-0 flex-col-reverse p-3 sm:p-5">
          <dt className="mt-1 text-xs font-medium text-muted sm:text-sm">{card.label}</dt>
          <dd className="text-2xl font-bold text-brand-900 sm:text-3xl" data-stat={card.key}>
            {stats ? formatNumber(stats[card.key]) : <span className="text-sm font-normal text-muted sm:text-base">Laster...</span>}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
