import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { listOwnOrders, orderWithReceipt, readableOrder } from '../../src/server/checkout/orders.service';
import { createHandler, route } from '../../src/server/platform/http';
import { orderDetailResponse, ordersResponse } from '../../src/schemas/checkout';
import { jsonOf } from '../../src/server/platform/http/respond';

/** The receipt PDF is its own function (receipt-pdf.ts), so this one does not ship the PDF library. */
export default createHandler({
  'GET /api/orders': route({
    access: 'user',
    response: ordersResponse,
    async handler({ db, user }) {
      return jsonOf(ordersResponse, await listOwnOrders(db, user.id));
    },
  }),

  'GET /api/orders/:orderId': route({
    access: 'user',
    params: z.object({ orderId: z.uuid({ error: 'Fant ikke bestillingen.' }) }),
    response: orderDetailResponse,
    async handler({ db, user, params }) {
      return jsonOf(orderDetailResponse, orderWithReceipt(await readableOrder(db, params.orderId, user)));
    },
  }),
});

export const config: Config = { path: ['/api/orders', '/api/orders/:orderId'], method: ['GET'] };
