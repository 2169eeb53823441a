import { and, eq, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import {
  chatConversations,
  chatMessages,
  lessonProgress,
  mailOutbox,
  orders,
  sessions,
  taskAnswers,
  users,
  userTokens,
  videoNotes,
} from '../../db/schema';
import { seedLessonId } from '../../db/seed-ids';
import account from '../../netlify/functions/account';
import auth from '../../netlify/functions/auth';
import { ANONYMOUS_BUYER, CHILDREN, userReferences } from '../../src/server/account/data.service';
import { accountMessages } from '../../src/server/account/messages';
import { acquireAppDb } from '../../src/server/platform/db';
import { policies } from '../../src/server/platform/throttle';
import { call, cookieHeader } from '../helpers';

/**
 * Accounts people can keep (issue 23, decision 31): the forgotten password, the verified and
 * changed address, the sessions, the export of one's data and the deletion of the account.
 * Mails are read from the outbox (the SMTP leg has its own tests).
 */

const db = async () => (await acquireAppDb()).db;
const PASSWORD = 'et langt passord';
let accounts = 0;
let ips = 0;
const nextIp = () => `203.0.113.${(++ips % 250) + 1}`;

/** A new learner through the real sign-up route; its cookie signs it in. */
async function newLearner(prefix = 'konto') {
  const email = `${prefix}-${++accounts}-${process.pid}@example.no`;
  const made = await call(account, '/api/auth/register', {
    json: { firstName: 'Åse', lastName: 'Ødegård', email, password: PASSWORD },
    ip: nextIp(),
    headers: { 'User-Agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' },
  });
  expect(made.status).toBe(201);
  const [row] = await (await db()).select({ id: users.id }).from(users).where(eq(users.email, email));
  return { id: row!.id, email, cookie: cookieHeader(made) };
}

const signInAs = (email: string, password: string) => call(auth, '/api/auth/login', { json: { email, password }, ip: nextIp() });

/** The outbox's mails of one template to one address, oldest first. */
async function mailsTo(to: string, template: string) {
  return (await db())
    .select({ data: mailOutbox.data })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, template)))
    .orderBy(mailOutbox.createdAt);
}

/** The token in the newest mail's link (`…#token=<t>`). */
async function tokenFrom(to: string, template: string, field: string): Promise<string> {
  const mails = await mailsTo(to, template);
  const url = (mails.at(-1)?.data as Record<string, string> | undefined)?.[field];
  expect(url, `a ${template} mail to ${to}`).toMatch(/#token=[\w-]+$/);
  return url!.split('#token=')[1]!;
}

const requestReset = (email: string, ip = nextIp()) => call(account, '/api/auth/password-reset', { json: { email }, ip });
const confirmReset = (token: string, password: string, cookie?: string) =>
  call(account, '/api/auth/password-reset/confirm', { json: { token, password }, ip: nextIp(), ...(cookie ? { cookie } : {}) });

describe('the forgotten password', () => {
  it('answers a known and an unknown address with the same status and body', async () => {
    const learner = await newLearner();
    const known = await requestReset(learner.email);
    const unknown = await requestReset(`ingen-${accounts}@example.no`);
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    expect(known.body).toEqual({ message: accountMessages.resetRequested });
    expect(await mailsTo(learner.email, 'password-reset')).toHaveLength(1);
    expect(await mailsTo(`ingen-${accounts}@example.no`, 'password-reset')).toHaveLength(0);
  });

  it('gives a link that works once, for one hour, and then ends every session and the old password', async () => {
    const learner = await newLearner();
    const otherDevice = cookieHeader(await signInAs(learner.email, PASSWORD));
    expect((await call(auth, '/api/auth/user', { cookie: otherDevice })).status).toBe(200);

    await requestReset(learner.email);
    const token = await tokenFrom(learner.email, 'password-reset', 'resetUrl');
    const [row] = await (
      await db()
    )
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.userId, learner.id), eq(userTokens.purpose, 'reset_password')));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(60 * 60 * 1000);
    expect(row!.tokenHash).not.toContain(token);

    const short = await confirmReset(token, 'kort');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ issues: [{ path: 'password', message: 'Passordet må ha minst 8 tegn' }] });

    const done = await confirmReset(token, 'et nytt og langt passord');
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: accountMessages.resetDone });
    expect((await confirmReset(token, 'et tredje langt passord')).status).toBe(400);

    expect((await signInAs(learner.email, PASSWORD)).status).toBe(401);
    expect((await signInAs(learner.email, 'et nytt og langt passord')).status).toBe(200);
    expect((await call(auth, '/api/auth/user', { cookie: otherDevice })).status).toBe(401);
    expect((await call(auth, '/api/auth/user', { cookie: learner.cookie })).status).toBe(401);
    expect(await mailsTo(learner.email, 'password-changed')).toHaveLength(1);
    // The link came to the address: it counts as proven.
    const [user] = await (await db()).select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, learner.id));
    expect(user!.verifiedAt).not.toBeNull();
  });

  it('refuses a link older than an hour, and an earlier link once a newer one was sent', async () => {
    const learner = await newLearner();
    await requestReset(learner.email);
    const first = await tokenFrom(learner.email, 'password-reset', 'resetUrl');
    await requestReset(learner.email);
    const second = await tokenFrom(learner.email, 'password-reset', 'resetUrl');
    const refused = await confirmReset(first, 'et nytt og langt passord');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: accountMessages.linkInvalid });

    // An hour later (the row's clock moved back: the same as waiting).
    await (
      await db()
    )
      .update(userTokens)
      .set({ createdAt: sql`${userTokens.createdAt} - interval '61 minutes'`, expiresAt: sql`${userTokens.expiresAt} - interval '61 minutes'` })
      .where(and(eq(userTokens.userId, learner.id), eq(userTokens.purpose, 'reset_password')));
    expect((await confirmReset(second, 'et nytt og langt passord')).status).toBe(400);
    expect((await signInAs(learner.email, PASSWORD)).status).toBe(200);
  });

  it('queues at most the throttle allowance of mails for a burst of 50 parallel requests for one account', async () => {
    const learner = await newLearner();
    const results = await Promise.all(Array.from({ length: 50 }, () => requestReset(learner.email)));
    expect(results.every((r) => r.status === 202)).toBe(true);
    const mails = await mailsTo(learner.email, 'password-reset');
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails.length).toBeLessThanOrEqual(policies.loginAccountIp.free);
  });

  it('throttles one address asking for many accounts (429, which says nothing about any account)', async () => {
    const ip = '198.51.100.231';
    const results = [];
    for (let i = 0; i < policies.resetIp.free + 2; i++) results.push(await requestReset(`mange-${i}@example.no`, ip));
    expect(results.slice(0, policies.resetIp.free).every((r) => r.status === 202)).toBe(true);
    expect(results.at(-1)!.status).toBe(429);
  });
});

describe('the address', () => {
  it('is verified with the link mailed at sign-up, once', async () => {
    const learner = await newLearner();
    expect((await call(auth, '/api/auth/user', { cookie: learner.cookie })).body).toMatchObject({ emailVerified: false });
    const token = await tokenFrom(learner.email, 'verify-email', 'verifyUrl');
    const confirmed = await call(account, '/api/auth/confirm-email', { json: { token } });
    expect(confirmed.body).toEqual({ kind: 'verified', email: learner.email, message: accountMessages.verified });
    expect((await call(account, '/api/auth/confirm-email', { json: { token } })).status).toBe(400);
    expect((await call(auth, '/api/auth/user', { cookie: learner.cookie })).body).toMatchObject({ emailVerified: true });
    const again = await call(account, '/api/auth/verify-email/resend', { json: {}, cookie: learner.cookie });
    expect(again.body).toEqual({ message: accountMessages.alreadyVerified });
  });

  it('changes only through the link sent to the new address, with a notice to the old one', async () => {
    const learner = await newLearner();
    const newEmail = `ny-adresse-${accounts}-${process.pid}@example.no`;
    const wrong = await call(account, '/api/account/email', { json: { newEmail, password: 'feil passord' }, cookie: learner.cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ issues: [{ path: 'password', message: accountMessages.wrongPassword }] });

    const asked = await call(account, '/api/account/email', { json: { newEmail, password: PASSWORD }, cookie: learner.cookie });
    expect(asked.status).toBe(202);
    expect(await mailsTo(learner.email, 'email-change-notice')).toHaveLength(1);
    const pending = await call(account, '/api/account', { cookie: learner.cookie });
    expect(pending.body).toMatchObject({ email: learner.email, pendingEmail: newEmail });
    expect((await signInAs(newEmail, PASSWORD)).status).toBe(401);

    // The old address's mails carry no link that could make the change.
    expect(JSON.stringify(await mailsTo(learner.email, 'email-change-notice'))).not.toContain('#token=');
    const token = await tokenFrom(newEmail, 'email-change', 'confirmUrl');
    const changed = await call(account, '/api/auth/confirm-email', { json: { token } });
    expect(changed.body).toMatchObject({ kind: 'changed', email: newEmail });
    expect((await signInAs(newEmail, PASSWORD)).status).toBe(200);
    expect((await signInAs(learner.email, PASSWORD)).status).toBe(401);
    expect((await call(auth, '/api/auth/user', { cookie: learner.cookie })).body).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it('refuses a change to an address another account took meanwhile', async () => {
    const learner = await newLearner();
    const other = await newLearner();
    await call(account, '/api/account/email', { json: { newEmail: other.email, password: PASSWORD }, cookie: learner.cookie });
    const token = await tokenFrom(other.email, 'email-change', 'confirmUrl');
    const refused = await call(account, '/api/auth/confirm-email', { json: { token } });
    expect(refused.status).toBe(409);
    expect((await signInAs(learner.email, PASSWORD)).status).toBe(200);
  });
});

describe('the account page', () => {
  it('changes the name, shown by /api/auth/user', async () => {
    const learner = await newLearner();
    const saved = await call(account, '/api/account/profile', {
      method: 'PATCH',
      json: { firstName: 'Bjørn', lastName: 'Ås' },
      cookie: learner.cookie,
    });
    expect(saved.status).toBe(200);
    expect((await call(auth, '/api/auth/user', { cookie: learner.cookie })).body).toMatchObject({ firstName: 'Bjørn', lastName: 'Ås' });
  });

  it('changes the password with the current one, ending the other sessions only', async () => {
    const learner = await newLearner();
    const other = cookieHeader(await signInAs(learner.email, PASSWORD));
    const wrong = await call(account, '/api/account/password', {
      json: { currentPassword: 'feil passord', newPassword: 'et nytt og langt passord' },
      cookie: learner.cookie,
    });
    expect(wrong.body).toMatchObject({ issues: [{ path: 'currentPassword' }] });
    const changed = await call(account, '/api/account/password', {
      json: { currentPassword: PASSWORD, newPassword: 'et nytt og langt passord' },
      cookie: learner.cookie,
    });
    expect(changed.status).toBe(200);
    expect((await call(auth, '/api/auth/user', { cookie: learner.cookie })).status).toBe(200);
    expect((await call(auth, '/api/auth/user', { cookie: other })).status).toBe(401);
    expect(await mailsTo(learner.email, 'password-changed')).toHaveLength(1);
  });

  it('lists the sessions with their device, and ends one or all others', async () => {
    const learner = await newLearner();
    const second = cookieHeader(await signInAs(learner.email, PASSWORD));
    const third = cookieHeader(await signInAs(learner.email, PASSWORD));
    const listed = await call(account, '/api/account/sessions', { cookie: learner.cookie });
    const list = (listed.body as { sessions: { id: string; current: boolean; device: string }[] }).sessions;
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.find((s) => s.current)!.device).toBe('Chrome på Windows');
    expect(list.every((s) => /^[0-9a-f]{24}$/.test(s.id))).toBe(true);

    // Another account cannot end them.
    const stranger = await newLearner();
    const target = list.find((s) => !s.current)!.id;
    expect((await call(account, `/api/account/sessions/${target}`, { method: 'DELETE', cookie: stranger.cookie })).status).toBe(404);

    const ended = await call(account, `/api/account/sessions/${target}`, { method: 'DELETE', cookie: learner.cookie });
    expect(ended.body).toEqual({ ended: 1, current: false });
    const statuses = await Promise.all([second, third].map(async (c) => (await call(auth, '/api/auth/user', { cookie: c })).status));
    expect(statuses.sort()).toEqual([200, 401]);

    const others = await call(account, '/api/account/sessions/end-others', { json: {}, cookie: learner.cookie });
    expect(others.body).toEqual({ ended: 1 });
    expect((await call(auth, '/api/auth/user', { cookie: second })).status).toBe(401);
    expect((await call(auth, '/api/auth/user', { cookie: third })).status).toBe(401);
    expect((await call(auth, '/api/auth/user', { cookie: learner.cookie })).status).toBe(200);
  });

  it('saves the e-mail preferences', async () => {
    const learner = await newLearner();
    const off = await call(account, '/api/account/preferences', { method: 'PUT', json: { reminders: false }, cookie: learner.cookie });
    expect(off.body).toEqual({ preferences: { reminders: false } });
    expect((await call(account, '/api/account', { cookie: learner.cookie })).body).toMatchObject({ preferences: { reminders: false } });
  });
});

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

describe('your data', () => {
  it('exports every table that holds the user’s rows, and no secret', async () => {
    const d = await db();
    const [elev] = await d.select({ id: users.id }).from(users).where(eq(users.email, 'elev@demo.no'));
    const cookie = cookieHeader(await signInAs('elev@demo.no', 'demo1234'));
    const exported = await call(account, '/api/account/export', { cookie });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('Content-Disposition')).toMatch(/^attachment; filename="mine-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = exported.body as { profile: Record<string, unknown>; tables: Record<string, unknown[]> };
    expect(data.profile).toMatchObject({ email: 'elev@demo.no' });
    expect(exported.text).not.toMatch(/"(passwordHash|secretHash|tokenHash|checkoutTokenHash)"/);

    // Every table with a foreign key to users is in the export, with exactly the user's rows.
    const referencing = userReferences().filter((r) => r.name !== 'users');
    expect(referencing.length).toBeGreaterThanOrEqual(10);
    for (const { name, column } of referencing) {
      expect(Object.keys(data.tables), `${name} is in the export`).toContain(name);
      const rows = await d.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)} WHERE ${sql.identifier(column)} = ${elev!.id}`);
      const count = (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
      expect(data.tables[name]!.length, `${name}.${column}`).toBeGreaterThanOrEqual(count);
    }
    // A table that hangs off a user-owned table (a conversation's messages) is exported through it, or the test names it.
    const owned = new Set(referencing.map((r) => r.name));
    for (const table of tables) {
      const config = getTableConfig(table);
      const parents = config.foreignKeys
        .map((fk) => getTableConfig(fk.reference().foreignTable).name)
        .filter((p) => owned.has(p) && p !== config.name);
      if (parents.length === 0 || owned.has(config.name)) continue;
      expect(Object.keys(CHILDREN), `${config.name} (a child of ${parents.join(', ')}) is exported through its parent`).toContain(config.name);
      expect(Object.keys(data.tables)).toContain(config.name);
    }
    expect(data.tables.chat_messages!.length).toBeGreaterThan(0);
    expect(data.tables.lesson_progress!.length).toBeGreaterThan(0);
    expect(data.tables.video_notes!.length).toBeGreaterThan(0);
    expect(data.tables.task_answers!.length).toBeGreaterThan(0);
  });

  it('deletes the account at once: no sign-in, no notes, task answers, conversations or progress; receipts stay without name or e-mail', async () => {
    const learner = await newLearner('slett');
    const d = await db();
    const lesson = seedLessonId('grunnleggende-ki', 0, 0);
    await d.insert(videoNotes).values({ userId: learner.id, lessonId: lesson, timestamp: 3, noteText: 'Mitt notat' });
    const [conversation] = await d.insert(chatConversations).values({ userId: learner.id, title: 'Min samtale' }).returning();
    await d.insert(chatMessages).values({ conversationId: conversation!.id, role: 'user', content: 'Hei' });
    await d.insert(lessonProgress).values({ userId: learner.id, lessonId: lesson, completed: true });
    await d.insert(taskAnswers).values({ userId: learner.id, lessonId: seedLessonId('grunnleggende-ki', 0, 2), question: 1, answer: 'Mitt svar' });
    const [order] = await d
      .insert(orders)
      .values({
        reference: `ka-slett-${accounts}`,
        userId: learner.id,
        buyerFirstName: 'Åse',
        buyerLastName: 'Ødegård',
        buyerEmail: learner.email,
        guest: false,
        productId: 'course:ki-for-kontoret',
        courseId: 'ki-for-kontoret',
        title: 'KI for kontoret',
        listPriceOre: 159_000,
        discountOre: 0,
        totalOre: 159_000,
        vat: 'standard_25',
        vatRateBp: 2500,
        vatOre: 31_800,
        provider: 'test',
        status: 'paid',
        receiptNumber: 900_000 + accounts,
        consentVersion: '2026-11-25',
        consentText: 'samtykke',
        consentAt: new Date(),
        consentIp: '203.0.113.9',
        consentUserAgent: 'Nettleser',
        idempotencyKey: crypto.randomUUID(),
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning();

    const wrong = await call(account, '/api/account/delete', { json: { password: 'feil passord' }, cookie: learner.cookie });
    expect(wrong.status).toBe(400);
    const deleted = await call(account, '/api/account/delete', { json: { password: PASSWORD }, cookie: learner.cookie });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get('Set-Cookie') ?? '').toMatch(/session=;/);

    expect((await signInAs(learner.email, PASSWORD)).status).toBe(401);
    expect((await call(auth, '/api/auth/user', { cookie: learner.cookie })).status).toBe(401);
    expect(await d.select().from(users).where(eq(users.id, learner.id))).toHaveLength(0);
    expect(await d.select().from(videoNotes).where(eq(videoNotes.userId, learner.id))).toHaveLength(0);
    expect(await d.select().from(chatConversations).where(eq(chatConversations.userId, learner.id))).toHaveLength(0);
    expect(await d.select().from(chatMessages).where(eq(chatMessages.conversationId, conversation!.id))).toHaveLength(0);
    expect(await d.select().from(lessonProgress).where(eq(lessonProgress.userId, learner.id))).toHaveLength(0);
    expect(await d.select().from(taskAnswers).where(eq(taskAnswers.userId, learner.id))).toHaveLength(0);
    expect(await d.select().from(sessions).where(eq(sessions.userId, learner.id))).toHaveLength(0);
    expect(await d.select().from(mailOutbox).where(eq(mailOutbox.toAddress, learner.email))).toHaveLength(0);

    const [kept] = await d.select().from(orders).where(eq(orders.id, order!.id));
    expect(kept).toMatchObject({
      userId: null,
      buyerFirstName: ANONYMOUS_BUYER.firstName,
      buyerLastName: ANONYMOUS_BUYER.lastName,
      buyerEmail: ANONYMOUS_BUYER.email,
      consentIp: null,
      consentUserAgent: null,
      receiptNumber: order!.receiptNumber,
      totalOre: 159_000,
      consentText: 'samtykke',
    });
    expect(JSON.stringify(kept)).not.toContain(learner.email);
    expect(JSON.stringify(kept)).not.toContain('Ødegård');
  });

  it('does not delete a staff account (a superuser removes those)', async () => {
    const cookie = cookieHeader(await signInAs('admin@demo.no', 'demo1234'));
    const refused = await call(account, '/api/account/delete', { json: { password: 'demo1234' }, cookie });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: accountMessages.staffCannotDelete });
    expect((await signInAs('admin@demo.no', 'demo1234')).status).toBe(200);
  });
});
