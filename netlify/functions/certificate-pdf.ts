import type { Config } from '@netlify/functions';
import { site } from '../../src/config/site';
import { certificateParams } from '../../src/schemas/certificates';
import { certificatePdf } from '../../src/server/certificates/certificate-pdf';
import { certificateTexts, readableCertificate } from '../../src/server/certificates/certificates.service';
import { formatCode, verificationUrl } from '../../src/server/certificates/codes';
import { ConflictError } from '../../src/server/platform/errors';
import { createHandler, route } from '../../src/server/platform/http';
import { file } from '../../src/server/platform/http/response-contract';

/** A function of its own: pdf-lib and its font engine are large. */
export default createHandler({
  'GET /api/certificates/:certificateId/pdf': route({
    access: 'user',
    params: certificateParams,
    response: file('application/pdf'),
    async handler({ db, user, params }) {
      const certificate = await readableCertificate(db, params.certificateId, user);
      if (certificate.revokedAt) throw new ConflictError(certificateTexts.revoked, 'revoked');
      const pdf = await certificatePdf({
        learnerName: certificate.learnerName,
        courseTitle: certificate.courseTitle,
        courseHours: certificate.courseHours,
        completedAt: certificate.completedAt,
        issuedAt: certificate.issuedAt,
        code: formatCode(certificate.code),
        verifyUrl: verificationUrl(certificate.code),
        issuer: { productName: site.productName, companyName: site.companyName, orgNumber: site.orgNumber },
      });
      return new Response(Buffer.from(pdf), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="kursbevis-${certificate.code.slice(0, 10).toLowerCase()}.pdf"`,
          'Cache-Control': 'private, no-store',
        },
      });
    },
  }),
});

export const config: Config = { path: '/api/certificates/:certificateId/pdf', method: 'GET' };
