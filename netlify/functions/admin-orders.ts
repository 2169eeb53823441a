import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { orderStatus } from '../../db/schema';
import { adminOrderDetailResponse, adminOrdersResponse, refundBody, revenueResponse } from '../../src/schemas/checkout';
import { text } from '../../src/schemas/text';
import { adminListOrders, adminOrderDetail, orderCursor, revenueByMonth } from '../../src/server/checkout/orders.service';
import { refundOrder } from '../../src/server/checkout/refunds';
import { createHandler, route } from '../../src/server/platform/http';
import { pageQuery } from '../../src/server/platform/paging';
import { jsonOf, pageOf } from '../../src/server/platform/http/respond';

/** Superusers only; a full refund revokes the course the order gave. */
const S = ['superuser'] as const;
const orderParams = z.object({ orderId: z.uuid({ error: 'Fant ikke bestillingen.' }) });

export default createHandler({
  'GET /api/admin/orders': route({
    access: S,
    query: pageQuery(orderCursor).extend({
      q: text({ max: 200, min: 0 }).optional(),
      status: z.enum(orderStatus.enumValues, { error: 'Ukjent status' }).optional(),
    }),
    response: adminOrdersResponse,
    async handler({ db, query, url }) {
      return pageOf(adminOrdersResponse, url, await adminListOrders(db, query));
    },
  }),

  'GET /api/admin/orders/:orderId': route({
    access: S,
    params: orderParams,
    response: adminOrderDetailResponse,
    async handler({ db, params }) {
      return jsonOf(adminOrderDetailResponse, await adminOrderDetail(db, params.orderId));
    },
  }),

  'POST /api/admin/orders/:orderId/refunds': route({
    access: S,
    params: orderParams,
    body: refundBody,
    response: adminOrderDetailResponse,
    async handler({ db, params, body, user }) {
      await refundOrder(db, params.orderId, body, user.id);
      return jsonOf(adminOrderDetailResponse, await adminOrderDetail(db, params.orderId), { status: 201 });
    },
  }),

  'GET /api/admin/revenue': route({
    access: S,
    response: revenueResponse,
    async handler({ db }) {
      return jsonOf(revenueResponse, await revenueByMonth(db));
    },
  }),
});

export const config: Config = {
  path: ['/api/admin/orders', '/api/admin/orders/:orderId', '/api/admin/orders/:orderId/refunds', '/api/admin/revenue'],
  method: ['GET', 'POST'],
};
