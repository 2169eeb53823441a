import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { aiUsage, sessions, userAuditLog, users } from '../../db/schema';
import { seedId } from '../../db/seed-ids';
import admin from '../../netlify/functions/admin';
import auth from '../../netlify/functions/auth';
import type { AdminStatistics, AdminUser } from '../../src/schemas/admin';
import { adminStatistics } from '../../src/server/statistics/stats.service';
import { acquireAppDb } from '../../src/server/platform/db';
import { ConflictError } from '../../src/server/platform/errors';
import { createOrPromoteUser, setUserRole, setUserStatus } from '../../src/server/admin/users.service';
import { call, callCountingStatements, type Handler, signIn } from '../helpers';

/** Issue 13: the superuser's statistics and user management. */

const db = async () => (await acquireAppDb()).db;
const userId = (email: string) => seedId(`user:${email}`);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

let superuser: string;
beforeAll(async () => {
  superuser = await signIn('superbruker@demo.no');
});

const asSuperuser = (path: string, method = 'GET', json?: unknown) => call(admin, path, { method, json, cookie: superuser });

async function countStatements(handler: Handler, path: string, cookie: string): Promise<number> {
  const result = await callCountingStatements(handler, path, { cookie });
  expect(result.status).toBe(200);
  return result.statements;
}

describe('GET /api/admin/users', () => {
  it('lists every user newest first with exactly the public fields: no password hash, no session data', async () => {
    const result = await asSuperuser('/api/admin/users');
    expect(result.status).toBe(200);
    const list = result.body as AdminUser[];
    const stored = await (await db()).select({ id: users.id, createdAt: users.createdAt }).from(users);
    expect(list).toHaveLength(stored.length);
    for (const user of list) {
      expect(Object.keys(user).sort()).toEqual(['audit', 'createdAt', 'email', 'firstName', 'id', 'isActive', 'lastName', 'profileImageUrl', 'role']);
    }
    const times = list.map((u) => Date.parse(u.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(result.text).not.toMatch(/argon2|password|secret|session/i);
    expect(list.find((u) => u.email === 'inaktiv@demo.no')).toMatchObject({ isActive: false, role: 'individual' });
  });
});

describe('deactivation and reactivation', () => {
  it('deactivating ends the user’s sessions at once, sign-in is refused, and both changes are audited', async () => {
    const target = userId('ny@demo.no');
    const learner = await signIn('ny@demo.no', 'demo1234', '203.0.113.10');
    expect((await call(auth, '/api/auth/user', { cookie: learner })).status).toBe(200);

    const off = await asSuperuser(`/api/admin/users/${target}/status`, 'PUT', { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: target, isActive: false, audit: [{ action: 'deactivated', fromValue: 'true', toValue: 'false' }] });
    expect((off.body as AdminUser).audit[0]?.actor).toMatchObject({ id: userId('superbruker@demo.no'), email: 'superbruker@demo.no' });

    const d = await db();
    expect(await d.select().from(sessions).where(eq(sessions.userId, target))).toEqual([]);
    expect((await call(auth, '/api/auth/user', { cookie: learner })).status).toBe(401);
    const again = await call(auth, '/api/auth/login', { json: { email: 'ny@demo.no', password: 'demo1234' }, ip: '203.0.113.11' });
    expect(again.status).toBe(403);

    const on = await asSuperuser(`/api/admin/users/${target}/status`, 'PUT', { isActive: true });
    expect(on.status).toBe(200);
    expect((on.body as AdminUser).audit.map((a) => a.action)).toEqual(['reactivated', 'deactivated']);
    expect((await call(auth, '/api/auth/login', { json: { email: 'ny@demo.no', password: 'demo1234' }, ip: '203.0.113.12' })).status).toBe(200);

    // An unchanged status writes nothing.
    await asSuperuser(`/api/admin/users/${target}/status`, 'PUT', { isActive: true });
    const rows = await d.select().from(userAuditLog).where(eq(userAuditLog.userId, target));
    expect(rows).toHaveLength(2);
    // The user list shows the entries on the user's row.
    const listed = ((await asSuperuser('/api/admin/users')).body as AdminUser[]).find((u) => u.id === target);
    expect(listed?.audit.map((a) => a.action)).toEqual(['reactivated', 'deactivated']);
  });
});

describe('role changes', () => {
  it('changes a role with an audit row; the new role applies to the next request', async () => {
    const target = userId('bedrift@demo.no');
    const cookie = await signIn('bedrift@demo.no', 'demo1234', '203.0.113.20');
    expect((await call(admin, '/api/admin/courses', { cookie })).status).toBe(403);

    const result = await asSuperuser(`/api/admin/users/${target}/role`, 'PUT', { role: 'admin' });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      id: target,
      role: 'admin',
      audit: [{ action: 'role_changed', fromValue: 'company_admin', toValue: 'admin' }],
    });
    expect((await call(admin, '/api/admin/courses', { cookie })).status).toBe(200);

    const back = await asSuperuser(`/api/admin/users/${target}/role`, 'PUT', { role: 'company_admin' });
    expect((back.body as AdminUser).audit.map((a) => [a.fromValue, a.toValue])).toEqual([
      ['admin', 'company_admin'],
      ['company_admin', 'admin'],
    ]);
  });

  it('keeps only the latest five audit entries on a user’s row', async () => {
    const target = userId('bedrift@demo.no');
    for (const role of ['individual', 'admin', 'individual', 'admin', 'company_admin'] as const) {
      await asSuperuser(`/api/admin/users/${target}/role`, 'PUT', { role });
    }
    const listed = ((await asSuperuser('/api/admin/users')).body as AdminUser[]).find((u) => u.id === target);
    expect(listed?.audit).toHaveLength(5);
    expect(listed?.audit[0]).toMatchObject({ fromValue: 'admin', toValue: 'company_admin' });
  });
});

describe('createOrPromoteUser (npm run user:create)', () => {
  it('reactivates and promotes an inactive user, with an audit row for each change and no actor', async () => {
    const d = await db();
    const result = await createOrPromoteUser(d, { email: 'INAKTIV@demo.no', role: 'admin' }, () => Promise.reject(new Error('no password needed')));
    expect(result).toMatchObject({ outcome: 'promoted', userId: userId('inaktiv@demo.no'), from: { role: 'individual', isActive: false } });
    const [user] = await d
      .select({ role: users.role, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, userId('inaktiv@demo.no')));
    expect(user).toEqual({ role: 'admin', isActive: true });
    const audit = await d
      .select()
      .from(userAuditLog)
      .where(eq(userAuditLog.userId, userId('inaktiv@demo.no')));
    expect(audit.map((a) => [a.action, a.fromValue, a.toValue, a.actorId]).sort()).toEqual([
      ['promoted', 'individual', 'admin', null],
      ['reactivated', 'false', 'true', null],
    ]);
    expect(await createOrPromoteUser(d, { email: 'inaktiv@demo.no', role: 'admin' }, () => Promise.reject(new Error('unused')))).toMatchObject({
      outcome: 'unchanged',
    });
    // Back as the seed had it.
    await d
      .update(users)
      .set({ role: 'individual', isActive: false })
      .where(eq(users.id, userId('inaktiv@demo.no')));
  });
});

describe('refusals', () => {
  it('refuses changes to the caller’s own account with 409 own_account', async () => {
    const self = userId('superbruker@demo.no');
    for (const [path, body] of [
      [`/api/admin/users/${self}/status`, { isActive: false }],
      [`/api/admin/users/${self}/role`, { role: 'admin' }],
    ] as const) {
      const result = await asSuperuser(path, 'PUT', body);
      expect(result.status).toBe(409);
      expect(result.body).toEqual({ error: 'Du kan ikke endre status eller rolle på din egen konto.', errorType: 'own_account' });
    }
  });

  it('never lets the last active superuser lose the role or be deactivated (409 last_superuser)', async () => {
    const d = await db();
    const last = userId('superbruker@demo.no');
    const someoneElse = userId('admin@demo.no');
    // Through HTTP a superuser can only act on another account, so while two are active neither is
    // the last; the rule guards the services (and races), checked here directly.
    await expect(setUserStatus(d, someoneElse, last, false)).rejects.toMatchObject({ errorType: 'last_superuser' });
    await expect(setUserRole(d, someoneElse, last, 'admin')).rejects.toBeInstanceOf(ConflictError);
    await expect(createOrPromoteUser(d, { email: 'superbruker@demo.no', role: 'individual' }, () => Promise.resolve('x'))).rejects.toMatchObject({
      errorType: 'last_superuser',
    });

    // With a second superuser, the first may go; then the second is the last.
    const promoted = await asSuperuser(`/api/admin/users/${someoneElse}/role`, 'PUT', { role: 'superuser' });
    expect(promoted.status).toBe(200);
    const second = await signIn('admin@demo.no', 'demo1234', '203.0.113.30');
    const demoted = await call(admin, `/api/admin/users/${last}/role`, { method: 'PUT', json: { role: 'admin' }, cookie: second });
    expect(demoted.status).toBe(200);
    await expect(setUserStatus(d, last, someoneElse, false)).rejects.toMatchObject({ errorType: 'last_superuser' });
    // Put things back for the other tests.
    await setUserRole(d, someoneElse, last, 'superuser');
    await setUserRole(d, last, someoneElse, 'admin');
    superuser = await signIn('superbruker@demo.no', 'demo1234', '203.0.113.31');
  });

  it('answers 404 for an unknown user and 400 for a bad body', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await asSuperuser(`/api/admin/users/${unknown}/status`, 'PUT', { isActive: false })).status).toBe(404);
    expect((await asSuperuser(`/api/admin/users/${unknown}/role`, 'PUT', { role: 'admin' })).status).toBe(404);
    const badRole = await asSuperuser(`/api/admin/users/${userId('ny@demo.no')}/role`, 'PUT', { role: 'owner' });
    expect(badRole.status).toBe(400);
    expect(badRole.body).toMatchObject({ issues: [{ path: 'role', message: 'Rollen må være superuser, admin, company_admin eller individual' }] });
    const badStatus = await asSuperuser(`/api/admin/users/${userId('ny@demo.no')}/status`, 'PUT', { isActive: 'ja' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body).toMatchObject({ issues: [{ path: 'isActive' }] });
  });
});

describe('GET /api/admin/statistics', () => {
  it('equals counts computed independently from the data, with the assistant’s usage', async () => {
    const d = await db();
    const [{ today }] = rowsOf<{ today: string }>(await d.execute(sql`SELECT CURRENT_DATE::text AS today`)) as [{ today: string }];
    const day = (offset: number) => {
      const date = new Date(`${today}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() - offset);
      return date.toISOString().slice(0, 10);
    };
    await d.insert(aiUsage).values([
      // Today two of three by a model; yesterday all offline (no tokens); 29 days ago by a model.
      { userId: userId('elev@demo.no'), day: day(0), requests: 3, modelAnswers: 2, inputTokens: 100, outputTokens: 50 },
      { userId: userId('ny@demo.no'), day: day(1), requests: 2, modelAnswers: 0, inputTokens: 0, outputTokens: 0 },
      { userId: userId('elev@demo.no'), day: day(29), requests: 1, modelAnswers: 1, inputTokens: 5, outputTokens: 5 },
      { userId: userId('elev@demo.no'), day: day(40), requests: 7, modelAnswers: 7, inputTokens: 700, outputTokens: 700 },
    ]);

    // fresh=1: computed now (the snapshot is tested below).
    const result = await asSuperuser('/api/admin/statistics?fresh=1');
    expect(result.status).toBe(200);
    const stats = result.body as AdminStatistics;

    // Independently: plain rows, counted here.
    const allUsers = rowsOf<{ role: string; is_active: boolean }>(await d.execute(sql`SELECT role, is_active FROM users`));
    const allEnrollments = rowsOf<{ user_id: string; course_id: string; completed_at: string | null }>(
      await d.execute(sql`SELECT user_id, course_id, completed_at FROM enrollments`),
    );
    const lessonCourse = rowsOf<{ id: string; course_id: string }>(
      await d.execute(sql`SELECT l.id, m.course_id FROM lessons l JOIN modules m ON m.id = l.module_id`),
    );
    const done = rowsOf<{ user_id: string; lesson_id: string }>(await d.execute(sql`SELECT user_id, lesson_id FROM lesson_progress WHERE completed`));
    const usage = rowsOf<{ user_id: string; day: string; requests: number; model_answers: number; input_tokens: number; output_tokens: number }>(
      await d.execute(sql`SELECT user_id, day::text AS day, requests, model_answers, input_tokens, output_tokens FROM ai_usage`),
    );
    const courseCount = rowsOf<{ n: number }>(await d.execute(sql`SELECT count(*)::int AS n FROM courses`))[0]!.n;
    const companyCount = rowsOf<{ n: number }>(await d.execute(sql`SELECT count(*)::int AS n FROM companies`))[0]!.n;

    const courseOf = new Map(lessonCourse.map((l) => [l.id, l.course_id]));
    const progressOf = (e: { user_id: string; course_id: string }) => {
      const total = lessonCourse.filter((l) => l.course_id === e.course_id).length;
      const completed = done.filter((p) => p.user_id === e.user_id && courseOf.get(p.lesson_id) === e.course_id).length;
      return total === 0 ? 0 : (100 * completed) / total;
    };
    const completed = allEnrollments.filter((e) => e.completed_at !== null).length;
    const monthStart = `${today.slice(0, 7)}-01`;
    const thisMonth = usage.filter((u) => u.day >= monthStart);

    expect(stats).toMatchObject({
      totalUsers: allUsers.length,
      activeUsers: allUsers.filter((u) => u.is_active).length,
      inactiveUsers: allUsers.filter((u) => !u.is_active).length,
      totalCourses: courseCount,
      totalEnrollments: allEnrollments.length,
      completedEnrollments: completed,
      totalCompanies: companyCount,
      usersByRole: Object.fromEntries(
        ['superuser', 'admin', 'company_admin', 'individual'].map((r) => [r, allUsers.filter((u) => u.role === r).length]),
      ),
    });
    expect(stats.completionRate).toBeCloseTo((100 * completed) / allEnrollments.length, 6);
    expect(stats.averageProgress).toBeCloseTo(allEnrollments.map(progressOf).reduce((a, b) => a + b, 0) / allEnrollments.length, 6);
    expect(stats.averageProgress).toBeGreaterThan(0);

    const questions = thisMonth.reduce((a, u) => a + u.requests, 0);
    const byModel = thisMonth.reduce((a, u) => a + u.model_answers, 0);
    expect(stats.assistant.month).toEqual({
      questions,
      offlineAnswers: questions - byModel,
      modelAnswers: byModel,
      tokens: thisMonth.reduce((a, u) => a + u.input_tokens + u.output_tokens, 0),
    });
    // Issue 29, point 9: every day people asked has a bar, offline or not; tokens only from a model.
    expect(stats.assistant.daily).toHaveLength(30);
    expect(stats.assistant.daily[0]?.date).toBe(day(29));
    expect(stats.assistant.daily[29]).toEqual({ date: day(0), questions: 3, offlineAnswers: 1, modelAnswers: 2, tokens: 150 });
    expect(stats.assistant.daily[28]).toEqual({ date: day(1), questions: 2, offlineAnswers: 2, modelAnswers: 0, tokens: 0 });
    expect(stats.assistant.daily[0]).toEqual({ date: day(29), questions: 1, offlineAnswers: 0, modelAnswers: 1, tokens: 10 });
    expect(stats.assistant.daily.reduce((a, x) => a + x.questions, 0)).toBe(6);
    expect(stats.assistant.topUsers[0]).toMatchObject({ userId: userId('elev@demo.no'), email: 'elev@demo.no', name: 'Emma Larsen' });
    expect(stats.assistant.topUsers.length).toBeLessThanOrEqual(5);
  });

  it('runs a fixed number of statements however much data there is (users list too)', async () => {
    const count = async () => ({
      fresh: await countStatements(admin, '/api/admin/statistics?fresh=1', superuser),
      snapshot: await countStatements(admin, '/api/admin/statistics', superuser),
      users: await countStatements(admin, '/api/admin/users', superuser),
    });
    const before = await count();
    // The session lookup, then: computed now, three statements and storing the snapshot; from the
    // snapshot, one; the users, two.
    expect(before).toEqual({ fresh: 5, snapshot: 2, users: 3 });

    const d = await db();
    const many = Array.from({ length: 200 }, (_, i) => ({
      email: `mange-${i}@example.no`,
      passwordHash: 'x',
      firstName: 'Mange',
      lastName: String(i),
      isActive: i % 3 !== 0,
    }));
    const inserted = await d.insert(users).values(many).returning({ id: users.id });
    await d
      .insert(aiUsage)
      .values(inserted.map((u, i) => ({ userId: u.id, day: sql`CURRENT_DATE - ${i % 30}::int`, requests: 1, inputTokens: i, outputTokens: 1 })));
    await d
      .insert(userAuditLog)
      .values(inserted.flatMap((u) => Array.from({ length: 7 }, () => ({ userId: u.id, action: 'role_changed' as const }))));

    expect(await count()).toEqual(before);
    const list = (await asSuperuser('/api/admin/users')).body as AdminUser[];
    expect(Math.max(...list.map((u) => u.audit.length))).toBe(5);
  });
});

describe('the statistics snapshot', () => {
  const totalUsers = async (path = '/api/admin/statistics') => {
    const result = await asSuperuser(path);
    expect(result.status).toBe(200);
    const stats = result.body as AdminStatistics;
    return { total: stats.totalUsers, computedAt: stats.computedAt };
  };
  const addUser = async (email: string) => {
    const [row] = await (
      await db()
    )
      .insert(users)
      .values({ email, passwordHash: 'x', firstName: 'Snap', lastName: 'Shot' })
      .returning({ id: users.id });
    return row!.id;
  };
  const ageSnapshot = (seconds: number, refreshingFor: number | null = null) =>
    db().then((d) =>
      d.execute(sql`
        UPDATE admin_statistics_snapshot SET computed_at = now() - make_interval(secs => ${seconds}),
          refreshing_until = ${refreshingFor === null ? null : sql`now() + make_interval(secs => ${refreshingFor})`}`),
    );

  it('serves the last figures for up to a minute, recomputes once they are older, and ?fresh=1 recomputes at once', async () => {
    const first = await totalUsers('/api/admin/statistics?fresh=1');
    expect(Date.parse(first.computedAt)).toBeGreaterThan(Date.now() - 60_000);

    await addUser('snapshot-1@example.no');
    // Within the minute: the snapshot, same figures, same time.
    expect(await totalUsers()).toEqual(first);
    // Computed now on request.
    const fresh = await totalUsers('/api/admin/statistics?fresh=1');
    expect(fresh.total).toBe(first.total + 1);
    expect(Date.parse(fresh.computedAt)).toBeGreaterThanOrEqual(Date.parse(first.computedAt));

    // Older than ADMIN_STATS_MAX_AGE_SECONDS (60): the next read recomputes and stores.
    await addUser('snapshot-2@example.no');
    await ageSnapshot(61);
    const recomputed = await totalUsers();
    expect(recomputed.total).toBe(first.total + 2);
    expect(await totalUsers()).toEqual(recomputed);

    // Stale but another request is recomputing: the last figures, no second computation.
    await addUser('snapshot-3@example.no');
    await ageSnapshot(120, 20);
    const statements = await countStatements(admin, '/api/admin/statistics', superuser);
    expect(statements).toBe(2);
    expect((await totalUsers()).total).toBe(first.total + 2);
    // The claim lapses (the recomputing request died): the next read takes it over.
    await ageSnapshot(120, -1);
    expect((await totalUsers()).total).toBe(first.total + 3);
  });

  it('a superuser’s change of a user’s status or role is in the next read, snapshot or not', async () => {
    const target = await addUser('snapshot-4@example.no');
    const before = (await (await asSuperuser('/api/admin/statistics?fresh=1')).body) as AdminStatistics;
    expect((await asSuperuser(`/api/admin/users/${target}/status`, 'PUT', { isActive: false })).status).toBe(200);
    const afterStatus = (await asSuperuser('/api/admin/statistics')).body as AdminStatistics;
    expect(afterStatus.activeUsers).toBe(before.activeUsers - 1);
    expect((await asSuperuser(`/api/admin/users/${target}/role`, 'PUT', { role: 'admin' })).status).toBe(200);
    const afterRole = (await asSuperuser('/api/admin/statistics')).body as AdminStatistics;
    expect(afterRole.usersByRole.admin).toBe(before.usersByRole.admin + 1);
    expect(afterRole.usersByRole.individual).toBe(before.usersByRole.individual - 1);
  });

  it('ADMIN_STATS_MAX_AGE_SECONDS=0 computes on every read; fresh must be 0 or 1', async () => {
    const d = await db();
    const a = await adminStatistics(d, { maxAgeSeconds: 0 });
    await addUser('snapshot-5@example.no');
    const b = await adminStatistics(d, { maxAgeSeconds: 0 });
    expect(b.totalUsers).toBe(a.totalUsers + 1);
    const bad = await asSuperuser('/api/admin/statistics?fresh=ja');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ issues: [{ path: 'fresh', message: 'Parameteren fresh må være 0 eller 1' }] });
  });
});
