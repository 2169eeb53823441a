import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { createHandler, notFound, route } from '../../src/server/platform/http';
import { actOnTestPayment, isTestProviderOn, testPaymentView } from '../../src/server/payments/test-provider';
import { deliverTestPaymentsEvent } from '../../src/server/payments/test-provider-delivery';
import { testPaymentActionResponse, testPaymentResponse } from '../../src/schemas/checkout';
import { jsonOf } from '../../src/server/platform/http/respond';

/** Development and tests only: 404 when the test provider is not offered, and always in production. */
const reference = z.string().regex(/^ka-[0-9a-f]{16}$/, { error: 'Referansen til testbetalingen er ugyldig.' });
const missing = 'Fant ikke testbetalingen.';

export default createHandler({
  'GET /api/test-payments/:reference': route({
    access: 'public',
    params: z.object({ reference }),
    response: testPaymentResponse,
    async handler({ db, params }) {
      if (!isTestProviderOn()) throw notFound(missing);
      const payment = await testPaymentView(db, params.reference);
      if (!payment) throw notFound(missing);
      return jsonOf(testPaymentResponse, payment);
    },
  }),

  'POST /api/test-payments/:reference/:action': route({
    access: 'public',
    params: z.object({ reference, action: z.enum(['approve', 'cancel', 'fail'], { error: 'Ukjent valg' }) }),
    afterResponse: deliverTestPaymentsEvent,
    response: testPaymentActionResponse,
    async handler({ db, params }) {
      if (!isTestProviderOn()) throw notFound(missing);
      const result = await actOnTestPayment(db, params.reference, params.action);
      if (!result) throw notFound(missing);
      return jsonOf(testPaymentActionResponse, { returnUrl: result.returnUrl });
    },
  }),
});

export const config: Config = { path: ['/api/test-payments/:reference', '/api/test-payments/:reference/:action'], method: ['GET', 'POST'] };
