import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { listOwnOrders, orderWithReceipt, readableOrder } from '../../src/server/checkout/orders.service';
import { createHandler, json, route } from '../../src/server/platform/http';

/**
 * The buyer's orders and receipts (decision 30).
 *   GET /api/orders           signed in   the caller's orders, newest first
 *   GET /api/orders/:orderId  signed in   the order with its receipt (paid orders); the buyer or a superuser, else 404
 * The receipt as PDF is its own function (receipt-pdf.ts), so this one does not ship the PDF library.
 */
export default createHandler({
  'GET /api/orders': route({
    access: 'user',
    async handler({ db, user }) {
      return json(await listOwnOrders(db, user.id));
    },
  }),

  'GET /api/orders/:orderId': route({
    access: 'user',
    params: z.object({ orderId: z.uuid({ error: 'Fant ikke bestillingen.' }) }),
    async handler({ db, user, params }) {
      return json(orderWithReceipt(await readableOrder(db, params.orderId, user)));
    },
  }),
});

export const config: Config = { path: ['/api/orders', '/api/orders/:orderId'], method: ['GET'] };
