import type { Config } from '@netlify/functions';
import { z } from 'zod';
import {
  adminCompaniesResponse,
  adminCompanyDetailResponse,
  adminCompanyResponse,
  companyBody,
  invoiceSettledResponse,
} from '../../src/schemas/company';
import { settleInvoice } from '../../src/server/checkout/reconcile';
import {
  approveCompanyBySuperuser,
  companyDetail,
  createCompany,
  listCompanies,
  updateCompany,
} from '../../src/server/company/admin-companies.service';
import { companyTexts } from '../../src/server/company/messages';
import { createHandler, route } from '../../src/server/platform/http';
import { sendQueuedMail } from '../../src/server/mail/sender';
import { formatReceiptNumber } from '../../src/server/receipts/receipt-data';
import { jsonOf } from '../../src/server/platform/http/respond';

const companyParams = z.object({ companyId: z.uuid({ error: companyTexts.companyNotFound }) });
const orderParams = z.object({ orderId: z.uuid({ error: 'Fant ikke bestillingen.' }) });

export default createHandler({
  'GET /api/admin/companies': route({
    access: ['superuser'],
    response: adminCompaniesResponse,
    async handler({ db }) {
      return jsonOf(adminCompaniesResponse, { companies: await listCompanies(db) });
    },
  }),

  'POST /api/admin/companies': route({
    access: ['superuser'],
    body: companyBody,
    response: adminCompanyResponse,
    async handler({ db, body }) {
      return jsonOf(adminCompanyResponse, { company: await createCompany(db, body) }, { status: 201 });
    },
  }),

  'GET /api/admin/companies/:companyId': route({
    access: ['superuser'],
    params: companyParams,
    response: adminCompanyDetailResponse,
    async handler({ db, params }) {
      return jsonOf(adminCompanyDetailResponse, await companyDetail(db, params.companyId));
    },
  }),

  'PATCH /api/admin/companies/:companyId': route({
    access: ['superuser'],
    params: companyParams,
    body: companyBody,
    response: adminCompanyResponse,
    async handler({ db, params, body }) {
      return jsonOf(adminCompanyResponse, { company: await updateCompany(db, params.companyId, body) });
    },
  }),

  'POST /api/admin/companies/:companyId/approve': route({
    access: ['superuser'],
    params: companyParams,
    response: adminCompanyResponse,
    async handler({ db, params, user }) {
      return jsonOf(adminCompanyResponse, { company: await approveCompanyBySuperuser(db, params.companyId, user.id) });
    },
  }),

  'POST /api/admin/orders/:orderId/invoice-paid': route({
    access: ['superuser'],
    params: orderParams,
    afterResponse: sendQueuedMail,
    response: invoiceSettledResponse,
    async handler({ db, params, user }) {
      const order = await settleInvoice(db, params.orderId, 'paid', user.id);
      return jsonOf(invoiceSettledResponse, {
        order: { id: order.id, status: order.status, receiptNumber: order.receiptNumber === null ? null : formatReceiptNumber(order.receiptNumber) },
      });
    },
  }),

  'POST /api/admin/orders/:orderId/invoice-cancelled': route({
    access: ['superuser'],
    params: orderParams,
    response: invoiceSettledResponse,
    async handler({ db, params, user }) {
      const order = await settleInvoice(db, params.orderId, 'cancelled', user.id);
      return jsonOf(invoiceSettledResponse, {
        order: { id: order.id, status: order.status, receiptNumber: order.receiptNumber === null ? null : formatReceiptNumber(order.receiptNumber) },
      });
    },
  }),
});

export const config: Config = {
  path: [
    '/api/admin/companies',
    '/api/admin/companies/:companyId',
    '/api/admin/companies/:companyId/approve',
    '/api/admin/orders/:orderId/invoice-paid',
    '/api/admin/orders/:orderId/invoice-cancelled',
  ],
  method: ['GET', 'POST', 'PATCH'],
};
