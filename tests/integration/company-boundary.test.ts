import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  companyAuditLog,
  companyMemberships,
  companySeats,
  enrollments,
  lessonProgress,
  mailOutbox,
  orders,
  users,
} from '../../db/schema';
import { seedLessonId } from '../../db/seed-ids';
import adminCompanies from '../../netlify/functions/admin-companies';
import adminOrders from '../../netlify/functions/admin-orders';
import checkout from '../../netlify/functions/checkout';
import checkoutReturn from '../../netlify/functions/checkout-return';
import company from '../../netlify/functions/company';
import testPayments from '../../netlify/functions/test-payments';
import { acquireAppDb } from '../../src/server/platform/db';
import { env } from '../../src/server/platform/env';
import { managerTexts } from '../../src/server/company/memberships';
import { seatOrderMessages } from '../../src/server/company/package-kind';
import { usePaymentProvidersForTests } from '../../src/server/payments/registry';
import { call, type CallResult, signIn } from '../helpers';
import { learner } from './order-checks';

/**
 * The company boundary: a person belongs to a company through a membership, and a manager's
 * rights come only from a manager membership of the company the route names. Each scenario here
 * was an attack that worked when the rights were read from a column on the user.
 */

const db = async () => (await acquireAppDb()).db;
const PACKAGE = 'package:nettbasert-pakke';
let n = 0;
const nextIp = () => `203.0.113.${(++n % 200) + 20}`;

let restore: () => void;
beforeAll(() => {
  restore = usePaymentProvidersForTests({ vipps: null, stripe: null, test: true });
});
afterAll(() => restore());

const details = (name: string, orgNumber = '974 760 673') => ({
  name,
  orgNumber,
  invoiceEmail: `faktura-${++n}@example.no`,
  invoiceAddress: 'Storgata 1, 0155 Oslo',
});

/** A signed-in person with a proven address (or not). */
async function person(prefix: string, verified = true) {
  const made = await learner(prefix);
  if (verified) await (await db()).update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, made.id));
  return made;
}

const orderSeats = (cookie: string, body: Record<string, unknown>) =>
  call(checkout, '/api/checkout/orders', {
    cookie,
    ip: nextIp(),
    json: { productId: PACKAGE, provider: 'invoice', quantity: 1, idempotencyKey: randomUUID(), ...body },
  });

async function companyOf(result: CallResult): Promise<string> {
  expect(result.status, result.text).toBe(201);
  const [row] = await (
    await db()
  )
    .select({ companyId: orders.companyId })
    .from(orders)
    .where(eq(orders.id, (result.body as { orderId: string }).orderId));
  return row!.companyId!;
}

async function superuser() {
  return signIn('superbruker@demo.no', 'demo1234', nextIp());
}

async function approve(companyId: string) {
  const approved = await call(adminCompanies, `/api/admin/companies/${companyId}/approve`, { cookie: await superuser(), json: {} });
  expect(approved.status, approved.text).toBe(200);
}

/** Invites `email` to the company and returns the invitation's token from its mail. */
async function invitationToken(managerCookie: string, companyId: string, email: string): Promise<string> {
  const invited = await call(company, `/api/companies/${companyId}/invitations`, { cookie: managerCookie, json: { emails: [email] } });
  expect(invited.status, invited.text).toBe(201);
  const mails = await (
    await db()
  )
    .select({ data: mailOutbox.data })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'company-invitation')));
  return (mails.at(-1)!.data as { acceptUrl: string }).acceptUrl.split('#token=')[1]!;
}

const acceptAs = (token: string, cookie: string) => call(company, '/api/invitations/accept', { cookie, json: { token }, ip: nextIp() });

async function companyRowOf(companyId: string) {
  const [row] = await (await db()).select().from(companies).where(eq(companies.id, companyId));
  return row!;
}

const at = (companyId: string, rest = '') => `/api/companies/${companyId}${rest}`;

describe('taking over another company (the attack, step by step)', () => {
  it('ends with the attacker seeing nothing of the victim company, and its name, seats and invoice details unchanged', async () => {
    // The victim: a real company with five approved seats and one employee.
    const victim = await person('offer-leder');
    const victimCompany = await companyOf(await orderSeats(victim.cookie, { quantity: 5, company: details('Offer AS', '923 609 016') }));
    await approve(victimCompany);
    const before = await companyRowOf(victimCompany);
    const employee = await person('offer-ansatt');
    expect((await acceptAs(await invitationToken(victim.cookie, victimCompany, employee.email), employee.cookie)).status).toBe(200);

    // 1. The attacker buys one seat on invoice and manages a company of their own.
    const attacker = await person('angriper');
    const attackerCompany = await companyOf(await orderSeats(attacker.cookie, { quantity: 1, company: details('Angriper AS') }));
    // 2. The victim invites the attacker's address, and the attacker accepts.
    expect((await acceptAs(await invitationToken(victim.cookie, victimCompany, attacker.email), attacker.cookie)).status).toBe(200);
    const mine = await call(company, '/api/companies', { cookie: attacker.cookie });
    expect(mine.body).toMatchObject({
      companies: [
        { id: attackerCompany, role: 'manager' },
        { id: victimCompany, role: 'member' },
      ],
    });

    // 3. Every manager's route of the victim company: 404, and nothing of it in the answer.
    const [victimSeat] = await (
      await db()
    )
      .select({ id: companySeats.id })
      .from(companySeats)
      .where(and(eq(companySeats.companyId, victimCompany), isNull(companySeats.revokedAt)));
    const victimManagerId = victim.id;
    const attempts: [string, string, unknown?][] = [
      ['GET', at(victimCompany)],
      ['GET', at(victimCompany, '/people')],
      ['GET', at(victimCompany, '/people.csv')],
      ['GET', at(victimCompany, '/invitations')],
      ['GET', at(victimCompany, '/managers')],
      ['POST', at(victimCompany, '/reminders'), {}],
      ['POST', at(victimCompany, '/invitations'), { emails: ['venn@example.no'] }],
      ['POST', at(victimCompany, '/invitations/preview'), { text: 'venn@example.no' }],
      ['POST', at(victimCompany, '/managers'), { userId: attacker.id }],
      ['DELETE', at(victimCompany, `/managers/${victimManagerId}`)],
      ['DELETE', at(victimCompany, `/seats/${victimSeat!.id}`)],
    ];
    for (const [method, path, json] of attempts) {
      const answer = await call(company, path, { method, cookie: attacker.cookie, ...(json === undefined ? {} : { json }) });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.text).not.toContain('Offer AS');
      expect(answer.text).not.toContain(employee.email);
    }
    // Ordering 50 seats on the victim's invoice, or rewriting its name and invoice details through the checkout: 404.
    const onVictimInvoice = await orderSeats(attacker.cookie, { quantity: 50, companyId: victimCompany });
    expect(onVictimInvoice.status).toBe(404);
    const rewrite = await orderSeats(attacker.cookie, { quantity: 1, companyId: victimCompany, company: details('Kapret AS') });
    expect(rewrite.status).toBe(404);

    // 4. The victim takes the attacker's seat back: the attacker is no longer a member, and still manages only their own.
    const people = await call(company, at(victimCompany, '/people'), { cookie: victim.cookie });
    const attackerSeat = (people.body as { people: { seatId: string; email: string }[] }).people.find((p) => p.email === attacker.email)!;
    expect((await call(company, at(victimCompany, `/seats/${attackerSeat.seatId}`), { method: 'DELETE', cookie: victim.cookie })).status).toBe(200);
    expect((await call(company, '/api/companies', { cookie: attacker.cookie })).body).toEqual({
      companies: [{ id: attackerCompany, name: 'Angriper AS', orgNumber: '974760673', role: 'manager' }],
    });
    expect((await call(company, at(victimCompany), { cookie: attacker.cookie })).status).toBe(404);

    // 5. The victim company is as it was: name, invoice details, one order of five seats, one person.
    const after = await companyRowOf(victimCompany);
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
    const overview = await call(company, at(victimCompany), { cookie: victim.cookie });
    expect(overview.body).toMatchObject({ company: { name: 'Offer AS', invoiceEmail: before.invoiceEmail }, seats: { total: 5, used: 1 } });
    const victimOrders = await (await db()).select().from(orders).where(eq(orders.companyId, victimCompany));
    expect(victimOrders).toHaveLength(1);
  });

  it("accepting an invitation never moves, removes or upgrades the person's other memberships", async () => {
    const a = await person('a-leder');
    const companyA = await companyOf(await orderSeats(a.cookie, { quantity: 2, company: details('A AS') }));
    const b = await person('b-leder');
    const companyB = await companyOf(await orderSeats(b.cookie, { quantity: 2, company: details('B AS') }));
    // A's manager accepts a seat of B: still A's manager, B's member.
    expect((await acceptAs(await invitationToken(b.cookie, companyB, a.email), a.cookie)).status).toBe(200);
    const rows = await (
      await db()
    )
      .select({ companyId: companyMemberships.companyId, role: companyMemberships.role })
      .from(companyMemberships)
      .where(eq(companyMemberships.userId, a.id));
    expect(rows.sort((x, y) => (x.role < y.role ? -1 : 1))).toEqual([
      { companyId: companyA, role: 'manager' },
      { companyId: companyB, role: 'member' },
    ]);
    // A manager invited to their own company gets a seat and stays manager.
    expect((await acceptAs(await invitationToken(b.cookie, companyB, b.email), b.cookie)).status).toBe(200);
    const [own] = await (
      await db()
    )
      .select({ role: companyMemberships.role })
      .from(companyMemberships)
      .where(and(eq(companyMemberships.userId, b.id), eq(companyMemberships.companyId, companyB)));
    expect(own!.role).toBe('manager');
  });
});

describe('a manager of two companies', () => {
  it('sees each only under its own id, and buys for the one named', async () => {
    const m = await person('to-bedrifter');
    const first = await companyOf(await orderSeats(m.cookie, { quantity: 2, company: details('Første AS', '923 609 016') }));
    const second = await companyOf(await orderSeats(m.cookie, { quantity: 3, company: details('Andre AS', '974 760 673') }));
    expect(first).not.toBe(second);
    const one = await call(company, at(first), { cookie: m.cookie });
    const two = await call(company, at(second), { cookie: m.cookie });
    expect(one.body).toMatchObject({ company: { id: first, name: 'Første AS' }, seats: { total: 2 } });
    expect(two.body).toMatchObject({ company: { id: second, name: 'Andre AS' }, seats: { total: 3 } });
    expect(one.text).not.toContain('Andre AS');
    // An employee of the first is not in the second's list.
    const employee = await person('forste-ansatt');
    expect((await acceptAs(await invitationToken(m.cookie, first, employee.email), employee.cookie)).status).toBe(200);
    expect((await call(company, at(first, '/people'), { cookie: m.cookie })).text).toContain(employee.email);
    expect((await call(company, at(second, '/people'), { cookie: m.cookie })).text).not.toContain(employee.email);
    // More seats for the second, by its id: only the second grows.
    expect((await orderSeats(m.cookie, { quantity: 4, companyId: second })).status).toBe(201);
    expect((await call(company, at(first), { cookie: m.cookie })).body).toMatchObject({ seats: { total: 2 } });
    expect((await call(company, at(second), { cookie: m.cookie })).body).toMatchObject({ seats: { total: 7 } });
    // The same org number again without an id: the company they already manage, not a new one.
    const again = await companyOf(await orderSeats(m.cookie, { quantity: 1, company: details('Første AS', '923 609 016') }));
    expect(again).toBe(first);
  });

  it('ten invoice orders at once by one person make one company, with its manager', async () => {
    const m = await person('samtidig-kjoper');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => orderSeats(m.cookie, { quantity: 1, company: details('Samtidig AS', '923 609 016') })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const ids = new Set(await Promise.all(results.map(companyOf)));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const managers = await (await db()).select().from(companyMemberships).where(eq(companyMemberships.companyId, id!));
    expect(managers).toEqual([expect.objectContaining({ userId: m.id, role: 'manager' })]);
  });
});

describe('managers', () => {
  it('a manager adds a member as manager and removes managers, never the last one', async () => {
    const first = await person('forste-leder');
    const id = await companyOf(await orderSeats(first.cookie, { quantity: 2, company: details('Ledere AS') }));
    const second = await person('andre-leder');
    // Only a person of the company can be made manager.
    const stranger = await call(company, at(id, '/managers'), { cookie: first.cookie, json: { userId: second.id } });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ error: managerTexts.personNotFound });
    expect((await acceptAs(await invitationToken(first.cookie, id, second.email), second.cookie)).status).toBe(200);
    const added = await call(company, at(id, '/managers'), { cookie: first.cookie, json: { userId: second.id } });
    expect(added.status, added.text).toBe(201);
    // The new manager manages at once: their rights come from the membership, not from a role read at sign-in.
    expect((await call(company, at(id), { cookie: second.cookie })).status).toBe(200);
    const listed = await call(company, at(id, '/managers'), { cookie: second.cookie });
    expect((listed.body as { managers: { userId: string }[] }).managers.map((m) => m.userId).sort()).toEqual([first.id, second.id].sort());

    // Both try to remove each other at once: one wins, the company keeps a manager.
    const [x, y] = await Promise.all([
      call(company, at(id, `/managers/${second.id}`), { method: 'DELETE', cookie: first.cookie }),
      call(company, at(id, `/managers/${first.id}`), { method: 'DELETE', cookie: second.cookie }),
    ]);
    // One wins; the other is no longer a manager (404) or would remove the last one (409), by timing.
    expect([x.status, y.status].filter((s) => s === 200)).toHaveLength(1);
    expect([x.status, y.status].filter((s) => s === 404 || s === 409)).toHaveLength(1);
    const left = await (
      await db()
    )
      .select()
      .from(companyMemberships)
      .where(and(eq(companyMemberships.companyId, id), eq(companyMemberships.role, 'manager')));
    expect(left).toHaveLength(1);
    const last = left[0]!.userId;
    const lastCookie = last === first.id ? first.cookie : second.cookie;
    const refused = await call(company, at(id, `/managers/${last}`), { method: 'DELETE', cookie: lastCookie });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: managerTexts.lastManager, errorType: 'last_manager' });
    // The removed manager who holds a seat stays a member, and has no manager's rights.
    const removed = last === first.id ? second : first;
    expect((await call(company, at(id), { cookie: removed.cookie })).status).toBe(404);
    const audit = await (await db()).select({ action: companyAuditLog.action }).from(companyAuditLog).where(eq(companyAuditLog.companyId, id));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['created', 'manager_added', 'member_added', 'manager_removed']));
  });

  it("taking back a manager's seat ends their access to the package, and they stay manager", async () => {
    const m = await person('leder-med-plass');
    const id = await companyOf(await orderSeats(m.cookie, { quantity: 2, company: details('Plass AS') }));
    expect((await acceptAs(await invitationToken(m.cookie, id, m.email), m.cookie)).status).toBe(200);
    const people = await call(company, at(id, '/people'), { cookie: m.cookie });
    const seat = (people.body as { people: { seatId: string; email: string }[] }).people.find((p) => p.email === m.email)!;
    expect((await call(company, at(id, `/seats/${seat.seatId}`), { method: 'DELETE', cookie: m.cookie })).status).toBe(200);
    const active = await (
      await db()
    )
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, m.id), isNull(enrollments.revokedAt)));
    expect(active).toHaveLength(0);
    expect((await call(company, at(id), { cookie: m.cookie })).status).toBe(200);
  });
});

describe('courses for nothing', () => {
  it("an unverified account's invoice seats give no access: the order is refused", async () => {
    const unverified = await person('ubekreftet', false);
    const refused = await orderSeats(unverified.cookie, { quantity: 5, company: details('Oppdiktet AS') });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: seatOrderMessages.verifyFirst, errorType: 'email_unverified' });
    expect(await (await db()).select().from(companyMemberships).where(eq(companyMemberships.userId, unverified.id))).toHaveLength(0);
    // Invited to nothing, the address has no course either.
    const courses = await (await db()).select().from(enrollments).where(eq(enrollments.userId, unverified.id));
    expect(courses).toHaveLength(0);
  });

  it("a new company's invoice seats give access only up to the limit until a superuser approves it or the invoice is paid", async () => {
    const limit = env.COMPANY_UNAPPROVED_SEAT_LIMIT;
    const m = await person('ny-bedrift');
    const ordered = await orderSeats(m.cookie, { quantity: limit + 2, company: details('Ukjent AS') });
    const id = await companyOf(ordered);
    const overview = await call(company, at(id), { cookie: m.cookie });
    expect(overview.body).toMatchObject({
      seats: { total: limit + 2, used: 0, free: limit, heldBack: 2 },
      approval: { approved: false, seatLimit: limit },
    });
    const employees = await Promise.all(Array.from({ length: limit + 1 }, (_, i) => person(`venter-${i}`)));
    const answers: number[] = [];
    for (const e of employees) answers.push((await acceptAs(await invitationToken(m.cookie, id, e.email), e.cookie)).status);
    expect(answers).toEqual([...Array(limit).fill(200), 409]);
    // Paying the invoice approves the company: the held seats can be used.
    const paid = await call(adminCompanies, `/api/admin/orders/${(ordered.body as { orderId: string }).orderId}/invoice-paid`, {
      cookie: await superuser(),
      json: {},
    });
    expect(paid.status, paid.text).toBe(200);
    expect((await call(company, at(id), { cookie: m.cookie })).body).toMatchObject({
      seats: { total: limit + 2, used: limit, free: 2, heldBack: 0 },
      approval: { approved: true },
    });
    const last = employees.at(-1)!;
    expect((await acceptAs(await invitationToken(m.cookie, id, last.email), last.cookie)).status).toBe(200);
  });
});

describe('a refunded seat order', () => {
  async function paidSeatOrder(seats: number) {
    const m = await person('kort-leder');
    const made = await call(checkout, '/api/checkout/orders', {
      cookie: m.cookie,
      ip: nextIp(),
      json: { productId: PACKAGE, provider: 'test', quantity: seats, company: details('Kort AS'), idempotencyKey: randomUUID() },
    });
    expect(made.status, made.text).toBe(201);
    const { orderId, reference } = made.body as { orderId: string; reference: string };
    expect((await call(testPayments, `/api/test-payments/${reference}/approve`, { json: {} })).status).toBe(200);
    const back = await call(checkoutReturn, `/api/checkout/orders/${orderId}/return`, { cookie: m.cookie, json: {} });
    expect(back.body).toMatchObject({ status: 'paid' });
    const [row] = await (await db()).select().from(orders).where(eq(orders.id, orderId));
    return { manager: m, orderId, companyId: row!.companyId!, totalOre: row!.totalOre };
  }

  const refund = async (orderId: string, amountOre: number) =>
    call(adminOrders, `/api/admin/orders/${orderId}/refunds`, {
      cookie: await superuser(),
      json: { amountOre, reason: 'Bedriften avbestilte', idempotencyKey: randomUUID() },
    });

  it('of 2 with 2 seats in use, refunded in full: 0 in use, both people without the courses, their progress kept', async () => {
    const { manager, orderId, companyId, totalOre } = await paidSeatOrder(2);
    const people = [await person('refusjon-1'), await person('refusjon-2')];
    for (const p of people) expect((await acceptAs(await invitationToken(manager.cookie, companyId, p.email), p.cookie)).status).toBe(200);
    const lesson = seedLessonId('ki-for-kontoret', 0, 1);
    await (await db()).insert(lessonProgress).values({ userId: people[0]!.id, lessonId: lesson, completed: true });

    const refunded = await refund(orderId, totalOre);
    expect(refunded.status, refunded.text).toBe(201);
    expect((await call(company, at(companyId), { cookie: manager.cookie })).body).toMatchObject({ seats: { total: 0, used: 0 } });
    for (const p of people) {
      const active = await (
        await db()
      )
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.userId, p.id), isNull(enrollments.revokedAt)));
      expect(active).toHaveLength(0);
    }
    expect(await (await db()).select().from(lessonProgress).where(eq(lessonProgress.userId, people[0]!.id))).toHaveLength(1);
  });

  it('refunded in part takes back floor(refunded / price per seat) seats, the most recently given first', async () => {
    const { manager, orderId, companyId, totalOre } = await paidSeatOrder(3);
    const perSeat = totalOre / 3;
    const people = [await person('del-1'), await person('del-2'), await person('del-3')];
    for (const p of people) expect((await acceptAs(await invitationToken(manager.cookie, companyId, p.email), p.cookie)).status).toBe(200);
    // A little more than one seat's price: one seat back.
    expect((await refund(orderId, perSeat + 100)).status).toBe(201);
    expect((await call(company, at(companyId), { cookie: manager.cookie })).body).toMatchObject({ seats: { total: 2, used: 2 } });
    const held = await (
      await db()
    )
      .select({ userId: companySeats.userId })
      .from(companySeats)
      .where(and(eq(companySeats.companyId, companyId), isNull(companySeats.revokedAt)));
    expect(held.map((h) => h.userId).sort()).toEqual([people[0]!.id, people[1]!.id].sort());
    // The rest of the second seat's price: a second seat back.
    expect((await refund(orderId, perSeat - 100)).status).toBe(201);
    expect((await call(company, at(companyId), { cookie: manager.cookie })).body).toMatchObject({ seats: { total: 1, used: 1 } });
  });
});
