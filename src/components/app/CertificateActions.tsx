import { buttonVariants } from '../ui/button-variants';
import type { MyCertificate } from '../../schemas/certificates';

/**
 * A certificate's three ways on: the PDF, the public verification page, and LinkedIn's
 * add-to-profile link. Shared by the dashboard's list and the player's last lesson; each link
 * names the course for a screen reader, since a page may list several.
 */
export function CertificateActions({ certificate, size = 'sm' }: { certificate: MyCertificate; size?: 'sm' | 'default' }) {
  const course = <span className="sr-only"> for {certificate.courseTitle}</span>;
  return (
    <div className="flex flex-wrap gap-2">
      <a href={certificate.pdfPath} download className={buttonVariants({ size })}>
        Last ned kursbevis{course}
      </a>
      <a href={certificate.verifyUrl} className={buttonVariants({ variant: 'outline', size })}>
        Se bevisets side{course}
      </a>
      <a href={certificate.linkedInUrl} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'outline', size })}>
        Del på LinkedIn{course}
        <span className="sr-only"> (åpnes i en ny fane)</span>
      </a>
    </div>
  );
}
