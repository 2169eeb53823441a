import { describe, expect, it } from 'vitest';
import { appLinks } from './app-links';

describe('appLinks', () => {
  it("gives the superuser the header's 'Admin' and the menu's 'Administrasjon'", () => {
    expect(appLinks('superuser', 'header')).toEqual([{ href: '/admin', label: 'Admin', page: 'admin' }]);
    expect(appLinks('superuser', 'menu')).toEqual([{ href: '/admin', label: 'Administrasjon', page: 'admin' }]);
  });

  it("gives an admin only the menu's 'Administrasjon'", () => {
    expect(appLinks('admin', 'header')).toEqual([]);
    expect(appLinks('admin', 'menu').map((l) => l.label)).toEqual(['Administrasjon']);
  });

  it('gives learners and company admins no admin link', () => {
    for (const role of ['individual', 'company_admin'] as const) {
      expect(appLinks(role, 'header')).toEqual([]);
      expect(appLinks(role, 'menu')).toEqual([]);
    }
  });

  it('leaves out the page the header is on', () => {
    expect(appLinks('superuser', 'header', 'admin')).toEqual([]);
    expect(appLinks('superuser', 'menu', 'admin')).toEqual([]);
    expect(appLinks('superuser', 'header', 'player')).toHaveLength(1);
  });
});
