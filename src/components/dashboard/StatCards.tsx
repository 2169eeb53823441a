import type { DashboardStats } from '../../lib/dashboard-stats';
import { Card } from '../ui/Card';

const cards: { key: keyof DashboardStats; label: string }[] = [
  { key: 'completedTasks', label: 'Fullførte Oppgaver' },
  { key: 'minutesStudied', label: 'Minutter Studert' },
  { key: 'modulesCompleted', label: 'Moduler Fullført' },
];

/** The three statistics; `stats` is null while the progress is loading. */
export function StatCards({ stats }: { stats: DashboardStats | null }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {cards.map((card) => (
        <Card key={card.key} className="flex flex-col-reverse p-5">
          <dt className="mt-1 text-sm font-medium text-muted">{card.label}</dt>
          <dd className="text-3xl font-bold text-brand-900" data-stat={card.key}>
            {stats ? stats[card.key] : <span className="text-base font-normal text-muted">Laster...</span>}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
