import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, apiJson, getQueryFn } from '../../lib/api';
import { type BrowserEffects, browserEffects } from '../../lib/session-expired';
import type { adminCertificate, adminCertificatesResponse } from '../../schemas/certificates';
import { failed, reportFailure } from './admin.queries';

/** The superuser's certificates: the search and revoking one. Only the lazy 'Kursbevis' tab loads this file. */

const CERTIFICATES = '/api/admin/certificates';

export const adminCertificatesQuery = (q: string) =>
  queryOptions({
    queryKey: [q.trim() ? `${CERTIFICATES}?q=${encodeURIComponent(q.trim())}` : CERTIFICATES],
    queryFn: getQueryFn<typeof adminCertificatesResponse>(),
  });

export const certificateToasts = {
  revoked: { title: 'Kursbeviset er trukket tilbake' },
  revokeFailed: failed('Kunne ikke trekke tilbake kursbeviset.'),
};

/** POST …/:certificateId/revoke with the reason; the lists are read again. A field error stays in the dialog. */
export function revokeCertificateMutation(client: QueryClient, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async ({ id, reason }: { id: string; reason: string }) =>
      apiJson<typeof adminCertificate>('POST', `${CERTIFICATES}/${id}/revoke`, { reason }),
    onSuccess: async () => {
      effects.toast(certificateToasts.revoked);
      await client.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(CERTIFICATES) });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) return;
      const message = error instanceof ApiError ? error.bodyError : undefined;
      reportFailure(error, message ? failed(message) : certificateToasts.revokeFailed, effects);
    },
  });
}
