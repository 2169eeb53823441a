import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../db/schema';
import adminCompanies from '../../netlify/functions/admin-companies';
import adminOrders from '../../netlify/functions/admin-orders';
import checkout from '../../netlify/functions/checkout';
import checkoutReturn from '../../netlify/functions/checkout-return';
import company from '../../netlify/functions/company';
import testPayments from '../../netlify/functions/test-payments';
import { acquireAppDb } from '../../src/server/platform/db';
import { usePaymentProvidersForTests } from '../../src/server/payments/registry';
import { call, signIn } from '../helpers';
import { learner } from './order-checks';

/**
 * A company's seats are counted the same way wherever they are shown: the manager's overview
 * (GET /api/companies/:companyId), and the superuser's list and detail (GET /api/admin/companies,
 * GET /api/admin/companies/:companyId). A partial refund of a seat order gives back
 * floor(refunded / price per seat) seats, so every view's total drops by that many.
 */

const db = async () => (await acquireAppDb()).db;
let n = 0;
const nextIp = () => `203.0.113.${(++n % 200) + 20}`;

let restore: () => void;
beforeAll(() => {
  restore = usePaymentProvidersForTests({ vipps: null, stripe: null, test: true });
});
afterAll(() => restore());

describe('seat totals after a partial refund', () => {
  it("are the same in the manager's overview and the superuser's list and detail", async () => {
    const manager = await learner('telle-leder');
    await (await db()).update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, manager.id));
    const name = `Telle ${process.pid} AS`;
    const made = await call(checkout, '/api/checkout/orders', {
      cookie: manager.cookie,
      ip: nextIp(),
      json: {
        productId: 'package:nettbasert-pakke',
        provider: 'test',
        quantity: 4,
        company: { name, orgNumber: '923 609 016', invoiceEmail: 'faktura@telle.example', invoiceAddress: 'Storgata 1, 0155 Oslo' },
        idempotencyKey: randomUUID(),
      },
    });
    expect(made.status, made.text).toBe(201);
    const { orderId, reference } = made.body as { orderId: string; reference: string };
    expect((await call(testPayments, `/api/test-payments/${reference}/approve`, { json: {} })).status).toBe(200);
    expect((await call(checkoutReturn, `/api/checkout/orders/${orderId}/return`, { cookie: manager.cookie, json: {} })).body).toMatchObject({
      status: 'paid',
    });
    const [order] = await (await db()).select().from(orders).where(eq(orders.id, orderId));
    const companyId = order!.companyId!;
    const superuser = await signIn('superbruker@demo.no', 'demo1234', nextIp());

    // Three seats' worth and an øre: three of the four seats go back.
    const refunded = await call(adminOrders, `/api/admin/orders/${orderId}/refunds`, {
      cookie: superuser,
      json: { amountOre: (order!.totalOre / 4) * 3 + 1, reason: 'Tre plasser avbestilt', idempotencyKey: randomUUID() },
    });
    expect(refunded.status, refunded.text).toBe(201);

    const overview = await call(company, `/api/companies/${companyId}`, { cookie: manager.cookie });
    expect(overview.body).toMatchObject({ seats: { total: 1 } });
    const detail = await call(adminCompanies, `/api/admin/companies/${companyId}`, { cookie: superuser });
    expect(detail.body).toMatchObject({ seats: { total: 1 } });
    const list = await call(adminCompanies, '/api/admin/companies', { cookie: superuser });
    const row = (list.body as { companies: { id: string; seatsTotal: number }[] }).companies.find((c) => c.id === companyId);
    expect(row, 'the company in the superuser list').toMatchObject({ name, seatsTotal: 1 });
  });
});
