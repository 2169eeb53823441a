import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { loadCatalogue } from '../../db/catalogue';
import { atomically } from '../../db/client';
import {
  certificates,
  chatConversations,
  companies,
  companyInvitations,
  coupons,
  lessons,
  type Order,
  orders,
  products,
  users,
  videoNotes,
  videos,
} from '../../db/schema';
import { assignSeat, lockCompany } from '../../src/server/company/seats.service';
import { seedId, seedLessonId, seedModuleId } from '../../db/seed-ids';
import { CONSENT } from '../../src/server/checkout/checkout.service';
import { priceFor } from '../../src/server/checkout/pricing';
import { reconcile } from '../../src/server/checkout/reconcile';
import { conversationCursor, messageCursor } from '../../src/server/chat.service';
import { acquireAppDb } from '../../src/server/db';
import { noteCursor } from '../../src/server/notes.service';
import { actOnTestPayment, createTestProvider } from '../../src/server/payments/test-provider';
import { webhookEventBody } from '../helpers';
import { demoUsers } from '../../db/seed';
import { sessionHandle } from '../../src/server/account/account.service';
import { hashToken, issueToken, type TokenPurpose } from '../../src/server/account/tokens';
import { newCertificateCode } from '../../src/server/certificates/codes';
import { NO_PASSWORD } from '../../src/server/password';
import { unsubscribeToken } from '../../src/server/reminders/unsubscribe';
import { createSession } from '../../src/server/session';

/**
 * THE authorisation matrix (issue 13, acceptance 1): every `/api` route of every function file ×
 * every kind of caller, with the status class each must get. `authorization-matrix.test.ts`
 * turns each cell into a test that calls the real handler with a real Request, and fails when a
 * route some function declares has no row here, so a new endpoint cannot skip this table.
 *
 * Callers (demo accounts, password demo1234):
 *   anonymous      no cookie
 *   individual     ny@demo.no       (a learner who owns none of the rows below)
 *   company_admin  bedrift@demo.no
 *   admin          admin@demo.no
 *   superuser      superbruker@demo.no
 *   owner          elev@demo.no     (only on rows someone owns: video notes, chat conversations,
 *                                    orders; there every other caller is "another user")
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

export type Caller = 'anonymous' | 'individual' | 'company_admin' | 'admin' | 'superuser' | 'owner';
export type Expected = '2xx' | '3xx' | 400 | 401 | 402 | 403 | 404 | 409;

export const callerAccounts: Record<Exclude<Caller, 'anonymous'>, string> = {
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
  expect: Partial<Record<Caller, Expected>> & Record<Exclude<Caller, 'owner'>, Expected>;
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
 * A paid order of the owner's (elev@demo.no) through the test provider: written as the checkout
 * writes it (the owner has the course by grant, so the checkout itself would refuse), approved on
 * the test page and settled by `reconcile`, so it has its payment, receipt number and receipt.
 */
function ownerOrder(): Promise<Order> {
  ownerOrderMade ??= (async () => {
    const d = await db();
    const [product] = await d
      .select()
      .from(products)
      .where(eq(products.id, `course:${CHECKOUT_COURSE}`));
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
        courseId: CHECKOUT_COURSE,
        title: 'KI for Kontoret',
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
const ownName = (caller: Caller) => demoNames[caller === 'anonymous' ? 'ny@demo.no' : callerAccounts[caller]];

// --- company packages (issue 24): the demo company Fjordtech AS (bedrift@demo.no) with ten invoiced seats ---

/** Only the company's own admin; a superuser passes the access check and meets the service's 403 (no company of their own). */
const companyOnly = { anonymous: 401, individual: 403, company_admin: '2xx', admin: 403, superuser: 403 } as const;
const demoCompanyId = seedId('company:fjordtech');

let invitationToken = '';
let roomyCompany: Promise<string> | null = null;
/**
 * A company with seats for every acceptance of the matrix (the demo company's ten seats are partly
 * held by its employees and by the seats the matrix gives and takes back).
 */
function companyWithRoom(): Promise<string> {
  roomyCompany ??= freshInvoicedOrder(50).then(async (orderId) => {
    const [order] = await (await db()).select({ companyId: orders.companyId }).from(orders).where(eq(orders.id, orderId));
    return order!.companyId!;
  });
  return roomyCompany;
}

/** A pending invitation (of the demo company unless told); its token for the next body. */
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

/** A seat of the demo company held by a throwaway account. */
async function freshSeat(): Promise<string> {
  const account = await throwaway();
  const seatId = await atomically(await db(), async (tx) => (await assignSeat(tx, await lockCompany(tx, demoCompanyId), account.id)).seatId);
  return `/api/company/seats/${seatId}`;
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

  // company.ts (issue 24): the manager's view of the caller's own company; accepting an invitation
  { route: 'GET /api/company', path: '/api/company', expect: companyOnly },
  { route: 'GET /api/company/people', path: '/api/company/people', queries: ['?filter=not_started', '?filter=inactive'], expect: companyOnly },
  { route: 'GET /api/company/people.csv', path: '/api/company/people.csv', expect: companyOnly },
  // Nobody in the demo company has a seat yet: nobody to remind (409) once past the access check.
  // The demo company has an employee who has not started (ansatt2@demo.no): the reminder goes out.
  { route: 'POST /api/company/reminders', path: '/api/company/reminders', expect: companyOnly },
  { route: 'GET /api/company/invitations', path: '/api/company/invitations', expect: companyOnly },
  { route: 'POST /api/company/invitations/preview', path: '/api/company/invitations/preview', body: { text: 'ny@example.no' }, expect: companyOnly },
  {
    route: 'POST /api/company/invitations',
    path: '/api/company/invitations',
    body: () => ({ emails: [`matrise-inv-${++throwaways}-${process.pid}@example.no`] }),
    expect: companyOnly,
  },
  {
    route: 'POST /api/company/invitations/:id/resend',
    path: async () => `/api/company/invitations/${await freshInvitation()}/resend`,
    expect: companyOnly,
  },
  { route: 'DELETE /api/company/invitations/:id', path: async () => `/api/company/invitations/${await freshInvitation()}`, expect: companyOnly },
  { route: 'DELETE /api/company/seats/:seatId', path: freshSeat, expect: companyOnly },
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

  // admin-companies.ts (issue 24): superusers only
  { route: 'GET /api/admin/companies', path: '/api/admin/companies', expect: superusers },
  { route: 'POST /api/admin/companies', path: '/api/admin/companies', body: validCompany, expect: superusers },
  { route: 'GET /api/admin/companies/:companyId', path: `/api/admin/companies/${demoCompanyId}`, expect: superusers },
  {
    route: 'PATCH /api/admin/companies/:companyId',
    path: `/api/admin/companies/${demoCompanyId}`,
    body: { name: 'Fjordtech AS', orgNumber: '315999804', invoiceEmail: 'faktura@fjordtech.example', invoiceAddress: 'Fjordveien 1, 5003 Bergen' },
    expect: superusers,
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
  // reminders.ts: the mail's signed unsubscribe link works for whoever holds it (a throwaway account's).
  {
    route: 'POST /api/reminders/unsubscribe',
    path: async () => `/api/reminders/unsubscribe?token=${encodeURIComponent(unsubscribeToken((await throwaway()).id))}`,
    expect: everyone('2xx'),
  },
];

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
  {
    route: 'PUT /api/lessons/:id/answers/:question',
    path: async (id) => `/api/lessons/${await taskLike(id)}/answers/1`,
    body: () => ({ answer: 'Matrise' }),
  },
];

/** What each standing gets on each row: with-content always answers (locked lessons come without content). */
export const entitlementExpected = (route: string, standing: Standing): Expected =>
  route.startsWith('GET /api/courses/') ? '2xx' : standing === 'none' || standing === 'revoked' ? 403 : '2xx';
