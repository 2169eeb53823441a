import { DropdownMenu } from 'radix-ui';
import type { CurrentUser } from '../../schemas/auth';
import { roleLabels } from '../../lib/user-display';
import { Badge } from '../ui/Badge';
import { type AppPage, appLinks } from './app-links';
import { Avatar, TriggerContent, triggerClass } from './UserMenuTrigger';

const item =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-brand-50 data-[disabled]:cursor-default data-[disabled]:text-muted';

/** A chunk of its own; it opens at once (`defaultOpen`) and takes over from UserMenu's button. */
export default function UserMenuDropdown({ user, current }: { user: CurrentUser; current?: AppPage }) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      {/* The pressed button's place; Radix moves focus into the open menu, and back here when it closes. */}
      <DropdownMenu.Trigger className={triggerClass}>
        <TriggerContent user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 w-72 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
          <div className="flex items-start gap-3 px-3 py-2">
            <Avatar user={user} />
            <div className="min-w-0">
              <p className="truncate font-semibold text-ink">{name}</p>
              <p className="truncate text-sm text-muted">{user.email}</p>
              <p className="mt-2 flex flex-wrap gap-1.5">
                {/* A learner's role is the system's word, not theirs: only the roles that carry a duty are named. */}
                {user.role !== 'individual' && <Badge variant="secondary">{roleLabels[user.role]}</Badge>}
                {user.companyId && <Badge className="bg-emerald-50 text-emerald-900">Bedrift</Badge>}
              </p>
            </div>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {/* The spec gives them no action; they lead to 'Min konto'. */}
          <DropdownMenu.Item className={item} asChild>
            <a href="/konto">Profil</a>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} asChild>
            <a href="/konto#innstillinger">Innstillinger</a>
          </DropdownMenu.Item>
          {appLinks(user.role, 'menu', current).map((link) => (
            <DropdownMenu.Item key={link.href} className={item} asChild>
              <a href={link.href}>{link.label}</a>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={item} asChild>
            <a href="/api/logout">Logg ut</a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
