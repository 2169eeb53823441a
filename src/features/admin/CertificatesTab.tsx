import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { z } from 'zod';
import { type AdminCertificate, REVOKE_REASON_MAX, revokeBody } from '../../schemas/certificates';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/Dialog';
import { Form, FormError, TextareaField, useSchemaForm } from '../../components/ui/form';
import { Input, Label } from '../../components/ui/Input';
import { QueryState } from '../../components/ui/QueryState';
import { adminCertificatesQuery, revokeCertificateMutation } from './certificates.queries';
import { isBadRequest } from '../../lib/form-errors';
import { formatShortDate } from '../../lib/format';

const SEARCH_DELAY_MS = 300;

/**
 * The superuser's 'Kursbevis' tab, a lazy chunk of its own: the newest certificates, a
 * search by code, e-mail, name or course, and 'Trekk tilbake' with a required reason (audited; the
 * verification page then says the certificate is revoked).
 */
export default function CertificatesTab() {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [revoking, setRevoking] = useState<AdminCertificate | null>(null);
  const searchId = useId();
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(search), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search]);
  const certificates = useQuery({ ...adminCertificatesQuery(q), placeholderData: keepPreviousData });
  return (
    <Card asChild className="min-w-0">
      <section aria-labelledby="certificates-heading">
        <CardHeader>
          <CardTitle id="certificates-heading">Kursbevis</CardTitle>
          <CardDescription>De nyeste kursbevisene. Søk på kode, e-post, navn eller kurs.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <form
            role="search"
            aria-label="Kursbevis"
            className="grid gap-1.5"
            onSubmit={(event) => {
              event.preventDefault();
              setQ(search);
            }}
          >
            <Label htmlFor={searchId}>Søk</Label>
            <Input id={searchId} type="search" value={search} maxLength={200} onChange={(e) => setSearch(e.target.value)} />
          </form>
          <QueryState
            query={certificates}
            loading="Laster kursbevis …"
            error="Kunne ikke hente kursbevisene."
            isEmpty={(data) => data.length === 0}
            empty={q.trim() ? 'Ingen kursbevis passer søket.' : 'Ingen kursbevis er utstedt ennå.'}
          >
            {(data) => (
              <ul className="grid gap-3" aria-busy={certificates.isPlaceholderData || undefined}>
                {data.map((certificate) => (
                  <li
                    key={certificate.id}
                    className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
                  >
                    <div className="min-w-0">
                      <p className="font-semibold text-ink [overflow-wrap:anywhere]">
                        {certificate.learnerName} – {certificate.courseTitle}
                      </p>
                      <p className="text-sm text-muted [overflow-wrap:anywhere]">
                        {certificate.email ?? 'Slettet konto'} · fullført {formatShortDate(certificate.completedAt)} · kode{' '}
                        <span className="font-mono">{certificate.code}</span>
                      </p>
                      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                        <a className="font-medium text-brand-700 underline underline-offset-2" href={certificate.pdfPath}>
                          Åpne kursbeviset<span className="sr-only"> til {certificate.learnerName}</span>
                        </a>
                        <a className="font-medium text-brand-700 underline underline-offset-2" href={certificate.verifyPath}>
                          Kontrollsiden<span className="sr-only"> for kursbeviset til {certificate.learnerName}</span>
                        </a>
                      </p>
                      {certificate.revokedAt && (
                        <p className="mt-1 text-sm text-ink [overflow-wrap:anywhere]">
                          <Badge className="mr-2 bg-red-50 text-danger">Trukket tilbake</Badge>
                          {formatShortDate(certificate.revokedAt)}
                          {certificate.revokedBy ? ` av ${certificate.revokedBy}` : ''}: {certificate.revokedReason}
                        </p>
                      )}
                    </div>
                    {!certificate.revokedAt && (
                      <Button variant="destructive" size="sm" onClick={() => setRevoking(certificate)}>
                        Trekk tilbake<span className="sr-only"> kursbeviset til {certificate.learnerName}</span>
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
          {revoking && <RevokeDialog certificate={revoking} onClose={() => setRevoking(null)} />}
        </CardContent>
      </section>
    </Card>
  );
}

type Revocation = z.input<typeof revokeBody>;

function RevokeDialog({ certificate, onClose }: { certificate: AdminCertificate; onClose: () => void }) {
  const client = useQueryClient();
  const revoke = useMutation(revokeCertificateMutation(client));
  const form = useSchemaForm(revokeBody, { reason: '' });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Trekke tilbake kursbeviset?</DialogTitle>
          <DialogDescription>
            Kursbeviset til {certificate.learnerName} for {certificate.courseTitle} blir ugyldig, og kontrollsiden sier at det er trukket tilbake.
            Dette kan ikke angres.
          </DialogDescription>
        </DialogHeader>
        <Form
          form={form}
          className="grid gap-4"
          // Anything but a 400 is the mutation's toast.
          onError={(error) => !isBadRequest(error)}
          onSubmit={async ({ reason }) => {
            await revoke.mutateAsync({ id: certificate.id, reason });
            onClose();
          }}
        >
          <TextareaField<Revocation> name="reason" label="Begrunnelse" maxLength={REVOKE_REASON_MAX} />
          <FormError className="rounded-none border-0 bg-transparent p-0" />
          <DialogFooter>
            <Button variant="outline" type="button" onClick={onClose} disabled={revoke.isPending}>
              Avbryt
            </Button>
            <Button variant="destructive" type="submit" disabled={revoke.isPending}>
              {revoke.isPending ? 'Trekker tilbake...' : 'Trekk tilbake'}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
