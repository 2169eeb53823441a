import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { DEMO_PASSWORD_HASH } from '../../db/seed';
import type { CourseWithContent } from '../../src/schemas/player';
import { accessMessages, grantCourse, revokeCourse } from '../../src/server/access/entitlements';
import { companyTexts } from '../../src/server/company/messages';
import { acquireAppDb } from '../../src/server/platform/db';
import { httpMessages, type Routes } from '../../src/server/platform/http';
import { call, type Handler, signIn, webhookSignature } from '../helpers';
import {
  accountOf,
  type Caller,
  companySecrets,
  ENTITLEMENT_COURSE,
  entitlementExpected,
  entitlementMatrix,
  type Expected,
  lockedVideoLesson,
  matrix,
  type MatrixRow,
  membershipCallers,
  membershipFixture,
  membershipsOf,
  previewLesson,
  roleCallers,
  type Standing,
  standings,
} from './authorization-matrix';

/**
 * One test per cell of the authorisation matrix (authorization-matrix.ts): the real handler, a
 * real Request, the caller's real session. The routes come from the function files' own route
 * tables (as in fuzz.test.ts), and a route without a row fails the first test. On the company
 * routes each cell also checks that nobody but the company's manager learns anything of it, and
 * GET /api/companies that each caller sees exactly their own memberships.
 */

// The membership callers and their companies, through the real routes (authorization-matrix.ts).
beforeAll(async () => {
  await membershipFixture();
});

/** A route of one company's manager: `/api/companies/:companyId…`. */
const isCompanyRoute = (route: string) => / \/api\/companies\/:companyId/.test(route);
/** Every row about companies but the caller's own list. */
const isCompaniesRow = (route: string) => / \/api\/(admin\/)?companies/.test(route) && route !== 'GET /api/companies';

type FunctionModule = { default: Handler & { definitions?: Routes }; config: { schedule?: string } };
// A scheduled function (the mail sender) has no URL, so no route to call.
const modules = Object.fromEntries(
  Object.entries(import.meta.glob<FunctionModule>('../../netlify/functions/*.ts', { eager: true })).filter(([, mod]) => !mod.config.schedule),
);

const declared = Object.entries(modules).flatMap(([file, mod]) => {
  const definitions = mod.default.definitions;
  if (!definitions) throw new Error(`${file} does not export a createHandler() handler`);
  return Object.keys(definitions).map((route) => ({ route, file, handler: mod.default }));
});
const handlerOf = new Map(declared.map((d) => [d.route, d.handler]));

describe('the authorisation matrix', () => {
  it('has exactly one row for every /api route any function file declares', () => {
    const rows = matrix.map((r) => r.route);
    const missing = declared.filter((d) => !rows.includes(d.route)).map((d) => `${d.route} (${d.file})`);
    expect(missing, 'routes without a row in tests/integration/authorization-matrix.ts').toEqual([]);
    expect(
      rows.filter((r) => !handlerOf.has(r)),
      'rows for routes no function declares',
    ).toEqual([]);
    expect(rows.length, 'duplicate rows').toBe(new Set(rows).size);
    expect(declared.length).toBeGreaterThanOrEqual(40);
  });

  it('gives every row a cell for every role (and the owner where rows are owned, every membership caller on the company routes)', () => {
    for (const row of matrix) {
      expect(Object.keys(row.expect), row.route).toEqual(expect.arrayContaining(roleCallers));
      // The membership dimension: every company route, for a manager and a member of this and of other companies.
      if (/ \/api\/(admin\/)?companies/.test(row.route))
        expect(Object.keys(row.expect), `${row.route} needs every membership caller`).toEqual(expect.arrayContaining(membershipCallers));
      // Only this company's manager passes its routes.
      if (isCompanyRoute(row.route))
        for (const [caller, expected] of Object.entries(row.expect))
          expect(expected, `${row.route} as ${caller}`).toBe(caller === 'company_admin' ? '2xx' : caller === 'anonymous' ? 401 : 404);
      // A row someone owns (a note, a conversation): the owner's cell too.
      if (/ \/api\/(video-notes|chat\/conversations)\/:id/.test(row.route)) expect(row.expect.owner, `${row.route} needs an owner cell`).toBe('2xx');
    }
  });
});

const sessions = new Map<string, string>();
let ip = 0;
const nextIp = () => `198.18.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

async function cookieFor(caller: Caller, fresh: boolean): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  const { email, password } = await accountOf(caller);
  if (fresh || !sessions.has(email)) {
    const cookie = await signIn(email, password, nextIp());
    if (fresh) return cookie;
    sessions.set(email, cookie);
  }
  return sessions.get(email);
}

function matches(status: number, expected: Expected): boolean {
  if (expected === '2xx') return status >= 200 && status < 300;
  if (expected === '3xx') return status >= 300 && status < 400;
  return status === expected;
}

const cells = matrix.flatMap((row) => (Object.entries(row.expect) as [Caller, Expected][]).map(([caller, expected]) => ({ row, caller, expected })));

describe.each(matrix.map((row) => [row.route, row] as const))('%s', (_route, row: MatrixRow) => {
  const rowCells = cells.filter((c) => c.row === row);
  it.each(rowCells.map((c) => [c.caller, c.expected] as const))('as %s → %s', async (caller, expected) => {
    const handler = handlerOf.get(row.route);
    expect(handler, `${row.route} is declared by a function file`).toBeDefined();
    const [method] = row.route.split(' ') as [string, string];
    const path = typeof row.path === 'string' ? row.path : await row.path();
    const body = typeof row.body === 'function' ? (row.body as (caller: Caller) => unknown)(caller) : row.body;
    const cookie = await cookieFor(caller, row.replacesSession === true);
    // The route as it is, then with each of its query strings (the paging parameters).
    for (const url of [path, ...(row.queries ?? []).map((query) => `${path}${query}`)]) {
      const headers = row.signedBy ? await webhookSignature(row.signedBy, JSON.stringify(body)) : undefined;
      const result = await call(handler!, url, { method, cookie, json: body, headers, ip: nextIp() });
      expect(matches(result.status, expected), `${method} ${url} as ${caller}: ${result.status} ${result.text.slice(0, 200)}`).toBe(true);
      if (expected === 401) expect(result.body).toMatchObject({ error: 'Unauthorized' });
      if (expected === 403)
        expect([httpMessages.forbidden, accessMessages.lessonLocked, companyTexts.notCompanyAdmin]).toContain(
          (result.body as { error: string }).error,
        );
      if (expected === 402) expect(result.body).toMatchObject({ errorType: 'payment_required', checkoutPath: expect.any(String) });
      // The company does not exist for anyone but its manager: the same answer as an unknown id.
      if (isCompanyRoute(row.route) && expected === 404) expect(result.body).toEqual({ error: companyTexts.companyNotFound });
      // No refused answer of a company route (the manager's, the superuser's) contains any of this company's data.
      if (isCompaniesRow(row.route) && expected !== '2xx') {
        const leaked = (await companySecrets()).filter((secret) => result.text.includes(secret));
        expect(leaked, `${method} ${url} as ${caller} shows this company's data`).toEqual([]);
      }
      if (row.route === 'GET /api/companies' && caller !== 'anonymous') {
        const listed = (result.body as { companies: { id: string; role: string }[] }).companies.map((c) => ({ id: c.id, role: c.role }));
        expect(listed, `${caller}'s companies`).toEqual(await membershipsOf((await accountOf(caller)).email));
      }
    }
    await row.after?.(caller);
    // The caller's cached session was ended with the others: the next row signs in afresh.
    if (row.endsOtherSessions && caller !== 'anonymous') sessions.delete((await accountOf(caller)).email);
  });
});

it('covers every cell (sanity: roles × routes)', () => {
  expect(cells.length).toBeGreaterThanOrEqual(matrix.length * 5);
});

describe('the membership dimension', () => {
  it('has callers in each position: a manager and a member of another company, a member of this one, and one who is both', async () => {
    const fixture = await membershipFixture();
    const roles = async (caller: Parameters<typeof accountOf>[0]) => membershipsOf((await accountOf(caller)).email);
    const thisCompany = (await roles('company_admin')).find((m) => m.role === 'manager')!.id;
    expect(await roles('other_manager')).toEqual([{ id: fixture.otherCompanyId, role: 'manager' }]);
    expect(await roles('other_member')).toEqual([{ id: fixture.otherCompanyId, role: 'member' }]);
    expect(await roles('member')).toEqual([{ id: thisCompany, role: 'member' }]);
    expect(await roles('both')).toEqual([
      { id: fixture.thirdCompanyId, role: 'manager' },
      { id: thisCompany, role: 'member' },
    ]);
    expect(await roles('individual')).toEqual([]);
  });
});

/**
 * The entitlement cells (issue 21, decision 26): every route that touches lesson content × a
 * signed-in learner with no access, with a preview only, with each source of access, and revoked.
 */
describe('entitlements', () => {
  const learners = new Map<Standing, { id: string; cookie: string }>();
  let n = 0;
  async function learner(standing: Standing) {
    const known = learners.get(standing);
    if (known) return known;
    const db = (await acquireAppDb()).db;
    const email = `matrise-${standing}-${Date.now()}-${++n}@example.no`;
    const [row] = await db
      .insert(users)
      .values({ email, passwordHash: DEMO_PASSWORD_HASH, firstName: 'Matrise', lastName: standing })
      .returning({ id: users.id });
    const id = row!.id;
    if (standing !== 'none' && standing !== 'preview') {
      const source = standing === 'revoked' ? 'purchase' : standing;
      await grantCourse(db, { userId: id, courseId: ENTITLEMENT_COURSE, source });
      if (standing === 'revoked') await revokeCourse(db, id, ENTITLEMENT_COURSE);
    }
    const made = { id, cookie: await signIn(email, 'demo1234', nextIp()) };
    learners.set(standing, made);
    expect((await db.select({ id: users.id }).from(users).where(eq(users.id, id))).length).toBe(1);
    return made;
  }

  it('has a row for every route that touches lesson content', () => {
    const lessonRoutes = declared.map((d) => d.route).filter((r) => / \/api\/(lessons|video-notes)|with-content/.test(r) && !r.startsWith('DELETE'));
    expect(entitlementMatrix.map((r) => r.route).sort()).toEqual(lessonRoutes.sort());
  });

  describe.each(entitlementMatrix.map((row) => [row.route, row] as const))('%s', (route, row) => {
    it.each(standings.map((s) => [s, entitlementExpected(route, s)] as const))('as a learner with standing %s → %s', async (standing, expected) => {
      const who = await learner(standing);
      const lessonId = standing === 'preview' ? previewLesson : lockedVideoLesson;
      const [method] = route.split(' ') as [string, string];
      const result = await call(handlerOf.get(route)!, await row.path(lessonId, who.id), {
        method,
        cookie: who.cookie,
        json: row.body?.(lessonId),
        ip: nextIp(),
      });
      expect(matches(result.status, expected), `${route} as ${standing}: ${result.status} ${result.text.slice(0, 200)}`).toBe(true);
      if (expected === 403) expect(result.body).toEqual({ error: accessMessages.lessonLocked });
      if (route.startsWith('GET /api/courses/')) {
        const lessons = (result.body as CourseWithContent).modules.flatMap((m) => m.lessons);
        const locked = lessons.find((l) => l.id === lockedVideoLesson)!;
        const preview = lessons.find((l) => l.id === previewLesson)!;
        expect(preview.content, 'the preview is open to everyone').not.toBeNull();
        const open = standing !== 'none' && standing !== 'preview' && standing !== 'revoked';
        expect(locked.content === null, `the locked lesson's content as ${standing}`).toBe(!open);
        expect(locked.locked).toBe(!open);
      }
    });
  });
});
