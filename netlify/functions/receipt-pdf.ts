import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { readableOrder } from '../../src/server/checkout/orders.service';
import { receiptDataFor } from '../../src/server/checkout/receipts';
import { hasReceipt } from '../../src/server/checkout/orders.service';
import { createHandler, notFound, route } from '../../src/server/platform/http';
import { receiptPdf } from '../../src/server/receipts/receipt-pdf';
import { file } from '../../src/server/platform/http/response-contract';

/** A function of its own: the PDF library and its font engine are large. */
export default createHandler({
  'GET /api/orders/:orderId/receipt.pdf': route({
    access: 'user',
    response: file('application/pdf'),
    params: z.object({ orderId: z.uuid({ error: 'Fant ikke bestillingen.' }) }),
    async handler({ db, user, params }) {
      const order = await readableOrder(db, params.orderId, user);
      if (!hasReceipt(order)) throw notFound('Bestillingen er ikke betalt, så den har ingen kvittering.');
      const data = receiptDataFor(order);
      const pdf = await receiptPdf(data);
      return new Response(Buffer.from(pdf), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="kvittering-${data.receiptNumber}.pdf"`,
          'Cache-Control': 'private, no-store',
        },
      });
    },
  }),
});

export const config: Config = { path: '/api/orders/:orderId/receipt.pdf', method: 'GET' };
