import type { Config } from '@netlify/functions';
import { parseCookie } from 'cookie';
import { z } from 'zod';
import { CHECKOUT_COOKIE, returnFromPayment } from '../../src/server/checkout/return.service';
import { createHandler, route } from '../../src/server/platform/http';
import { sendQueuedMail } from '../../src/server/mail/sender';
import { sessionCookies } from '../../src/server/auth/session';
import { orderReturnResponse } from '../../src/schemas/checkout';
import { jsonOf } from '../../src/server/platform/http/respond';

/** Its own function because it mails the receipt after answering (the mail renderer makes it a 2 MB bundle). */
export default createHandler({
  'POST /api/checkout/orders/:orderId/return': route({
    access: 'public',
    params: z.object({ orderId: z.uuid({ error: 'Fant ikke bestillingen.' }) }),
    response: orderReturnResponse,
    async handler({ db, params, user, request, cookies, defer }) {
      const checkoutToken = parseCookie(request.headers.get('Cookie') ?? '')[CHECKOUT_COOKIE] ?? null;
      const result = await returnFromPayment(db, { orderId: params.orderId, user, checkoutToken, userAgent: request.headers.get('User-Agent') });
      if (result.session) cookies.push(...sessionCookies(request.url, result.session.token, result.session.expiresAt));
      // The receipt leaves right after the answer when this call paid the order (else the scheduled sender has it).
      if (result.paidNow) defer(sendQueuedMail);
      return jsonOf(orderReturnResponse, result.answer);
    },
  }),
});

export const config: Config = { path: '/api/checkout/orders/:orderId/return', method: 'POST' };
