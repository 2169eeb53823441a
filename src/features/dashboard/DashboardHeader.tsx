import { useStore } from '@nanostores/react';
import type { CurrentUser } from '../../schemas/auth';
import { $chatOpen, toggleChat } from '../../stores/ui';
import { Button } from '../../components/ui/Button';
import { DashboardLogo } from '../../components/app/Logo';
import { pageWidth } from '../../components/app/page-width';
import { UserMenu } from '../../components/app/UserMenu';

export function DashboardHeader({ user }: { user: CurrentUser }) {
  const chatOpen = useStore($chatOpen);
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className={`${pageWidth} flex h-16 items-center justify-between gap-3`}>
        <DashboardLogo />
        <div className="flex items-center gap-2">
          {user.role === 'superuser' && (
            <Button asChild variant="outline" className="px-3">
              <a href="/admin">Admin</a>
            </Button>
          )}
          <Button
            variant="outline"
            onClick={toggleChat}
            aria-pressed={chatOpen}
            className="px-3 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-700"
          >
            Chat
          </Button>
          <UserMenu user={user} />
        </div>
      </div>
    </header>
  );
}
