import { useQuery } from '@tanstack/react-query';
import { AppHeader } from '../../components/app/AppHeader';
import { pageWidth } from '../../components/app/page-width';
import { buttonVariants } from '../../components/ui/button-variants';
import { QueryState } from '../../components/ui/QueryState';
import type { CurrentUser } from '../../schemas/auth';
import { type CompanyOverview, companyQuery } from './company.queries';
import { CompanySection } from './CompanySection';
import { InvitationsCard } from './InvitationsCard';
import { InviteCard } from './InviteCard';
import { PeopleCard } from './PeopleCard';
import { onFirstUse } from '../../lib/intl';

const numberFormat = onFirstUse(() => new Intl.NumberFormat('nb-NO'));

/**
 * The manager's view on /bedrift (issue 24), for a company's administrator: the seats, inviting
 * employees (a pasted list or a CSV file, previewed before anything is sent), the invitations, and
 * the employees' progress with filters, the CSV download, reminders and taking a seat back.
 */
export function CompanyView({ user }: { user: CurrentUser }) {
  return (
    <>
      <AppHeader user={user} current="company" />
      <main id="innhold" className={`${pageWidth} py-6 sm:py-8`}>
        {user.role === 'company_admin' ? <CompanyPage /> : <NotForYou />}
      </main>
    </>
  );
}

function NotForYou() {
  return (
    <div className="mx-auto flex min-h-[40vh] max-w-xl flex-col items-center justify-center gap-3 text-center">
      <h1 className="text-2xl font-bold text-ink">Denne siden er for bedriftsadministratorer</h1>
      <p className="text-muted">Her følger en bedrift opp de ansattes plasser og fremdrift. Vil dere gi de ansatte kurspakken?</p>
      <a href="/nettbasert-pakke" className={buttonVariants({ className: 'mt-2' })}>
        Se Nettbaserte Kurspakker
      </a>
    </div>
  );
}

function CompanyPage() {
  const query = useQuery(companyQuery);
  return (
    <QueryState query={query} loading="Laster bedriften …" error={(error, retry) => <LoadFailed error={error} retry={retry} />}>
      {(overview) => (
        <div className="grid gap-6">
          <div>
            <h1 className="text-2xl font-bold break-words text-ink sm:text-3xl">{overview.company.name}</h1>
            <p className="mt-1 text-muted">
              {overview.package.title} · Org.nr. {overview.company.orgNumber}
            </p>
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <SeatsCard overview={overview} />
            <InviteCard freeSeats={overview.seats.free} />
          </div>
          <InvitationsCard />
          <PeopleCard />
        </div>
      )}
    </QueryState>
  );
}

function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const status = (error as { status?: number } | null)?.status;
  if (status === 404) {
    return (
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold text-ink">Ingen bedrift ennå</h1>
        <p className="text-muted">Kontoen din er ikke knyttet til en bedrift. Kjøp plasser, så blir bedriften opprettet.</p>
        <p>
          <a href="/kasse/nettbasert-pakke" className={buttonVariants()}>
            Kjøp plasser
          </a>
        </p>
      </div>
    );
  }
  return (
    <p role="alert" className="text-sm text-danger">
      Kunne ikke laste bedriften.{' '}
      <button type="button" onClick={retry} className="font-semibold underline">
        Prøv igjen
      </button>
    </p>
  );
}

function SeatsCard({ overview }: { overview: CompanyOverview }) {
  const { seats } = overview;
  const figures = [
    { label: 'Totalt', value: seats.total },
    { label: 'Brukt', value: seats.used },
    { label: 'Ledige', value: seats.free },
  ];
  return (
    <CompanySection
      title="Plasser"
      description={overview.invitationsPending > 0 ? `${overview.invitationsPending} invitasjoner venter på svar.` : undefined}
    >
      <dl className="grid grid-cols-3 gap-3">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-sm text-muted">{figure.label}</dt>
            <dd className="text-2xl font-bold text-ink">{numberFormat().format(figure.value)}</dd>
          </div>
        ))}
      </dl>
      <a href="/kasse/nettbasert-pakke" className={buttonVariants({ variant: 'secondary', className: 'mt-4' })}>
        Kjøp flere plasser
      </a>
    </CompanySection>
  );
}
