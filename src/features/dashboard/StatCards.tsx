import type { DashboardStats } from './dashboard-stats';
import { Card } from '../../components/ui/Card';

const cards: { key: keyof DashboardStats; label: string }[] = [
  { key: 'completedTasks', label: 'Fullførte Oppgaver' },
  { key: 'minutesStudied', label: 'Minutter Studert' },
  { key: 'modulesCompleted', label: 'Moduler Fullført' },
];

/** The three statistics; `stats` is null while the progress is loading. */
export function StatCards({ stats }: { stats: DashboardStats | null }) {
  return (
    // Three across on phones too: compact cards instead of three screen-wide ones.
    <dl className="grid grid-cols-3 gap-2 sm:gap-4">
      {cards.map((card) => (
        <Card key={card.key} className="flex min-w-0 flex-col-reverse p-3 sm:p-5">
          <dt className="mt-1 text-xs font-medium text-muted sm:text-sm">{card.label}</dt>
          <dd className="text-2xl font-bold text-brand-900 sm:text-3xl" data-stat={card.key}>
            {stats ? stats[card.key] : <span className="text-sm font-normal text-muted sm:text-base">Laster...</span>}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
