import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type AdminStatistics, type AdminUser, adminStatisticsQuery, adminUsersQuery, refreshStatisticsMutation, type Role } from './admin.queries';
import { roleLabels } from '../../lib/user-display';
import { RoleBadge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/Card';
import { QueryState } from '../../components/ui/QueryState';
import { AssistantUsageCard } from './AssistantUsage';
import { RecentChanges } from './RecentChanges';
import { RevenueTable } from './RevenueTable';
import { formatCreated, UserAvatar, UserGrid } from './UserGrid';
import { formatClock, formatCount } from '../../lib/format';

/** How many users 'Siste brukere' shows (spec, section 9). */
const RECENT_USERS = 5;
const ROLES: Role[] = ['superuser', 'admin', 'company_admin', 'individual'];

/** When the figures were computed (the server keeps them up to a minute), and a button for figures computed now. */
function Freshness({ computedAt }: { computedAt: string }) {
  const client = useQueryClient();
  const refresh = useMutation(refreshStatisticsMutation(client));
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
      <p aria-live="polite">
        Tallene er fra kl. <time dateTime={computedAt}>{formatClock(computedAt)}</time>
      </p>
      <Button size="sm" variant="outline" disabled={refresh.isPending} onClick={() => refresh.mutate()}>
        {refresh.isPending ? 'Oppdaterer...' : 'Oppdater tall'}
      </Button>
    </div>
  );
}

/** The superuser's 'Dashboard' tab: statistics, the assistant's usage, revenue by month, the latest changes, recent users and the user grid. */
export default function SuperuserDashboard({ currentUserId }: { currentUserId: string }) {
  const statistics = useQuery(adminStatisticsQuery);
  const users = useQuery(adminUsersQuery);
  return (
    <div className="grid gap-6">
      <QueryState query={statistics} loading="Laster statistikk..." error="Kunne ikke hente statistikken.">
        {(stats) => <Statistics stats={stats} />}
      </QueryState>
      <RevenueTable />
      <RecentChanges />
      <QueryState query={users} loading="Laster brukere..." error="Kunne ikke hente brukerne.">
        {(list) => (
          <>
            <RecentUsers users={list.slice(0, RECENT_USERS)} />
            <UserGrid users={list} currentUserId={currentUserId} />
          </>
        )}
      </QueryState>
    </div>
  );
}

function StatCard({ title, value, children }: { title: string; value: number | string; children?: ReactNode }) {
  return (
    <Card asChild>
      <section aria-label={title}>
        <h3 className="text-sm font-medium text-muted">{title}</h3>
        <p className="mt-1 text-3xl font-bold text-ink">{value}</p>
        {children && <div className="mt-1 text-sm text-muted">{children}</div>}
      </section>
    </Card>
  );
}

/** A labelled bar: 0–100 %. */
function PercentBar({ label, value }: { label: string; value: number }) {
  const rounded = Math.round(value);
  return (
    <div className="grid gap-1">
      <div className="flex justify-between text-sm">
        <span className="text-ink">{label}</span>
        <span className="font-semibold text-ink">{rounded} %</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        className="h-2.5 rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.min(100, Math.max(0, rounded))}%` }} />
      </div>
    </div>
  );
}

function Statistics({ stats }: { stats: AdminStatistics }) {
  return (
    <>
      <section aria-labelledby="stats-heading" className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="stats-heading" className="text-xl font-semibold text-ink">
            Nøkkeltall
          </h2>
          <Freshness computedAt={stats.computedAt} />
        </div>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard title="Brukere totalt" value={formatCount(stats.totalUsers)}>
            {formatCount(stats.activeUsers)} aktive, {formatCount(stats.inactiveUsers)} inaktive
          </StatCard>
          <StatCard title="Kurs" value={formatCount(stats.totalCourses)} />
          <StatCard title="Påmeldinger" value={formatCount(stats.totalEnrollments)}>
            {formatCount(stats.completedEnrollments)} fullført ({Math.round(stats.completionRate)} %)
          </StatCard>
          <StatCard title="Bedrifter" value={formatCount(stats.totalCompanies)} />
        </div>
      </section>
      <div className="grid gap-3 lg:grid-cols-2">
        <Card asChild>
          <section aria-labelledby="roles-heading">
            <CardHeader>
              <CardTitle id="roles-heading">Rollefordeling</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-2">
                {ROLES.map((role) => (
                  <li key={role} className="flex items-center justify-between gap-2">
                    <RoleBadge userRole={role} />
                    <span className="font-semibold text-ink" aria-label={`${roleLabels[role]}: ${stats.usersByRole[role] ?? 0}`}>
                      {formatCount(stats.usersByRole[role] ?? 0)}
                    </span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </section>
        </Card>
        <Card asChild>
          <section aria-labelledby="progress-heading">
            <CardHeader>
              <CardTitle id="progress-heading">Fremdrift</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <PercentBar label="Gjennomsnittlig fremdrift" value={stats.averageProgress} />
              <PercentBar label="Fullføringsgrad" value={stats.completionRate} />
            </CardContent>
          </section>
        </Card>
      </div>
      {stats.assistant && <AssistantUsageCard usage={stats.assistant} />}
    </>
  );
}

function RecentUsers({ users }: { users: AdminUser[] }) {
  return (
    <Card asChild>
      <section aria-labelledby="recent-users-heading">
        <CardHeader>
          <CardTitle id="recent-users-heading">Siste brukere</CardTitle>
        </CardHeader>
        <CardContent>
          {users.length === 0 ? (
            <p className="text-muted">Ingen brukere ennå.</p>
          ) : (
            <ul className="grid gap-3">
              {users.map((u) => (
                <li key={u.id} className="flex flex-wrap items-center gap-3">
                  <UserAvatar user={u} />
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    {/* A name may be one long word: wrap anywhere, so a phone never scrolls sideways. */}
                    <span className="font-semibold text-ink [overflow-wrap:anywhere]">
                      {u.firstName} {u.lastName}
                    </span>
                    <span className="break-all text-sm text-muted">{u.email}</span>
                  </div>
                  <RoleBadge userRole={u.role} />
                  <span className="text-sm text-muted">{formatCreated(u.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </section>
    </Card>
  );
}
