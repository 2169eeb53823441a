import { queryOptions } from '@tanstack/react-query';
import type { myCertificatesResponse } from '../schemas/certificates';
import { getQueryFn } from './api';

export const myCertificatesQuery = queryOptions({
  queryKey: ['/api/certificates'],
  queryFn: getQueryFn<typeof myCertificatesResponse>(),
});
