import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyInvitations, companyMemberships, companySeats, mailOutbox, orders, users } from '../../db/schema';
import checkout from '../../netlify/functions/checkout';
import company from '../../netlify/functions/company';
import { acquireAppDb } from '../../src/server/platform/db';
import { managerTexts } from '../../src/server/company/memberships';
import { companyTexts } from '../../src/server/company/messages';
import { call } from '../helpers';
import { learner } from './order-checks';

/**
 * A manager's routes name their company, and each id further along the path or in the body (a
 * seat, an invitation, a person) must belong to that company too. Here the manager of B calls
 * B's own routes with A's ids: the manager passes `requireManager` for B, and still nothing of A
 * can be taken back, cancelled, resent, promoted or removed, nor read.
 */

const db = async () => (await acquireAppDb()).db;
let n = 0;
const nextIp = () => `203.0.113.${(++n % 200) + 20}`;

async function verifiedPerson(prefix: string) {
  const made = await learner(prefix);
  await (await db()).update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, made.id));
  return made;
}

async function companyBoughtBy(cookie: string, name: string): Promise<string> {
  const ordered = await call(checkout, '/api/checkout/orders', {
    cookie,
    ip: nextIp(),
    json: {
      productId: 'package:nettbasert-pakke',
      provider: 'invoice',
      quantity: 2,
      company: { name, orgNumber: '923 609 016', invoiceEmail: `faktura-${++n}@example.no`, invoiceAddress: 'Storgata 1, 0155 Oslo' },
      idempotencyKey: randomUUID(),
    },
  });
  expect(ordered.status, ordered.text).toBe(201);
  const [row] = await (
    await db()
  )
    .select({ companyId: orders.companyId })
    .from(orders)
    .where(eq(orders.id, (ordered.body as { orderId: string }).orderId));
  return row!.companyId!;
}

async function invite(cookie: string, companyId: string, email: string): Promise<string> {
  const invited = await call(company, `/api/companies/${companyId}/invitations`, { cookie, json: { emails: [email] } });
  expect(invited.status, invited.text).toBe(201);
  const mails = await (
    await db()
  )
    .select({ data: mailOutbox.data })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'company-invitation')));
  return (mails.at(-1)!.data as { acceptUrl: string }).acceptUrl.split('#token=')[1]!;
}

const mailsTo = async (email: string) =>
  (await (await db()).select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.toAddress, email))).length;

let a: { managerId: string; companyId: string; employee: { id: string; email: string }; seatId: string; invitationId: string; invited: string };
let b: { managerId: string; companyId: string; cookie: string };

beforeAll(async () => {
  const managerA = await verifiedPerson('fremmed-a-leder');
  const companyA = await companyBoughtBy(managerA.cookie, 'Fremmed A AS');
  const employee = await verifiedPerson('fremmed-a-ansatt');
  const accepted = await call(company, '/api/invitations/accept', {
    cookie: employee.cookie,
    json: { token: await invite(managerA.cookie, companyA, employee.email) },
    ip: nextIp(),
  });
  expect(accepted.status, accepted.text).toBe(200);
  const [seat] = await (
    await db()
  )
    .select({ id: companySeats.id })
    .from(companySeats)
    .where(and(eq(companySeats.companyId, companyA), eq(companySeats.userId, employee.id), isNull(companySeats.revokedAt)));
  const invited = `fremmed-a-invitert-${process.pid}@example.no`;
  await invite(managerA.cookie, companyA, invited);
  const [invitation] = await (
    await db()
  )
    .select({ id: companyInvitations.id })
    .from(companyInvitations)
    .where(and(eq(companyInvitations.companyId, companyA), eq(companyInvitations.email, invited)));
  a = { managerId: managerA.id, companyId: companyA, employee, seatId: seat!.id, invitationId: invitation!.id, invited };

  const managerB = await verifiedPerson('fremmed-b-leder');
  b = { managerId: managerB.id, companyId: await companyBoughtBy(managerB.cookie, 'Fremmed B AS'), cookie: managerB.cookie };
});

const asB = (method: string, rest: string, json?: unknown) =>
  call(company, `/api/companies/${b.companyId}${rest}`, { method, cookie: b.cookie, ...(json === undefined ? {} : { json }) });

async function membershipsOf(userId: string) {
  return (await db())
    .select({ companyId: companyMemberships.companyId, role: companyMemberships.role })
    .from(companyMemberships)
    .where(eq(companyMemberships.userId, userId));
}

describe("B's manager, on B's own routes, with A's ids", () => {
  it("cannot take back a seat of A: 404 'Fant ikke plassen.', the seat and its access stay", async () => {
    const answer = await asB('DELETE', `/seats/${a.seatId}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: companyTexts.seatNotFound });
    const [seat] = await (await db()).select().from(companySeats).where(eq(companySeats.id, a.seatId));
    expect(seat!.revokedAt).toBeNull();
    expect(await membershipsOf(a.employee.id)).toEqual([{ companyId: a.companyId, role: 'member' }]);
  });

  it('cannot cancel or resend an invitation of A: 404, still pending, no mail', async () => {
    const mailsBefore = await mailsTo(a.invited);
    const cancelled = await asB('DELETE', `/invitations/${a.invitationId}`);
    expect(cancelled.status).toBe(404);
    expect(cancelled.body).toEqual({ error: companyTexts.invitationNotFound });
    const resent = await asB('POST', `/invitations/${a.invitationId}/resend`);
    expect(resent.status).toBe(404);
    expect(resent.body).toEqual({ error: companyTexts.invitationNotFound });
    const [invitation] = await (await db()).select().from(companyInvitations).where(eq(companyInvitations.id, a.invitationId));
    expect(invitation!.status).toBe('pending');
    expect(await mailsTo(a.invited)).toBe(mailsBefore);
  });

  it("cannot make A's people B's managers, nor remove A's manager: 404, the memberships unchanged", async () => {
    for (const userId of [a.employee.id, a.managerId]) {
      const promoted = await asB('POST', '/managers', { userId });
      expect(promoted.status).toBe(404);
      expect(promoted.body).toEqual({ error: managerTexts.personNotFound });
    }
    const removed = await asB('DELETE', `/managers/${a.managerId}`);
    expect(removed.status).toBe(404);
    expect(removed.body).toEqual({ error: managerTexts.personNotFound });
    expect(await membershipsOf(a.managerId)).toEqual([{ companyId: a.companyId, role: 'manager' }]);
    expect(await membershipsOf(a.employee.id)).toEqual([{ companyId: a.companyId, role: 'member' }]);
    expect(await membershipsOf(b.managerId)).toEqual([{ companyId: b.companyId, role: 'manager' }]);
  });

  it("reads nothing of A in B's overview, people, CSV, invitations or managers", async () => {
    const secrets = ['Fremmed A AS', a.employee.email, a.invited, a.managerId, a.employee.id, a.seatId, a.invitationId];
    for (const rest of ['', '/people', '/people?filter=not_started', '/people.csv', '/invitations', '/managers']) {
      const answer = await asB('GET', rest);
      expect(answer.status, rest).toBe(200);
      expect(
        secrets.filter((s) => answer.text.includes(s)),
        `GET ${rest} shows A's data`,
      ).toEqual([]);
    }
  });

  it("learns nothing of A from an invitation preview of A's people: to B they are new addresses", async () => {
    const preview = await asB('POST', '/invitations/preview', { text: `${a.employee.email}\n${a.invited}` });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      valid: [
        { row: 1, email: a.employee.email },
        { row: 2, email: a.invited },
      ],
      existing: [],
    });
    expect(preview.text).not.toContain('Fremmed A AS');
  });

  it("a company id of no company, or of one the caller does not manage, answers 404 'Fant ikke bedriften.'", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', a.companyId]) {
      for (const rest of ['', '/people', '/managers']) {
        const answer = await call(company, `/api/companies/${id}${rest}`, { cookie: b.cookie });
        expect(answer.status, `${id}${rest}`).toBe(404);
        expect(answer.body).toEqual({ error: companyTexts.companyNotFound });
      }
    }
  });

  // As every malformed id in the API: a 400 that names the field, in the same words, and tells nothing of any company.
  it("a company id that is not a uuid answers 400 'Fant ikke bedriften.'", async () => {
    for (const rest of ['', '/people', '/managers']) {
      const answer = await call(company, `/api/companies/ikke-en-id${rest}`, { cookie: b.cookie });
      expect(answer.status, `ikke-en-id${rest}: ${answer.text}`).toBe(400);
      expect(answer.body).toMatchObject({ error: companyTexts.companyNotFound });
    }
  });
});
