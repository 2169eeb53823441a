import { describe, expect, it } from 'vitest';
import { emailChangeBody } from './account';
import { email, loginBody, registerBody } from './auth';
import { checkoutOrderBody } from './checkout';
import { companyBody, invitationsBody } from './company';
import { contactBody } from './contact';

/** The shared e-mail schema: every body that takes an address goes through it. */

const messages = (value: unknown) => {
  const result = email.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('email', () => {
  it('takes an ordinary address, trimmed and lower-cased', () => {
    expect(email.parse('  Kari.Nordmann@Example.NO ')).toBe('kari.nordmann@example.no');
    expect(email.parse('ola@bedrift.test')).toBe('ola@bedrift.test');
    expect(email.parse('ola@invalid.no')).toBe('ola@invalid.no');
    expect(email.parse('invalid@example.no')).toBe('invalid@example.no');
  });

  it.each([
    ['the address of deleted accounts', 'slettet-bruker@konto.invalid'],
    ['that address in capitals', 'Slettet-Bruker@KONTO.INVALID'],
    ['that address with spaces around it', '  slettet-bruker@konto.invalid  '],
    ['another address in .invalid', 'kari@example.invalid'],
    ['a subdomain of .invalid', 'kari@post.konto.invalid'],
  ])('refuses %s (RFC 2606 reserves .invalid) with the invalid-address message', (_, value) => {
    expect(messages(value)).toEqual(['Skriv inn en gyldig e-postadresse']);
  });

  it('refuses what was never an address with the same message', () => {
    expect(messages('ikke-en-adresse')).toEqual(['Skriv inn en gyldig e-postadresse']);
  });

  it('is the schema of every body that takes an address', () => {
    const address = 'slettet-bruker@konto.invalid';
    const bodies = [
      registerBody.safeParse({ firstName: 'Kari', lastName: 'Nordmann', email: address, password: 'et langt passord' }),
      loginBody.safeParse({ email: address, password: 'demo1234' }),
      emailChangeBody.safeParse({ newEmail: address, password: 'demo1234' }),
      invitationsBody.safeParse({ emails: ['ola@example.no', address] }),
      companyBody.safeParse({ name: 'Fjordtech AS', orgNumber: '315999804', invoiceEmail: address, invoiceAddress: 'Storgata 1, 0155 Oslo' }),
      contactBody.shape.email.safeParse(address),
      checkoutOrderBody.shape.buyer.safeParse({ firstName: 'Kari', lastName: 'Nordmann', email: address }),
    ];
    for (const result of bodies) {
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain('Skriv inn en gyldig e-postadresse');
    }
  });
});
