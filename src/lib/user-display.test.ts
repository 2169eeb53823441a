import { describe, expect, it } from 'vitest';
import { initials, roleLabels } from './user-display';

describe('user display', () => {
  it('names every role as the admin spec does', () => {
    expect(roleLabels).toEqual({ individual: 'Individuell', company_admin: 'Bedriftsadmin', admin: 'Administrator', superuser: 'Superbruker' });
  });

  it("makes initials from the user's own name", () => {
    expect(initials('Emma', 'Larsen')).toBe('EL');
    expect(initials('øyvind', 'ås')).toBe('ØÅ');
    expect(initials('', '')).toBe('?');
  });
});
