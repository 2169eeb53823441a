import { describe, expect, it } from 'vitest';
import { appLinks } from './app-links';

const purchases = { href: '/kjop', label: 'Mine kjøp', page: 'purchases' };
/** The way home, first in every menu but the dashboard's own (issue 29). */
const home = { href: '/', label: 'Mine kurs', page: 'dashboard' };

describe('appLinks', () => {
  it("gives the superuser the header's 'Admin' and the menu's 'Mine kjøp' and 'Administrasjon'", () => {
    expect(appLinks('superuser', 'header')).toEqual([{ href: '/admin', label: 'Admin', page: 'admin' }]);
    expect(appLinks('superuser', 'menu')).toEqual([home, purchases, { href: '/admin', label: 'Administrasjon', page: 'admin' }]);
  });

  it("gives an admin the menu's 'Mine kjøp' and 'Administrasjon' only", () => {
    expect(appLinks('admin', 'header')).toEqual([]);
    expect(appLinks('admin', 'menu').map((l) => l.label)).toEqual(['Mine kurs', 'Mine kjøp', 'Administrasjon']);
  });

  it("gives learners and company admins no admin link, and 'Mine kjøp' in the menu", () => {
    for (const role of ['individual', 'company_admin'] as const) expect(appLinks(role, 'header')).toEqual([]);
    expect(appLinks('individual', 'menu')).toEqual([home, purchases]);
    expect(appLinks('individual', 'menu', 'dashboard')).toEqual([purchases]);
  });

  it("gives a company admin 'Bedrift' (/bedrift) in the menu after the way home, left out on that page", () => {
    expect(appLinks('company_admin', 'menu')).toEqual([home, { href: '/bedrift', label: 'Bedrift', page: 'company' }, purchases]);
    expect(appLinks('company_admin', 'menu', 'company')).toEqual([home, purchases]);
    for (const role of ['individual', 'admin', 'superuser'] as const) expect(appLinks(role, 'menu').map((l) => l.label)).not.toContain('Bedrift');
  });

  it('leaves out the page the header is on', () => {
    expect(appLinks('superuser', 'header', 'admin')).toEqual([]);
    expect(appLinks('superuser', 'menu', 'admin')).toEqual([home, purchases]);
    expect(appLinks('individual', 'menu', 'purchases')).toEqual([home]);
    expect(appLinks('superuser', 'header', 'player')).toHaveLength(1);
  });
});
