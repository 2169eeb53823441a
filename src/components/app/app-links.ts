import type { CurrentUser } from '../../schemas/auth';

type Role = CurrentUser['role'];

/** The signed-in pages a header can link to. */
export type AppPage = 'dashboard' | 'player' | 'admin' | 'purchases' | 'receipt' | 'account' | 'company';

export interface AppLink {
  href: string;
  label: string;
  page: AppPage;
}

/**
 * Which links each role gets in the app header, in one table: a button in the bar ('header') or
 * an entry in the user menu ('menu'). 'Admin' is the learner spec's dashboard button, shown to the
 * superuser only; 'Administrasjon' is the menu's way to /admin for admins and superusers. 'Mine kjøp'
 * is in every signed-in user's menu; 'Bedrift' (issue 24, /bedrift) is in a company
 * admin's. The next signed-in pages (certificates) add their rows here.
 */
const everyone: readonly Role[] = ['individual', 'company_admin', 'admin', 'superuser'];

const links: (AppLink & { place: 'header' | 'menu'; roles: readonly Role[] })[] = [
  // The way home from every other signed-in page (issue 29: the dashboard on '/').
  { place: 'menu', href: '/', label: 'Mine kurs', page: 'dashboard', roles: everyone },
  { place: 'header', href: '/admin', label: 'Admin', page: 'admin', roles: ['superuser'] },
  { place: 'menu', href: '/bedrift', label: 'Bedrift', page: 'company', roles: ['company_admin'] },
  { place: 'menu', href: '/kjop', label: 'Mine kjøp', page: 'purchases', roles: everyone },
  { place: 'menu', href: '/admin', label: 'Administrasjon', page: 'admin', roles: ['admin', 'superuser'] },
];

/** The links a role sees in one place of the header; the page it is on is left out. */
export function appLinks(role: Role, place: 'header' | 'menu', current?: AppPage): AppLink[] {
  return links
    .filter((link) => link.place === place && link.roles.includes(role) && link.page !== current)
    .map(({ href, label, page }) => ({ href, label, page }));
}
