import type { CurrentUser } from '../../schemas/auth';

type Role = CurrentUser['role'];

export type AppPage = 'dashboard' | 'player' | 'admin' | 'purchases' | 'receipt' | 'account' | 'company';

export interface AppLink {
  href: string;
  label: string;
  page: AppPage;
}

/** 'Admin' is the learner spec's dashboard button (superuser only); 'Administrasjon' is the menu's way to /admin. */
const everyone: readonly Role[] = ['individual', 'company_admin', 'admin', 'superuser'];

const links: (AppLink & { place: 'header' | 'menu'; roles: readonly Role[] })[] = [
  // The way home from every other signed-in page.
  { place: 'menu', href: '/', label: 'Mine kurs', page: 'dashboard', roles: everyone },
  { place: 'header', href: '/admin', label: 'Admin', page: 'admin', roles: ['superuser'] },
  { place: 'menu', href: '/bedrift', label: 'Bedrift', page: 'company', roles: ['company_admin'] },
  { place: 'menu', href: '/kjop', label: 'Mine kjøp', page: 'purchases', roles: everyone },
  { place: 'menu', href: '/admin', label: 'Administrasjon', page: 'admin', roles: ['admin', 'superuser'] },
];

export function appLinks(role: Role, place: 'header' | 'menu', current?: AppPage): AppLink[] {
  return links
    .filter((link) => link.place === place && link.roles.includes(role) && link.page !== current)
    .map(({ href, label, page }) => ({ href, label, page }));
}
