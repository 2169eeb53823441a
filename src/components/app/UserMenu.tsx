import { lazy, startTransition, Suspense, useState } from 'react';
import type { CurrentUser } from '../../schemas/auth';
import type { AppPage } from './app-links';
import { TriggerContent, triggerClass } from './UserMenuTrigger';

/** The menu's code (Radix DropdownMenu and its positioning): asked for when the menu may be wanted, once. */
let dropdown: Promise<typeof import('./UserMenuDropdown')> | undefined;
const loadDropdown = () => (dropdown ??= import('./UserMenuDropdown'));
const UserMenuDropdown = lazy(loadDropdown);

/**
 * Avatar, the user's own name and initials, role (not for learners) and company badges, e-mail, 'Profil' and
 * 'Innstillinger' (/konto), the role's links ('Administrasjon' for admins and superusers) and
 * 'Logg ut'.
 *
 * The header is on every signed-in page's first paint, the open menu is not: until it
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
