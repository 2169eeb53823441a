import { randomBytes } from 'node:crypto';
import { absoluteUrl } from '../account/tokens';

/**
 * Certificate codes: 80 random bits as 20 upper-case hex digits, stored plain (a
 * code is public once the learner shares it) and shown in four groups of five. Guessing one
 * takes about 2^79 tries; the verification is rate limited per address on top.
 */

const CODE = /^[0-9A-F]{20}$/;

export function newCertificateCode(): string {
  return randomBytes(10).toString('hex').toUpperCase();
}

/** A code as typed or scanned (any case, dashes or spaces) → the stored form, or null when it cannot be one. */
export function normalizeCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  return CODE.test(code) ? code : null;
}

/** 'A1B2C3D4E5F6A7B8C9D0' → 'A1B2C-3D4E5-F6A7B-8C9D0'. */
export function formatCode(code: string): string {
  return code.match(/.{1,5}/g)?.join('-') ?? code;
}

/** The public verification page of a code: what the PDF's QR code and the LinkedIn link carry. */
export function verificationUrl(code: string): string {
  return absoluteUrl(`/bevis/${formatCode(code)}`);
}

/**
 * LinkedIn's add-to-profile link (a certification): the certificate's name, the issuer, the
 * month it was issued, its URL and its id. https://addtoprofile.linkedin.com documents the fields.
 */
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
