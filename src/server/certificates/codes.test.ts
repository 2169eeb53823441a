import { describe, expect, it } from 'vitest';
import { verifyParams } from '../../schemas/certificates';
import { unsubscribeToken, userOfUnsubscribeToken } from '../reminders/unsubscribe';
import { formatCode, linkedInAddUrl, newCertificateCode, normalizeCode } from './codes';

describe('certificate codes (decision 33)', () => {
  it('are 20 upper-case hex digits (80 random bits), different every time', () => {
    const codes = new Set(Array.from({ length: 1000 }, newCertificateCode));
    expect(codes.size).toBe(1000);
    for (const code of codes) expect(code).toMatch(/^[0-9A-F]{20}$/);
  });

  it('read as typed or scanned: any case, dashes or spaces; anything else is no code', () => {
    expect(normalizeCode('a1b2c-3d4e5-f6a7b-8c9d0')).toBe('A1B2C3D4E5F6A7B8C9D0');
    expect(normalizeCode(' A1B2C 3D4E5 F6A7B 8C9D0 ')).toBe('A1B2C3D4E5F6A7B8C9D0');
    expect(normalizeCode('A1B2C-3D4E5-F6A7B-8C9D')).toBeNull();
    expect(normalizeCode('G1B2C-3D4E5-F6A7B-8C9D0')).toBeNull();
    expect(formatCode('A1B2C3D4E5F6A7B8C9D0')).toBe('A1B2C-3D4E5-F6A7B-8C9D0');
    expect(verifyParams.safeParse({ code: 'a1b2c-3d4e5-f6a7b-8c9d0' }).success).toBe(true);
    expect(verifyParams.safeParse({ code: 'ikke-en-kode' }).success).toBe(false);
  });

  it("LinkedIn's add-to-profile link names the certificate, the issuer, the month, its URL and its id", () => {
    const url = new URL(
      linkedInAddUrl({
        courseTitle: 'KI Grunnkurs',
        issuer: 'KI Akademiet',
        issuedAt: new Date('2026-11-15T12:00:00Z'),
        code: 'A1B2C3D4E5F6A7B8C9D0',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Kursbevis: KI Grunnkurs',
      organizationName: 'KI Akademiet',
      issueYear: '2026',
      issueMonth: '11',
      certUrl: expect.stringMatching(/\/bevis\/A1B2C-3D4E5-F6A7B-8C9D0$/),
      certId: 'A1B2C-3D4E5-F6A7B-8C9D0',
    });
  });
});

describe('the reminder unsubscribe token', () => {
  const user = '3f9c2a7e-1b4d-4c0f-8e2a-0123456789ab';
  it('names its user and nothing else; a changed token names nobody', () => {
    const token = unsubscribeToken(user);
    expect(userOfUnsubscribeToken(token)).toBe(user);
    expect(userOfUnsubscribeToken(token.replace(user, '3f9c2a7e-1b4d-4c0f-8e2a-0123456789ac'))).toBeNull();
    expect(userOfUnsubscribeToken(`${token}A`)).toBeNull();
    expect(userOfUnsubscribeToken(`${token}.x`)).toBeNull();
    expect(userOfUnsubscribeToken('')).toBeNull();
    expect(userOfUnsubscribeToken(null)).toBeNull();
  });
});
