import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, apiJson, getQueryFn } from '../../lib/api';
import { type BrowserEffects, browserEffects } from '../../lib/session-expired';
import type { OrderStatus } from './admin-orders';
import { failed, reportFailure } from './admin.queries';

/**
 * The superuser's companies (issue 24): the list, a company's detail with its seats, people and
 * orders, creating and editing a company, and settling or cancelling an invoice. Answer types
 * mirror the company API's contract (type-only; the island never imports the server).
 */

export interface AdminCompanyRow {
  id: string;
  name: string;
  orgNumber: string;
  seatsTotal: number;
  seatsUsed: number;
  people: number;
  /** A superuser vouched for it, or it has paid: all its invoice seats can be used. */
  approved: boolean;
  createdAt: string;
}

export interface AdminCompany {
  id: string;
  name: string;
  orgNumber: string;
  invoiceEmail: string;
  invoiceAddress: string;
  poReference: string | null;
}

export interface AdminCompanyPerson {
  seatId: string;
  userId: string;
  name: string;
  email: string;
  lastActivityAt: string | null;
  completedAt: string | null;
  progressPercent: number;
  status: 'not_started' | 'in_progress' | 'done';
  inactive: boolean;
}

export interface AdminCompanyOrder {
  id: string;
  reference: string;
  status: OrderStatus;
  quantity: number;
  totalOre: number;
  createdAt: string;
}

export interface AdminCompanyDetail {
  company: AdminCompany;
  seats: { total: number; used: number; free: number; heldBack: number };
  approved: boolean;
  people: AdminCompanyPerson[];
  orders: AdminCompanyOrder[];
}

export interface CompanyInput {
  name: string;
  orgNumber: string;
  invoiceEmail: string;
  invoiceAddress: string;
  poReference?: string;
}

const COMPANIES = '/api/admin/companies';

export const adminCompaniesQuery = queryOptions({ queryKey: [COMPANIES], queryFn: getQueryFn<{ companies: AdminCompanyRow[] }>() });
export const adminCompanyQuery = (companyId: string) => queryOptions({ queryKey: [COMPANIES, companyId], queryFn: getQueryFn<AdminCompanyDetail>() });

/** 'Ny bedrift' (no id) or the edit of one: the form shows a 400's field messages itself; anything else is a toast too. */
export function saveCompanyMutation(client: QueryClient, companyId: string | null, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (input: CompanyInput) =>
      companyId
        ? apiJson<{ company: AdminCompany }>('PATCH', `${COMPANIES}/${encodeURIComponent(companyId)}`, input)
        : apiJson<{ company: AdminCompany }>('POST', COMPANIES, input),
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
    mutationFn: async () => apiJson<{ company: AdminCompany }>('POST', `${COMPANIES}/${encodeURIComponent(companyId)}/approve`, {}),
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
      apiJson<{ order: unknown }>('POST', `/api/admin/orders/${encodeURIComponent(orderId)}/${action}`, {}),
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
