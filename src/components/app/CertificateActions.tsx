import { buttonVariants } from '../ui/button-variants';
import type { MyCertificate } from '../../schemas/certificates';

/** Each link names the course for a screen reader, since a page may list several. */
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
