import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companyMemberships, companySeats, enrollments, lessonProgress, mailOutbox, orders, users } from '../../db/schema';
import { seedLessonId } from '../../db/seed-ids';
import account from '../../netlify/functions/account';
import adminCompanies from '../../netlify/functions/admin-companies';
import checkout from '../../netlify/functions/checkout';
import company from '../../netlify/functions/company';
import { companyMessages } from '../../src/schemas/company';
import { companyTexts } from '../../src/server/company/messages';
import { acquireAppDb } from '../../src/server/platform/db';
import { call, cookieHeader, signIn } from '../helpers';

/**
 * Company packages (issue 24, decision 32): buying seats, inviting, accepting under the seat
 * count, taking seats back, invoices, and the strict separation of two companies.
 */

const db = async () => (await acquireAppDb()).db;
const PASSWORD = 'et langt passord';
let n = 0;
let ips = 0;
const nextIp = () => `198.51.100.${(++ips % 200) + 20}`;
const unique = (prefix: string) => `${prefix}-${++n}-${process.pid}@example.no`;

async function newUser(prefix = 'leder') {
  const email = unique(prefix);
  const made = await call(account, '/api/auth/register', { json: { firstName: 'Ingrid', lastName: 'Ås', email, password: PASSWORD }, ip: nextIp() });
  expect(made.status).toBe(201);
  const [row] = await (await db()).select({ id: users.id }).from(users).where(eq(users.email, email));
  return { id: row!.id, email, cookie: cookieHeader(made) };
}

const companyDetails = (name: string) => ({
  name,
  orgNumber: '974 760 673',
  invoiceEmail: 'faktura@example.no',
  invoiceAddress: 'Storgata 1, 0155 Oslo',
});

/** Proves the address, as the link in the verification mail would. */
async function verify(userId: string) {
  await (await db()).update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
}

/** A superuser vouches for the company: all its invoice seats can be used. */
async function approve(companyId: string) {
  const superuser = await signIn('superbruker@demo.no', 'demo1234', nextIp());
  const approved = await call(adminCompanies, `/api/admin/companies/${companyId}/approve`, { cookie: superuser, json: {} });
  expect(approved.status, approved.text).toBe(200);
}

/** The path of one of the company's manager routes. */
const at = (admin: { companyId: string }, rest = '') => `/api/companies/${admin.companyId}${rest}`;

/** A manager whose new, approved company bought `seats` seats on invoice. */
async function companyWithSeats(seats: number, name = 'Testbedrift AS', options: { approved?: boolean } = {}) {
  const buyer = await newUser();
  await verify(buyer.id);
  const ordered = await call(checkout, '/api/checkout/orders', {
    cookie: buyer.cookie,
    json: {
      productId: 'package:nettbasert-pakke',
      quantity: seats,
      provider: 'invoice',
      company: companyDetails(name),
      idempotencyKey: randomUUID(),
    },
  });
  expect(ordered.status, ordered.text).toBe(201);
  const orderId = (ordered.body as { orderId: string }).orderId;
  const [order] = await (await db()).select({ companyId: orders.companyId }).from(orders).where(eq(orders.id, orderId));
  const companyId = order!.companyId!;
  expect(ordered.body).toMatchObject({ redirectUrl: `/bedrift?bedrift=${companyId}` });
  const [membership] = await (
    await db()
  )
    .select({ role: companyMemberships.role })
    .from(companyMemberships)
    .where(and(eq(companyMemberships.companyId, companyId), eq(companyMemberships.userId, buyer.id)));
  expect(membership!.role).toBe('manager');
  if (options.approved !== false) await approve(companyId);
  return { ...buyer, companyId, orderId };
}

async function inviteAndTokens(admin: { cookie: string; companyId: string }, emails: string[]): Promise<Map<string, string>> {
  const invited = await call(company, at(admin, '/invitations'), { cookie: admin.cookie, json: { emails } });
  expect(invited.status, invited.text).toBe(201);
  const tokens = new Map<string, string>();
  for (const email of emails) {
    const [mail] = await (
      await db()
    )
      .select({ data: mailOutbox.data })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'company-invitation')));
    tokens.set(email, (mail!.data as { acceptUrl: string }).acceptUrl.split('#token=')[1]!);
  }
  return tokens;
}

const accept = (token: string, cookie?: string) =>
  call(company, '/api/invitations/accept', {
    json: cookie ? { token } : { token, firstName: 'Ola', lastName: 'Ansatt', password: PASSWORD },
    ...(cookie ? { cookie } : {}),
    ip: nextIp(),
  });

describe('organisation numbers', () => {
  it('are refused with a wrong check digit or a wrong length, with a Norwegian message', async () => {
    const buyer = await newUser();
    await verify(buyer.id);
    const order = (orgNumber: string) =>
      call(checkout, '/api/checkout/orders', {
        cookie: buyer.cookie,
        json: {
          productId: 'package:nettbasert-pakke',
          quantity: 2,
          provider: 'invoice',
          company: { ...companyDetails('Org AS'), orgNumber },
          idempotencyKey: randomUUID(),
        },
      });
    const wrongDigit = await order('974760674');
    expect(wrongDigit.status).toBe(400);
    expect(wrongDigit.body).toMatchObject({ issues: [{ path: 'company.orgNumber', message: companyMessages.orgNumberInvalid }] });
    const short = await order('97476067');
    expect(short.body).toMatchObject({ issues: [{ path: 'company.orgNumber', message: companyMessages.orgNumberLength }] });
    expect((await order('974 760 673')).status).toBe(201);
  });
});

describe('seats', () => {
  it('five seats and six invitations: the sixth acceptance is refused with a clear message', async () => {
    const admin = await companyWithSeats(5);
    const emails = Array.from({ length: 6 }, () => unique('ansatt'));
    const tokens = await inviteAndTokens(admin, emails);
    for (const email of emails.slice(0, 5)) expect((await accept(tokens.get(email)!)).status).toBe(200);
    const sixth = await accept(tokens.get(emails[5]!)!);
    expect(sixth.status).toBe(409);
    expect(sixth.body).toMatchObject({ errorType: 'no_free_seats', error: companyTexts.noFreeSeats('Testbedrift AS') });
    const overview = await call(company, at(admin), { cookie: admin.cookie });
    expect(overview.body).toMatchObject({ seats: { total: 5, used: 5, free: 0 } });
    // An accepted person has the package's courses by their seat.
    const [person] = await (await db()).select({ id: users.id }).from(users).where(eq(users.email, emails[0]!));
    const [membership] = await (await db()).select().from(companyMemberships).where(eq(companyMemberships.userId, person!.id));
    expect(membership).toMatchObject({ companyId: admin.companyId, role: 'member' });
    const grants = await (
      await db()
    )
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, person!.id), eq(enrollments.source, 'seat')));
    expect(grants).toHaveLength(5);
  });

  it('20 concurrent acceptances for 5 free seats: exactly 5 succeed', async () => {
    const admin = await companyWithSeats(5);
    const emails = Array.from({ length: 20 }, () => unique('samtidig'));
    const tokens = await inviteAndTokens(admin, emails);
    const results = await Promise.all(emails.map((email) => accept(tokens.get(email)!)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(15);
    const held = await (
      await db()
    )
      .select()
      .from(companySeats)
      .where(and(eq(companySeats.companyId, admin.companyId), isNull(companySeats.revokedAt)));
    expect(held).toHaveLength(5);
  });

  it('taking a seat back ends the access and keeps the progress; the seat can be given again', async () => {
    const admin = await companyWithSeats(1);
    const [first, second] = [unique('tilbake'), unique('neste')];
    const tokens = await inviteAndTokens(admin, [first, second]);
    expect((await accept(tokens.get(first)!)).status).toBe(200);
    const [person] = await (await db()).select({ id: users.id }).from(users).where(eq(users.email, first));
    const lesson = seedLessonId('ki-for-kontoret', 0, 1);
    await (await db()).insert(lessonProgress).values({ userId: person!.id, lessonId: lesson, completed: true });
    const people = await call(company, at(admin, '/people'), { cookie: admin.cookie });
    const seat = (people.body as { people: { seatId: string; email: string; status: string }[] }).people.find((p) => p.email === first)!;
    expect(seat.status).toBe('in_progress');

    const back = await call(company, at(admin, `/seats/${seat.seatId}`), { method: 'DELETE', cookie: admin.cookie });
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ message: companyTexts.seatTakenBack('Ola Ansatt') });
    const active = await (
      await db()
    )
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, person!.id), isNull(enrollments.revokedAt)));
    expect(active).toHaveLength(0);
    expect(await (await db()).select().from(lessonProgress).where(eq(lessonProgress.userId, person!.id))).toHaveLength(1);
    expect((await accept(tokens.get(second)!)).status).toBe(200);
  });

  it('an invoice cancelled takes its seats back (the newest first)', async () => {
    const admin = await companyWithSeats(2);
    const emails = [unique('faktura'), unique('faktura')];
    const tokens = await inviteAndTokens(admin, emails);
    for (const email of emails) expect((await accept(tokens.get(email)!)).status).toBe(200);
    const superuser = await signIn('superbruker@demo.no', 'demo1234', nextIp());
    const cancelled = await call(adminCompanies, `/api/admin/orders/${admin.orderId}/invoice-cancelled`, { cookie: superuser, json: {} });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect((await call(company, at(admin), { cookie: admin.cookie })).body).toMatchObject({ seats: { total: 0, used: 0 } });
    const people = await (await db()).select({ id: users.id }).from(users).where(inArray(users.email, emails));
    const seated = await (
      await db()
    )
      .select()
      .from(enrollments)
      .where(
        and(
          eq(enrollments.source, 'seat'),
          isNull(enrollments.revokedAt),
          inArray(
            enrollments.userId,
            people.map((p) => p.id),
          ),
        ),
      );
    expect(people).toHaveLength(2);
    expect(seated).toHaveLength(0);
  });

  it('an invoice marked paid gets its receipt number', async () => {
    const admin = await companyWithSeats(3);
    const superuser = await signIn('superbruker@demo.no', 'demo1234', nextIp());
    const paid = await call(adminCompanies, `/api/admin/orders/${admin.orderId}/invoice-paid`, { cookie: superuser, json: {} });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({ order: { status: 'paid', receiptNumber: expect.stringMatching(/^\d{6}$/) } });
    expect((await call(company, at(admin), { cookie: admin.cookie })).body).toMatchObject({ seats: { total: 3 } });
  });

  it('previews a pasted list: valid, invalid, duplicate and existing rows, sending nothing', async () => {
    const admin = await companyWithSeats(2);
    const member = unique('medlem');
    await inviteAndTokens(admin, [member]);
    const preview = await call(company, at(admin, '/invitations/preview'), {
      cookie: admin.cookie,
      json: { text: `E-post;Navn\nkari@example.no;Kari\nikke-en-adresse@\nKARI@example.no\n${member}\nfeil linje` },
    });
    expect(preview.body).toMatchObject({
      valid: [{ row: 2, email: 'kari@example.no' }],
      duplicates: [{ row: 4, email: 'kari@example.no' }],
      existing: [{ row: 5, email: member, reason: 'Er allerede invitert' }],
      freeSeats: 2,
      tooMany: false,
    });
    expect((preview.body as { invalid: unknown[] }).invalid).toHaveLength(2);
    expect(await (await db()).select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'kari@example.no'))).toHaveLength(0);
  });
});

describe('two companies: strict separation', () => {
  it('every company route × {own manager, other company manager, employee, learner, admin, superuser}: nothing leaks', async () => {
    const a = await companyWithSeats(2, 'Alfa AS');
    const b = await companyWithSeats(2, 'Beta AS');
    const employeeEmail = unique('ansatt-a');
    const tokens = await inviteAndTokens(a, [employeeEmail]);
    expect((await accept(tokens.get(employeeEmail)!)).status).toBe(200);
    const employee = await signIn(employeeEmail, PASSWORD, nextIp());
    const learner = (await newUser('elev')).cookie;
    const admin = await signIn('admin@demo.no', 'demo1234', nextIp());
    const superuser = await signIn('superbruker@demo.no', 'demo1234', nextIp());
    const [seatA] = await (await db()).select({ id: companySeats.id }).from(companySeats).where(eq(companySeats.companyId, a.companyId));
    const invitedA = await call(company, at(a, '/invitations'), { cookie: a.cookie });
    const invitationA = (invitedA.body as { invitations: { id: string }[] }).invitations[0]!.id;

    // What A's manager sees of A: A's person. B's manager, asking for A by its id: as if A did not exist.
    const peopleA = await call(company, at(a, '/people'), { cookie: a.cookie });
    expect(JSON.stringify(peopleA.body)).toContain(employeeEmail);
    for (const rest of ['', '/people', '/people.csv', '/invitations', '/managers']) {
      for (const [who, cookie] of [
        ['the other company', b.cookie],
        ['employee', employee],
        ['learner', learner],
        ['admin', admin],
        ['superuser', superuser],
      ] as const) {
        const seen = await call(company, at(a, rest), { cookie });
        expect(seen.status, `${rest} as ${who}`).toBe(404);
        expect(seen.text).not.toContain(employeeEmail);
        expect(seen.text).not.toContain('Alfa AS');
      }
      // B's own view never holds A's people.
      expect((await call(company, at(b, rest), { cookie: b.cookie })).text).not.toContain(employeeEmail);
    }
    // Nobody but A's manager can act on A's seat or invitation, even naming A: as if they did not exist.
    for (const cookie of [b.cookie, employee, learner, admin, superuser]) {
      expect((await call(company, at(a, `/seats/${seatA!.id}`), { method: 'DELETE', cookie })).status).toBe(404);
      expect((await call(company, at(a, `/invitations/${invitationA}`), { method: 'DELETE', cookie })).status).toBe(404);
      expect((await call(company, at(a, `/invitations/${invitationA}/resend`), { cookie, json: {} })).status).toBe(404);
    }
    // Naming A's seat under B's own id finds nothing either.
    expect((await call(company, at(b, `/seats/${seatA!.id}`), { method: 'DELETE', cookie: b.cookie })).status).toBe(404);
    // A's seat is still held.
    expect((await call(company, at(a), { cookie: a.cookie })).body).toMatchObject({ seats: { used: 1 } });
    // The manager's view never carries a person's notes or conversations.
    expect(peopleA.text).not.toMatch(/noteText|conversation|messages/);
  });
});

describe("the manager's list of people", () => {
  it('comes 50 at a time with the counts, every person once, filtered on the server; a seat taken back shows at once', async () => {
    const admin = await companyWithSeats(120, 'Mange AS');
    const database = await db();
    // 120 employees holding seats (written directly: the invitation flow is tested above).
    const made = await database
      .insert(users)
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          email: unique(`ansatt${String(i).padStart(3, '0')}`),
          passwordHash: 'no-sign-in',
          firstName: 'Ansatt',
          lastName: `Nr ${String(i).padStart(3, '0')}`,
        })),
      )
      .returning({ id: users.id });
    await database
      .insert(companySeats)
      .values(made.map((u) => ({ companyId: admin.companyId, userId: u.id, productId: 'package:nettbasert-pakke' })));

    const seen: string[] = [];
    let path: string | null = at(admin, '/people');
    const pages: number[] = [];
    while (path) {
      const page = await call(company, path, { cookie: admin.cookie });
      expect(page.status, page.text).toBe(200);
      const body = page.body as { people: { seatId: string }[]; counts: { all: number; not_started: number }; nextCursor: string | null };
      expect(body.counts).toMatchObject({ all: 120, not_started: 120 });
      pages.push(body.people.length);
      seen.push(...body.people.map((p) => p.seatId));
      expect(page.headers.get('X-Next-Cursor')).toBe(body.nextCursor);
      path = body.nextCursor ? at(admin, `/people?cursor=${encodeURIComponent(body.nextCursor)}`) : null;
    }
    expect(pages).toEqual([50, 50, 20]);
    expect(new Set(seen).size).toBe(120);

    // A filter pages too, and a limit of 100 is honoured.
    const filtered = await call(company, at(admin, '/people?filter=not_started&limit=100'), { cookie: admin.cookie });
    expect((filtered.body as { people: unknown[] }).people).toHaveLength(100);
    expect((await call(company, at(admin, '/people?filter=done'), { cookie: admin.cookie })).body).toMatchObject({ people: [], nextCursor: null });
    // A cursor from another list, or nonsense, is a Norwegian 400.
    for (const cursor of ['abc', Buffer.from(JSON.stringify(['n', 1])).toString('base64url')]) {
      const bad = await call(company, at(admin, `/people?cursor=${cursor}`), { cookie: admin.cookie });
      expect(bad.status).toBe(400);
      expect(bad.text).toContain('Sidemarkøren');
    }

    // Taking a seat back clears the snapshot: the next read has 119 people.
    expect((await call(company, at(admin, `/seats/${seen[0]}`), { method: 'DELETE', cookie: admin.cookie })).status).toBe(200);
    const after = await call(company, at(admin, '/people?limit=100'), { cookie: admin.cookie });
    expect(after.body).toMatchObject({ counts: { all: 119 } });
    expect(JSON.stringify(after.body)).not.toContain(seen[0]);
    // The CSV has every person, beyond the first page.
    const csv = await call(company, at(admin, '/people.csv'), { cookie: admin.cookie });
    expect(csv.text.trim().split('\r\n')).toHaveLength(120);

    // A view over a minute old: one request of a burst computes it again, the others answer from the old one.
    await database.execute(sql`UPDATE company_view_snapshots SET computed_at = now() - interval '2 minutes' WHERE company_id = ${admin.companyId}`);
    await database.update(users).set({ firstName: 'Omdøpt' }).where(eq(users.id, made[1]!.id));
    const burst = await Promise.all(Array.from({ length: 8 }, () => call(company, at(admin, '/people?limit=100'), { cookie: admin.cookie })));
    expect(burst.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(burst.filter((r) => r.text.includes('Omdøpt')).length).toBeGreaterThanOrEqual(1);
    const [stored] = (
      (await database.execute(
        sql`SELECT computed_at > now() - interval '1 minute' AS fresh, refreshing_until FROM company_view_snapshots WHERE company_id = ${admin.companyId}`,
      )) as unknown as { rows: { fresh: boolean; refreshing_until: string | null }[] }
    ).rows;
    expect(stored).toEqual({ fresh: true, refreshing_until: null });
    expect((await call(company, at(admin, '/people?limit=100'), { cookie: admin.cookie })).text).toContain('Omdøpt');

    // No view at all (a seat changed hands): a burst computes it once, and every request gets it.
    await database.execute(sql`DELETE FROM company_view_snapshots WHERE company_id = ${admin.companyId}`);
    const cold = await Promise.all(Array.from({ length: 8 }, () => call(company, at(admin, '/people'), { cookie: admin.cookie })));
    expect(cold.map((r) => (r.body as { counts: { all: number } }).counts.all)).toEqual(Array(8).fill(119));
  });
});
