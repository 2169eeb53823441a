import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { z } from 'zod';
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
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/Dialog';
import { Form, FormError, TextareaField, TextField, useSchemaForm } from '../../components/ui/form';
import { QueryState } from '../../components/ui/QueryState';
import {
  type AdminCompany,
  type AdminCompanyDetail,
  type AdminCompanyOrder,
  type AdminCompanyRow,
  adminCompaniesQuery,
  adminCompanyQuery,
  approveCompanyMutation,
  type CompanyInput,
  invoiceMutation,
  saveCompanyMutation,
} from './companies.queries';
import { isBadRequest } from '../../lib/form-errors';
import { EMAIL_MAX } from '../../schemas/auth';
import { COMPANY_NAME_MAX, companyBody, INVOICE_ADDRESS_MAX, ORG_NUMBER_MAX, PO_REFERENCE_MAX } from '../../schemas/company';
import { OrderStatusBadge } from './OrderStatusBadge';
import { countOf, formatCount, formatKroner, formatShortDateTime } from '../../lib/format';
import { formatOrgNumber } from '../../lib/org-number';

const personStatus = { not_started: 'Ikke startet', in_progress: 'I gang', done: 'Fullført' } as const;

/**
 * The superuser's 'Bedrifter' tab, a lazy chunk: every company with its seats and
 * people, 'Ny bedrift', and a company's detail (edit, seats, people, orders; an invoiced order can
 * be marked as paid or cancelled after a confirmation). The table scrolls inside itself on a phone.
 */
export default function CompaniesTab() {
  const query = useQuery(adminCompaniesQuery);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<AdminCompanyRow | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Card asChild className="min-w-0">
      <section aria-labelledby="companies-heading">
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle id="companies-heading">Bedrifter</CardTitle>
            <CardDescription>Bedrifter med plasser i kurspakken. Velg en bedrift for å se plasser, ansatte og ordrer.</CardDescription>
          </div>
          <Button onClick={() => setCreating(true)}>Ny bedrift</Button>
        </CardHeader>
        <CardContent>
          <QueryState
            query={query}
            loading="Laster bedrifter..."
            error="Kunne ikke hente bedriftene."
            isEmpty={(data) => data.companies.length === 0}
            empty="Ingen bedrifter ennå."
          >
            {({ companies }) => (
              <CompanyTable
                companies={companies}
                onOpen={(company, button) => {
                  opener.current = button;
                  setOpen(company);
                }}
              />
            )}
          </QueryState>
        </CardContent>
        <Dialog open={creating} onOpenChange={setCreating}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Ny bedrift</DialogTitle>
              <DialogDescription>Bedriften får plasser når den kjøper dem, eller når en faktura er registrert.</DialogDescription>
            </DialogHeader>
            {creating && <CompanyForm company={null} onDone={() => setCreating(false)} />}
          </DialogContent>
        </Dialog>
        <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
          <DialogContent
            className="max-w-3xl"
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              opener.current?.focus();
            }}
          >
            {open && <CompanyDetail row={open} />}
          </DialogContent>
        </Dialog>
      </section>
    </Card>
  );
}

function CompanyTable({ companies, onOpen }: { companies: AdminCompanyRow[]; onOpen: (company: AdminCompanyRow, button: HTMLElement) => void }) {
  const th = 'py-2 pr-3 font-medium';
  return (
    // The table scrolls inside its own region when it is wider than the screen, keyboard included.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div role="region" aria-label="Tabell: Bedrifter" tabIndex={0} className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Bedrifter</caption>
        <thead className="border-b border-slate-200 text-muted">
          <tr>
            <th scope="col" className={th}>
              Navn
            </th>
            <th scope="col" className={th}>
              Org.nr.
            </th>
            <th scope="col" className={`${th} text-right`}>
              Plasser brukt / totalt
            </th>
            <th scope="col" className={`${th} text-right`}>
              Personer
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Detaljer</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {companies.map((company) => (
            <tr key={company.id} className="border-b border-slate-100 align-top last:border-0">
              <td className="py-2 pr-3 font-semibold text-ink [overflow-wrap:anywhere]">
                {company.name}
                {!company.approved && (
                  <Badge variant="outline" className="ml-2 font-normal">
                    Venter på godkjenning
                  </Badge>
                )}
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">{company.orgNumber ? formatOrgNumber(company.orgNumber) : '–'}</td>
              <td className="py-2 pr-3 text-right whitespace-nowrap">
                {formatCount(company.seatsUsed)} / {formatCount(company.seatsTotal)}
              </td>
              <td className="py-2 pr-3 text-right">{formatCount(company.people)}</td>
              <td className="py-2">
                <Button size="sm" variant="outline" onClick={(event) => onOpen(company, event.currentTarget)}>
                  Detaljer<span className="sr-only"> for {company.name}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type CompanyFields = z.input<typeof companyBody>;

/** The company's fields: 'Ny bedrift' (company null) or the edit of one; the server's rules, its 400 messages under their fields. */
function CompanyForm({ company, onDone }: { company: AdminCompany | null; onDone: () => void }) {
  const client = useQueryClient();
  const save = useMutation(saveCompanyMutation(client, company?.id ?? null));
  const form = useSchemaForm(companyBody, {
    name: company?.name ?? '',
    orgNumber: company?.orgNumber ?? '',
    invoiceEmail: company?.invoiceEmail ?? '',
    invoiceAddress: company?.invoiceAddress ?? '',
    poReference: company?.poReference ?? '',
  });
  const submit = async (values: CompanyFields) => {
    const poReference = values.poReference?.trim() ?? '';
    const input: CompanyInput = {
      name: values.name.trim(),
      orgNumber: values.orgNumber.trim(),
      invoiceEmail: values.invoiceEmail.trim(),
      invoiceAddress: values.invoiceAddress.trim(),
      ...(poReference ? { poReference } : {}),
    };
    await save.mutateAsync(input);
    onDone();
  };
  return (
    // Anything but a 400 is the mutation's toast.
    <Form form={form} className="grid gap-4" onSubmit={submit} onError={(error) => !isBadRequest(error)}>
      <TextField<CompanyFields> name="name" label="Navn" required maxLength={COMPANY_NAME_MAX} autoComplete="organization" />
      <TextField<CompanyFields> name="orgNumber" label="Organisasjonsnummer" required maxLength={ORG_NUMBER_MAX} inputMode="numeric" />
      <TextField<CompanyFields> name="invoiceEmail" label="E-post for faktura" type="email" required maxLength={EMAIL_MAX} />
      <TextareaField<CompanyFields> name="invoiceAddress" label="Fakturaadresse" required maxLength={INVOICE_ADDRESS_MAX} rows={3} />
      <TextField<CompanyFields> name="poReference" label="Innkjøpsreferanse (valgfritt)" maxLength={PO_REFERENCE_MAX} />
      <FormError className="rounded-none border-0 bg-transparent p-0" />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Avbryt
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Lagrer...' : company ? 'Lagre endringene' : 'Opprett bedriften'}
        </Button>
      </DialogFooter>
    </Form>
  );
}

function CompanyDetail({ row }: { row: AdminCompanyRow }) {
  const query = useQuery(adminCompanyQuery(row.id));
  const [editing, setEditing] = useState(false);
  return (
    <>
      <DialogHeader>
        <DialogTitle>{row.name}</DialogTitle>
        <DialogDescription>{row.orgNumber ? `Org.nr. ${formatOrgNumber(row.orgNumber)}` : 'Uten organisasjonsnummer'}</DialogDescription>
      </DialogHeader>
      <QueryState query={query} loading="Laster bedriften..." error="Kunne ikke hente bedriften.">
        {(detail) =>
          editing ? (
            <CompanyForm company={detail.company} onDone={() => setEditing(false)} />
          ) : (
            <DetailBody detail={detail} onEdit={() => setEditing(true)} />
          )
        }
      </QueryState>
    </>
  );
}

function DetailBody({ detail, onEdit }: { detail: AdminCompanyDetail; onEdit: () => void }) {
  const { company, seats, people, orders, approved } = detail;
  return (
    <div className="grid gap-6 text-sm">
      <section aria-labelledby="company-facts" className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="company-facts" className="font-semibold text-ink">
            Fakturaopplysninger
          </h3>
          <Button size="sm" variant="outline" onClick={onEdit}>
            Rediger
          </Button>
        </div>
        <dl className="grid gap-1 sm:grid-cols-[10rem_minmax(0,1fr)]">
          <dt className="text-muted">E-post for faktura</dt>
          <dd className="break-all">{company.invoiceEmail}</dd>
          <dt className="text-muted">Fakturaadresse</dt>
          <dd className="whitespace-pre-line">{company.invoiceAddress}</dd>
          <dt className="text-muted">Innkjøpsreferanse</dt>
          <dd>{company.poReference || '–'}</dd>
          <dt className="text-muted">Plasser</dt>
          <dd>
            {seats.used} brukt av {seats.total} ({seats.free} ledige)
          </dd>
          <dt className="text-muted">Godkjenning</dt>
          <dd>{approved ? 'Godkjent' : <Approval companyId={company.id} heldBack={seats.heldBack} />}</dd>
        </dl>
      </section>
      <section aria-labelledby="company-people" className="grid gap-2">
        <h3 id="company-people" className="font-semibold text-ink">
          Ansatte ({people.length})
        </h3>
        {people.length === 0 ? (
          <p className="text-muted">Ingen har tatt imot en plass ennå.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {people.map((person) => (
              <li key={person.seatId} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                <span className="min-w-0">
                  <span className="block font-medium text-ink [overflow-wrap:anywhere]">{person.name}</span>
                  <span className="block break-all text-muted">{person.email}</span>
                </span>
                <span className="text-muted">
                  {personStatus[person.status]} · {Math.round(person.progressPercent)} %
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="company-orders" className="grid gap-2">
        <h3 id="company-orders" className="font-semibold text-ink">
          Ordrer
        </h3>
        {orders.length === 0 ? (
          <p className="text-muted">Ingen ordrer.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {orders.map((order) => (
              <OrderRow key={order.id} order={order} companyId={company.id} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** A company nobody has vouched for: its unpaid invoice seats beyond the limit wait until a superuser approves it. */
function Approval({ companyId, heldBack }: { companyId: string; heldBack: number }) {
  const client = useQueryClient();
  const approve = useMutation(approveCompanyMutation(client, companyId));
  return (
    <div className="grid justify-items-start gap-2">
      <span>
        Venter på godkjenning
        {heldBack > 0 ? ` (${countOf(heldBack, 'plass', 'plasser')} holdes tilbake)` : ''}
      </span>
      <ConfirmInvoice
        label="Godkjenn bedriften"
        title="Godkjenne bedriften?"
        text="Gjør dette når du vet at bedriften finnes og at bestilleren kan bestille for den. Alle plassene bedriften har kjøpt på faktura, kan da brukes før fakturaen er betalt."
        pending={approve.isPending}
        onConfirm={() => approve.mutate()}
      />
    </div>
  );
}

function OrderRow({ order, companyId }: { order: AdminCompanyOrder; companyId: string }) {
  const client = useQueryClient();
  const invoice = useMutation(invoiceMutation(client, companyId));
  return (
    <li className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-ink">{order.reference}</span>
          <OrderStatusBadge status={order.status} />
        </p>
        <p className="text-muted">
          {formatShortDateTime(order.createdAt)} · {countOf(order.quantity, 'plass', 'plasser')} · {formatKroner(order.totalOre)}
        </p>
      </div>
      {order.status === 'invoiced' && (
        <div className="flex flex-wrap gap-2">
          <ConfirmInvoice
            label="Merk som betalt"
            title={`Merke ordre ${order.reference} som betalt?`}
            text="Gjør dette når betalingen er kommet inn på konto. Plassene beholdes."
            pending={invoice.isPending}
            onConfirm={() => invoice.mutate({ orderId: order.id, action: 'invoice-paid' })}
          />
          <ConfirmInvoice
            label="Kansellér faktura"
            title={`Kansellere fakturaen for ordre ${order.reference}?`}
            text={`Bedriften mister ${countOf(order.quantity, 'plass', 'plasser')}. Er alle plassene i bruk, mister de sist tildelte ansatte tilgangen. Fremdriften deres blir tatt vare på.`}
            destructive
            pending={invoice.isPending}
            onConfirm={() => invoice.mutate({ orderId: order.id, action: 'invoice-cancelled' })}
          />
        </div>
      )}
    </li>
  );
}

function ConfirmInvoice({
  label,
  title,
  text,
  destructive = false,
  pending,
  onConfirm,
}: {
  label: string;
  title: string;
  text: string;
  destructive?: boolean;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant={destructive ? 'outline' : 'default'} disabled={pending}>
          {label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{text}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Avbryt</AlertDialogCancel>
          <AlertDialogAction variant={destructive ? 'destructive' : 'default'} onClick={onConfirm}>
            {label}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
