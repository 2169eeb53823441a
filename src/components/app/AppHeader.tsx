import { useStore } from '@nanostores/react';
import { createContext, type ReactNode, useContext, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { CurrentUser } from '../../schemas/auth';
import { $chatOpen, toggleChat } from '../../stores/ui';
import { Button } from '../ui/Button';
import { cn } from '../ui/cn';
import { type AppPage, appLinks } from './app-links';
import { AppLogo } from './AppLogo';
import { pageWidth } from './page-width';
import { UserMenu } from './UserMenu';
import { needsEmailVerification, VerifyEmailBanner } from './VerifyEmailBanner';

export interface AppHeaderProps {
  user: CurrentUser;
  current: AppPage;
  home?: 'logo' | 'back';
  /** The assistant toggle's label ('KI-assistent'); no toggle without one. */
  chatLabel?: string;
  width?: string;
  children?: ReactNode;
}

const ServerRenderedInSite = createContext(false);

/** The server cannot reach the site header's slot (outside the island), so the controls join it right after hydration. */
export function SiteHeaderControls({ children }: { children: ReactNode }) {
  return <ServerRenderedInSite value>{children}</ServerRenderedInSite>;
}

const noSubscription = () => () => {};

function useSiteHeaderSlot(): { inSite: boolean; slot: HTMLElement | null } {
  const serverRendered = useContext(ServerRenderedInSite);
  const [found] = useState(() => (typeof document === 'undefined' ? null : document.querySelector<HTMLElement>('[data-app-header-slot]')));
  // The server's snapshot (null) while hydrating, the slot once hydrated.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => found,
    () => null,
  );
  return serverRendered ? { inSite: true, slot: hydrated } : { inSite: found !== null, slot: found };
}

export function AppHeader({ user, current, home = 'back', chatLabel, width = pageWidth, children }: AppHeaderProps) {
  const { inSite, slot } = useSiteHeaderSlot();
  // The page's preview of these controls (AppControlsPreview) leaves as the live ones arrive, before
  // the browser paints: the same size in the same place, so the header does not move.
  useLayoutEffect(() => {
    slot?.querySelector('[data-app-controls-preview]')?.remove();
  }, [slot]);
  const controls = <AppControls user={user} current={current} chatLabel={chatLabel} compact={inSite} />;
  const verify = needsEmailVerification(user) && <VerifyEmailBanner email={user.email} className={width} />;
  if (inSite) {
    return (
      <>
        {slot && createPortal(controls, slot)}
        {children && <div className={cn(width, 'space-y-3 pt-4')}>{children}</div>}
        {verify && <div className="border-b border-slate-200 bg-white">{verify}</div>}
      </>
    );
  }
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className={cn(width, 'flex min-h-16 flex-wrap items-center justify-between gap-x-3 gap-y-2 py-2')}>
        {home === 'logo' ? (
          <AppLogo />
        ) : (
          <Button asChild variant="ghost" size="sm" className="-ml-3">
            <a href="/">
              <span aria-hidden="true">←</span> Tilbake<span className="max-sm:sr-only"> til oversikten</span>
            </a>
          </Button>
        )}
        {controls}
      </div>
      {children && <div className={cn(width, 'space-y-3 pb-4')}>{children}</div>}
      {verify}
    </header>
  );
}

/** Plain markup the island's own controls replace once hydrated, so the header keeps its layout from the first paint; inert until then. */
export function AppControlsPreview(props: Pick<AppHeaderProps, 'user' | 'current' | 'chatLabel'>) {
  return (
    <div data-app-controls-preview inert aria-busy="true" className="opacity-60">
      <AppControls {...props} compact />
    </div>
  );
}

/** `compact`: in the site header, where a phone has little room. */
function AppControls({ user, current, chatLabel, compact }: Pick<AppHeaderProps, 'user' | 'current' | 'chatLabel'> & { compact: boolean }) {
  const chatOpen = useStore($chatOpen);
  return (
    <div className="flex items-center gap-2">
      {appLinks(user.role, 'header', current).map((link) => (
        // In the site header a phone finds the same link in the user menu ('Administrasjon').
        <Button key={link.href} asChild variant="outline" className={cn('px-3 whitespace-nowrap', compact && 'max-sm:hidden')}>
          <a href={link.href}>{link.label}</a>
        </Button>
      ))}
      {chatLabel && (
        <Button
          variant="outline"
          onClick={toggleChat}
          aria-pressed={chatOpen}
          className={cn(
            'px-3 whitespace-nowrap aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-700',
            compact && 'max-sm:px-2.5',
          )}
        >
          {compact && (
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 20 20" className="shrink-0">
              <path
                d="M4 4h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H9l-4 3v-3H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinejoin="round"
              />
            </svg>
          )}
          <span className={compact ? 'max-sm:sr-only' : undefined}>{chatLabel}</span>
        </Button>
      )}
      <UserMenu user={user} current={current} />
    </div>
  );
}
