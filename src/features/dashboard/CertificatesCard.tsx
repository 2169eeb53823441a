import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { CertificateActions } from '../../components/app/CertificateActions';
import { Badge } from '../../components/ui/Badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/Card';
import { QueryState } from '../../components/ui/QueryState';
import { myCertificatesQuery } from '../../lib/certificates.queries';
import { formatLongDate } from '../../lib/format';

/**
 * 'Kursbevis': the learner's certificates, newest first, each with its PDF, its public
 * verification page and LinkedIn's add-to-profile link. A revoked one says so and offers neither.
 */
export function CertificatesCard() {
  const titleId = useId();
  const certificates = useQuery(myCertificatesQuery);
  return (
    <Card asChild className="max-sm:px-3">
      <section id="kursbevis" aria-labelledby={titleId} className="scroll-mt-4">
        <CardHeader>
          <CardTitle id={titleId}>Kursbevis</CardTitle>
        </CardHeader>
        <CardContent>
          <QueryState
            query={certificates}
            loading="Laster kursbevis …"
            error="Kunne ikke hente kursbevisene dine."
            isEmpty={(data) => data.length === 0}
            empty="Når du fullfører et kurs, får du et kursbevis her som du kan laste ned og dele."
          >
            {(data) => (
              <ul className="divide-y divide-slate-100">
                {data.map((certificate) => (
                  <li key={certificate.id} className="grid gap-3 py-4 first:pt-0 last:pb-0">
                    <div className="min-w-0">
                      <p className="font-semibold text-ink [overflow-wrap:anywhere]">{certificate.courseTitle}</p>
                      <p className="text-sm text-muted">
                        Fullført {formatLongDate(certificate.completedAt)} · {certificate.courseHours} · Kode{' '}
                        <span className="font-mono">{certificate.code}</span>
                      </p>
                    </div>
                    {certificate.revokedAt ? (
                      <p>
                        <Badge className="bg-red-50 text-danger">Trukket tilbake</Badge>
                      </p>
                    ) : (
                      <CertificateActions certificate={certificate} />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </CardContent>
      </section>
    </Card>
  );
}
