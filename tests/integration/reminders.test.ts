import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, enrollments, lessonProgress, lessons, mailOutbox, modules, products, users } from '../../db/schema';
import accountFunctions from '../../netlify/functions/account';
import learningReminders from '../../netlify/functions/learning-reminders';
import reminderFunctions from '../../netlify/functions/reminders';
import type { LearningReminderProps } from '../../src/server/mail/templates/learning-reminder';
import { acquireAppDb } from '../../src/server/platform/db';
import { env } from '../../src/server/platform/env';
import { drainOutbox } from '../../src/server/mail/sender';
import { queueLearningReminders, REMINDER_AFTER_DAYS } from '../../src/server/reminders/reminders.service';
import { unsubscribeToken } from '../../src/server/reminders/unsubscribe';
import { startMailServer } from '../mail-server';
import { call, signIn } from '../helpers';

/**
 * The weekly learning reminder (issue 25, acceptance 1): one mail per eligible learner per week,
 * none to those who finished, opted out, never verified the address, are deactivated or learned
 * within the week; two runs at the same time send no duplicates; every mail has a one-click
 * unsubscribe (link and `List-Unsubscribe` headers) that shows in the account's preferences.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (where the two runs truly overlap).
 */

const mailServer = await startMailServer();
afterAll(() => mailServer.close());

const db = async () => (await acquireAppDb()).db;
const DAY_MS = 86_400_000;
const origin = env.SITE_URL.replace(/\/$/, '');

let courseId = '';
const lessonIds: string[] = [];

beforeAll(async () => {
  const d = await db();
  courseId = `paminnelse-${randomUUID().slice(0, 8)}`;
  await d
    .insert(courses)
    .values({ id: courseId, title: 'Kurs for påminnelser', description: 'Test', duration: '1 time', level: 'Nybegynner', orderIndex: 901 });
  await d.insert(products).values({ id: `course:${courseId}`, kind: 'course', courseId, priceOre: 0, vat: 'standard_25' });
  const [module] = await d.insert(modules).values({ courseId, title: 'Modul', orderIndex: 1 }).returning({ id: modules.id });
  for (let i = 0; i < 4; i++) {
    const [lesson] = await d
      .insert(lessons)
      .values({ moduleId: module!.id, title: `Leksjon ${i + 1}`, orderIndex: i + 1, type: 'text', content: { text: 'Tekst' } })
      .returning({ id: lessons.id });
    lessonIds.push(lesson!.id);
  }
});

interface LearnerSetup {
  verified?: boolean;
  reminders?: boolean;
  active?: boolean;
  /** Lessons done (in order). */
  done?: number;
  /** Days since the last learning. */
  idleDays?: number;
  completed?: boolean;
}

/** A learner enrolled in the test course, whose last learning was `idleDays` ago. */
async function learner(setup: LearnerSetup = {}): Promise<{ id: string; email: string }> {
  const { verified = true, reminders = true, active = true, done = 1, idleDays = 8, completed = false } = setup;
  const d = await db();
  const { DEMO_PASSWORD_HASH } = await import('../../db/seed');
  const email = `paminnelse-${randomUUID().slice(0, 8)}@example.no`;
  const at = new Date(Date.now() - idleDays * DAY_MS);
  const [user] = await d
    .insert(users)
    .values({
      email,
      passwordHash: DEMO_PASSWORD_HASH,
      firstName: 'Åsmund',
      lastName: 'Ødegård',
      emailVerifiedAt: verified ? new Date(Date.now() - 30 * DAY_MS) : null,
      emailReminders: reminders,
      isActive: active,
    })
    .returning({ id: users.id });
  const id = user!.id;
  await d.insert(enrollments).values({ userId: id, courseId, source: 'free', createdAt: at, completedAt: completed ? at : null });
  if (done > 0) {
    await d.insert(lessonProgress).values(lessonIds.slice(0, done).map((lessonId) => ({ userId: id, lessonId, completed: true, completedAt: at })));
    await d.update(lessonProgress).set({ updatedAt: at }).where(eq(lessonProgress.userId, id));
  }
  return { id, email };
}

const mailsTo = async (emails: string[]) =>
  (await db())
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.template, 'learning-reminder'), inArray(mailOutbox.toAddress, emails)));

describe('who gets a reminder', () => {
  it('one mail per eligible learner: the course, how far they are and the next lesson; none to the ineligible', async () => {
    const due = await learner({ done: 1 });
    const neverStarted = await learner({ done: 0 });
    const finished = await learner({ done: 4, completed: true });
    const optedOut = await learner({ reminders: false });
    const unverified = await learner({ verified: false });
    const deactivated = await learner({ active: false });
    const recent = await learner({ idleDays: REMINDER_AFTER_DAYS - 1 });
    const all = [due, neverStarted, finished, optedOut, unverified, deactivated, recent].map((l) => l.email);

    const run = await queueLearningReminders(await db());
    const mails = await mailsTo(all);
    expect(mails.map((m) => m.toAddress).sort()).toEqual([due.email, neverStarted.email].sort());
    expect(run.queued).toBeGreaterThanOrEqual(2);

    const props = mails.find((m) => m.toAddress === due.email)!.data as LearningReminderProps;
    expect(props).toMatchObject({
      firstName: 'Åsmund',
      courseTitle: 'Kurs for påminnelser',
      completedLessons: 1,
      totalLessons: 4,
      nextLessonTitle: 'Leksjon 2',
      nextLessonUrl: `${origin}/course/${courseId}?lessonId=${lessonIds[1]}`,
      unsubscribeUrl: `${origin}/avmelding#token=${encodeURIComponent(unsubscribeToken(due.id))}`,
      oneClickUnsubscribeUrl: `${origin}/api/reminders/unsubscribe?token=${encodeURIComponent(unsubscribeToken(due.id))}`,
    });
    expect((mails.find((m) => m.toAddress === neverStarted.email)!.data as LearningReminderProps).nextLessonUrl).toBe(
      `${origin}/course/${courseId}?lessonId=${lessonIds[0]}`,
    );
  });

  it('at most one a week: a second run sends nothing, two runs at the same time send no duplicates, and a week later one more', async () => {
    const a = await learner();
    const b = await learner({ done: 2 });
    const runs = await Promise.all([queueLearningReminders(await db()), queueLearningReminders(await db()), queueLearningReminders(await db())]);
    expect((await mailsTo([a.email])).length).toBe(1);
    expect((await mailsTo([b.email])).length).toBe(1);
    // Everyone this file's runs reminded got exactly one mail.
    const perAddress = await (
      await db()
    )
      .select({ to: mailOutbox.toAddress, n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'learning-reminder'))
      .groupBy(mailOutbox.toAddress);
    expect(perAddress.filter((row) => row.n > 1)).toEqual([]);
    expect(runs.reduce((sum, r) => sum + r.queued, 0)).toBeGreaterThanOrEqual(2);

    expect((await queueLearningReminders(await db())).queued).toBe(0);
    expect((await mailsTo([a.email, b.email])).length).toBe(2);

    // Six days later: still within the week. Eight days later: one more each, still not learning.
    await queueLearningReminders(await db(), { now: new Date(Date.now() + 6 * DAY_MS) });
    expect((await mailsTo([a.email, b.email])).length).toBe(2);
    const [later, again] = await Promise.all([
      queueLearningReminders(await db(), { now: new Date(Date.now() + 8 * DAY_MS) }),
      queueLearningReminders(await db(), { now: new Date(Date.now() + 8 * DAY_MS) }),
    ]);
    expect(later.queued + again.queued).toBeGreaterThanOrEqual(2);
    expect((await mailsTo([a.email])).length).toBe(2);
    expect((await mailsTo([b.email])).length).toBe(2);
  });

  it('the scheduled function queues them and sends them right away', async () => {
    const c = await learner();
    const response = await learningReminders();
    expect(response.status).toBe(200);
    expect(((await response.json()) as { queued: number }).queued).toBeGreaterThanOrEqual(1);
    expect((await mailsTo([c.email])).length).toBe(1);
  });
});

describe('the mail and unsubscribing', () => {
  it('arrives in Norwegian with List-Unsubscribe headers and a one-click link; the one-click POST turns reminders off (shown on /konto)', async () => {
    const d = await learner();
    await queueLearningReminders(await db());
    await drainOutbox(await db(), { smtpUrl: mailServer.url });
    const arrived = mailServer.received.find((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === d.email);
    expect(arrived).toBeDefined();
    expect(arrived!.subject).toBe('Fortsett der du slapp: Kurs for påminnelser');
    expect(arrived!.text).toContain('Hei Åsmund,');
    expect(arrived!.text).toContain('Du har fullført 1 av 4 leksjoner (25 %)');
    expect(arrived!.text).toContain(`${origin}/course/${courseId}?lessonId=${lessonIds[1]}`);
    const token = unsubscribeToken(d.id);
    const oneClick = `${origin}/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`;
    // mailparser folds the List-* headers into one object: the raw lines are what the mail carried.
    const header = (key: string) => arrived!.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n\s+/g, ' ');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${oneClick}>`);
    expect(arrived!.html).toContain(`href="${origin}/avmelding#token=${encodeURIComponent(token)}"`);

    // The mail program's one-click POST: from its own server, no origin, a form body, no cookie.
    const unsubscribed = await call(reminderFunctions, `/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      crossSite: true,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    expect(unsubscribed.body).toEqual({ ok: true, reminders: false });
    const [row] = await (await db()).select({ emailReminders: users.emailReminders }).from(users).where(eq(users.id, d.id));
    expect(row!.emailReminders).toBe(false);
    // Twice is the same as once.
    expect((await call(reminderFunctions, `/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST' })).status).toBe(200);

    // The choice shows in the account's e-mail preferences.
    const cookie = await signIn(d.email, 'demo1234', '192.0.2.90');
    const account = await call(accountFunctions, '/api/account', { cookie });
    expect(account.body).toMatchObject({ preferences: { reminders: false } });

    // A week later: no reminder for someone who unsubscribed.
    await queueLearningReminders(await db(), { now: new Date(Date.now() + 8 * DAY_MS) });
    expect((await mailsTo([d.email])).length).toBe(1);
  });

  it('refuses a link that is not ours (401) and changes nothing', async () => {
    const e = await learner();
    const forged = `${e.id}.${'A'.repeat(43)}`;
    for (const token of [forged, 'x', '', `${unsubscribeToken(e.id)}x`]) {
      const result = await call(reminderFunctions, `/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        crossSite: true,
      });
      expect(result.status).toBe(401);
      expect(result.body).toEqual({ error: 'Lenken er ugyldig eller ufullstendig.' });
    }
    // Another learner's valid token unsubscribes that learner only.
    const other = await learner();
    await call(reminderFunctions, `/api/reminders/unsubscribe?token=${encodeURIComponent(unsubscribeToken(other.id))}`, { method: 'POST' });
    const rows = await (
      await db()
    )
      .select({ id: users.id, emailReminders: users.emailReminders })
      .from(users)
      .where(inArray(users.id, [e.id, other.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.emailReminders]))).toEqual({ [e.id]: true, [other.id]: false });
  });
});
