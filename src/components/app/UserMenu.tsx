import { lazy, startTransition, Suspense, useState } from 'react';
import type { CurrentUser } from '../../schemas/auth';
import { initials } from '../../lib/user-display';
import type { AppPage } from './app-links';

/** The menu's code (Radix DropdownMenu and its positioning): asked for when the menu may be wanted, once. */
let dropdown: Promise<typeof import('./UserMenuDropdown')> | undefined;
const loadDropdown = () => (dropdown ??= import('./UserMenuDropdown'));
const UserMenuDropdown = lazy(loadDropdown);

export const triggerClass = 'flex items-center gap-2 rounded-full p-1 hover:bg-slate-100 sm:pr-3';

/**
 * Avatar, the user's own name and initials, role (not for learners) and company badges, e-mail, 'Profil' and
 * 'Innstillinger' (/konto), the role's links ('Administrasjon' for admins and superusers) and
 * 'Logg ut'.
 *
 * The header is on every signed-in page's first paint, the open menu is not (issue 26): until it
 * is first opened this is a plain button that looks the same; pointing at it or focusing it
 * starts loading the menu (UserMenuDropdown), pressing it opens the menu as soon as it is there.
 * The button stays on screen meanwhile (a transition), and the menu's own trigger takes its place.
 */
export function UserMenu({ user, current }: { user: CurrentUser; current?: AppPage }) {
  const [wanted, setWanted] = useState(false);
  if (wanted) {
    return (
      <Suspense fallback={null}>
        <UserMenuDropdown user={user} current={current} />
      </Suspense>
    );
  }
  const open = () => {
    void loadDropdown();
    startTransition(() => setWanted(true));
  };
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={triggerClass}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={open}
      onKeyDown={(e) => {
        // Radix's trigger opens on these keys too.
        if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
          e.preventDefault();
          open();
        }
      }}
    >
      <TriggerContent user={user} />
    </button>
  );
}

/** What the menu's button shows: the avatar and the name (the name only for screen readers on a phone). */
export function TriggerContent({ user }: { user: CurrentUser }) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <>
      <Avatar user={user} />
      <span className="sr-only">Brukermeny for </span>
      <span className="text-sm font-medium text-ink max-sm:sr-only">{name}</span>
    </>
  );
}

export function Avatar({ user }: { user: CurrentUser }) {
  if (user.profileImageUrl) {
    return <img src={user.profileImageUrl} alt="" width={36} height={36} className="h-9 w-9 shrink-0 rounded-full object-cover" />;
  }
  return (
    <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white">
      {initials(user.firstName, user.lastName)}
    </span>
  );
}
