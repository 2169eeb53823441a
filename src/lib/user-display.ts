import type { CurrentUser } from '../schemas/auth';

/** Role labels as the admin spec names them. */
export const roleLabels: Record<CurrentUser['role'], string> = {
  individual: 'Individuell',
  company_admin: 'Bedriftsadmin',
  admin: 'Administrator',
  superuser: 'Superbruker',
};

/** Avatar initials from the user's own name. */
export function initials(firstName: string, lastName: string): string {
  return `${[...firstName.trim()][0] ?? ''}${[...lastName.trim()][0] ?? ''}`.toUpperCase() || '?';
}
