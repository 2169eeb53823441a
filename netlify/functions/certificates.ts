import type { Config } from '@netlify/functions';
import {
  adminCertificate,
  adminCertificatesQuery,
  adminCertificatesResponse,
  certificateParams,
  certificateVerificationResponse,
  myCertificatesResponse,
  revokeBody,
  verifyParams,
} from '../../src/schemas/certificates';
import { adminListCertificates, listMyCertificates, revokeCertificate, verifyCertificate } from '../../src/server/certificates/certificates.service';
import { createHandler, route } from '../../src/server/platform/http';
import { jsonOf } from '../../src/server/platform/http/respond';

const S = ['superuser'] as const;

export default createHandler({
  'GET /api/certificates': route({
    access: 'user',
    response: myCertificatesResponse,
    async handler({ db, user }) {
      return jsonOf(myCertificatesResponse, await listMyCertificates(db, user.id));
    },
  }),

  'GET /api/certificate-verifications/:code': route({
    access: 'public',
    params: verifyParams,
    response: certificateVerificationResponse,
    async handler({ db, params, ip }) {
      const verification = await verifyCertificate(db, params.code, ip);
      // Search engines leave it out (the page is noindex too); an unknown code is a 404 with the same body shape.
      return jsonOf(certificateVerificationResponse, verification, {
        status: verification.status === 'unknown' ? 404 : 200,
        headers: { 'X-Robots-Tag': 'noindex, nofollow' },
      });
    },
  }),

  'GET /api/admin/certificates': route({
    access: S,
    query: adminCertificatesQuery,
    response: adminCertificatesResponse,
    async handler({ db, query }) {
      return jsonOf(adminCertificatesResponse, await adminListCertificates(db, query.q));
    },
  }),

  'POST /api/admin/certificates/:certificateId/revoke': route({
    access: S,
    params: certificateParams,
    body: revokeBody,
    response: adminCertificate,
    async handler({ db, params, body, user }) {
      return jsonOf(adminCertificate, await revokeCertificate(db, user, params.certificateId, body.reason));
    },
  }),
});

export const config: Config = {
  path: ['/api/certificates', '/api/certificate-verifications/:code', '/api/admin/certificates', '/api/admin/certificates/:certificateId/revoke'],
  method: ['GET', 'POST'],
};
