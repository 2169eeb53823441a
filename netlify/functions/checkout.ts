import type { Config } from '@netlify/functions';
import { parseCookie, stringifySetCookie } from 'cookie';
import { z } from 'zod';
import { checkoutOrderBody, quoteBody } from '../../src/schemas/checkout';
import { text } from '../../src/schemas/text';
import { checkoutProduct, createOrder, quote } from '../../src/server/checkout/checkout.service';
import { returnFromPayment } from '../../src/server/checkout/return.service';
import { createHandler, json, route } from '../../src/server/http';
import { sendQueuedMail } from '../../src/server/mail/sender';
import { env } from '../../src/server/env';
import { isSecureRequest, sessionCookies } from '../../src/server/session';

/**
 * The checkout (issue 22, decision 30). Prices are the server's; the browser sends a product, a
 * provider, a coupon code, the consent and (a guest) a name and an e-mail.
 *   GET  /api/checkout/products/:courseId     anyone   the product, its price and VAT, the providers offered, the
 *                                                      consent text, and the signed-in viewer (with hasAccess)
 *   POST /api/checkout/quote                  anyone   {productId, couponCode} → the price with the coupon; 400 for a bad code
 *   POST /api/checkout/orders                 anyone   {productId, provider, couponCode?, consent, buyer?, idempotencyKey}
 *                                                      → 201 {orderId, reference, redirectUrl} (200: the same key again);
 *                                                      409 account_exists / already_has_access; 503 provider down
 *   POST /api/checkout/orders/:orderId/return anyone   (the buyer: the session's, or the guest's checkout cookie)
 *                                                      reconciles and answers the order's state; signs a guest's new
 *                                                      account in once
 */

export const CHECKOUT_COOKIE = 'kia_checkout';

const orderParams = z.object({ orderId: z.uuid({ error: 'Fant ikke bestillingen.' }) });

export default createHandler({
  'GET /api/checkout/products/:courseId': route({
    access: 'public',
    params: z.object({ courseId: text({ max: 100 }) }),
    async handler({ db, params, user }) {
      return json(await checkoutProduct(db, params.courseId, user));
    },
  }),

  'POST /api/checkout/quote': route({
    access: 'public',
    body: quoteBody,
    async handler({ db, body }) {
      return json(await quote(db, body));
    },
  }),

  'POST /api/checkout/orders': route({
    access: 'public',
    body: checkoutOrderBody,
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
      return json({ orderId: order.id, reference: order.reference, redirectUrl: order.redirectUrl }, { status: created ? 201 : 200 });
    },
  }),

  'POST /api/checkout/orders/:orderId/return': route({
    access: 'public',
    params: orderParams,
    afterResponse: sendQueuedMail,
    async handler({ db, params, user, request, cookies }) {
      const checkoutToken = parseCookie(request.headers.get('Cookie') ?? '')[CHECKOUT_COOKIE] ?? null;
      const result = await returnFromPayment(db, { orderId: params.orderId, user, checkoutToken });
      if (result.session) cookies.push(...sessionCookies(request.url, result.session.token, result.session.expiresAt));
      return json(result.answer);
    },
  }),
});

export const config: Config = {
  path: ['/api/checkout/products/:courseId', '/api/checkout/quote', '/api/checkout/orders', '/api/checkout/orders/:orderId/return'],
  method: ['GET', 'POST'],
};
