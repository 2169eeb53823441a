import { queryOptions } from '@tanstack/react-query';
import type { myCertificatesResponse } from '../schemas/certificates';
import { getQueryFn } from './api';

/** The caller's certificates: read by the dashboard and by the player's last lesson. */
export const myCertificatesQuery = queryOptions({
  queryKey: ['/api/certificates'],
  queryFn: getQueryFn<typeof myCertificatesResponse>(),
});
