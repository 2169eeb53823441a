import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { z } from 'zod';
import {
  ACCESS_REASON_MAX,
  type AccessSource,
  grantAccessBody,
  type PersonCompany,
  type PersonCourse,
  type PersonDetail,
  type PersonSummary,
  takeBackAccessBody,
} from '../../schemas/admin-shop';
import { courseIdSchema } from '../../schemas/learning';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/Dialog';
import { Field, Form, FormError, TextareaField, useSchemaForm } from '../../components/ui/form';
import { Input, Label, selectClass } from '../../components/ui/Input';
import { isBadRequest } from '../../lib/form-errors';
import { QueryState } from '../../components/ui/QueryState';
import { formatKroner, formatShortDate } from '../../lib/format';
import { roleLabels } from '../../lib/user-display';
import { OrderStatusBadge } from './OrderStatusBadge';
import { grantAccessMutation, peopleQuery, personQuery, takeBackAccessMutation } from './shop.queries';

const SEARCH_DELAY_MS = 300;

const sourceLabels: Record<AccessSource, string> = {
  free: 'Gratis',
  purchase: 'Kjøpt',
  seat: 'Bedriftsplass',
  grant: 'Gitt for hånd',
};

const companyRoleLabels: Record<PersonCompany['role'], string> = { manager: 'leder', member: 'ansatt', invited: 'invitert' };
const companiesText = (companies: PersonCompany[]) => companies.map((c) => `${c.name} (${companyRoleLabels[c.role]})`).join(', ');

/**
 * The superuser's 'Brukere' tab: a search by name, e-mail or company, and a person's page with
 * their role, companies, courses (what gives each), orders and the access given by hand, where
 * 'Gi tilgang' and 'Ta tilbake' ask for a reason.
 */
export default function PeopleTab() {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const searchId = useId();
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(search), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search]);
  const people = useQuery({ ...peopleQuery(q), placeholderData: keepPreviousData });
  if (open) return <PersonPage userId={open} onBack={() => setOpen(null)} />;
  return (
    <Card asChild className="min-w-0">
      <section aria-labelledby="people-heading">
        <CardHeader>
          <CardTitle id="people-heading">Brukere</CardTitle>
          <CardDescription>De nyeste brukerne. Søk på navn, e-post eller bedrift.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <form
            role="search"
            aria-label="Brukere"
            className="grid gap-1.5"
            onSubmit={(event) => {
              event.preventDefault();
              setQ(search);
            }}
          >
            <Label htmlFor={searchId}>Søk etter bruker</Label>
            <Input id={searchId} type="search" value={search} maxLength={200} onChange={(e) => setSearch(e.target.value)} />
          </form>
          <QueryState
            query={people}
            loading="Laster brukere …"
            error="Kunne ikke hente brukerne."
            isEmpty={(data) => data.length === 0}
            empty={q.trim() ? 'Ingen brukere passer søket.' : 'Ingen brukere ennå.'}
          >
            {(data) => (
              <ul className="grid gap-3" aria-label="Søkeresultat" aria-busy={people.isPlaceholderData || undefined}>
                {data.map((person) => (
                  <PersonRow key={person.id} person={person} onOpen={() => setOpen(person.id)} />
                ))}
              </ul>
            )}
          </QueryState>
        </CardContent>
      </section>
    </Card>
  );
}

function PersonRow({ person, onOpen }: { person: PersonSummary; onOpen: () => void }) {
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-ink [overflow-wrap:anywhere]">
          {person.name || person.email}
          <Badge variant="outline">{roleLabels[person.role]}</Badge>
          {!person.isActive && <Badge variant="destructive">Deaktivert</Badge>}
        </p>
        <p className="text-sm text-muted [overflow-wrap:anywhere]">{person.email}</p>
        {person.companies.length > 0 && <p className="text-sm text-ink [overflow-wrap:anywhere]">Bedrift: {companiesText(person.companies)}</p>}
      </div>
      <Button variant="outline" size="sm" onClick={onOpen}>
        Åpne<span className="sr-only"> {person.name || person.email}</span>
      </Button>
    </li>
  );
}

function PersonPage({ userId, onBack }: { userId: string; onBack: () => void }) {
  const detail = useQuery(personQuery(userId));
  const [takingBack, setTakingBack] = useState<PersonCourse | null>(null);
  return (
    <div className="grid gap-4">
      <Button variant="outline" size="sm" className="w-fit" onClick={onBack}>
        Tilbake til brukerne
      </Button>
      <QueryState query={detail} loading="Laster bruker …" error="Kunne ikke hente brukeren.">
        {(data) => (
          <>
            <Card asChild className="min-w-0">
              <section aria-labelledby="person-heading">
                <CardHeader>
                  <CardTitle id="person-heading" className="[overflow-wrap:anywhere]">
                    {data.person.name || data.person.email}
                  </CardTitle>
                  <CardDescription className="[overflow-wrap:anywhere]">
                    {data.person.email} · {roleLabels[data.person.role]} · registrert {formatShortDate(data.person.createdAt)}
                    {data.person.isActive ? '' : ' · deaktivert'}
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <p className="text-sm text-ink [overflow-wrap:anywhere]">
                    Bedrift: {data.person.companies.length > 0 ? companiesText(data.person.companies) : 'ingen'}
                  </p>
                </CardContent>
              </section>
            </Card>
            <Card asChild className="min-w-0">
              <section aria-labelledby="person-courses-heading">
                <CardHeader>
                  <CardTitle id="person-courses-heading">Kurs</CardTitle>
                  <CardDescription>Hva som gir tilgang til hvert kurs. Tilgang gitt for hånd står også om et kjøp refunderes.</CardDescription>
                </CardHeader>
                <CardContent className="grid gap-4">
                  {data.courses.length === 0 ? (
                    <p className="text-sm text-muted">Ingen kurs.</p>
                  ) : (
                    <ul className="grid gap-2" aria-label="Kurs">
                      {data.courses.map((course) => (
                        <li
                          key={course.courseId}
                          aria-label={course.title}
                          className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
                        >
                          <div className="min-w-0 text-sm">
                            <p className="flex flex-wrap items-center gap-2 font-medium text-ink [overflow-wrap:anywhere]">
                              {course.title}
                              {course.source ? (
                                <Badge variant="secondary">{sourceLabels[course.source]}</Badge>
                              ) : (
                                <Badge variant="outline">Ingen tilgang</Badge>
                              )}
                              {course.completedAt && <Badge variant="outline">Fullført</Badge>}
                            </p>
                            {course.grant && (
                              <p className="text-muted [overflow-wrap:anywhere]">
                                Gitt for hånd {formatShortDate(course.grant.createdAt)}
                                {course.grant.grantedBy ? ` av ${course.grant.grantedBy}` : ''}: {course.grant.reason}
                              </p>
                            )}
                          </div>
                          {(course.grant || course.source === 'grant') && (
                            <Button variant="destructive" size="sm" onClick={() => setTakingBack(course)}>
                              Ta tilbake<span className="sr-only"> tilgangen til {course.title}</span>
                            </Button>
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                  <GrantForm detail={data} />
                </CardContent>
              </section>
            </Card>
            <Card asChild className="min-w-0">
              <section aria-labelledby="person-orders-heading">
                <CardHeader>
                  <CardTitle id="person-orders-heading">Bestillinger</CardTitle>
                </CardHeader>
                <CardContent>
                  {data.orders.length === 0 ? (
                    <p className="text-sm text-muted">Ingen bestillinger.</p>
                  ) : (
                    <ul className="grid gap-2" aria-label="Bestillinger">
                      {data.orders.map((order) => (
                        <li key={order.id} className="grid gap-1 rounded-md border border-slate-200 p-2 text-sm">
                          <p className="flex flex-wrap items-center gap-2 font-medium text-ink [overflow-wrap:anywhere]">
                            {order.title}
                            <OrderStatusBadge status={order.status} />
                          </p>
                          <p className="text-muted [overflow-wrap:anywhere]">
                            {formatKroner(order.totalOre)} · {formatShortDate(order.createdAt)} · {order.reference}
                            {order.couponCode ? ` · rabattkode ${order.couponCode}` : ''}
                          </p>
                        </li>
                      ))}
                    </ul>
                  )}
                </CardContent>
              </section>
            </Card>
            {data.grants.length > 0 && (
              <Card asChild className="min-w-0">
                <section aria-labelledby="person-grants-heading">
                  <CardHeader>
                    <CardTitle id="person-grants-heading">Tilgang gitt for hånd</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <ul className="grid gap-2 text-sm" aria-label="Tilgang gitt for hånd">
                      {data.grants.map((g) => (
                        <li key={g.id} className="rounded-md border border-slate-200 p-2 [overflow-wrap:anywhere]">
                          <p className="font-medium text-ink">{g.courseTitle}</p>
                          <p className="text-muted">
                            Gitt {formatShortDate(g.createdAt)}
                            {g.grantedBy ? ` av ${g.grantedBy}` : ''}: {g.reason}
                          </p>
                          {g.revokedAt && (
                            <p className="text-muted">
                              Tatt tilbake {formatShortDate(g.revokedAt)}
                              {g.revokedBy ? ` av ${g.revokedBy}` : ''}: {g.revokedReason}
                            </p>
                          )}
                        </li>
                      ))}
                    </ul>
                  </CardContent>
                </section>
              </Card>
            )}
            {takingBack && <TakeBackDialog userId={userId} course={takingBack} onClose={() => setTakingBack(null)} />}
          </>
        )}
      </QueryState>
    </div>
  );
}

/** The server's rules, with the choice of a course asked for in the form's own words first. */
const grantFields = grantAccessBody.extend({ courseId: z.string().min(1, { error: 'Velg et kurs' }).pipe(courseIdSchema) });
type Grant = z.input<typeof grantFields>;
type TakeBack = z.input<typeof takeBackAccessBody>;
// Anything but a 400 is the mutation's toast.
const toastedUnless400 = (error: unknown) => !isBadRequest(error);

function GrantForm({ detail }: { detail: PersonDetail }) {
  const client = useQueryClient();
  const grant = useMutation(grantAccessMutation(client, detail.person.id));
  const form = useSchemaForm(grantFields, { courseId: '', reason: '' });
  const headingId = useId();
  return (
    <Form
      form={form}
      aria-labelledby={headingId}
      className="grid gap-3 rounded-md border border-slate-200 p-3"
      onError={toastedUnless400}
      onSubmit={async ({ courseId, reason }) => {
        const title = detail.catalogue.find((c) => c.id === courseId)?.title ?? courseId;
        await grant.mutateAsync({ courseId, reason, title });
        form.reset();
      }}
    >
      <h3 id={headingId} className="font-semibold text-ink">
        Gi tilgang
      </h3>
      <Field<Grant> name="courseId" label="Kurs">
        {(control) => (
          <select {...control} className={selectClass}>
            <option value="">Velg kurs</option>
            {detail.catalogue.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextareaField<Grant> name="reason" label="Begrunnelse" maxLength={ACCESS_REASON_MAX} />
      <FormError className="rounded-none border-0 bg-transparent p-0" />
      <Button type="submit" className="w-full sm:w-fit" disabled={grant.isPending}>
        {grant.isPending ? 'Gir tilgang...' : 'Gi tilgang'}
      </Button>
    </Form>
  );
}

function TakeBackDialog({ userId, course, onClose }: { userId: string; course: PersonCourse; onClose: () => void }) {
  const client = useQueryClient();
  const takeBack = useMutation(takeBackAccessMutation(client, userId));
  const form = useSchemaForm(takeBackAccessBody, { reason: '' });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Ta tilbake tilgangen?</DialogTitle>
          <DialogDescription>
            Tilgangen som ble gitt for hånd til {course.title} tas tilbake. Har personen kjøpt kurset eller en bedriftsplass, beholder de det.
            Fremdriften blir liggende.
          </DialogDescription>
        </DialogHeader>
        <Form
          form={form}
          className="grid gap-4"
          onError={toastedUnless400}
          onSubmit={async ({ reason }) => {
            await takeBack.mutateAsync({ courseId: course.courseId, reason, title: course.title });
            onClose();
          }}
        >
          <TextareaField<TakeBack> name="reason" label="Begrunnelse" maxLength={ACCESS_REASON_MAX} />
          <FormError className="rounded-none border-0 bg-transparent p-0" />
          <DialogFooter>
            <Button variant="outline" type="button" onClick={onClose} disabled={takeBack.isPending}>
              Avbryt
            </Button>
            <Button variant="destructive" type="submit" disabled={takeBack.isPending}>
              {takeBack.isPending ? 'Tar tilbake...' : 'Ta tilbake'}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
