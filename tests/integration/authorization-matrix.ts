import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { loadCatalogue } from '../../db/catalogue';
import { atomically } from '../../db/client';
import {
  certificates,
  chatConversations,
  companies,
  companyInvitations,
  companyMemberships,
  coupons,
  lessons,
  mailOutbox,
  type Order,
  orders,
  products,
  users,
  videoNotes,
  videos,
} from '../../db/schema';
import account from '../../netlify/functions/account';
import checkout from '../../netlify/functions/checkout';
import company from '../../netlify/functions/company';
import { isValidOrgNumber } from '../../src/lib/org-number';
import { addMembership } from '../../src/server/company/memberships';
import { grantByHand } from '../../src/server/access/entitlements';
import { approveCompany, assignSeat, lockCompany } from '../../src/server/company/seats.service';
import { seedId, seedLessonId, seedModuleId } from '../../db/seed-ids';
import { CONSENT } from '../../src/server/checkout/checkout.service';
import { priceFor } from '../../src/server/checkout/pricing';
import { reconcile } from '../../src/server/checkout/reconcile';
import { conversationCursor, messageCursor } from '../../src/server/chat/conversations.service';
import { acquireAppDb } from '../../src/server/platform/db';
import { noteCursor } from '../../src/server/notes/notes.service';
import { actOnTestPayment, createTestProvider } from '../../src/server/payments/test-provider';
import { call, cookieHeader, signIn, webhookEventBody } from '../helpers';
import { demoCompany, demoUsers } from '../../db/seed';
import { sessionHandle } from '../../src/server/account/account.service';
import { hashToken, issueToken, type TokenPurpose } from '../../src/server/account/tokens';
import { newCertificateCode } from '../../src/server/certificates/codes';
import { NO_PASSWORD } from '../../src/server/auth/password';
import { unsubscribeToken } from '../../src/server/reminders/unsubscribe';
import { createSession } from '../../src/server/auth/session';

/**
 * THE authorisation matrix (issue 13, acceptance 1): every `/api` route of every function file ×
 * every kind of caller, with the status class each must get. `authorization-matrix.test.ts`
 * turns each cell into a test that calls the real handler with a real Request, and fails when a
 * route some function declares has no row here, so a new endpoint cannot skip this table.
 *
 * Callers (demo accounts, password demo1234):
 *   anonymous      no cookie
 *   individual     ny@demo.no       (a learner who owns none of the rows below and belongs to no company)
 *   company_admin  bedrift@demo.no  (the manager of "this company", the demo company Fjordtech AS)
 *   admin          admin@demo.no
 *   superuser      superbruker@demo.no
 *   owner          elev@demo.no     (only on rows someone owns: video notes, chat conversations,
 *                                    orders; there every other caller is "another user")
 * The membership dimension (company memberships): on every company route (`/api/companies…`, and
 * the superuser's `/api/admin/companies…`, where they get 403 like every non-superuser) four more
 * callers, made by `membershipFixture()` through the real API (an invoice purchase by a verified
 * new account, invitations accepted with the token of their mail):
 *   other_manager  the manager of another company (Matrise Andre AS)
 *   member         ansatt@demo.no: a member of this company, holding one of its seats
 *   other_member   a member of the other company (Matrise Andre AS), holding one of its seats
 *   both           the manager of a third company (Matrise Tredje AS) who has accepted an invitation
 *                  of this company: a member here and a manager elsewhere, the takeover attacker's position
 * Every `/api/companies/:companyId…` route names this company: its manager gets 2xx (with a body
 * that succeeds), anonymous 401, and everyone else signed in 404 'Fant ikke bedriften.' (the company
 * does not exist for them); no refused answer on a company route contains any of its data (its name,
 * org number, invoice details, its people's addresses: `companySecrets`). GET /api/companies lists
 * each caller's own memberships and nothing else (`membershipsOf`).
 * Webhooks (a provider's server calls them) ignore the caller's session: a signed delivery is
 * 2xx whoever's cookie comes with it, an unsigned one 401 (tests/integration/webhooks.test.ts).
 * Entitlements (decision 26): every catalogue course costs money, so ny@demo.no and bedrift@demo.no
 * may read only the previews (the first lesson of each course, here `videoLesson`) and get 403 on
 * other lessons; admins and superusers read everything; elev@demo.no holds grants. The cells per
 * source of access are `entitlementMatrix` below.
 * Expected: '2xx' | '3xx' or an exact status. Another user's note, conversation or order is 404,
 * never 403 (it does not exist for them); admin routes are 401 anonymous, 403 for a role without
 * access. The checkout is open to everyone (issue 22): an order is 409 only for staff, who have
 * every course already.
 */

/** The callers every row has a cell for. */
export type RoleCaller = 'anonymous' | 'individual' | 'company_admin' | 'admin' | 'superuser';
/** The membership dimension: callers on the company routes (and the approval). */
export type MembershipCaller = 'other_manager' | 'member' | 'other_member' | 'both';
export type Caller = RoleCaller | 'owner' | MembershipCaller;
export type Expected = '2xx' | '3xx' | 400 | 401 | 402 | 403 | 404 | 409;

export const roleCallers: RoleCaller[] = ['anonymous', 'individual', 'company_admin', 'admin', 'superuser'];
export const membershipCallers: MembershipCaller[] = ['other_manager', 'member', 'other_member', 'both'];

export const callerAccounts: Record<Exclude<RoleCaller, 'anonymous'> | 'owner', string> = {
  individual: 'ny@demo.no',
  company_admin: 'bedrift@demo.no',
  admin: 'admin@demo.no',
  superuser: 'superbruker@demo.no',
  owner: 'elev@demo.no',
};

export interface MatrixRow {
  /** Exactly as the function file declares it: `'METHOD /api/path/:param'`. */
  route: string;
  /** A concrete path, or one made per cell (for rows the call deletes). */
  path: string | (() => Promise<string>);
  /** The body, or a function of the caller that makes it (fresh keys, a guest's buyer). */
  body?: unknown | ((caller: Caller) => unknown);
  /** A webhook: the body is signed as this provider signs it (tests/helpers.ts `webhookSignature`). */
  signedBy?: string;
  /** The call may end or replace the caller's session: sign in afresh for it. */
  replacesSession?: boolean;
  /** The call ends the caller's other sessions: the test signs in afresh afterwards. */
  endsOtherSessions?: boolean;
  /**
   * Query strings each cell is called with too, expecting the same status: the paging
   * parameters (decision 23). A cursor only says where to continue in the caller's own list.
   */
  queries?: string[];
  /** Undoes what a cell did to the caller's standing, so later rows meet the callers as before. */
  after?: (caller: Caller) => Promise<void>;
  expect: Partial<Record<Caller, Expected>> & Record<RoleCaller, Expected>;
}

// --- the seed's rows the paths use ------------------------------------------------

const catalogue = loadCatalogue();
const lessonOf = (type: string) => {
  for (const course of catalogue) {
    for (const [mi, module] of course.modules.entries()) {
      const li = module.lessons.findIndex((l) => l.type === type);
      if (li >= 0) return seedLessonId(course.id, mi, li);
    }
  }
  throw new Error(`no ${type} lesson in the catalogue`);
};
const taskLesson = lessonOf('task');
/** The first video of the catalogue: the first lesson of its course, so a preview (decision 26). */
const videoLesson = lessonOf('video');
const firstModule = seedModuleId('grunnleggende-ki', 0);
const owner = seedId('user:elev@demo.no');
const target = seedId('user:ny@demo.no');
/** The seeded note and conversation of elev@demo.no. */
const ownedNote = seedId(`note:${owner}:0`);
const ownedConversation = seedId(`conversation:${owner}:0`);

const db = async () => (await acquireAppDb()).db;

/** Paging parameters: a page of one, and a well-formed cursor naming the owner's row. */
const TIME = '2030-01-01T00:00:00.000000Z';
const pageOfOne = '?limit=1';
const notesCursor = `?limit=1&cursor=${noteCursor.encode([0, TIME, ownedNote])}`;
const conversationsCursor = `?limit=1&cursor=${conversationCursor.encode([TIME, TIME, ownedConversation])}`;
const messagesCursor = `?limit=1&cursor=${messageCursor.encode([TIME, seedId(`message:${ownedConversation}:1`)])}`;

/** A fresh conversation of the owner, for a cell that deletes one. */
async function freshConversation(): Promise<string> {
  const [row] = await (await db()).insert(chatConversations).values({ userId: owner, title: 'Matrise' }).returning({ id: chatConversations.id });
  return row!.id;
}

/** A fresh note of the owner, for a cell that deletes one. */
async function freshNote(): Promise<string> {
  const [row] = await (
    await db()
  )
    .insert(videoNotes)
    .values({ userId: owner, lessonId: videoLesson, timestamp: 1, noteText: 'Matrise' })
    .returning({ id: videoNotes.id });
  return row!.id;
}

/** A fresh library video, for a cell that deletes one. */
async function freshVideo(): Promise<string> {
  const [row] = await (await db()).insert(videos).values({ title: 'Matrise', url: '/media/demo-leksjon.mp4' }).returning({ id: videos.id });
  return row!.id;
}

let registrations = 0;

/** The course the checkout rows buy (elev@demo.no has it by grant, staff have every course). */
const CHECKOUT_COURSE = 'ki-for-kontoret';
const MATRIX_COUPON = 'MATRISE10';

/** A coupon the quote row asks for. */
async function matrixCoupon(): Promise<string> {
  await (await db()).insert(coupons).values({ code: MATRIX_COUPON, kind: 'percent', percentOff: 10 }).onConflictDoNothing();
  return '/api/checkout/quote';
}

let ownerOrderMade: Promise<Order> | undefined;

/**
 * The course of the owner's paid order: one the owner does not hold (a payment for a course the
 * buyer already has is refunded at once by `reconcile`, and the rows below need a paid order).
 */
const OWNER_ORDER_COURSE = 'ki-automatisering';

/**
 * A paid order of the owner's (elev@demo.no) through the test provider: written as the checkout
 * writes it, approved on the test page and settled by `reconcile`, so it has its payment, receipt
 * number and receipt.
 */
function ownerOrder(): Promise<Order> {
  ownerOrderMade ??= (async () => {
    const d = await db();
    const [product] = await d
      .select()
      .from(products)
      .where(eq(products.id, `course:${OWNER_ORDER_COURSE}`));
    const [buyer] = await d.select().from(users).where(eq(users.id, owner));
    const price = priceFor(product!.priceOre, product!.vat, null);
    const reference = `ka-${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const [made] = await d
      .insert(orders)
      .values({
        reference,
        userId: owner,
        buyerFirstName: buyer!.firstName,
        buyerLastName: buyer!.lastName,
        buyerEmail: buyer!.email,
        productId: product!.id,
        courseId: OWNER_ORDER_COURSE,
        title: 'Matrisekurs',
        listPriceOre: price.listPriceOre,
        totalOre: price.totalOre,
        vat: product!.vat,
        vatRateBp: price.vatRateBp,
        vatOre: price.vatOre,
        provider: 'test',
        providerPaymentId: reference,
        status: 'awaiting_payment',
        consentVersion: CONSENT.version,
        consentText: CONSENT.text,
        consentAt: new Date(),
        idempotencyKey: randomUUID(),
        expiresAt: sql`now() + interval '1 hour'`,
      })
      .returning();
    const returnUrl = `http://localhost:4321/kasse/retur?ordre=${made!.id}`;
    await createTestProvider(d).create({
      reference,
      amountOre: made!.totalOre,
      currency: 'NOK',
      description: made!.title,
      returnUrl,
      cancelUrl: returnUrl,
      customerEmail: made!.buyerEmail,
      idempotencyKey: `create:${made!.id}`,
    });
    await actOnTestPayment(d, reference, 'approve');
    const { order } = await reconcile(d, made!.id, 'return');
    if (order.status !== 'paid') throw new Error(`the matrix's order is ${order.status}, not paid`);
    return order;
  })();
  return ownerOrderMade;
}
/** A path with the owner's order in it, made when the cell runs. */
const withOwnerOrder = (path: (order: Order) => string) => async () => path(await ownerOrder());

// --- the table ------------------------------------------------------------------

const everyone = (expected: Expected) => ({
  anonymous: expected,
  individual: expected,
  company_admin: expected,
  admin: expected,
  superuser: expected,
});
const signedIn = { anonymous: 401, individual: '2xx', company_admin: '2xx', admin: '2xx', superuser: '2xx' } as const;
/** Owned rows: only the owner; any other signed-in user gets 404. */
const ownerOnly = { anonymous: 401, individual: 404, company_admin: 404, admin: 404, superuser: 404, owner: '2xx' } as const;
const admins = { anonymous: 401, individual: 403, company_admin: 403, admin: '2xx', superuser: '2xx' } as const;
const superusers = { anonymous: 401, individual: 403, company_admin: 403, admin: 403, superuser: '2xx' } as const;
/** A lesson that is not a preview: only staff and the owner (elev@demo.no's grant) may work on it. */
const lockedLesson = { anonymous: 401, individual: 403, company_admin: 403, admin: '2xx', superuser: '2xx', owner: '2xx' } as const;
/** The owner's order: the owner and superusers (support) read it; anyone else gets 404. */
const ownerOrSuperuser = { anonymous: 401, individual: 404, company_admin: 404, admin: 404, superuser: '2xx', owner: '2xx' } as const;
/** A paid course: enrolling is a 402 with the product for everyone signed in (the checkout is the next issue). */
const paidCourse = { anonymous: 401, individual: 402, company_admin: 402, admin: 402, superuser: 402 } as const;

// --- the account's rows (issue 23): one-time links for a throwaway account, a session of the owner's ---

let throwaways = 0;
/** A fresh account that is none of the callers (a link's row must not touch the callers' passwords or sessions). */
async function throwaway(): Promise<{ id: string; email: string }> {
  const email = `matrise-konto-${++throwaways}-${process.pid}@example.no`;
  const [row] = await (
    await db()
  )
    .insert(users)
    .values({ email, passwordHash: NO_PASSWORD, firstName: 'Matrise', lastName: 'Konto' })
    .returning({ id: users.id });
  return { id: row!.id, email };
}

/** The token the next body carries: made by the row's path (paths are made before bodies). */
let linkToken = '';
async function freshLink(purpose: TokenPurpose, path: string): Promise<string> {
  const account = await throwaway();
  linkToken = await issueToken(await db(), { userId: account.id, purpose, email: account.email });
  return path;
}

/** A fresh session of the owner's, by its handle, for the cell that ends one. */
async function ownerSessionPath(): Promise<string> {
  const { session } = await createSession(await db(), owner);
  return `/api/account/sessions/${sessionHandle(session.id)}`;
}

const demoNames = Object.fromEntries(demoUsers.map((u) => [u.email, { firstName: u.firstName, lastName: u.lastName }]));
/** The caller's own name again: the row proves access, and the demo accounts keep their names. */
const ownName = (caller: Caller) => demoNames[caller in callerAccounts ? callerAccounts[caller as keyof typeof callerAccounts] : 'ny@demo.no'];

// --- company packages (issue 24) and memberships: "this company" is the demo company Fjordtech AS ---

export const demoCompanyId = demoCompany.id;
/** A path of this company's manager's routes. */
const thisCompany = (rest = '') => `/api/companies/${demoCompanyId}${rest}`;

/** A company route: only the manager of this company; anyone else signed in gets 404 (the company does not exist for them). */
const managerOnly = {
  anonymous: 401,
  individual: 404,
  company_admin: '2xx',
  admin: 404,
  superuser: 404,
  other_manager: 404,
  member: 404,
  other_member: 404,
  both: 404,
} as const;
/** The membership callers on a superuser's route: none is a superuser. */
const membersForbidden = { other_manager: 403, member: 403, other_member: 403, both: 403 } as const;

const PACKAGE = 'package:nettbasert-pakke';
const FIXTURE_PASSWORD = 'et langt passord';
let fixtureIps = 0;
/** The fixture's own addresses (the sign-up and sign-in throttles count per address). */
const fixtureIp = () => `198.19.${Math.floor(++fixtureIps / 250)}.${(fixtureIps % 250) + 1}`;

async function expectStatus(what: string, result: { status: number; text: string }, status: number): Promise<void> {
  if (result.status !== status) throw new Error(`membership fixture: ${what} answered ${result.status} ${result.text.slice(0, 300)}`);
}

/** A new account through the sign-up route, its address verified with the link of its mail. */
async function verifiedAccount(name: string): Promise<{ email: string; cookie: string }> {
  const email = `matrise-${name}-${process.pid}@example.no`;
  const made = await call(account, '/api/auth/register', {
    json: { firstName: 'Matrise', lastName: name, email, password: FIXTURE_PASSWORD },
    ip: fixtureIp(),
  });
  await expectStatus(`signing up ${email}`, made, 201);
  const [mail] = await (
    await db()
  )
    .select({ data: mailOutbox.data })
    .from(mailOutbox)
    .where(sql`${mailOutbox.toAddress} = ${email} AND ${mailOutbox.template} = 'verify-email'`);
  const token = (mail!.data as { verifyUrl: string }).verifyUrl.split('#token=')[1]!;
  await expectStatus(`verifying ${email}`, await call(account, '/api/auth/confirm-email', { json: { token }, ip: fixtureIp() }), 200);
  return { email, cookie: cookieHeader(made) };
}

/** Seats bought on invoice (a new company from `details`, or more for `companyId`): the company's id. */
async function invoiceSeats(cookie: string, quantity: number, target: { company: Record<string, string> } | { companyId: string }): Promise<string> {
  const ordered = await call(checkout, '/api/checkout/orders', {
    cookie,
    ip: fixtureIp(),
    json: { productId: PACKAGE, provider: 'invoice', quantity, idempotencyKey: randomUUID(), ...target },
  });
  await expectStatus('an invoice order of seats', ordered, 201);
  const [order] = await (
    await db()
  )
    .select({ companyId: orders.companyId })
    .from(orders)
    .where(eq(orders.id, (ordered.body as { orderId: string }).orderId));
  return order!.companyId!;
}

/** The manager invites `email`; the token of the invitation's mail. */
async function invitedToken(managerCookie: string, companyId: string, email: string): Promise<string> {
  const invited = await call(company, `/api/companies/${companyId}/invitations`, {
    cookie: managerCookie,
    json: { emails: [email] },
    ip: fixtureIp(),
  });
  await expectStatus(`inviting ${email}`, invited, 201);
  const mails = await (
    await db()
  )
    .select({ data: mailOutbox.data })
    .from(mailOutbox)
    .where(sql`${mailOutbox.toAddress} = ${email} AND ${mailOutbox.template} = 'company-invitation'`);
  return (mails.at(-1)!.data as { acceptUrl: string }).acceptUrl.split('#token=')[1]!;
}

export interface MembershipFixture {
  /** Matrise Andre AS: managed by `other_manager`, `other_member` holds one of its seats. */
  otherCompanyId: string;
  /** Matrise Tredje AS: managed by `both`, who also holds a seat of this company. */
  thirdCompanyId: string;
  accounts: Record<MembershipCaller, { email: string; password: string }>;
}

let fixtureMade: Promise<MembershipFixture> | undefined;
/**
 * The membership callers and their companies, made once through the real routes: this company
 * buys forty more seats on invoice (room for the seats the rows below give), a verified new
 * account buys seats on invoice for Matrise Andre AS and invites an employee who accepts with a
 * new account, and another buys for Matrise Tredje AS and accepts an invitation of this company.
 */
export function membershipFixture(): Promise<MembershipFixture> {
  fixtureMade ??= (async () => {
    const manager = await signIn(callerAccounts.company_admin, 'demo1234', fixtureIp());
    await invoiceSeats(manager, 40, { companyId: demoCompanyId });

    const otherManager = await verifiedAccount('andre-leder');
    const otherCompanyId = await invoiceSeats(otherManager.cookie, 3, {
      company: {
        name: 'Matrise Andre AS',
        orgNumber: '923 609 016',
        invoiceEmail: 'faktura@andre.example',
        invoiceAddress: 'Andreveien 2, 0150 Oslo',
      },
    });
    const otherMember = `matrise-andre-ansatt-${process.pid}@example.no`;
    const joined = await call(company, '/api/invitations/accept', {
      json: {
        token: await invitedToken(otherManager.cookie, otherCompanyId, otherMember),
        firstName: 'Matrise',
        lastName: 'Ansatt',
        password: FIXTURE_PASSWORD,
      },
      ip: fixtureIp(),
    });
    await expectStatus("the other company's employee accepting", joined, 200);

    const both = await verifiedAccount('tredje-leder');
    const thirdCompanyId = await invoiceSeats(both.cookie, 1, {
      company: {
        name: 'Matrise Tredje AS',
        orgNumber: '974 760 673',
        invoiceEmail: 'faktura@tredje.example',
        invoiceAddress: 'Tredjeveien 3, 0150 Oslo',
      },
    });
    const accepted = await call(company, '/api/invitations/accept', {
      cookie: both.cookie,
      json: { token: await invitedToken(manager, demoCompanyId, both.email) },
      ip: fixtureIp(),
    });
    await expectStatus("the third company's manager accepting a seat of this company", accepted, 200);

    return {
      otherCompanyId,
      thirdCompanyId,
      accounts: {
        other_manager: { email: otherManager.email, password: FIXTURE_PASSWORD },
        member: { email: 'ansatt@demo.no', password: 'demo1234' },
        other_member: { email: otherMember, password: FIXTURE_PASSWORD },
        both: { email: both.email, password: FIXTURE_PASSWORD },
      },
    };
  })();
  return fixtureMade;
}

/** The account a caller signs in with. */
export async function accountOf(caller: Exclude<Caller, 'anonymous'>): Promise<{ email: string; password: string }> {
  if (caller in callerAccounts) return { email: callerAccounts[caller as keyof typeof callerAccounts], password: 'demo1234' };
  return (await membershipFixture()).accounts[caller as MembershipCaller];
}

/**
 * What no answer to anyone but this company's manager may contain: its name, org number and
 * invoice details, and the address of everyone in it (memberships, seats, invitations), read now.
 */
export async function companySecrets(companyId = demoCompanyId): Promise<string[]> {
  const d = await db();
  const [row] = await d.select().from(companies).where(eq(companies.id, companyId));
  const people = await d.execute(sql`
    SELECT u.email FROM users u WHERE u.id IN (SELECT user_id FROM company_memberships WHERE company_id = ${companyId})
      OR u.id IN (SELECT user_id FROM company_seats WHERE company_id = ${companyId})
    UNION SELECT email FROM company_invitations WHERE company_id = ${companyId}`);
  const emails = (people as unknown as { rows: { email: string }[] }).rows.map((r) => r.email);
  return [row!.name, row!.orgNumber, row!.invoiceEmail, row!.invoiceAddress, ...emails].filter((v): v is string => Boolean(v));
}

/** The caller's own memberships, as GET /api/companies must list them (managers first, then by name). */
export async function membershipsOf(email: string): Promise<{ id: string; role: string }[]> {
  const rows = await (
    await db()
  )
    .select({ id: companies.id, name: companies.name, role: companyMemberships.role })
    .from(companyMemberships)
    .innerJoin(companies, eq(companies.id, companyMemberships.companyId))
    .innerJoin(users, eq(users.id, companyMemberships.userId))
    .where(eq(users.email, email));
  return rows
    .sort((a, b) => Number(b.role === 'manager') - Number(a.role === 'manager') || a.name.localeCompare(b.name, 'nb') || a.id.localeCompare(b.id))
    .map((r) => ({ id: r.id, role: r.role }));
}

let invitationToken = '';
let roomyCompany: Promise<string> | null = null;
/**
 * A company with seats for every acceptance of the matrix (the demo company's seats are partly
 * held by its employees and by the seats the matrix gives and takes back), approved, so that all
 * fifty of its invoice seats can be used.
 */
function companyWithRoom(): Promise<string> {
  roomyCompany ??= freshInvoicedOrder(50).then(async (orderId) => {
    const [order] = await (await db()).select({ companyId: orders.companyId }).from(orders).where(eq(orders.id, orderId));
    await atomically(await db(), (tx) => approveCompany(tx, order!.companyId!, null, 'superuser'));
    return order!.companyId!;
  });
  return roomyCompany;
}

/** A pending invitation (of this company unless told); its token for the next body. */
async function freshInvitation(companyId = demoCompanyId): Promise<string> {
  const token = randomUUID().replace(/-/g, '') + randomUUID().replace(/-/g, '');
  const [row] = await (
    await db()
  )
    .insert(companyInvitations)
    .values({
      companyId,
      email: `matrise-invitert-${++throwaways}-${process.pid}@example.no`,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: companyInvitations.id });
  invitationToken = token;
  return row!.id;
}

/** A throwaway account holding a seat of this company (so a member of it); the fixture's forty seats leave room. */
async function seatedThrowaway(): Promise<{ userId: string; seatId: string }> {
  await membershipFixture();
  const person = await throwaway();
  const seatId = await atomically(await db(), async (tx) => (await assignSeat(tx, await lockCompany(tx, demoCompanyId), person.id)).seatId);
  return { userId: person.id, seatId };
}

/** A seat of this company held by a throwaway account, for the cell that takes one back. */
async function freshSeat(): Promise<string> {
  return thisCompany(`/seats/${(await seatedThrowaway()).seatId}`);
}

/** The member the next body names (made by the row's path: paths are made before bodies). */
let memberToPromote = '';
async function freshMember(): Promise<string> {
  memberToPromote = (await seatedThrowaway()).userId;
  return thisCompany('/managers');
}

/** A second manager of this company (a throwaway account), for the cell that removes one: never the last. */
async function freshManager(): Promise<string> {
  const person = await throwaway();
  await atomically(await db(), (tx) => addMembership(tx, { companyId: demoCompanyId, userId: person.id, role: 'manager', addedBy: null }));
  return thisCompany(`/managers/${person.id}`);
}

/** A company nobody has vouched for, for the cells that approve one. */
async function freshUnapprovedCompany(): Promise<string> {
  const [row] = await (await db()).insert(companies).values({ name: 'Matrise Ny AS', orgNumber: '974760673' }).returning({ id: companies.id });
  return row!.id;
}

/** An order on invoice of a throwaway company, for the superuser's cells that settle it. */
async function freshInvoicedOrder(seats = 2): Promise<string> {
  const d = await db();
  const [company] = await d.insert(companies).values({ name: 'Matrise AS', orgNumber: '974760673' }).returning({ id: companies.id });
  const [order] = await d
    .insert(orders)
    .values({
      reference: `ka-matrise-${randomUUID().slice(0, 8)}`,
      userId: seedId('user:bedrift@demo.no'),
      buyerFirstName: 'Matrise',
      buyerLastName: 'Faktura',
      buyerEmail: 'bedrift@demo.no',
      productId: 'package:nettbasert-pakke',
      companyId: company!.id,
      title: 'Nettbaserte Kurspakker',
      quantity: seats,
      listPriceOre: 299_000 * seats,
      totalOre: 299_000 * seats,
      vat: 'standard_25',
      vatRateBp: 2500,
      vatOre: 59_800 * seats,
      provider: 'invoice',
      status: 'invoiced',
      consentVersion: 'bedrift',
      consentText: 'Kjøp til bedrift',
      consentAt: new Date(),
      idempotencyKey: randomUUID(),
      expiresAt: new Date(Date.now() + 14 * 86_400_000),
    })
    .returning({ id: orders.id });
  return order!.id;
}

let orgNumbers = 86_000_000 + (process.pid % 1000) * 100;
/** A valid organisation number (mod 11) of its own for each call. */
function freshOrgNumber(): string {
  for (;;) {
    const base = String(++orgNumbers);
    for (let check = 0; check <= 9; check++) if (isValidOrgNumber(`${base}${check}`)) return `${base}${check}`;
  }
}

const validCompany = {
  name: 'Matrise AS',
  orgNumber: '974 760 673',
  invoiceEmail: 'faktura@example.no',
  invoiceAddress: 'Matriseveien 1, 0150 Oslo',
};

export const matrix: MatrixRow[] = [
  // health.ts
  { route: 'GET /api/health', path: '/api/health', expect: everyone('2xx') },

  // auth.ts
  { route: 'GET /api/login', path: '/api/login', expect: everyone('3xx') },
  {
    route: 'POST /api/auth/login',
    path: '/api/auth/login',
    body: { email: 'ny@demo.no', password: 'demo1234' },
    replacesSession: true,
    expect: everyone('2xx'),
  },
  {
    route: 'POST /api/auth/register',
    path: '/api/auth/register',
    body: () => ({ firstName: 'Matrise', lastName: 'Test', email: `matrise-${++registrations}@example.no`, password: 'et langt passord' }),
    replacesSession: true,
    expect: everyone('2xx'),
  },
  { route: 'GET /api/logout', path: '/api/logout', expect: { ...everyone('2xx'), anonymous: '3xx' } },
  { route: 'POST /api/logout', path: '/api/logout', replacesSession: true, expect: everyone('3xx') },
  { route: 'GET /api/auth/user', path: '/api/auth/user', expect: signedIn },

  // contact.ts (issue 29): the contact form on /kontakt, open to everyone (five messages per address an hour: one per role here).
  {
    route: 'POST /api/contact',
    path: '/api/contact',
    body: { name: 'Matrise Test', email: 'matrise@example.no', message: 'En melding fra autorisasjonsmatrisen.' },
    expect: everyone('2xx'),
  },

  // account.ts (issue 23). Rows whose success would change a demo account's password or delete it
  // send a wrong password instead: 400 proves the caller got past the access check.
  { route: 'POST /api/auth/password-reset', path: '/api/auth/password-reset', body: { email: 'ingen-konto@example.no' }, expect: everyone('2xx') },
  {
    route: 'POST /api/auth/password-reset/confirm',
    path: () => freshLink('reset_password', '/api/auth/password-reset/confirm'),
    body: () => ({ token: linkToken, password: 'et nytt langt passord' }),
    replacesSession: true,
    expect: everyone('2xx'),
  },
  {
    route: 'POST /api/auth/confirm-email',
    path: () => freshLink('verify_email', '/api/auth/confirm-email'),
    body: () => ({ token: linkToken }),
    expect: everyone('2xx'),
  },
  { route: 'POST /api/auth/verify-email/resend', path: '/api/auth/verify-email/resend', body: {}, expect: signedIn },
  { route: 'GET /api/account', path: '/api/account', expect: signedIn },
  { route: 'PATCH /api/account/profile', path: '/api/account/profile', body: ownName, expect: signedIn },
  {
    route: 'POST /api/account/email',
    path: '/api/account/email',
    body: () => ({ newEmail: `matrise-ny-${++throwaways}@example.no`, password: 'demo1234' }),
    expect: signedIn,
  },
  {
    route: 'POST /api/account/password',
    path: '/api/account/password',
    body: { currentPassword: 'ikke passordet', newPassword: 'et nytt langt passord' },
    expect: { ...signedIn, individual: 400, company_admin: 400, admin: 400, superuser: 400 },
  },
  { route: 'GET /api/account/sessions', path: '/api/account/sessions', expect: signedIn },
  { route: 'DELETE /api/account/sessions/:sessionId', path: ownerSessionPath, expect: ownerOnly },
  {
    route: 'POST /api/account/sessions/end-others',
    path: '/api/account/sessions/end-others',
    body: {},
    replacesSession: true,
    endsOtherSessions: true,
    expect: signedIn,
  },
  { route: 'PUT /api/account/preferences', path: '/api/account/preferences', body: { reminders: true }, expect: signedIn },
  { route: 'GET /api/account/export', path: '/api/account/export', expect: signedIn },
  {
    route: 'POST /api/account/delete',
    path: '/api/account/delete',
    body: { password: 'ikke passordet' },
    expect: { ...signedIn, individual: 400, company_admin: 400, admin: 400, superuser: 400 },
  },
  // An account without a password confirms by mail; every caller here has a password, so 409 proves the caller got past the access check.
  {
    route: 'POST /api/account/confirm-by-mail',
    path: '/api/account/confirm-by-mail',
    body: { action: 'set_password' },
    expect: { ...signedIn, individual: 409, company_admin: 409, admin: 409, superuser: 409 },
  },
  {
    route: 'POST /api/auth/account-confirm',
    path: () => freshLink('confirm_email_change', '/api/auth/account-confirm'),
    body: () => ({ token: linkToken }),
    expect: everyone('2xx'),
  },

  // company.ts (issue 24, memberships): the caller's companies; this company's manager's routes; accepting an invitation
  {
    route: 'GET /api/companies',
    path: '/api/companies',
    expect: { ...signedIn, other_manager: '2xx', member: '2xx', other_member: '2xx', both: '2xx' },
  },
  { route: 'GET /api/companies/:companyId', path: thisCompany(), expect: managerOnly },
  {
    route: 'GET /api/companies/:companyId/people',
    path: thisCompany('/people'),
    queries: ['?filter=not_started', '?filter=inactive', pageOfOne],
    expect: managerOnly,
  },
  { route: 'GET /api/companies/:companyId/people.csv', path: thisCompany('/people.csv'), expect: managerOnly },
  // The demo company has an employee who has not started (ansatt2@demo.no): the reminder goes out.
  { route: 'POST /api/companies/:companyId/reminders', path: thisCompany('/reminders'), expect: managerOnly },
  { route: 'GET /api/companies/:companyId/invitations', path: thisCompany('/invitations'), expect: managerOnly },
  {
    route: 'POST /api/companies/:companyId/invitations/preview',
    path: thisCompany('/invitations/preview'),
    body: { text: 'ny@example.no' },
    expect: managerOnly,
  },
  {
    route: 'POST /api/companies/:companyId/invitations',
    path: thisCompany('/invitations'),
    body: () => ({ emails: [`matrise-inv-${++throwaways}-${process.pid}@example.no`] }),
    expect: managerOnly,
  },
  {
    route: 'POST /api/companies/:companyId/invitations/:id/resend',
    path: async () => thisCompany(`/invitations/${await freshInvitation()}/resend`),
    expect: managerOnly,
  },
  {
    route: 'DELETE /api/companies/:companyId/invitations/:id',
    path: async () => thisCompany(`/invitations/${await freshInvitation()}`),
    expect: managerOnly,
  },
  { route: 'DELETE /api/companies/:companyId/seats/:seatId', path: freshSeat, expect: managerOnly },
  { route: 'GET /api/companies/:companyId/managers', path: thisCompany('/managers'), expect: managerOnly },
  // A member of this company (a fresh one per cell) becomes a manager: 201 for the manager.
  { route: 'POST /api/companies/:companyId/managers', path: freshMember, body: () => ({ userId: memberToPromote }), expect: managerOnly },
  // A second manager (a fresh one per cell) is removed: never the last, so 200 for the manager.
  { route: 'DELETE /api/companies/:companyId/managers/:userId', path: freshManager, expect: managerOnly },
  // A free trial for a new company of a number no one has tried: anyone signed in (one per person, and each caller starts one).
  {
    route: 'POST /api/company-trials',
    path: '/api/company-trials',
    body: () => ({ company: { ...validCompany, orgNumber: freshOrgNumber() } }),
    // The company the trial made goes again (its memberships and the trial with it): the membership
    // dimension and the company rows expect each caller's companies as the seed and fixture made them.
    after: async (caller) => {
      if (caller === 'anonymous') return;
      const { email } = await accountOf(caller);
      await (
        await db()
      ).execute(
        sql`DELETE FROM companies WHERE id IN (SELECT t.company_id FROM company_trials t JOIN users u ON u.id = t.started_by WHERE lower(u.email) = lower(${email}))`,
      );
    },
    expect: signedIn,
  },
  {
    route: 'POST /api/invitations/lookup',
    path: async () => (await freshInvitation(), '/api/invitations/lookup'),
    body: () => ({ token: invitationToken }),
    expect: everyone('2xx'),
  },
  {
    route: 'POST /api/invitations/accept',
    path: async () => (await freshInvitation(await companyWithRoom()), '/api/invitations/accept'),
    body: () => ({ token: invitationToken, firstName: 'Matrise', lastName: 'Ansatt', password: 'et langt passord' }),
    replacesSession: true,
    expect: everyone('2xx'),
  },

  // admin-companies.ts (issue 24): superusers only; a company's managers and members are no superusers
  { route: 'GET /api/admin/companies', path: '/api/admin/companies', expect: { ...superusers, ...membersForbidden } },
  { route: 'POST /api/admin/companies', path: '/api/admin/companies', body: validCompany, expect: { ...superusers, ...membersForbidden } },
  { route: 'GET /api/admin/companies/:companyId', path: `/api/admin/companies/${demoCompanyId}`, expect: { ...superusers, ...membersForbidden } },
  // A fresh unapproved company per cell.
  {
    route: 'POST /api/admin/companies/:companyId/approve',
    path: async () => `/api/admin/companies/${await freshUnapprovedCompany()}/approve`,
    expect: { ...superusers, ...membersForbidden },
  },
  {
    route: 'PATCH /api/admin/companies/:companyId',
    path: `/api/admin/companies/${demoCompanyId}`,
    body: { name: 'Fjordtech AS', orgNumber: '315999804', invoiceEmail: 'faktura@fjordtech.example', invoiceAddress: 'Fjordveien 1, 5003 Bergen' },
    expect: { ...superusers, ...membersForbidden },
  },
  {
    route: 'POST /api/admin/orders/:orderId/invoice-paid',
    path: async () => `/api/admin/orders/${await freshInvoicedOrder()}/invoice-paid`,
    expect: superusers,
  },
  {
    route: 'POST /api/admin/orders/:orderId/invoice-cancelled',
    path: async () => `/api/admin/orders/${await freshInvoicedOrder()}/invoice-cancelled`,
    expect: superusers,
  },

  // courses.ts
  { route: 'GET /api/courses', path: '/api/courses', expect: signedIn },
  { route: 'GET /api/courses/:courseId/modules-with-progress', path: '/api/courses/grunnleggende-ki/modules-with-progress', expect: signedIn },
  { route: 'GET /api/courses/:courseId/with-content', path: '/api/courses/grunnleggende-ki/with-content', expect: signedIn },
  { route: 'GET /api/courses/:courseId/progress', path: '/api/courses/grunnleggende-ki/progress', expect: signedIn },
  { route: 'GET /api/modules/:moduleId/lessons', path: `/api/modules/${firstModule}/lessons`, expect: signedIn },

  // enrollments.ts
  { route: 'GET /api/users/me/enrollments', path: '/api/users/me/enrollments', expect: signedIn },
  { route: 'GET /api/users/me/progress', path: '/api/users/me/progress', expect: signedIn },
  { route: 'POST /api/enrollments', path: '/api/enrollments', body: { courseId: 'ki-markedsforing' }, expect: paidCourse },

  // lessons.ts
  { route: 'POST /api/lessons/:id/progress', path: `/api/lessons/${taskLesson}/progress`, body: { completed: true }, expect: lockedLesson },
  {
    route: 'POST /api/lessons/:id/watch-position',
    path: `/api/lessons/${videoLesson}/watch-position`,
    body: { positionSeconds: 1 },
    expect: signedIn,
  },
  // A heartbeat of an open task lesson: the caller's own time, behind the lesson's entitlements.
  { route: 'POST /api/lessons/:id/study-time', path: `/api/lessons/${taskLesson}/study-time`, body: {}, expect: lockedLesson },
  // The caller's own notes on a lesson: on a preview, everyone signed in gets their own (possibly empty) list.
  {
    route: 'GET /api/lessons/:id/video-notes',
    path: `/api/lessons/${videoLesson}/video-notes`,
    queries: [pageOfOne, notesCursor],
    expect: { ...signedIn, owner: '2xx' },
  },

  // task-answers.ts (issue 29): the caller's own answers, behind the lesson's entitlements
  { route: 'GET /api/lessons/:id/answers', path: `/api/lessons/${taskLesson}/answers`, expect: lockedLesson },
  {
    route: 'PUT /api/lessons/:id/answers/:question',
    path: `/api/lessons/${taskLesson}/answers/2`,
    body: { answer: 'Matrise' },
    expect: lockedLesson,
  },

  // video-notes.ts
  { route: 'POST /api/video-notes', path: '/api/video-notes', body: { lessonId: videoLesson, timestamp: 3, noteText: 'Matrise' }, expect: signedIn },
  { route: 'PUT /api/video-notes/:id', path: `/api/video-notes/${ownedNote}`, body: { noteText: 'Endret i matrisen' }, expect: ownerOnly },
  { route: 'DELETE /api/video-notes/:id', path: async () => `/api/video-notes/${await freshNote()}`, expect: ownerOnly },

  // chat.ts
  {
    route: 'GET /api/chat/conversations',
    path: '/api/chat/conversations',
    queries: [pageOfOne, conversationsCursor],
    expect: { ...signedIn, owner: '2xx' },
  },
  { route: 'POST /api/chat/conversations', path: '/api/chat/conversations', body: { title: 'Matrise' }, expect: signedIn },
  { route: 'PATCH /api/chat/conversations/:id', path: `/api/chat/conversations/${ownedConversation}`, body: { title: 'Matrise' }, expect: ownerOnly },
  { route: 'DELETE /api/chat/conversations/:id', path: async () => `/api/chat/conversations/${await freshConversation()}`, expect: ownerOnly },
  {
    route: 'GET /api/chat/conversations/:id/messages',
    path: `/api/chat/conversations/${ownedConversation}/messages`,
    queries: [pageOfOne, messagesCursor],
    expect: ownerOnly,
  },
  {
    route: 'POST /api/chat/conversations/:id/messages',
    path: `/api/chat/conversations/${ownedConversation}/messages`,
    body: { content: 'Hva er en språkmodell?' },
    expect: ownerOnly,
  },

  // admin.ts
  { route: 'GET /api/admin/courses', path: '/api/admin/courses', expect: admins },
  {
    route: 'PUT /api/admin/courses/:courseId/name',
    path: '/api/admin/courses/grunnleggende-ki/name',
    body: { name: 'KI Grunnkurs' },
    expect: admins,
  },
  {
    route: 'PUT /api/admin/modules/:moduleId/name',
    path: `/api/admin/modules/${firstModule}/name`,
    body: { name: 'Hva er kunstig intelligens?' },
    expect: admins,
  },
  // Issue 29 (decision 38): the last rebuild request, asking again (no hook in the tests: nothing is called), and every lesson.
  { route: 'GET /api/admin/publishing', path: '/api/admin/publishing', expect: admins },
  { route: 'POST /api/admin/publishing', path: '/api/admin/publishing', expect: admins },
  // No build hook in the tests: the superuser learns how the site is published instead (409).
  { route: 'POST /api/admin/publishing/build', path: '/api/admin/publishing/build', body: {}, expect: { ...superusers, superuser: 409 } },
  { route: 'GET /api/admin/lessons', path: '/api/admin/lessons?courseId=grunnleggende-ki&type=video', expect: admins },
  {
    route: 'POST /api/admin/courses/:courseId/modules',
    path: '/api/admin/courses/grunnleggende-ki/modules',
    body: { title: 'Matrisemodul', orderIndex: 0 },
    expect: admins,
  },
  {
    route: 'POST /api/admin/modules/:moduleId/lessons',
    path: `/api/admin/modules/${firstModule}/lessons`,
    body: { title: 'Matriseleksjon', lessonType: 'text', content: { text: 'Tekst' }, orderIndex: 0, videoUrl: null },
    expect: admins,
  },
  {
    route: 'PUT /api/admin/lessons/:lessonId/content',
    path: `/api/admin/lessons/${taskLesson}/content`,
    body: { content: { instructions: 'Endret i matrisen' }, videoUrl: null },
    expect: admins,
  },
  { route: 'POST /api/admin/modules/:moduleId/move', path: `/api/admin/modules/${firstModule}/move`, body: { direction: 'up' }, expect: admins },
  { route: 'POST /api/admin/lessons/:lessonId/move', path: `/api/admin/lessons/${taskLesson}/move`, body: { direction: 'up' }, expect: admins },
  { route: 'GET /api/admin/videos', path: '/api/admin/videos', expect: admins },
  { route: 'POST /api/admin/videos', path: '/api/admin/videos', body: { title: 'Matrisevideo', url: '/media/demo-leksjon.mp4' }, expect: admins },
  { route: 'DELETE /api/admin/videos/:id', path: async () => `/api/admin/videos/${await freshVideo()}`, expect: admins },
  { route: 'GET /api/admin/statistics', path: '/api/admin/statistics', expect: superusers },
  { route: 'GET /api/admin/users', path: '/api/admin/users', expect: superusers },
  { route: 'GET /api/admin/audit', path: '/api/admin/audit?limit=5', expect: superusers },
  // No-op changes (ny@demo.no is an active individual): allowed or refused, nothing else changes.
  { route: 'PUT /api/admin/users/:userId/status', path: `/api/admin/users/${target}/status`, body: { isActive: true }, expect: superusers },
  { route: 'PUT /api/admin/users/:userId/role', path: `/api/admin/users/${target}/role`, body: { role: 'individual' }, expect: superusers },

  // checkout.ts: open to everyone (a guest buys with a name and an e-mail).
  { route: 'GET /api/checkout/products/:courseId', path: `/api/checkout/products/${CHECKOUT_COURSE}`, expect: { ...everyone('2xx'), owner: '2xx' } },
  {
    route: 'POST /api/checkout/quote',
    path: matrixCoupon,
    body: { productId: `course:${CHECKOUT_COURSE}`, couponCode: MATRIX_COUPON },
    expect: everyone('2xx'),
  },
  {
    route: 'POST /api/checkout/orders',
    path: '/api/checkout/orders',
    body: (caller: Caller) => ({
      productId: `course:${CHECKOUT_COURSE}`,
      provider: 'test',
      consent: { accepted: true, version: CONSENT.version },
      idempotencyKey: randomUUID(),
      ...(caller === 'anonymous' ? { buyer: { firstName: 'Matrise', lastName: 'Gjest', email: `matrise-gjest-${randomUUID()}@example.no` } } : {}),
    }),
    // Staff read every course already (decision 26): there is nothing to buy.
    expect: { anonymous: '2xx', individual: '2xx', company_admin: '2xx', admin: 409, superuser: 409 },
  },
  // The return page: only the buyer (the owner's session, or a guest's checkout cookie) learns anything.
  {
    route: 'POST /api/checkout/orders/:orderId/return',
    path: withOwnerOrder((o) => `/api/checkout/orders/${o.id}/return`),
    body: {},
    expect: { ...everyone(404), owner: '2xx' },
  },

  // orders.ts
  { route: 'GET /api/orders', path: '/api/orders', expect: { ...signedIn, owner: '2xx' } },
  { route: 'GET /api/orders/:orderId', path: withOwnerOrder((o) => `/api/orders/${o.id}`), expect: ownerOrSuperuser },
  { route: 'GET /api/orders/:orderId/receipt.pdf', path: withOwnerOrder((o) => `/api/orders/${o.id}/receipt.pdf`), expect: ownerOrSuperuser },

  // test-payments.ts: the test provider's own page (development and tests only), open like a provider's page.
  {
    route: 'GET /api/test-payments/:reference',
    path: withOwnerOrder((o) => `/api/test-payments/${o.reference}`),
    expect: everyone('2xx'),
  },
  {
    route: 'POST /api/test-payments/:reference/:action',
    // The payment is captured already: approving again changes nothing and answers where to go.
    path: withOwnerOrder((o) => `/api/test-payments/${o.reference}/approve`),
    body: {},
    expect: everyone('2xx'),
  },

  // admin-orders.ts
  { route: 'GET /api/admin/orders', path: '/api/admin/orders', queries: [pageOfOne], expect: superusers },
  { route: 'GET /api/admin/orders/:orderId', path: withOwnerOrder((o) => `/api/admin/orders/${o.id}`), expect: superusers },
  {
    route: 'POST /api/admin/orders/:orderId/refunds',
    path: withOwnerOrder((o) => `/api/admin/orders/${o.id}/refunds`),
    // One øre with a fresh key: a real partial refund (only the superuser's cell gets this far).
    body: () => ({ amountOre: 1, reason: 'Matrise', idempotencyKey: randomUUID() }),
    expect: superusers,
  },
  { route: 'GET /api/admin/revenue', path: '/api/admin/revenue', expect: superusers },

  // webhooks.ts: a correctly signed delivery, with each caller's cookie (which the route never reads).
  {
    route: 'POST /api/webhooks/vipps',
    path: '/api/webhooks/vipps',
    body: () => webhookEventBody('vipps'),
    signedBy: 'vipps',
    expect: everyone('2xx'),
  },
  {
    route: 'POST /api/webhooks/stripe',
    path: '/api/webhooks/stripe',
    body: () => webhookEventBody('stripe'),
    signedBy: 'stripe',
    expect: everyone('2xx'),
  },
  {
    route: 'POST /api/webhooks/test-payments',
    path: '/api/webhooks/test-payments',
    body: () => webhookEventBody('test-payments'),
    signedBy: 'test-payments',
    expect: everyone('2xx'),
  },

  // certificates.ts and certificate-pdf.ts (issue 25): the owner's certificate; the public verification.
  { route: 'GET /api/certificates', path: '/api/certificates', expect: { ...signedIn, owner: '2xx' } },
  {
    route: 'GET /api/certificate-verifications/:code',
    path: async () => `/api/certificate-verifications/${(await ownerCertificate()).code}`,
    expect: everyone('2xx'),
  },
  {
    route: 'GET /api/certificates/:certificateId/pdf',
    path: async () => `/api/certificates/${(await ownerCertificate()).id}/pdf`,
    expect: ownerOrSuperuser,
  },
  { route: 'GET /api/admin/certificates', path: '/api/admin/certificates', queries: ['?q=elev'], expect: superusers },
  {
    route: 'POST /api/admin/certificates/:certificateId/revoke',
    path: async () => `/api/admin/certificates/${await freshCertificate()}/revoke`,
    body: { reason: 'Matrise' },
    expect: superusers,
  },
  // admin-coupons.ts and admin-people.ts: the shop's tools, the superuser's only.
  { route: 'GET /api/admin/coupons', path: '/api/admin/coupons', expect: superusers },
  {
    route: 'POST /api/admin/coupons',
    path: '/api/admin/coupons',
    body: () => ({ code: `MATRISE-${randomUUID().slice(0, 8)}`, kind: 'percent', percentOff: 10 }),
    expect: superusers,
  },
  { route: 'GET /api/admin/coupons/:couponId', path: async () => `/api/admin/coupons/${await adminMatrixCoupon()}`, expect: superusers },
  {
    route: 'PUT /api/admin/coupons/:couponId',
    path: async () => `/api/admin/coupons/${await adminMatrixCoupon()}`,
    body: { maxUses: 50 },
    expect: superusers,
  },
  { route: 'GET /api/admin/people', path: '/api/admin/people', queries: ['?q=elev'], expect: superusers },
  { route: 'GET /api/admin/people/:userId', path: `/api/admin/people/${owner}`, expect: superusers },
  {
    route: 'POST /api/admin/people/:userId/access',
    path: async () => `/api/admin/people/${(await throwaway()).id}/access`,
    body: { courseId: 'grunnleggende-ki', reason: 'Matrise' },
    expect: superusers,
  },
  {
    route: 'POST /api/admin/people/:userId/access/:courseId/revoke',
    path: async () => `/api/admin/people/${await grantedThrowaway()}/access/grunnleggende-ki/revoke`,
    body: { reason: 'Matrise' },
    expect: superusers,
  },
  // reminders.ts: the mail's signed unsubscribe link works for whoever holds it (a throwaway account's).
  {
    route: 'POST /api/reminders/unsubscribe',
    path: async () => `/api/reminders/unsubscribe?token=${encodeURIComponent(unsubscribeToken((await throwaway()).id))}`,
    expect: everyone('2xx'),
  },
];

// --- the shop's tools: a coupon, and a person given a course by hand ------------------------

let adminMatrixCouponMade: Promise<string> | undefined;
/** A coupon the superuser's tools look at and edit, made once. */
function adminMatrixCoupon(): Promise<string> {
  adminMatrixCouponMade ??= (async () => {
    const [row] = await (
      await db()
    )
      .insert(coupons)
      .values({ code: `MATRISE-${randomUUID().slice(0, 8).toUpperCase()}`, kind: 'amount', amountOffOre: 100 })
      .returning({ id: coupons.id });
    return row!.id;
  })();
  return adminMatrixCouponMade;
}

/** A throwaway account given grunnleggende-ki by hand (each cell takes it back from its own). */
async function grantedThrowaway(): Promise<string> {
  const person = await throwaway();
  await atomically(await db(), (tx) =>
    grantByHand(tx, { userId: person.id, courseId: 'grunnleggende-ki', actorId: seedId('user:superbruker@demo.no'), reason: 'Matrise' }),
  );
  return person.id;
}

// --- certificates (issue 25) -------------------------------------------------------

let ownerCertificateMade: Promise<{ id: string; code: string }> | undefined;
/** A certificate of the owner's (elev@demo.no), made once. */
function ownerCertificate(): Promise<{ id: string; code: string }> {
  ownerCertificateMade ??= (async () => {
    const [row] = await (
      await db()
    )
      .insert(certificates)
      .values({
        code: newCertificateCode(),
        userId: owner,
        courseId: 'grunnleggende-ki',
        learnerName: 'Emma Larsen',
        courseTitle: 'Matrise',
        courseHours: '1 time',
        completedAt: new Date(),
      })
      .onConflictDoUpdate({ target: [certificates.userId, certificates.courseId], set: { learnerName: 'Emma Larsen' } })
      .returning({ id: certificates.id, code: certificates.code });
    return row!;
  })();
  return ownerCertificateMade;
}

/** A certificate of a throwaway account, for the cell that revokes one. */
async function freshCertificate(): Promise<string> {
  const account = await throwaway();
  const [row] = await (
    await db()
  )
    .insert(certificates)
    .values({
      code: newCertificateCode(),
      userId: account.id,
      courseId: 'grunnleggende-ki',
      learnerName: 'Matrise Konto',
      courseTitle: 'Matrise',
      courseHours: '1 time',
      completedAt: new Date(),
    })
    .returning({ id: certificates.id });
  return row!.id;
}

// --- the entitlement cells (issue 21, decision 26) ------------------------------------------

/**
 * How a signed-in learner stands to a paid course: no access, a preview lesson only, each source
 * of access, or access revoked. `authorization-matrix.test.ts` makes a fresh learner per cell.
 */
export type Standing = 'none' | 'preview' | 'free' | 'purchase' | 'seat' | 'grant' | 'revoked';
export const standings: Standing[] = ['none', 'preview', 'free', 'purchase', 'seat', 'grant', 'revoked'];

/** A course the rows above leave alone (they add lessons to and move the modules of grunnleggende-ki). */
export const ENTITLEMENT_COURSE = 'ki-for-kontoret';
/** The course's first lesson (a video): the preview. */
export const previewLesson = seedLessonId(ENTITLEMENT_COURSE, 0, 0);
/** A later video lesson of the course: locked without access. */
export const lockedVideoLesson = seedLessonId(ENTITLEMENT_COURSE, 0, 1);

export interface EntitlementRow {
  route: string;
  /** The path for a lesson id (the preview for 'preview', the locked lesson otherwise); may make rows first. */
  path: (lessonId: string, userId: string) => string | Promise<string>;
  body?: (lessonId: string) => unknown;
}

/** A note of the user on the lesson, written directly (the route under test edits it). */
async function noteOf(userId: string, lessonId: string): Promise<string> {
  const [row] = await (
    await db()
  )
    .insert(videoNotes)
    .values({ userId, lessonId, timestamp: 1, noteText: 'Eget notat' })
    .returning({ id: videoNotes.id });
  return row!.id;
}

/** The course's task lessons: the first is made a preview for the preview cell, the second stays locked. */
const entitlementTasks = (() => {
  const course = catalogue.find((c) => c.id === ENTITLEMENT_COURSE)!;
  return course.modules.flatMap((m, mi) => m.lessons.flatMap((l, li) => (l.type === 'task' ? [seedLessonId(ENTITLEMENT_COURSE, mi, li)] : [])));
})();

/** A task lesson standing as the given lesson does: a preview for the preview, locked otherwise. */
async function taskLike(lessonId: string): Promise<string> {
  if (lessonId !== previewLesson) return entitlementTasks[1]!;
  await (await db()).update(lessons).set({ isPreview: true }).where(eq(lessons.id, entitlementTasks[0]!));
  return entitlementTasks[0]!;
}

/** Every route that reads or writes lesson content, progress, watch position, notes or task answers. */
export const entitlementMatrix: EntitlementRow[] = [
  { route: 'GET /api/courses/:courseId/with-content', path: () => `/api/courses/${ENTITLEMENT_COURSE}/with-content` },
  { route: 'POST /api/lessons/:id/progress', path: (id) => `/api/lessons/${id}/progress`, body: () => ({ completed: false }) },
  { route: 'POST /api/lessons/:id/watch-position', path: (id) => `/api/lessons/${id}/watch-position`, body: () => ({ positionSeconds: 1 }) },
  { route: 'GET /api/lessons/:id/video-notes', path: (id) => `/api/lessons/${id}/video-notes` },
  { route: 'POST /api/video-notes', path: () => '/api/video-notes', body: (id) => ({ lessonId: id, timestamp: 2, noteText: 'Matrise' }) },
  {
    route: 'PUT /api/video-notes/:id',
    path: async (id, userId) => `/api/video-notes/${await noteOf(userId, id)}`,
    body: () => ({ noteText: 'Endret' }),
  },
  { route: 'GET /api/lessons/:id/answers', path: async (id) => `/api/lessons/${await taskLike(id)}/answers` },
  { route: 'POST /api/lessons/:id/study-time', path: async (id) => `/api/lessons/${await taskLike(id)}/study-time`, body: () => ({}) },
  {
    route: 'PUT /api/lessons/:id/answers/:question',
    path: async (id) => `/api/lessons/${await taskLike(id)}/answers/1`,
    body: () => ({ answer: 'Matrise' }),
  },
];

/** What each standing gets on each row: with-content always answers (locked lessons come without content). */
export const entitlementExpected = (route: string, standing: Standing): Expected =>
  route.startsWith('GET /api/courses/') ? '2xx' : standing === 'none' || standing === 'revoked' ? 403 : '2xx';
