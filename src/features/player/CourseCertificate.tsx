import { useQuery } from '@tanstack/react-query';
import { CertificateActions } from '../../components/app/CertificateActions';
import { myCertificatesQuery } from '../../lib/certificates.queries';
import { formatLongDate } from '../../lib/format';

/**
 * The course's certificate on its last lesson: once the course is completed, the
 * learner downloads it, opens its verification page or adds it to LinkedIn right here. Nothing
 * shows before the course is completed (or after the certificate was revoked).
 */
export function CourseCertificate({ courseId }: { courseId: string }) {
  const certificates = useQuery(myCertificatesQuery);
  const certificate = certificates.data?.find((c) => c.courseId === courseId && c.revokedAt === null);
  if (!certificate) return null;
  return (
    <section aria-labelledby="kursbevis-tittel" className="rounded-xl border border-emerald-200 bg-emerald-50 p-5">
      <h3 id="kursbevis-tittel" className="text-lg font-bold text-ink">
        Gratulerer, du har fullført kurset!
      </h3>
      <p className="mt-1 mb-4 text-sm text-ink">Kursbeviset ditt er klart (fullført {formatLongDate(certificate.completedAt)}).</p>
      <CertificateActions certificate={certificate} />
    </section>
  );
}
