import { lazy, startTransition, Suspense, useState } from 'react';
import type { CurrentUser } from '../../schemas/auth';
import type { AppPage } from './app-links';
import { TriggerContent, triggerClass } from './UserMenuTrigger';

/** The menu's code (Radix DropdownMenu and its positioning): asked for when the menu may be wanted, once. */
let dropdown: Promise<typeof import('./UserMenuDropdown')> | undefined;
const loadDropdown = () => (dropdown ??= import('./UserMenuDropdown'));
const UserMenuDropdown = lazy(loadDropdown);

/** Until first opened this is a plain button that looks the same; pointing at it or focusing it loads the menu, which no first paint needs. */
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
