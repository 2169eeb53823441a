import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  companyAuditLog,
  companyMemberships,
  companySeats,
  companyTrials,
  enrollments,
  lessonProgress,
  mailOutbox,
  users,
} from '../../db/schema';
import { seedLessonId } from '../../db/seed-ids';
import account from '../../netlify/functions/account';
import checkout from '../../netlify/functions/checkout';
import checkoutReturn from '../../netlify/functions/checkout-return';
import company from '../../netlify/functions/company';
import orderSweeper from '../../netlify/functions/order-sweeper';
import testPayments from '../../netlify/functions/test-payments';
import { isValidOrgNumber } from '../../src/lib/org-number';
import { TRIAL_DAYS, TRIAL_SEATS } from '../../src/lib/company-package';
import { companyTexts } from '../../src/server/company/messages';
import { trialTexts } from '../../src/server/company/trials.service';
import { acquireAppDb } from '../../src/server/platform/db';
import { usePaymentProvidersForTests } from '../../src/server/payments/registry';
import { call, cookieHeader } from '../helpers';

/**
 * The package's free trial: a company starts one without paying (five seats, seven days), one per
 * person and per organisation number however many start at once; invitations work as for bought
 * seats; the manager sees the days left; buying seats converts it without a gap in access; the
 * sweep reminds the managers, ends it and takes the seats back (progress kept), each mail once.
 */

const db = async () => (await acquireAppDb()).db;
const PASSWORD = 'et langt passord';
const DAY_MS = 86_400_000;
let n = 0;
let ips = 0;
const nextIp = () => `203.0.113.${(++ips % 200) + 20}`;
const unique = (prefix: string) => `${prefix}-${++n}-${process.pid}@example.no`;

let restore: () => void;
beforeAll(() => {
  restore = usePaymentProvidersForTests({ vipps: null, stripe: null, test: true });
});
afterAll(() => restore());

/** A valid organisation number of its own for each test (mod 11), from a base that no other test file uses. */
let orgSeed = 81_000_000 + (process.pid % 1000) * 500;
function newOrgNumber(): string {
  for (;;) {
    const base = String(++orgSeed).padStart(8, '0');
    for (let check = 0; check <= 9; check++) if (isValidOrgNumber(`${base}${check}`)) return `${base}${check}`;
  }
}

async function newUser(prefix = 'leder', options: { verified?: boolean } = {}) {
  const email = unique(prefix);
  const made = await call(account, '/api/auth/register', { json: { firstName: 'Tora', lastName: 'Prøve', email, password: PASSWORD }, ip: nextIp() });
  expect(made.status).toBe(201);
  const [row] = await (await db()).select({ id: users.id }).from(users).where(eq(users.email, email));
  if (options.verified !== false) await (await db()).update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, row!.id));
  return { id: row!.id, email, cookie: cookieHeader(made) };
}

const details = (orgNumber: string, name = 'Prøvebedrift AS') => ({
  name,
  orgNumber,
  invoiceEmail: 'faktura@example.no',
  invoiceAddress: 'Storgata 1, 0155 Oslo',
});

const start = (cookie: string, body: Record<string, unknown>) => call(company, '/api/company-trials', { cookie, json: body, ip: nextIp() });

async function trialCompany(name = 'Prøvebedrift AS') {
  const manager = await newUser();
  const orgNumber = newOrgNumber();
  const started = await start(manager.cookie, { company: details(orgNumber, name) });
  expect(started.status, started.text).toBe(201);
  return { ...manager, orgNumber, companyId: (started.body as { companyId: string }).companyId };
}

const overview = async (m: { cookie: string; companyId: string }) => {
  const read = await call(company, `/api/companies/${m.companyId}`, { cookie: m.cookie });
  expect(read.status).toBe(200);
  return read.body as { seats: { total: number; used: number; free: number }; trial: { status: string; daysLeft: number; seats: number } | null };
};

async function acceptInvitations(m: { cookie: string; companyId: string }, count: number) {
  const emails = Array.from({ length: count }, () => unique('ansatt'));
  const invited = await call(company, `/api/companies/${m.companyId}/invitations`, { cookie: m.cookie, json: { emails } });
  expect(invited.status, invited.text).toBe(201);
  const results = [];
  for (const email of emails) {
    const [mail] = await (
      await db()
    )
      .select({ data: mailOutbox.data })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'company-invitation')));
    const token = (mail!.data as { acceptUrl: string }).acceptUrl.split('#token=')[1]!;
    const accepted = await call(company, '/api/invitations/accept', {
      json: { token, firstName: 'Ola', lastName: 'Ansatt', password: PASSWORD },
      ip: nextIp(),
    });
    results.push({ email, status: accepted.status, body: accepted.body });
  }
  return results;
}

const activeSeats = async (companyId: string) =>
  (await db())
    .select({ id: companySeats.id, userId: companySeats.userId })
    .from(companySeats)
    .where(and(eq(companySeats.companyId, companyId), isNull(companySeats.revokedAt)))
    .orderBy(companySeats.assignedAt, companySeats.id);

const activeGrants = async (userId: string) =>
  (await db())
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.source, 'seat'), isNull(enrollments.revokedAt)));

const auditActions = async (companyId: string) =>
  (await (await db()).select({ action: companyAuditLog.action }).from(companyAuditLog).where(eq(companyAuditLog.companyId, companyId))).map(
    (r) => r.action,
  );

const mailsOf = async (template: string, to: string) =>
  (await db())
    .select({ data: mailOutbox.data })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.template, template), eq(mailOutbox.toAddress, to)));

/** Moves the trial's end, as the days passing would. */
const endIn = async (companyId: string, ms: number) =>
  (await db())
    .update(companyTrials)
    .set({ endsAt: new Date(Date.now() + ms) })
    .where(eq(companyTrials.companyId, companyId));

const sweep = async () => {
  const response = await orderSweeper();
  expect(response.status).toBe(200);
  return (await response.json()) as { trials: { reminded: number; ended: number } };
};

const buySeats = (cookie: string, companyId: string, quantity: number, provider: 'test' | 'invoice') =>
  call(checkout, '/api/checkout/orders', {
    cookie,
    ip: nextIp(),
    json: { productId: 'package:nettbasert-pakke', quantity, provider, companyId, idempotencyKey: randomUUID() },
  });

describe('starting a trial', () => {
  it('makes the company with its manager, five seats for seven days, audited, without an order', async () => {
    const m = await trialCompany('Prøve og Feile AS');
    const seen = await overview(m);
    expect(seen.seats).toEqual({ total: TRIAL_SEATS, used: 0, free: TRIAL_SEATS, heldBack: 0 });
    expect(seen.trial).toMatchObject({ status: 'active', seats: 5, daysLeft: TRIAL_DAYS });
    const [membership] = await (await db()).select().from(companyMemberships).where(eq(companyMemberships.companyId, m.companyId));
    expect(membership).toMatchObject({ userId: m.id, role: 'manager' });
    expect(await auditActions(m.companyId)).toEqual(expect.arrayContaining(['created', 'manager_added', 'trial_started']));
    const orders = await (await db()).execute(sql`SELECT count(*)::int AS n FROM orders WHERE company_id = ${m.companyId}`);
    expect((orders as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    // The checkout no longer offers this person a trial.
    const page = await call(checkout, '/api/checkout/products/nettbasert-pakke', { cookie: m.cookie });
    expect(page.body).toMatchObject({ viewer: { trialAvailable: false } });
  });

  it('the days left count down from seven and round up', async () => {
    const m = await trialCompany();
    await endIn(m.companyId, 1.5 * DAY_MS);
    expect((await overview(m)).trial).toMatchObject({ status: 'active', daysLeft: 2 });
    await endIn(m.companyId, 2 * 60_000);
    expect((await overview(m)).trial).toMatchObject({ daysLeft: 1 });
  });

  it('needs a signed-in person with a confirmed address, and a company', async () => {
    expect((await call(company, '/api/company-trials', { json: { company: details(newOrgNumber()) } })).status).toBe(401);
    const unverified = await newUser('ubekreftet', { verified: false });
    const refused = await start(unverified.cookie, { company: details(newOrgNumber()) });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: trialTexts.verifyFirst, errorType: 'email_unverified' });
    const verified = await newUser();
    const empty = await start(verified.cookie, {});
    expect(empty.status).toBe(400);
    const fresh = await call(checkout, '/api/checkout/products/nettbasert-pakke', { cookie: verified.cookie });
    expect(fresh.body).toMatchObject({ viewer: { trialAvailable: true }, product: { trial: { seats: 5, days: 7 } } });
  });

  it('one per person and one per organisation number, ever', async () => {
    const m = await trialCompany();
    const again = await start(m.cookie, { company: details(newOrgNumber(), 'Ny bedrift AS') });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: trialTexts.personUsed });

    const other = await newUser('annen');
    const sameNumber = await start(other.cookie, { company: details(m.orgNumber, 'Samme nummer AS') });
    expect(sameNumber.status).toBe(409);
    expect(sameNumber.body).toMatchObject({ error: trialTexts.orgUsed });
    // The refused start made no company.
    const named = await (await db()).select().from(companies).where(eq(companies.name, 'Samme nummer AS'));
    expect(named).toHaveLength(0);

    // Ended, it still counts: no second trial for the number.
    await endIn(m.companyId, -1000);
    await sweep();
    const third = await newUser('tredje');
    expect((await start(third.cookie, { company: details(m.orgNumber) })).status).toBe(409);
  });

  it('a company that has bought seats gets no trial; one the person manages without seats does', async () => {
    const buyer = await newUser('kunde');
    const orgNumber = newOrgNumber();
    const bought = await call(checkout, '/api/checkout/orders', {
      cookie: buyer.cookie,
      json: { productId: 'package:nettbasert-pakke', quantity: 2, provider: 'invoice', company: details(orgNumber), idempotencyKey: randomUUID() },
    });
    expect(bought.status, bought.text).toBe(201);
    const [made] = await (await db()).select({ id: companies.id }).from(companies).where(eq(companies.orgNumber, orgNumber));
    const refused = await start(buyer.cookie, { companyId: made!.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: trialTexts.customer });

    // Another person's company is not theirs to try: 404, as for every company they do not manage.
    const stranger = await newUser('fremmed');
    expect((await start(stranger.cookie, { companyId: made!.id })).status).toBe(404);
  });

  it('20 concurrent starts for one organisation number by 20 people: one trial, one company', async () => {
    const people = await Promise.all(Array.from({ length: 20 }, () => newUser('samtidig')));
    const orgNumber = newOrgNumber();
    const results = await Promise.all(people.map((p, i) => start(p.cookie, { company: details(orgNumber, `Samtidig ${i} AS`) })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    for (const refused of results.filter((r) => r.status === 409)) expect(refused.body).toMatchObject({ error: trialTexts.orgUsed });
    expect(await (await db()).select().from(companyTrials).where(eq(companyTrials.orgNumber, orgNumber))).toHaveLength(1);
    expect(await (await db()).select().from(companies).where(eq(companies.orgNumber, orgNumber))).toHaveLength(1);
  });

  it('the database itself refuses a second trial for a number or a person, whatever code writes it', async () => {
    const m = await trialCompany();
    const [other] = await (await db()).insert(companies).values(details(newOrgNumber(), 'Rett i tabellen AS')).returning({ id: companies.id });
    const row = { companyId: other!.id, seats: 5, endsAt: new Date(Date.now() + DAY_MS) };
    await expect((await db()).insert(companyTrials).values({ ...row, orgNumber: m.orgNumber })).rejects.toMatchObject({ cause: { code: '23505' } });
    await expect((await db()).insert(companyTrials).values({ ...row, orgNumber: newOrgNumber(), startedBy: m.id })).rejects.toMatchObject({
      cause: { code: '23505' },
    });
  });

  it('20 concurrent starts by one person for 20 numbers: one trial', async () => {
    const person = await newUser('ivrig');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => start(person.cookie, { company: details(newOrgNumber(), `Ivrig ${i} AS`) })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await (await db()).select().from(companyTrials).where(eq(companyTrials.startedBy, person.id))).toHaveLength(1);
  });
});

describe('during the trial', () => {
  it('invitations work as for bought seats, up to five', async () => {
    const m = await trialCompany('Fem plasser AS');
    const results = await acceptInvitations(m, 6);
    expect(results.slice(0, 5).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results[5]).toMatchObject({ status: 409, body: { errorType: 'no_free_seats', error: companyTexts.noFreeSeats('Fem plasser AS') } });
    expect((await overview(m)).seats).toMatchObject({ total: 5, used: 5, free: 0 });
    const [person] = await (await db()).select({ id: users.id }).from(users).where(eq(users.email, results[0]!.email));
    expect(await activeGrants(person!.id)).toHaveLength(5);
  });
});

describe('converting', () => {
  it('paying for three seats while five are held keeps the oldest three seats as they are, and ends the trial', async () => {
    const m = await trialCompany();
    await acceptInvitations(m, 5);
    const before = await activeSeats(m.companyId);
    const ordered = await buySeats(m.cookie, m.companyId, 3, 'test');
    expect(ordered.status, ordered.text).toBe(201);
    // Until it is paid, the trial runs on.
    expect((await overview(m)).trial).toMatchObject({ status: 'active' });
    const { orderId, reference } = ordered.body as { orderId: string; reference: string };
    expect((await call(testPayments, `/api/test-payments/${reference}/approve`, { json: {} })).status).toBe(200);
    expect((await call(checkoutReturn, `/api/checkout/orders/${orderId}/return`, { cookie: m.cookie, json: {} })).status).toBe(200);

    const seen = await overview(m);
    expect(seen.trial).toMatchObject({ status: 'converted', daysLeft: 0 });
    expect(seen.seats).toMatchObject({ total: 3, used: 3, free: 0 });
    const after = await activeSeats(m.companyId);
    // The same seat rows: no moment without access for the three.
    expect(after.map((s) => s.id)).toEqual(before.slice(0, 3).map((s) => s.id));
    for (const gone of before.slice(3)) expect(await activeGrants(gone.userId)).toHaveLength(0);
    expect(await auditActions(m.companyId)).toContain('trial_converted');
    const [trial] = await (await db()).select().from(companyTrials).where(eq(companyTrials.companyId, m.companyId));
    expect(trial).toMatchObject({ status: 'converted', orderId });

    // A converted trial is not ended by the sweep, and its seats stay.
    await endIn(m.companyId, -1000);
    await sweep();
    expect(await activeSeats(m.companyId)).toHaveLength(3);
    expect(await mailsOf('company-trial-ended', m.email)).toHaveLength(0);
  });

  it('seats on invoice convert it at once, and everyone holding a trial seat keeps it', async () => {
    const m = await trialCompany();
    await acceptInvitations(m, 5);
    const before = await activeSeats(m.companyId);
    const ordered = await buySeats(m.cookie, m.companyId, 5, 'invoice');
    expect(ordered.status, ordered.text).toBe(201);
    expect((await overview(m)).trial).toMatchObject({ status: 'converted' });
    expect((await activeSeats(m.companyId)).map((s) => s.id)).toEqual(before.map((s) => s.id));
  });
});

describe('the end', () => {
  it('reminds the managers two days before, once however often the sweep runs', async () => {
    const m = await trialCompany('Påminnelse AS');
    await endIn(m.companyId, 3 * DAY_MS);
    await sweep();
    expect(await mailsOf('company-trial-ending', m.email)).toHaveLength(0);
    await endIn(m.companyId, 2 * DAY_MS - 60_000);
    const runs = await Promise.all([sweep(), sweep()]);
    expect(runs.reduce((sum, run) => sum + run.trials.reminded, 0)).toBe(1);
    await sweep();
    const mails = await mailsOf('company-trial-ending', m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data).toMatchObject({
      companyName: 'Påminnelse AS',
      daysLeft: 2,
      buyUrl: expect.stringContaining(`/kasse/nettbasert-pakke?bedrift=${m.companyId}`),
    });
  });

  it('ends it: the seats taken back, the progress kept, the manager told once; audited', async () => {
    const m = await trialCompany('Slutt AS');
    const [held] = await acceptInvitations(m, 1);
    const [person] = await (await db()).select({ id: users.id }).from(users).where(eq(users.email, held!.email));
    await (await db()).insert(lessonProgress).values({ userId: person!.id, lessonId: seedLessonId('ki-for-kontoret', 0, 1), completed: true });
    expect(await activeGrants(person!.id)).toHaveLength(5);

    await endIn(m.companyId, -1000);
    // Past the end, no new seat can be taken even before the sweep has run.
    expect((await overview(m)).seats).toMatchObject({ total: 0, free: 0 });
    const runs = await Promise.all([sweep(), sweep()]);
    expect(runs.reduce((sum, run) => sum + run.trials.ended, 0)).toBe(1);
    await sweep();

    expect(await activeSeats(m.companyId)).toHaveLength(0);
    expect(await activeGrants(person!.id)).toHaveLength(0);
    expect(await (await db()).select().from(lessonProgress).where(eq(lessonProgress.userId, person!.id))).toHaveLength(1);
    // The member left with the seat; the manager stays manager and can buy.
    const memberships = await (await db()).select().from(companyMemberships).where(eq(companyMemberships.companyId, m.companyId));
    expect(memberships.map((r) => r.role)).toEqual(['manager']);
    expect((await overview(m)).trial).toMatchObject({ status: 'ended', daysLeft: 0 });
    const mails = await mailsOf('company-trial-ended', m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data).toMatchObject({ companyName: 'Slutt AS', seatsTakenBack: 1 });
    expect(await auditActions(m.companyId)).toEqual(expect.arrayContaining(['trial_ended', 'seat_revoked']));

    // Buying afterwards works as for any company.
    const ordered = await buySeats(m.cookie, m.companyId, 2, 'invoice');
    expect(ordered.status, ordered.text).toBe(201);
    expect((await overview(m)).seats).toMatchObject({ total: 2, free: 2 });
  });
});
