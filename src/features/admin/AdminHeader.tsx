import type { CurrentUser } from '../../schemas/auth';
import { AppLogo } from '../../components/app/AppLogo';
import { pageWidth } from '../../components/app/page-width';
import { needsEmailVerification, VerifyEmailBanner } from '../../components/app/VerifyEmailBanner';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';

/** Who is signed in, 'Til nettsiden' and 'Logg ut' in plain sight rather than behind a menu, on a phone too. */
export function AdminHeader({ user }: { user: CurrentUser }) {
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className={cn(pageWidth, 'flex min-h-16 flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2')}>
        <AppLogo />
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <p className="min-w-0 text-sm text-muted">
            <span className="max-sm:sr-only">Innlogget som </span>
            <span className="font-semibold text-ink [overflow-wrap:anywhere]">{name}</span>
          </p>
          <nav aria-label="Brukermeny" className="flex items-center gap-2">
            <Button asChild variant="outline" className="px-3">
              <a href="/">Til nettsiden</a>
            </Button>
            <Button asChild variant="ghost" className="px-3">
              <a href="/api/logout">Logg ut</a>
            </Button>
          </nav>
        </div>
      </div>
      {needsEmailVerification(user) && <VerifyEmailBanner email={user.email} className={pageWidth} />}
    </header>
  );
}
