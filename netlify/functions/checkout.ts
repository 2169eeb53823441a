import type { Config } from '@netlify/functions';
import { stringifySetCookie } from 'cookie';
import { z } from 'zod';
import { checkoutOrderBody, checkoutProductResponse, orderCreatedResponse, quoteBody, quoteResponse } from '../../src/schemas/checkout';
import { checkoutProduct, createOrder, quote } from '../../src/server/checkout/checkout.service';
import { CHECKOUT_COOKIE } from '../../src/server/checkout/return.service';
import { createHandler, route } from '../../src/server/platform/http';
import { jsonOf } from '../../src/server/platform/http/respond';
import { env } from '../../src/server/platform/env';
import { isSecureRequest } from '../../src/server/auth/session';

/** Prices are the server's; the browser sends only a product, a provider, a coupon code, the consent and a guest's name and e-mail. */

export default createHandler({
  'GET /api/checkout/products/:courseId': route({
    access: 'public',
    params: z.object({
      courseId: z
        .string()
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Fant ikke produktet.' })
        .max(100),
    }),
    response: checkoutProductResponse,
    async handler({ db, params, user }) {
      return jsonOf(checkoutProductResponse, await checkoutProduct(db, params.courseId, user));
    },
  }),

  'POST /api/checkout/quote': route({
    access: 'public',
    body: quoteBody,
    response: quoteResponse,
    async handler({ db, body, ip }) {
      return jsonOf(quoteResponse, await quote(db, body, ip));
    },
  }),

  'POST /api/checkout/orders': route({
    access: 'public',
    body: checkoutOrderBody,
    response: orderCreatedResponse,
    async handler({ db, body, user, ip, request, cookies }) {
      const { order, created, checkoutToken } = await createOrder(db, { body, user, ip, userAgent: request.headers.get('User-Agent') });
      if (checkoutToken) {
        cookies.push(
          stringifySetCookie(CHECKOUT_COOKIE, checkoutToken, {
            path: '/api/checkout',
            httpOnly: true,
            sameSite: 'lax',
            secure: isSecureRequest(request.url),
            maxAge: (env.ORDER_EXPIRY_MINUTES + 60) * 60,
          }),
        );
      }
      return jsonOf(
        orderCreatedResponse,
        { orderId: order.id, reference: order.reference, redirectUrl: order.redirectUrl },
        { status: created ? 201 : 200 },
      );
    },
  }),
});

export const config: Config = {
  path: ['/api/checkout/products/:courseId', '/api/checkout/quote', '/api/checkout/orders'],
  method: ['GET', 'POST'],
};
