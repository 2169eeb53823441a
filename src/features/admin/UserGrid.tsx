import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { type AdminUser, type AuditEntry, type Role, userRoleMutation, userStatusMutation } from './admin.queries';
import { initials, roleLabels } from '../../lib/user-display';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/AlertDialog';
import { Badge, RoleBadge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input, Label } from '../../components/ui/Input';
import { countOf, formatCount, formatNumericDate, formatShortDateTime } from '../../lib/format';

/** Users per page of the grid: it stays fast with hundreds of users. */
const USERS_PER_PAGE = 24;
const ROLES: Role[] = ['superuser', 'admin', 'company_admin', 'individual'];

/** The created date in Norwegian format, or 'Ukjent' (spec). */
export function formatCreated(value: string | null | undefined): string {
  if (!value) return 'Ukjent';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'Ukjent' : formatNumericDate(date);
}

/** Users whose name or e-mail contains the search text (case-insensitive). */
export function filterUsers(users: AdminUser[], search: string): AdminUser[] {
  const needle = search.trim().toLocaleLowerCase('nb');
  if (!needle) return users;
  return users.filter((u) => `${u.firstName} ${u.lastName}\n${u.email}`.toLocaleLowerCase('nb').includes(needle));
}

export function UserAvatar({ user }: { user: AdminUser }) {
  return (
    <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-sm font-bold text-brand-700">
      {initials(user.firstName, user.lastName)}
    </span>
  );
}

/** The user management grid: search by name or e-mail, 24 per page, status and role actions. */
export function UserGrid({ users, currentUserId }: { users: AdminUser[]; currentUserId: string }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const deferred = useDeferredValue(search);
  const searchId = useId();
  const matches = useMemo(() => filterUsers(users, deferred), [users, deferred]);
  const pages = Math.max(1, Math.ceil(matches.length / USERS_PER_PAGE));
  const current = Math.min(page, pages - 1);
  const shown = matches.slice(current * USERS_PER_PAGE, (current + 1) * USERS_PER_PAGE);
  return (
    <section aria-labelledby="users-heading" className="grid gap-3">
      <h2 id="users-heading" className="text-xl font-semibold text-ink">
        Brukere
      </h2>
      <div className="grid max-w-md gap-1.5">
        <Label htmlFor={searchId}>Søk etter navn eller e-post</Label>
        <Input
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
        />
      </div>
      <p className="text-sm text-muted" aria-live="polite">
        {matches.length === users.length
          ? countOf(users.length, 'bruker', 'brukere')
          : `${formatCount(matches.length)} av ${countOf(users.length, 'bruker', 'brukere')}`}
      </p>
      {shown.length === 0 ? (
        <p className="text-muted">Ingen brukere passer søket.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((u) => (
            <li key={u.id}>
              <UserCard user={u} self={u.id === currentUserId} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Sider med brukere" className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant="outline" disabled={current === 0} onClick={() => setPage(current - 1)}>
            Forrige side
          </Button>
          <span className="text-sm text-ink">
            Side {current + 1} av {pages}
          </span>
          <Button size="sm" variant="outline" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            Neste side
          </Button>
        </nav>
      )}
    </section>
  );
}

const actionText: Record<AuditEntry['action'], string> = {
  created: 'Opprettet',
  promoted: 'Rolle gitt',
  deactivated: 'Deaktivert',
  reactivated: 'Aktivert igjen',
  role_changed: 'Rolle endret',
  email_changed: 'E-post endret',
  password_set: 'Passord laget',
};

const valueText = (value: string | null) => {
  if (value === null) return '';
  if (value in roleLabels) return roleLabels[value as Role];
  if (value === 'true') return 'Aktiv';
  if (value === 'false') return 'Inaktiv';
  return value;
};

function AuditLine({ entry }: { entry: AuditEntry }) {
  const change = entry.fromValue !== null || entry.toValue !== null ? `: ${valueText(entry.fromValue)} → ${valueText(entry.toValue)}` : '';
  return (
    <li>
      {actionText[entry.action] ?? String(entry.action)}
      {change} ({entry.actor?.name ?? 'kommandolinjen'}, {formatShortDateTime(entry.createdAt)})
    </li>
  );
}

function UserCard({ user, self }: { user: AdminUser; self: boolean }) {
  const client = useQueryClient();
  const status = useMutation(userStatusMutation(client));
  const role = useMutation(userRoleMutation(client));
  const roleId = useId();
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <Card asChild className="grid h-full gap-3">
      <article aria-label={name}>
        <div className="flex items-start gap-3">
          <UserAvatar user={user} />
          <div className="grid min-w-0 gap-0.5">
            <h3 className="font-semibold text-ink [overflow-wrap:anywhere]">{name}</h3>
            <p className="break-all text-sm text-muted">{user.email}</p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <RoleBadge userRole={user.role} />
          <Badge variant={user.isActive ? 'secondary' : 'outline'}>{user.isActive ? 'Aktiv' : 'Inaktiv'}</Badge>
          <span className="text-sm text-muted">Opprettet {formatCreated(user.createdAt)}</span>
        </div>
        {self ? (
          <p className="text-sm text-muted">Dette er deg: egen rolle og status endres ikke her.</p>
        ) : (
          <div className="flex flex-wrap items-end gap-2">
            <div className="grid min-w-0 flex-1 basis-40 gap-1">
              <label htmlFor={roleId} className="text-sm font-medium text-ink [overflow-wrap:anywhere]">
                Rolle for {name}
              </label>
              <select
                id={roleId}
                value={user.role}
                disabled={role.isPending}
                className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-ink"
                onChange={(e) => role.mutate({ userId: user.id, role: e.target.value as Role })}
              >
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {roleLabels[r]}
                  </option>
                ))}
              </select>
            </div>
            <StatusAction
              user={user}
              name={name}
              pending={status.isPending}
              onConfirm={() => status.mutate({ userId: user.id, isActive: !user.isActive })}
            />
          </div>
        )}
        {user.audit && user.audit.length > 0 && (
          <div className="grid gap-1 border-t border-slate-200 pt-2">
            <h4 className="text-xs font-semibold text-muted">Siste endringer</h4>
            <ul className="grid gap-0.5 text-xs text-muted">
              {user.audit.map((entry) => (
                <AuditLine key={entry.id} entry={entry} />
              ))}
            </ul>
          </div>
        )}
      </article>
    </Card>
  );
}

function StatusAction({ user, name, pending, onConfirm }: { user: AdminUser; name: string; pending: boolean; onConfirm: () => void }) {
  const deactivate = user.isActive;
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          size="sm"
          variant={deactivate ? 'destructive' : 'outline'}
          disabled={pending}
          aria-label={`${deactivate ? 'Deaktiver' : 'Aktiver'} ${name}`}
        >
          {deactivate ? 'Deaktiver' : 'Aktiver'}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{deactivate ? `Deaktivere ${name}?` : `Aktivere ${name}?`}</AlertDialogTitle>
          <AlertDialogDescription>
            {deactivate
              ? 'Brukeren logges ut med en gang og kan ikke logge inn før kontoen aktiveres igjen.'
              : 'Brukeren kan logge inn igjen med sitt gamle passord.'}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Avbryt</AlertDialogCancel>
          <AlertDialogAction variant={deactivate ? 'destructive' : 'default'} onClick={onConfirm}>
            {deactivate ? 'Deaktiver' : 'Aktiver'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
