import { queryOptions } from '@tanstack/react-query';
import type { myCertificatesResponse } from '../schemas/certificates';
import { getQueryFn } from './api';
import { onFirstUse } from './intl';

/** The caller's certificates (issue 25): read by the dashboard and by the player's last lesson. */
export const myCertificatesQuery = queryOptions({
  queryKey: ['/api/certificates'],
  queryFn: getQueryFn<typeof myCertificatesResponse>(),
});

const dateFormat = onFirstUse(() => new Intl.DateTimeFormat('nb-NO', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Oslo' }));

/** '25. november 2026'. */
export const formatCertificateDate = (iso: string) => dateFormat().format(new Date(iso));
