import { z } from 'zod';
import { text } from './text';

/**
 * Certificates ('Kursbevis', issue 25, decision 33): the contracts of /api/certificates, the
 * public verification and the superuser's revocation. The islands import the types only.
 */

/** One of the caller's certificates (GET /api/certificates). */
export const myCertificate = z.object({
  id: z.string(),
  /** Formatted in groups of five: 'A1B2C-3D4E5-F6A7B-8C9D0'. */
  code: z.string(),
  courseId: z.string().nullable(),
  courseTitle: z.string(),
  courseHours: z.string(),
  learnerName: z.string(),
  /** ISO 8601. */
  completedAt: z.string(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  /** The public verification page (absolute). */
  verifyUrl: z.string(),
  /** The PDF (a site path). */
  pdfPath: z.string(),
  /** LinkedIn's add-to-profile link with the certificate's name, date and URL. */
  linkedInUrl: z.string(),
});
export type MyCertificate = z.infer<typeof myCertificate>;
export const myCertificatesResponse = z.array(myCertificate);

/** GET /api/certificate-verifications/:code: what the public verification page shows (an unknown code: 404 with the same shape). */
export const certificateVerificationResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.enum(['valid', 'revoked']),
    code: z.string(),
    learnerName: z.string(),
    courseTitle: z.string(),
    courseHours: z.string(),
    completedAt: z.string(),
    /** The result on the course's graded test in percent; null for a course without one. */
    score: z.number().nullable(),
    issuedAt: z.string(),
    revokedAt: z.string().nullable(),
  }),
  z.object({ status: z.literal('unknown'), code: z.string() }),
]);
export type CertificateVerification = z.infer<typeof certificateVerificationResponse>;

/** A certificate in the superuser's list (GET /api/admin/certificates). */
export const adminCertificate = z.object({
  id: z.string(),
  code: z.string(),
  learnerName: z.string(),
  email: z.string().nullable(),
  courseTitle: z.string(),
  completedAt: z.string(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
  revokedBy: z.string().nullable(),
  /** The public verification page (a site path; the PDF carries it as an absolute URL). */
  verifyPath: z.string(),
  /** The certificate itself, the PDF (a site path). */
  pdfPath: z.string(),
});
export type AdminCertificate = z.infer<typeof adminCertificate>;
export const adminCertificatesResponse = z.array(adminCertificate);

export const certificateParams = z.object({ certificateId: z.uuid({ error: 'Fant ikke kursbeviset.' }) });

/** A code as a person may type it: 20 hex digits in any case, with or without dashes and spaces. */
const CODE_INPUT = /^(?:[\s-]*[0-9A-Fa-f]){20}[\s-]*$/;
export const verifyParams = z.object({
  code: z
    .string()
    .max(64, { error: 'Koden kan ha høyst 64 tegn.' })
    .regex(CODE_INPUT, { error: 'Koden er ugyldig: den har 20 tegn (0–9 og A–F), gjerne i grupper på fem.' }),
});

/** The superuser's search: a code, an e-mail address, a name or a course title (empty: the newest). */
export const adminCertificatesQuery = z.object({ q: text({ max: 200, min: 0 }).optional() });

/** The longest reason for taking a certificate back, for the admin's input too. */
export const REVOKE_REASON_MAX = 500;
export const revokeBody = z.strictObject({
  reason: text({
    max: REVOKE_REASON_MAX,
    messages: { required: 'Skriv en begrunnelse', tooLong: `Begrunnelsen kan ha høyst ${REVOKE_REASON_MAX} tegn` },
  }),
});
