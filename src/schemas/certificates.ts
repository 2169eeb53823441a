import { z } from 'zod';
import { text } from './text';

export const myCertificate = z.object({
  id: z.string(),
  code: z.string(),
  courseId: z.string().nullable(),
  courseTitle: z.string(),
  courseHours: z.string(),
  learnerName: z.string(),
  completedAt: z.string(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  verifyUrl: z.string(),
  pdfPath: z.string(),
  linkedInUrl: z.string(),
});
export type MyCertificate = z.infer<typeof myCertificate>;
export const myCertificatesResponse = z.array(myCertificate);

export const certificateVerificationResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.enum(['valid', 'revoked']),
    code: z.string(),
    learnerName: z.string(),
    courseTitle: z.string(),
    courseHours: z.string(),
    completedAt: z.string(),
    score: z.number().nullable(),
    issuedAt: z.string(),
    revokedAt: z.string().nullable(),
  }),
  z.object({ status: z.literal('unknown'), code: z.string() }),
]);
export type CertificateVerification = z.infer<typeof certificateVerificationResponse>;

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
  verifyPath: z.string(),
  pdfPath: z.string(),
});
export type AdminCertificate = z.infer<typeof adminCertificate>;
export const adminCertificatesResponse = z.array(adminCertificate);

export const certificateParams = z.object({ certificateId: z.uuid({ error: 'Fant ikke kursbeviset.' }) });

const CODE_INPUT = /^(?:[\s-]*[0-9A-Fa-f]){20}[\s-]*$/;
export const verifyParams = z.object({
  code: z
    .string()
    .max(64, { error: 'Koden kan ha høyst 64 tegn.' })
    .regex(CODE_INPUT, { error: 'Koden er ugyldig: den har 20 tegn (0–9 og A–F), gjerne i grupper på fem.' }),
});

export const adminCertificatesQuery = z.object({ q: text({ max: 200, min: 0 }).optional() });

export const REVOKE_REASON_MAX = 500;
export const revokeBody = z.strictObject({
  reason: text({
    max: REVOKE_REASON_MAX,
    messages: { required: 'Skriv en begrunnelse', tooLong: `Begrunnelsen kan ha høyst ${REVOKE_REASON_MAX} tegn` },
  }),
});
