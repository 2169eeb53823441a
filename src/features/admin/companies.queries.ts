import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, apiJson, getQueryFn } from '../../lib/api';
import { type BrowserEffects, browserEffects } from '../../lib/session-expired';
import type { z } from 'zod';
import type { adminCompaniesResponse, adminCompanyDetailResponse, adminCompanyResponse, invoiceSettledResponse } from '../../schemas/company';
import { failed, reportFailure } from './admin.queries';

/**
 * The superuser's companies: the list, a company's detail with its seats, people and
 * orders, creating and editing a company, and settling or cancelling an invoice. Answer types
 * come from the routes' response schemas in src/schemas/company.ts (types only).
 */

export type AdminCompanyRow = z.infer<typeof adminCompaniesResponse>['companies'][number];
export type AdminCompanyDetail = z.infer<typeof adminCompanyDetailResponse>;
export type AdminCompany = AdminCompanyDetail['company'];
export type AdminCompanyOrder = AdminCompanyDetail['orders'][number];

export interface CompanyInput {
  name: string;
  orgNumber: string;
  invoiceEmail: string;
  invoiceAddress: string;
  poReference?: string;
}

const COMPANIES = '/api/admin/companies';

export const adminCompaniesQuery = queryOptions({ queryKey: [COMPANIES], queryFn: getQueryFn<typeof adminCompaniesResponse>() });
export const adminCompanyQuery = (companyId: string) =>
  queryOptions({ queryKey: [COMPANIES, companyId], queryFn: getQueryFn<typeof adminCompanyDetailResponse>() });

/** 'Ny bedrift' (no id) or the edit of one: the form shows a 400's field messages itself; anything else is a toast too. */
export function saveCompanyMutation(client: QueryClient, companyId: string | null, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (input: CompanyInput) =>
      companyId
        ? apiJson<typeof adminCompanyResponse>('PATCH', `${COMPANIES}/${encodeURIComponent(companyId)}`, input)
        : apiJson<typeof adminCompanyResponse>('POST', COMPANIES, input),
    onSuccess: async () => {
      effects.toast({ title: companyId ? 'Bedriften er oppdatert' : 'Bedriften er opprettet' });
      await client.invalidateQueries({ queryKey: [COMPANIES] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) return;
      const message = error instanceof ApiError ? error.bodyError : undefined;
      reportFailure(error, failed(message ?? 'Kunne ikke lagre bedriften.'), effects);
    },
  });
}

/** 'Godkjenn bedriften': every seat the company bought on invoice can be used. */
export function approveCompanyMutation(client: QueryClient, companyId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async () => apiJson<typeof adminCompanyResponse>('POST', `${COMPANIES}/${encodeURIComponent(companyId)}/approve`, {}),
    onSuccess: async () => {
      effects.toast({ title: 'Bedriften er godkjent', description: 'Alle plassene bedriften har kjøpt, kan nå brukes.' });
      await client.invalidateQueries({ queryKey: [COMPANIES] });
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.bodyError : undefined;
      reportFailure(error, failed(message ?? 'Kunne ikke godkjenne bedriften.'), effects);
    },
  });
}

export type InvoiceAction = 'invoice-paid' | 'invoice-cancelled';

/** 'Merk som betalt' / 'Kansellér faktura' on an invoiced order; the company (seats, orders) and the order lists are read again. */
export function invoiceMutation(client: QueryClient, companyId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async ({ orderId, action }: { orderId: string; action: InvoiceAction }) =>
      apiJson<typeof invoiceSettledResponse>('POST', `/api/admin/orders/${encodeURIComponent(orderId)}/${action}`, {}),
    onSuccess: async (_result, { action }) => {
      effects.toast({ title: action === 'invoice-paid' ? 'Fakturaen er merket som betalt' : 'Fakturaen er kansellert' });
      await Promise.all([
        client.invalidateQueries({ queryKey: [COMPANIES] }),
        client.invalidateQueries({ queryKey: adminCompanyQuery(companyId).queryKey }),
        client.invalidateQueries({ queryKey: ['/api/admin/orders'] }),
      ]);
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.bodyError : undefined;
      reportFailure(error, failed(message ?? 'Kunne ikke endre fakturaen.'), effects);
    },
  });
}
