import { useQuery } from '@tanstack/react-query';
import { type MouseEvent, useCallback, useEffect, useId, useState } from 'react';
import { AppHeader } from '../../components/app/AppHeader';
import { pageWidth } from '../../components/app/page-width';
import { Badge } from '../../components/ui/Badge';
import { buttonVariants } from '../../components/ui/button-variants';
import { cn } from '../../components/ui/cn';
import { QueryError, QueryState } from '../../components/ui/QueryState';
import { ApiError } from '../../lib/api';
import type { CurrentUser } from '../../schemas/auth';
import { formatCount, formatLongDateTime } from '../../lib/format';
import { trialDaysLeftText } from '../../lib/company-package';
import { buySeatsUrl, type CompanyOverview, companyQuery, managed, type Membership, membershipsQuery, type Trial } from './company.queries';
import { heldBackLine, invitationsPendingLine, memberLine } from './company-rules';
import { CompanySection } from './CompanySection';
import { InvitationsCard } from './InvitationsCard';
import { InviteCard } from './InviteCard';
import { ManagersCard } from './ManagersCard';
import { PeopleCard } from './PeopleCard';
import { formatOrgNumber } from '../../lib/org-number';

/** The address's parameter naming the company shown: `/bedrift?bedrift=<id>`. */
const PARAM = 'bedrift';
const readChoice = () => new URLSearchParams(window.location.search).get(PARAM);

/**
 * The manager's view on /bedrift, for the managers of a company: the seats, inviting
 * employees (a pasted list or a CSV file, previewed before anything is sent), the invitations, the
 * managers, and the employees' progress with filters, the CSV download, reminders and taking a seat
 * back. Who may manage which company comes from the caller's memberships (GET /api/companies); a
 * manager of several chooses one, and the address keeps the choice.
 */
export function CompanyView({ user }: { user: CurrentUser }) {
  return (
    <>
      <AppHeader user={user} current="company" />
      <main id="innhold" className={`${pageWidth} py-6 sm:py-8`}>
        <Companies userId={user.id} />
      </main>
    </>
  );
}

function Companies({ userId }: { userId: string }) {
  const query = useQuery(membershipsQuery);
  const [chosen, choose] = useChosenCompany();
  return (
    <QueryState query={query} loading="Laster bedriften …" error="Kunne ikke hente bedriftene dine.">
      {({ companies }) => {
        const mine = managed(companies);
        const current = mine.find((company) => company.id === chosen) ?? mine[0];
        if (!current) return <NotForYou memberOf={companies.map((company) => company.name)} />;
        return (
          <div className="grid gap-6">
            {mine.length > 1 && <CompanyChooser companies={mine} current={current.id} onChoose={choose} />}
            {/* A company of its own: nothing typed or filtered for one is left for the next. */}
            <CompanyPage key={current.id} companyId={current.id} userId={userId} />
          </div>
        );
      }}
    </QueryState>
  );
}

/** The company named in the address, following back and forward; choosing one adds a history entry. */
function useChosenCompany(): [string | null, (companyId: string) => void] {
  const [chosen, setChosen] = useState(readChoice);
  useEffect(() => {
    const onPop = () => setChosen(readChoice());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const choose = useCallback((companyId: string) => {
    const url = new URL(window.location.href);
    if (url.searchParams.get(PARAM) === companyId) return;
    url.searchParams.set(PARAM, companyId);
    window.history.pushState(null, '', url);
    setChosen(companyId);
  }, []);
  return [chosen, choose];
}

/** A manager of several companies: one link per company (a real address, so a new tab works too). */
function CompanyChooser({ companies, current, onChoose }: { companies: Membership[]; current: string; onChoose: (companyId: string) => void }) {
  const labelId = useId();
  const follow = (event: MouseEvent<HTMLAnchorElement>, companyId: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onChoose(companyId);
  };
  return (
    <nav aria-labelledby={labelId}>
      <p id={labelId} className="text-sm font-semibold text-ink">
        Bedrifter du er leder for
      </p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {companies.map((company) => (
          <li key={company.id} className="min-w-0">
            <a
              href={`/bedrift?${PARAM}=${encodeURIComponent(company.id)}`}
              aria-current={company.id === current ? 'page' : undefined}
              onClick={(event) => follow(event, company.id)}
              className={cn(
                'inline-flex min-h-10 items-center rounded-full border px-4 py-1.5 text-sm font-medium [overflow-wrap:anywhere]',
                company.id === current ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-ink hover:bg-slate-50',
              )}
            >
              {company.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Someone who manages no company: what the page is for, and where a member's seat comes from. */
function NotForYou({ memberOf }: { memberOf: string[] }) {
  return (
    <div className="mx-auto flex min-h-[40vh] max-w-xl flex-col items-center justify-center gap-3 text-center">
      <h1 className="text-2xl font-bold text-ink">Denne siden er for bedriftsadministratorer</h1>
      {memberOf.length > 0 && <p className="text-ink">{memberLine(memberOf)}</p>}
      <p className="text-muted">Her følger en bedrift opp de ansattes plasser og fremdrift. Vil dere gi de ansatte kurspakken?</p>
      <a href="/nettbasert-pakke" className={buttonVariants({ className: 'mt-2' })}>
        Se Nettbaserte Kurspakker
      </a>
    </div>
  );
}

function CompanyPage({ companyId, userId }: { companyId: string; userId: string }) {
  const query = useQuery(companyQuery(companyId));
  return (
    <QueryState query={query} loading="Laster bedriften …" error={(error, retry) => <LoadFailed error={error} retry={retry} />}>
      {(overview) => (
        <div className="grid gap-6">
          <div>
            <h1 className="text-2xl font-bold break-words text-ink sm:text-3xl">{overview.company.name}</h1>
            <p className="mt-1 text-muted">
              {overview.package.title}
              {overview.company.orgNumber && ` · Org.nr. ${formatOrgNumber(overview.company.orgNumber)}`}
            </p>
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <SeatsCard overview={overview} />
            <InviteCard companyId={companyId} freeSeats={overview.seats.free} />
          </div>
          <InvitationsCard companyId={companyId} />
          <ManagersCard companyId={companyId} companyName={overview.company.name} userId={userId} />
          <PeopleCard companyId={companyId} />
        </div>
      )}
    </QueryState>
  );
}

function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const gone = error instanceof ApiError && error.status === 404;
  return <QueryError text={gone ? 'Fant ikke bedriften, eller du er ikke lenger leder i den.' : 'Kunne ikke laste bedriften.'} onRetry={retry} />;
}

function SeatsCard({ overview }: { overview: CompanyOverview }) {
  const { seats } = overview;
  const figures = [
    { label: 'Totalt', value: seats.total },
    { label: 'Brukt', value: seats.used },
    { label: 'Ledige', value: seats.free },
  ];
  return (
    <CompanySection title="Plasser" description={overview.invitationsPending > 0 ? invitationsPendingLine(overview.invitationsPending) : undefined}>
      <dl className="grid grid-cols-3 gap-3">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-sm text-muted">{figure.label}</dt>
            <dd className="text-2xl font-bold text-ink">{formatCount(figure.value)}</dd>
          </div>
        ))}
      </dl>
      {!overview.approval.approved && seats.heldBack > 0 && (
        <div className="mt-4 grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-ink">
          <Badge className="bg-amber-100 text-amber-900">Venter på godkjenning</Badge>
          <p>{heldBackLine(seats.heldBack)}</p>
        </div>
      )}
      {overview.trial && overview.trial.status !== 'converted' && <TrialNote trial={overview.trial} />}
      <a
        href={buySeatsUrl(overview.company.id)}
        className={buttonVariants({ variant: overview.trial?.status === 'active' ? 'default' : 'secondary', className: 'mt-4' })}
      >
        {overview.trial && overview.trial.status !== 'converted' ? 'Kjøp plasser' : 'Kjøp flere plasser'}
      </a>
    </CompanySection>
  );
}

/** The free trial: the days left while it runs, and what its end means; once over, that it is. */
function TrialNote({ trial }: { trial: Trial }) {
  if (trial.status === 'ended') {
    return (
      <div className="mt-4 grid gap-2 rounded-md border border-slate-300 bg-slate-50 p-3 text-sm text-ink">
        <p className="font-semibold">Prøveperioden er over</p>
        <p>Dere har ikke betalt noe. Fremdriften til de ansatte er lagret, og de kan fortsette der de slapp når dere kjøper plasser.</p>
      </div>
    );
  }
  return (
    <div className="mt-4 grid gap-2 rounded-md border border-brand-600 bg-brand-50 p-3 text-sm text-ink">
      <Badge className="w-fit bg-brand-100 text-brand-900">Gratis prøveperiode</Badge>
      <p className="text-base font-semibold">{trialDaysLeftText(trial.daysLeft)}</p>
      <p>
        Prøveperioden slutter {formatLongDateTime(new Date(trial.endsAt))}. Kjøper dere plasser før det, beholder de ansatte tilgangen uten opphold.
        Ellers slutter den av seg selv: tilgangen til kursene tas tilbake, fremdriften lagres, og dere betaler ingenting.
      </p>
    </div>
  );
}
