import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/AlertDialog';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { buttonVariants } from '../../components/ui/button-variants';
import { cn } from '../../components/ui/cn';
import { QueryError, QueryState } from '../../components/ui/QueryState';
import {
  addManagerMutation,
  managersQuery,
  type PeopleFilter,
  peopleCsvUrl,
  peopleQuery,
  type Person,
  sendRemindersMutation,
  takeBackSeatMutation,
} from './company.queries';
import { formatDay, peopleFilters, personStatusLabels } from './company-rules';
import { CompanySection } from './CompanySection';
import { PersonCertificates } from './PersonCertificates';
import { EmailAddress } from '../../components/ui/EmailAddress';

const statusTone: Record<Person['status'], string> = {
  not_started: 'bg-slate-100 text-ink',
  in_progress: 'bg-brand-50 text-brand-700',
  done: 'bg-emerald-50 text-emerald-900',
};

const emptyTexts: Record<PeopleFilter, string> = {
  all: 'Ingen ansatte har tatt imot en plass ennå. Inviter dem over.',
  not_started: 'Alle har startet.',
  in_progress: 'Ingen er i gang akkurat nå.',
  done: 'Ingen har fullført ennå.',
  inactive: 'Ingen har vært inaktive de siste 14 dagene.',
};

/** A person's row actions: making them a manager (once the managers are known) and taking their seat back. */
type RowActions = (person: Person) => ReactNode;

/**
 * 'Ansatte': the people with a seat and their progress, filtered by status (with counts), the CSV
 * download, a reminder to those not started, making a person a manager and taking a seat back. A
 * table on wide screens, one card per person on a phone.
 */
export function PeopleCard({ companyId }: { companyId: string }) {
  const [filter, setFilter] = useState<PeopleFilter>('all');
  const client = useQueryClient();
  // The counts and rows already shown stay while another filter loads.
  const query = useInfiniteQuery({ ...peopleQuery(companyId, filter), placeholderData: keepPreviousData });
  // A failed 'Vis flere ansatte' keeps the pages already shown (react-query then reports an error with data).
  const list = {
    isPending: query.isPending,
    isError: query.isError && query.data === undefined,
    data: query.data,
    error: query.error,
    refetch: query.refetch,
  };
  const [takingBack, setTakingBack] = useState<Person | null>(null);
  const takeBack = useMutation(takeBackSeatMutation(client, companyId));
  const [promoting, setPromoting] = useState<Person | null>(null);
  const promote = useMutation(addManagerMutation(client, companyId));
  // The same read as the 'Ledere' card's: who is a manager already.
  const managers = useQuery(managersQuery(companyId));
  const managerIds = managers.data ? new Set(managers.data.managers.map((m) => m.userId)) : null;
  const counts = query.data?.pages[0]?.counts;
  const actions: RowActions = (person) => (
    <span className="flex flex-wrap gap-1">
      {managerIds?.has(person.userId) && <Badge className="self-center bg-brand-50 text-brand-700">Leder</Badge>}
      {managerIds && !managerIds.has(person.userId) && (
        <Button size="sm" variant="ghost" disabled={promote.isPending && promote.variables === person.userId} onClick={() => setPromoting(person)}>
          Gjør til leder<span className="sr-only"> ({person.name})</span>
        </Button>
      )}
      <Button size="sm" variant="ghost" className="text-danger" onClick={() => setTakingBack(person)}>
        Ta tilbake plassen<span className="sr-only"> til {person.name}</span>
      </Button>
    </span>
  );

  return (
    <CompanySection
      title="Ansatte"
      actions={
        <>
          <a href={peopleCsvUrl(companyId)} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            Last ned CSV
          </a>
          <ReminderButton companyId={companyId} notStarted={counts?.not_started ?? 0} />
        </>
      }
    >
      <div role="group" aria-label="Vis ansatte" className="mb-4 flex flex-wrap gap-2">
        {peopleFilters.map((f) => (
          <button
            key={f.id}
            type="button"
            aria-pressed={filter === f.id}
            onClick={() => setFilter(f.id)}
            className={cn(
              'rounded-full border px-3 py-1 text-sm font-medium',
              filter === f.id ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-ink hover:bg-slate-50',
            )}
          >
            {f.label}
            {counts && <span> ({counts[f.id]})</span>}
          </button>
        ))}
      </div>
      <QueryState
        query={list}
        loading="Laster de ansatte …"
        error="Kunne ikke hente de ansatte."
        isEmpty={(data) => data.pages.every((page) => page.people.length === 0)}
        empty={emptyTexts[filter]}
      >
        {(data) => {
          const people = data.pages.flatMap((page) => page.people);
          const total = counts?.[filter];
          return (
            <div aria-busy={query.isPlaceholderData || undefined}>
              <PeopleTable people={people} actions={actions} />
              <ul className="grid gap-3 md:hidden">
                {people.map((person) => (
                  <PersonCard key={person.seatId} person={person} actions={actions} />
                ))}
              </ul>
              {total !== undefined && total > people.length && (
                <p className="mt-3 text-sm text-slate-600" aria-live="polite">
                  Viser {people.length} av {total}.
                </p>
              )}
            </div>
          );
        }}
      </QueryState>
      {query.isFetchNextPageError && <QueryError text="Kunne ikke hente flere ansatte." onRetry={() => void query.fetchNextPage()} />}
      {query.hasNextPage && (
        <div className="mt-3">
          <Button variant="outline" size="sm" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? 'Laster …' : 'Vis flere ansatte'}
          </Button>
        </div>
      )}
      <AlertDialog open={takingBack !== null} onOpenChange={(open) => !open && setTakingBack(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Ta tilbake plassen til {takingBack?.name}?</AlertDialogTitle>
            <AlertDialogDescription>
              {takingBack?.name} mister tilgangen til kursene i pakken, og plassen blir ledig for en annen ansatt. Fremdriften blir tatt vare på, så
              den er der igjen om {takingBack?.name} får en plass senere.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Avbryt</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => takingBack && takeBack.mutate(takingBack.seatId)}>
              Ta tilbake plassen
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <AlertDialog open={promoting !== null} onOpenChange={(open) => !open && setPromoting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Gjøre {promoting?.name} til leder?</AlertDialogTitle>
            <AlertDialogDescription>
              Som leder kan {promoting?.name} invitere ansatte, ta tilbake plasser, kjøpe flere plasser og gjøre andre til ledere.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Avbryt</AlertDialogCancel>
            <AlertDialogAction onClick={() => promoting && promote.mutate(promoting.userId)}>Gjør til leder</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </CompanySection>
  );
}

/** 'Send påminnelse' to those not started, after a confirmation; the server's sentence is shown. */
function ReminderButton({ companyId, notStarted }: { companyId: string; notStarted: number }) {
  const client = useQueryClient();
  const remind = useMutation(sendRemindersMutation(client, companyId));
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={remind.isPending || notStarted === 0}>
          Send påminnelse
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Send påminnelse?</AlertDialogTitle>
          <AlertDialogDescription>
            {notStarted === 1
              ? 'Én ansatt har ikke startet ennå og får en e-post med en påminnelse og lenken til kursene.'
              : `${notStarted} ansatte har ikke startet ennå og får en e-post med en påminnelse og lenken til kursene.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Avbryt</AlertDialogCancel>
          <AlertDialogAction onClick={() => remind.mutate()}>Send påminnelse</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function CourseProgress({ person }: { person: Person }) {
  return (
    <ul className="grid gap-1" aria-label={`Fremdrift per kurs for ${person.name}`}>
      {person.courses.map((course) => (
        <li key={course.courseId} className="grid grid-cols-[minmax(0,1fr)_3rem] items-center gap-2 text-xs">
          <span className="truncate text-ink" title={course.title}>
            {course.title}
          </span>
          <span className="text-right text-muted">{Math.round(course.progressPercent)} %</span>
        </li>
      ))}
    </ul>
  );
}

function TotalProgress({ percent, name }: { percent: number; name: string }) {
  const rounded = Math.round(percent);
  return (
    <div className="grid min-w-24 gap-1">
      <span className="text-sm font-semibold text-ink">{rounded} %</span>
      <div
        role="progressbar"
        aria-label={`Total fremdrift for ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        className="h-2 rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.min(100, Math.max(0, rounded))}%` }} />
      </div>
    </div>
  );
}

function StatusBadges({ person }: { person: Person }) {
  return (
    <span className="flex flex-wrap gap-1">
      <Badge className={statusTone[person.status]}>{personStatusLabels[person.status]}</Badge>
      {person.inactive && <Badge className="bg-amber-100 text-amber-900">Inaktiv</Badge>}
    </span>
  );
}

function PeopleTable({ people, actions }: { people: Person[]; actions: RowActions }) {
  const th = 'py-2 pr-3 font-medium';
  return (
    // The table scrolls inside its own region when it is wider than the screen, keyboard included.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div role="region" aria-label="Tabell: Ansatte" tabIndex={0} className="hidden overflow-x-auto md:block">
      <table className="w-full min-w-[64rem] text-left text-sm">
        <caption className="sr-only">Ansatte med plass, med fremdrift</caption>
        <thead className="border-b border-slate-200 text-muted">
          <tr>
            <th scope="col" className={th}>
              Navn
            </th>
            <th scope="col" className={th}>
              Kurs
            </th>
            <th scope="col" className={th}>
              Totalt
            </th>
            <th scope="col" className={th}>
              Sist aktiv
            </th>
            <th scope="col" className={th}>
              Fullført
            </th>
            <th scope="col" className={th}>
              Kursbevis
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Handlinger</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {people.map((person) => (
            <tr key={person.seatId} className="border-b border-slate-100 align-top last:border-0">
              <td className="py-2 pr-3">
                <span className="block font-semibold text-ink [overflow-wrap:anywhere]">{person.name}</span>
                <EmailAddress email={person.email} className="block text-muted" />
              </td>
              <td className="w-64 py-2 pr-3">
                <CourseProgress person={person} />
              </td>
              <td className="py-2 pr-3">
                <TotalProgress percent={person.progressPercent} name={person.name} />
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">{person.lastActivityAt ? formatDay(person.lastActivityAt) : 'Aldri'}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{formatDay(person.completedAt)}</td>
              <td className="w-48 py-2 pr-3">
                <PersonCertificates person={person} />
              </td>
              <td className="py-2 pr-3">
                <StatusBadges person={person} />
              </td>
              <td className="py-2">{actions(person)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PersonCard({ person, actions }: { person: Person; actions: RowActions }) {
  return (
    <li className="grid gap-3 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-ink [overflow-wrap:anywhere]">{person.name}</p>
          <p className="text-sm text-muted">
            <EmailAddress email={person.email} />
          </p>
        </div>
        <StatusBadges person={person} />
      </div>
      <TotalProgress percent={person.progressPercent} name={person.name} />
      <CourseProgress person={person} />
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted">Sist aktiv</dt>
          <dd className="text-ink">{person.lastActivityAt ? formatDay(person.lastActivityAt) : 'Aldri'}</dd>
        </div>
        <div>
          <dt className="text-muted">Fullført</dt>
          <dd className="text-ink">{formatDay(person.completedAt)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted">Kursbevis</dt>
          <dd className="text-ink">
            <PersonCertificates person={person} />
          </dd>
        </div>
      </dl>
      <div>{actions(person)}</div>
    </li>
  );
}
