import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentAuditLog, enrollments } from '../../db/schema';
import { demoCompany } from '../../db/seed';
import adminFunctions from '../../netlify/functions/admin';
import adminCoupons from '../../netlify/functions/admin-coupons';
import adminOrders from '../../netlify/functions/admin-orders';
import adminPeople from '../../netlify/functions/admin-people';
import certificateFunctions from '../../netlify/functions/certificates';
import checkoutFunctions from '../../netlify/functions/checkout';
import checkoutReturnFunctions from '../../netlify/functions/checkout-return';
import testPaymentFunctions from '../../netlify/functions/test-payments';
import type { AdminCoupon, AdminCouponDetail, AdminCouponList, PersonDetail, PersonSummary } from '../../src/schemas/admin-shop';
import type { AdminCertificate } from '../../src/schemas/certificates';
import type { AdminAuditPage } from '../../src/schemas/audit';
import { CONSENT } from '../../src/server/checkout/checkout.service';
import { assignSeat, lockCompany, revokeSeat } from '../../src/server/company/seats.service';
import { atomically } from '../../db/client';
import { courseAccess } from '../../src/server/access/entitlements';
import { acquireAppDb } from '../../src/server/platform/db';
import { usePaymentProvidersForTests } from '../../src/server/payments/registry';
import { call, type CallResult, signIn } from '../helpers';
import { learner, orderRow } from './order-checks';

/**
 * The superuser's shop tools in /admin: coupons ('Rabattkoder'), people ('Brukere'), access given
 * by hand ('Gi tilgang' / 'Ta tilbake') and how it stands against orders and seats, the
 * certificates' links, and starting a build without a hook. Admins get 403 on all of them (the
 * authorisation matrix holds every caller).
 */

const db = async () => (await acquireAppDb()).db;
let superCookie: string;
let adminCookie: string;
let restore: () => void;

beforeAll(async () => {
  restore = usePaymentProvidersForTests({ vipps: null, stripe: null, test: true });
  superCookie = await signIn('superbruker@demo.no');
  adminCookie = await signIn('admin@demo.no');
});
afterAll(() => restore());

const asSuper = (handler: Parameters<typeof call>[0], path: string, method = 'GET', json?: unknown) =>
  call(handler, path, { method, cookie: superCookie, ...(json === undefined ? {} : { json }) });

const stamp = () => randomUUID().slice(0, 6).toUpperCase();

/** A paid order of `courseId` by `buyer` with the test provider (and a coupon, if given). */
async function buy(buyer: { cookie: string }, courseId: string, couponCode?: string): Promise<string> {
  const made = await call(checkoutFunctions, '/api/checkout/orders', {
    cookie: buyer.cookie,
    ip: '198.51.100.40',
    json: {
      productId: `course:${courseId}`,
      provider: 'test',
      consent: { accepted: true, version: CONSENT.version },
      idempotencyKey: randomUUID(),
      ...(couponCode ? { couponCode } : {}),
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const { reference, orderId } = made.body as { reference: string; orderId: string };
  expect((await call(testPaymentFunctions, `/api/test-payments/${reference}/approve`, { json: {} })).status).toBe(200);
  await call(checkoutReturnFunctions, `/api/checkout/orders/${orderId}/return`, { json: {}, cookie: buyer.cookie });
  return orderId;
}

const refundInFull = async (orderId: string) => {
  const order = await orderRow(orderId);
  const refunded = await asSuper(adminOrders, `/api/admin/orders/${orderId}/refunds`, 'POST', {
    amountOre: order.totalOre,
    reason: 'Test',
    idempotencyKey: randomUUID(),
  });
  expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
};

const reasonOf = async (userId: string, courseId: string) => (await courseAccess(await db(), userId, courseId)).reason;

describe('coupons (Rabattkoder)', () => {
  it('a superuser makes a coupon (code upper-cased, unique in any case), a buyer uses it, and the list shows the use and the order', async () => {
    const code = `Høst${stamp()}`;
    const made = await asSuper(adminCoupons, '/api/admin/coupons', 'POST', {
      code,
      kind: 'percent',
      percentOff: 20,
      productId: 'course:ki-for-kontoret',
      maxUses: 5,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const coupon = made.body as AdminCoupon;
    expect(coupon).toMatchObject({
      code: code.toUpperCase(),
      kind: 'percent',
      percentOff: 20,
      maxUses: 5,
      usedCount: 0,
      active: true,
      orderCount: 0,
    });
    expect(coupon.productTitle).toBeTruthy();

    const again = await asSuper(adminCoupons, '/api/admin/coupons', 'POST', { code: code.toLowerCase(), kind: 'amount', amountOffOre: 1000 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: `Rabattkoden ${code.toUpperCase()} finnes allerede.`, errorType: 'coupon_code_taken' });

    const buyer = await learner('rabatt');
    const orderId = await buy(buyer, 'ki-for-kontoret', code.toLowerCase());

    const list = (await asSuper(adminCoupons, '/api/admin/coupons')).body as AdminCouponList;
    expect(list.coupons.find((c) => c.id === coupon.id)).toMatchObject({ usedCount: 1, orderCount: 1 });
    expect(list.products.some((p) => p.id === 'course:ki-for-kontoret')).toBe(true);
    const detail = (await asSuper(adminCoupons, `/api/admin/coupons/${coupon.id}`)).body as AdminCouponDetail;
    expect(detail.orders).toHaveLength(1);
    expect(detail.orders[0]).toMatchObject({ id: orderId, buyerEmail: buyer.email, status: 'paid' });
    expect(detail.orders[0]!.discountOre).toBeGreaterThan(0);

    const audit = await (await db()).select().from(contentAuditLog).where(eq(contentAuditLog.targetId, coupon.id));
    expect(audit.map((a) => a.action)).toEqual(['coupon.create']);
  });

  it('edits the window and the limit (not below the uses so far) and deactivates; a deactivated code is refused at checkout', async () => {
    const code = `VINTER${stamp()}`;
    const coupon = (await asSuper(adminCoupons, '/api/admin/coupons', 'POST', { code, kind: 'amount', amountOffOre: 5000, maxUses: 3 }))
      .body as AdminCoupon;
    const edited = await asSuper(adminCoupons, `/api/admin/coupons/${coupon.id}`, 'PUT', {
      validFrom: '2026-01-01',
      validUntil: '2099-12-31',
      maxUses: 10,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ validFromDate: '2026-01-01', validUntilDate: '2099-12-31', maxUses: 10 });
    // The window is whole days in Oslo: from midnight Oslo time (23:00 UTC in winter).
    expect((edited.body as AdminCoupon).validFrom).toBe('2025-12-31T23:00:00.000Z');

    const buyer = await learner('rabatt');
    await buy(buyer, 'ki-for-kontoret', code);
    const below = await asSuper(adminCoupons, `/api/admin/coupons/${coupon.id}`, 'PUT', { maxUses: 1 });
    expect(below.status).toBe(200);
    const zero = await asSuper(adminCoupons, `/api/admin/coupons/${coupon.id}`, 'PUT', { maxUses: 0 });
    expect(zero.status).toBe(400);
    await asSuper(adminCoupons, `/api/admin/coupons/${coupon.id}`, 'PUT', { maxUses: null });
    const twoBuyers = await learner('rabatt');
    await buy(twoBuyers, 'ki-for-kontoret', code);
    const tooLow = await asSuper(adminCoupons, `/api/admin/coupons/${coupon.id}`, 'PUT', { maxUses: 1 });
    expect(tooLow.status).toBe(409);
    expect(tooLow.body).toMatchObject({ error: 'Maks antall bruk kan ikke være lavere enn bruken så langt (2).' });

    const off = await asSuper(adminCoupons, `/api/admin/coupons/${coupon.id}`, 'PUT', { active: false });
    expect(off.body).toMatchObject({ active: false });
    const quote = await call(checkoutFunctions, '/api/checkout/quote', {
      ip: '198.51.100.41',
      json: { productId: 'course:ki-for-kontoret', couponCode: code },
    });
    expect(quote.status).toBe(400);
    expect(quote.body).toMatchObject({ error: 'Rabattkoden er ugyldig eller utløpt.' });

    const actions = (await (await db()).select().from(contentAuditLog).where(eq(contentAuditLog.targetId, coupon.id))).map((a) => a.action);
    expect(actions.filter((a) => a === 'coupon.update').length).toBeGreaterThanOrEqual(4);
  });

  it('refuses bad input with a Norwegian sentence naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ code: 'med mellomrom', kind: 'percent', percentOff: 10 }, 'Koden kan bare ha bokstaver, tall, - og _'],
      [{ code: 'OK1', kind: 'percent', percentOff: 101 }, 'Prosent må være et helt tall fra 1 til 100'],
      [{ code: 'OK2', kind: 'percent' }, 'Prosent må være et helt tall fra 1 til 100'],
      [{ code: 'OK3', kind: 'amount', amountOffOre: 10.5 }, 'Beløp må være et helt antall øre over 0'],
      [
        { code: 'OK4', kind: 'amount', amountOffOre: 100, validFrom: '2026-05-02', validUntil: '2026-05-01' },
        'Gyldig til kan ikke være før gyldig fra',
      ],
      [{ code: 'OK5', kind: 'amount', amountOffOre: 100, validFrom: '2026-02-30' }, 'Gyldig fra må være en dato (ÅÅÅÅ-MM-DD)'],
    ];
    for (const [body, error] of cases) {
      const result = await asSuper(adminCoupons, '/api/admin/coupons', 'POST', body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body).toMatchObject({ error });
    }
    expect(
      (
        await asSuper(adminCoupons, '/api/admin/coupons', 'POST', {
          code: 'UKJENT1',
          kind: 'amount',
          amountOffOre: 1,
          productId: 'course:finnes-ikke',
        })
      ).status,
    ).toBe(400);
    expect((await asSuper(adminCoupons, `/api/admin/coupons/${randomUUID()}`)).status).toBe(404);
    expect((await asSuper(adminCoupons, `/api/admin/coupons/${randomUUID()}`, 'PUT', { active: false })).status).toBe(404);
  });

  it('is the superuser’s only: an admin gets 403', async () => {
    expect((await call(adminCoupons, '/api/admin/coupons', { cookie: adminCookie })).status).toBe(403);
    expect(
      (await call(adminCoupons, '/api/admin/coupons', { cookie: adminCookie, json: { code: 'ADMIN1', kind: 'percent', percentOff: 5 } })).status,
    ).toBe(403);
  });
});

describe('people (Brukere)', () => {
  it('finds people by name, e-mail or company; an invited employee shows their company', async () => {
    const byMail = (await asSuper(adminPeople, '/api/admin/people?q=ansatt@demo')).body as PersonSummary[];
    expect(byMail.map((p) => p.email)).toContain('ansatt@demo.no');
    expect(byMail.find((p) => p.email === 'ansatt@demo.no')!.companies).toEqual([{ id: demoCompany.id, name: demoCompany.name, role: 'member' }]);
    const byCompany = (await asSuper(adminPeople, `/api/admin/people?q=${encodeURIComponent(demoCompany.name.slice(0, 6))}`)).body as PersonSummary[];
    expect(byCompany.map((p) => p.email)).toEqual(expect.arrayContaining(['bedrift@demo.no', 'ansatt@demo.no', 'ansatt2@demo.no']));
    const byName = (await asSuper(adminPeople, '/api/admin/people?q=%25')).body as PersonSummary[];
    expect(byName).toEqual([]);
    const manager = byCompany.find((p) => p.email === 'bedrift@demo.no')!;
    expect(manager.role).toBe('company_admin');
    expect(manager.companies[0]).toMatchObject({ role: 'manager' });
  });

  it('a person’s page lists their courses with what gives each, and their orders', async () => {
    const buyer = await learner('person');
    const orderId = await buy(buyer, 'ki-for-kontoret');
    const page = await asSuper(adminPeople, `/api/admin/people/${buyer.id}`);
    expect(page.status).toBe(200);
    const detail = page.body as PersonDetail;
    expect(detail.person).toMatchObject({ id: buyer.id, email: buyer.email, role: 'individual' });
    expect(detail.courses).toEqual([expect.objectContaining({ courseId: 'ki-for-kontoret', source: 'purchase', grant: null })]);
    expect(detail.orders).toEqual([expect.objectContaining({ id: orderId, status: 'paid' })]);
    expect(detail.catalogue.length).toBeGreaterThan(3);
    expect((await asSuper(adminPeople, `/api/admin/people/${randomUUID()}`)).status).toBe(404);
  });
});

describe('access by hand (Gi tilgang / Ta tilbake)', () => {
  const grant = (userId: string, courseId: string, reason = 'Klage til kundeservice') =>
    asSuper(adminPeople, `/api/admin/people/${userId}/access`, 'POST', { courseId, reason });
  const takeBack = (userId: string, courseId: string, reason = 'Ferdig behandlet') =>
    asSuper(adminPeople, `/api/admin/people/${userId}/access/${courseId}/revoke`, 'POST', { reason });

  it('gives a course with a reason and takes it back, both audited; twice is a 409', async () => {
    const person = await learner('tilgang');
    expect(await reasonOf(person.id, 'ki-for-kontoret')).toBeNull();
    const given = await grant(person.id, 'ki-for-kontoret');
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    const detail = given.body as PersonDetail;
    expect(detail.courses).toEqual([
      expect.objectContaining({ courseId: 'ki-for-kontoret', source: 'grant', grant: expect.objectContaining({ reason: 'Klage til kundeservice' }) }),
    ]);
    expect(await reasonOf(person.id, 'ki-for-kontoret')).toBe('grant');
    expect((await grant(person.id, 'ki-for-kontoret')).status).toBe(409);

    const taken = await takeBack(person.id, 'ki-for-kontoret');
    expect(taken.status).toBe(200);
    expect((taken.body as PersonDetail).courses[0]).toMatchObject({ source: null, grant: null });
    expect((taken.body as PersonDetail).grants[0]).toMatchObject({ reason: 'Klage til kundeservice', revokedReason: 'Ferdig behandlet' });
    expect(await reasonOf(person.id, 'ki-for-kontoret')).toBeNull();
    const again = await takeBack(person.id, 'ki-for-kontoret');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'Personen har ingen tilgang gitt for hånd til dette kurset.' });

    const audit = await (
      await db()
    )
      .select()
      .from(contentAuditLog)
      .where(and(eq(contentAuditLog.targetType, 'user'), eq(contentAuditLog.targetId, person.id)))
      .orderBy(contentAuditLog.createdAt);
    expect(audit.map((a) => [a.action, a.after])).toEqual([
      ['access.grant', { access: expect.any(String), reason: 'Klage til kundeservice' }],
      ['access.revoke', { access: null, reason: 'Ferdig behandlet', stillHasAccess: false }],
    ]);
  });

  it('a full refund of the course’s order does not take away a grant by hand', async () => {
    const person = await learner('tilgang');
    const orderId = await buy(person, 'ki-for-kontoret');
    expect((await grant(person.id, 'ki-for-kontoret')).status).toBe(201);
    // The order still gives the course; the grant waits behind it.
    expect(await reasonOf(person.id, 'ki-for-kontoret')).toBe('purchase');
    await refundInFull(orderId);
    expect(await reasonOf(person.id, 'ki-for-kontoret')).toBe('grant');
  });

  it('a refund of some other order leaves the grant alone', async () => {
    const person = await learner('tilgang');
    expect((await grant(person.id, 'ki-for-kontoret')).status).toBe(201);
    const other = await buy(person, 'grunnleggende-ki');
    await refundInFull(other);
    expect(await reasonOf(person.id, 'ki-for-kontoret')).toBe('grant');
    expect(await reasonOf(person.id, 'grunnleggende-ki')).toBeNull();
  });

  it('taking a grant back leaves what an order gives', async () => {
    const person = await learner('tilgang');
    expect((await grant(person.id, 'ki-for-kontoret')).status).toBe(201);
    // Bought while the grant stood (as a guest's order reaches an account): the enrollment stays on the grant.
    const orderId = await buy(person, 'grunnleggende-ki');
    const d = await db();
    await d
      .update(enrollments)
      .set({ source: 'grant' })
      .where(and(eq(enrollments.userId, person.id), eq(enrollments.courseId, 'grunnleggende-ki')));
    expect((await grant(person.id, 'grunnleggende-ki')).status).toBe(201);
    const taken = await takeBack(person.id, 'grunnleggende-ki');
    expect(taken.status).toBe(200);
    expect(await reasonOf(person.id, 'grunnleggende-ki')).toBe('purchase');
    const [row] = await d
      .select({ sourceRef: enrollments.sourceRef })
      .from(enrollments)
      .where(and(eq(enrollments.userId, person.id), eq(enrollments.courseId, 'grunnleggende-ki')));
    expect(row!.sourceRef).toBe(orderId);
    // And the order is the one a later refund ends.
    await refundInFull(orderId);
    expect(await reasonOf(person.id, 'grunnleggende-ki')).toBeNull();
  });

  it('a seat taken back does not take away a grant by hand, and taking the grant back leaves a seat', async () => {
    const d = await db();
    const person = await learner('tilgang');
    const courseId = 'grunnleggende-ki';
    const seatId = await atomically(d, async (tx) => {
      const company = await lockCompany(tx, demoCompany.id);
      return (await assignSeat(tx, company, person.id)).seatId;
    });
    expect(await reasonOf(person.id, courseId)).toBe('seat');
    expect((await grant(person.id, courseId)).status).toBe(201);
    const taken = await takeBack(person.id, courseId);
    expect(taken.status).toBe(200);
    expect(await reasonOf(person.id, courseId)).toBe('seat');
    expect((await grant(person.id, courseId)).status).toBe(201);
    await atomically(d, (tx) => revokeSeat(tx, demoCompany.id, seatId));
    expect(await reasonOf(person.id, courseId)).toBe('grant');
  });

  it('refuses an unknown person or course, and a missing reason', async () => {
    const person = await learner('tilgang');
    expect((await grant(randomUUID(), 'ki-for-kontoret')).status).toBe(404);
    const unknownCourse = await grant(person.id, 'finnes-ikke');
    expect(unknownCourse.status).toBe(404);
    const noReason = await asSuper(adminPeople, `/api/admin/people/${person.id}/access`, 'POST', { courseId: 'ki-for-kontoret', reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ error: 'Skriv en begrunnelse' });
    expect(
      (await call(adminPeople, `/api/admin/people/${person.id}/access`, { cookie: adminCookie, json: { courseId: 'ki-for-kontoret', reason: 'x' } }))
        .status,
    ).toBe(403);
  });
});

describe('the change timeline', () => {
  it('shows a coupon made and a course given by hand, each with its target', async () => {
    const code = `LOGG${stamp()}`;
    const coupon = (await asSuper(adminCoupons, '/api/admin/coupons', 'POST', { code, kind: 'percent', percentOff: 5 })).body as AdminCoupon;
    const person = await learner('logg');
    await asSuper(adminPeople, `/api/admin/people/${person.id}/access`, 'POST', { courseId: 'ki-for-kontoret', reason: 'Logg' });
    const page = (await asSuper(adminFunctions, '/api/admin/audit?limit=20')).body as AdminAuditPage;
    expect(page.entries.find((e) => e.target.id === coupon.id)).toMatchObject({
      action: 'coupon.create',
      target: { type: 'coupon', label: code },
      actor: { email: 'superbruker@demo.no' },
    });
    expect(page.entries.find((e) => e.action === 'access.grant' && e.target.id === person.id)).toMatchObject({
      target: { type: 'user', label: 'Kari Kjøper' },
      after: { reason: 'Logg' },
    });
  });
});

describe('certificates in /admin', () => {
  it('each certificate links to itself (the PDF) and to its verification page', async () => {
    const list = (await asSuper(certificateFunctions, '/api/admin/certificates?q=elev')).body as AdminCertificate[];
    expect(list.length).toBeGreaterThan(0);
    for (const certificate of list) {
      expect(certificate.pdfPath).toBe(`/api/certificates/${certificate.id}/pdf`);
      expect(certificate.verifyPath).toBe(`/bevis/${certificate.code}`);
    }
  });
});

describe('starting a build without a hook', () => {
  it('says how the site is published instead (409), and is the superuser’s only', async () => {
    const started: CallResult = await asSuper(adminFunctions, '/api/admin/publishing/build', 'POST', {});
    expect(started.status).toBe(409);
    expect(started.body).toMatchObject({ errorType: 'no_build_hook' });
    expect((started.body as { error: string }).error).toMatch(/^Automatisk publisering er ikke satt opp\./);
    expect((await call(adminFunctions, '/api/admin/publishing/build', { cookie: adminCookie, json: {} })).status).toBe(403);
  });
});
