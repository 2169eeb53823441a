import type { CurrentUser } from '../schemas/auth';

export const roleLabels: Record<CurrentUser['role'], string> = {
  individual: 'Individuell',
  company_admin: 'Bedriftsadmin',
  admin: 'Administrator',
  superuser: 'Superbruker',
};

export function initials(firstName: string, lastName: string): string {
  return `${[...firstName.trim()][0] ?? ''}${[...lastName.trim()][0] ?? ''}`.toUpperCase() || '?';
}
