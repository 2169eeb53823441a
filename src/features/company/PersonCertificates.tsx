import type { Person } from './company.queries';
import { formatDay } from './company-rules';

/**
 * A person's certificates in the manager's view: each course title linked to its public
 * verification page, with the completion date; nothing when there are none yet.
 */
export function PersonCertificates({ person }: { person: Person }) {
  if (person.certificates.length === 0) return <span className="text-muted">Ingen ennå</span>;
  return (
    <ul className="grid gap-1" aria-label={`Kursbevis for ${person.name}`}>
      {person.certificates.map((certificate) => (
        <li key={certificate.verifyUrl} className="text-xs">
          <a href={certificate.verifyUrl} className="font-medium text-brand-700 underline [overflow-wrap:anywhere]">
            {certificate.courseTitle}
          </a>{' '}
          <span className="text-muted">({formatDay(certificate.completedAt)})</span>
        </li>
      ))}
    </ul>
  );
}
