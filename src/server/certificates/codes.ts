import { randomBytes } from 'node:crypto';
import { absoluteUrl } from '../account/tokens';

/** 80 random bits, stored plain (a code is public once shared); guessing takes ~2^79 tries, rate limited on top. */

const CODE = /^[0-9A-F]{20}$/;

export function newCertificateCode(): string {
  return randomBytes(10).toString('hex').toUpperCase();
}

export function normalizeCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  return CODE.test(code) ? code : null;
}

export function formatCode(code: string): string {
  return code.match(/.{1,5}/g)?.join('-') ?? code;
}

export function verificationUrl(code: string): string {
  return absoluteUrl(`/bevis/${formatCode(code)}`);
}

export function linkedInAddUrl(input: { courseTitle: string; issuer: string; issuedAt: Date; code: string }): string {
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: `Kursbevis: ${input.courseTitle}`,
    organizationName: input.issuer,
    issueYear: String(input.issuedAt.getUTCFullYear()),
    issueMonth: String(input.issuedAt.getUTCMonth() + 1),
    certUrl: verificationUrl(input.code),
    certId: formatCode(input.code),
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
