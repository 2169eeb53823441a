import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AppHeader } from '../../components/app/AppHeader';
import { pageWidth } from '../../components/app/page-width';
import { QueryState } from '../../components/ui/QueryState';
import { clearSignedInHint } from '../../lib/signed-in-hint';
import type { CurrentUser } from '../../schemas/auth';
import { accountQuery } from './account.queries';
import { AccountSection } from './AccountSection';
import { DataCard } from './DataCard';
import { EmailCard } from './EmailCard';
import { PasswordCard } from './PasswordCard';
import { ProfileCard } from './ProfileCard';
import { RemindersCard } from './RemindersCard';
import { SessionsCard } from './SessionsCard';

export interface AccountViewProps {
  user: CurrentUser;
  /** Full-page navigation (after signing this browser out or deleting the account); replaceable in tests. */
  navigate?: (url: string) => void;
}

const assign = (url: string) => window.location.assign(url);

/**
 * 'Min konto' on /konto: profile, e-mail, password, the signed-in browsers, the way to
 * the purchases, the e-mail reminders and the account's data (download, delete), one card each.
 */
export function AccountView({ user, navigate = assign }: AccountViewProps) {
  const query = useQuery(accountQuery);
  // Signed out (this browser's session ended, or the account deleted): the server has cleared the
  // session cookies; the hint goes too, so '/' shows the public page at once.
  const signedOut = () => {
    clearSignedInHint();
    navigate('/');
  };
  useScrollToHash(query.isSuccess);

  return (
    <>
      <AppHeader user={user} current="account" />
      <main id="innhold" className={`${pageWidth} py-6 sm:py-8`}>
        <div className="mx-auto grid max-w-3xl gap-6">
          <h1 className="text-2xl font-bold text-ink sm:text-3xl">Min konto</h1>
          <QueryState query={query} loading="Laster kontoen din …" error="Kunne ikke laste kontoen din.">
            {(account) => (
              <>
                <ProfileCard account={account} />
                <EmailCard account={account} />
                <PasswordCard email={account.email} hasPassword={account.hasPassword} />
                <SessionsCard signedOut={signedOut} />
                <AccountSection title="Kjøp og kvitteringer">
                  <a href="/kjop" className="font-semibold text-brand-700 underline">
                    Se kjøp og kvitteringer
                  </a>
                </AccountSection>
                <RemindersCard account={account} />
                <DataCard email={account.email} hasPassword={account.hasPassword} signedOut={signedOut} />
              </>
            )}
          </QueryState>
        </div>
      </main>
    </>
  );
}

/**
 * The cards render after the page has loaded, so the browser found no target for a fragment
 * (/konto#innstillinger from the user menu): once they are there, scroll to it and focus it.
 */
function useScrollToHash(ready: boolean): void {
  useEffect(() => {
    if (!ready || !window.location.hash) return;
    const target = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    if (!target) return;
    target.scrollIntoView?.();
    target.focus({ preventScroll: true });
  }, [ready]);
}
