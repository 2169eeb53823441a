import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../db/catalogue';
import { taskAnswers, users } from '../../db/schema';
import { DEMO_PASSWORD_HASH } from '../../db/seed';
import { seedId, seedLessonId } from '../../db/seed-ids';
import account from '../../netlify/functions/account';
import answersFunction from '../../netlify/functions/task-answers';
import type { TaskContent } from '../../src/schemas/lesson-content';
import { TASK_ANSWER_MAX_LENGTH, type TaskAnswer, taskAnswerMessages, type TaskAnswers } from '../../src/schemas/task-answers';
import { accessMessages, grantCourse, revokeCourse } from '../../src/server/access/entitlements';
import { acquireAppDb } from '../../src/server/platform/db';
import { call, callCountingStatements, signIn } from '../helpers';

/**
 * Task answers are kept (issue 29, point 3; decision 36): each answer is saved per learner, lesson
 * and question, read back on any device, private to the learner, bounded, behind the same
 * entitlements as the lesson, and gone with the account. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */

const db = async () => (await acquireAppDb()).db;
const catalogue = loadCatalogue();

/** The course's task lessons with their content, in catalogue order. */
function taskLessons(courseId: string) {
  const course = catalogue.find((c) => c.id === courseId)!;
  return course.modules.flatMap((m, mi) =>
    m.lessons.flatMap((l, li) => (l.type === 'task' ? [{ id: seedLessonId(courseId, mi, li), content: l.content as TaskContent }] : [])),
  );
}

/** elev@demo.no holds a grant on grunnleggende-ki; ny@demo.no holds nothing (every catalogue course costs money). */
const basics = taskLessons('grunnleggende-ki');
/** The seed's answer of elev@demo.no: question 1 of the course's first task lesson. */
const SEEDED = basics[0]!;
/** A task with questions and its own answer field (not the seeded one). */
const TASK = basics.find((t) => t.id !== SEEDED.id && t.content.questions && t.content.placeholder !== undefined)!;
/** A task with questions and no answer field of its own. */
const NO_FIELD = basics.find((t) => t.content.questions && t.content.placeholder === undefined)!;
const VIDEO = seedLessonId('grunnleggende-ki', 0, 0);

let ips = 0;
const nextIp = () => `198.18.77.${(++ips % 250) + 1}`;
let elev: string;
let elevOtherDevice: string;
let ny: string;
let admin: string;

beforeAll(async () => {
  elev = await signIn('elev@demo.no', 'demo1234', nextIp());
  elevOtherDevice = await signIn('elev@demo.no', 'demo1234', nextIp());
  ny = await signIn('ny@demo.no', 'demo1234', nextIp());
  admin = await signIn('admin@demo.no', 'demo1234', nextIp());
});

const list = (cookie: string, lessonId: string) => call(answersFunction, `/api/lessons/${lessonId}/answers`, { cookie });
const save = (cookie: string, lessonId: string, question: number | string, answer: unknown) =>
  call(answersFunction, `/api/lessons/${lessonId}/answers/${question}`, { method: 'PUT', cookie, json: { answer } });

/** A learner of our own, signed in, optionally with a source of access to a course. */
async function newLearner(name: string) {
  const d = await db();
  const email = `svar-${name}-${Date.now()}-${++ips}@example.no`;
  const [row] = await d
    .insert(users)
    .values({ email, passwordHash: DEMO_PASSWORD_HASH, firstName: 'Svar', lastName: name })
    .returning({ id: users.id });
  return { id: row!.id, email, cookie: await signIn(email, 'demo1234', nextIp()) };
}

describe('saving and reading answers', () => {
  it('keeps each answer per question, and reads them back on another device', async () => {
    expect(TASK.content.questions!.length).toBeGreaterThanOrEqual(2);
    const first = await save(elev, TASK.id, 1, '  Mitt svar på det første spørsmålet.  ');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ question: 1, answer: 'Mitt svar på det første spørsmålet.', updatedAt: expect.any(String) });
    expect((await save(elev, TASK.id, 0, 'Svaret i oppgavens eget felt,\nover to linjer.')).status).toBe(200);
    expect((await save(elev, TASK.id, 2, 'Andre spørsmål.')).status).toBe(200);

    // Another session of the same learner (another device) gets exactly these, by question.
    const read = await list(elevOtherDevice, TASK.id);
    expect(read.status).toBe(200);
    expect((read.body as TaskAnswers).answers.map((a) => [a.question, a.answer])).toEqual([
      [0, 'Svaret i oppgavens eget felt,\nover to linjer.'],
      [1, 'Mitt svar på det første spørsmålet.'],
      [2, 'Andre spørsmål.'],
    ]);
  });

  it('overwrites on every save (autosave: the last write wins), and a blank answer deletes it', async () => {
    const before = ((await save(elev, TASK.id, 2, 'Første utkast')).body as TaskAnswer).updatedAt!;
    const after = await save(elevOtherDevice, TASK.id, 2, 'Andre utkast');
    expect((after.body as TaskAnswer).answer).toBe('Andre utkast');
    expect(new Date((after.body as TaskAnswer).updatedAt!).getTime()).toBeGreaterThanOrEqual(new Date(before).getTime());
    const rows = await (
      await db()
    )
      .select()
      .from(taskAnswers)
      .where(and(eq(taskAnswers.userId, seedId('user:elev@demo.no')), eq(taskAnswers.lessonId, TASK.id), eq(taskAnswers.question, 2)));
    expect(rows.map((r) => r.answer)).toEqual(['Andre utkast']);

    const cleared = await save(elev, TASK.id, 2, '   ');
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ question: 2, answer: '', updatedAt: null });
    expect(((await list(elev, TASK.id)).body as TaskAnswers).answers.map((a) => a.question)).not.toContain(2);
    // Clearing what is not there is fine too.
    expect((await save(elev, TASK.id, 2, '')).status).toBe(200);
  });

  it('reads the seed’s answer, in two statements', async () => {
    const read = await callCountingStatements(answersFunction, `/api/lessons/${SEEDED.id}/answers`, { cookie: elev });
    expect((read.body as TaskAnswers).answers).toEqual([
      { question: 1, answer: expect.stringContaining('ChatGPT') as string, updatedAt: expect.any(String) },
    ]);
    // The session, the lesson's access check, the rows (and the session's sliding expiry at most).
    expect(read.statements).toBeLessThanOrEqual(4);
  });
});

describe('only the learner reads their answers', () => {
  it('gives every other user their own (empty) list, staff included, and never touches the owner’s rows', async () => {
    expect((await save(elev, TASK.id, 1, 'Privat svar')).status).toBe(200);
    // An admin may read every lesson, and still sees only their own answers.
    const byAdmin = await list(admin, TASK.id);
    expect(byAdmin.status).toBe(200);
    expect((byAdmin.body as TaskAnswers).answers).toEqual([]);
    expect((await save(admin, TASK.id, 1, 'Administratorens eget svar')).status).toBe(200);
    expect(((await list(admin, TASK.id)).body as TaskAnswers).answers.map((a) => a.answer)).toEqual(['Administratorens eget svar']);
    // A learner with access to the course: their own list, empty.
    const other = await newLearner('annen');
    await grantCourse(await db(), { userId: other.id, courseId: 'grunnleggende-ki', source: 'grant' });
    expect(((await list(other.cookie, TASK.id)).body as TaskAnswers).answers).toEqual([]);
    expect((await save(other.cookie, TASK.id, 1, 'Et annet svar')).status).toBe(200);

    const mine = (await list(elev, TASK.id)).body as TaskAnswers;
    expect(mine.answers.find((a) => a.question === 1)?.answer).toBe('Privat svar');
  });

  it('answers anonymous callers 401', async () => {
    expect((await call(answersFunction, `/api/lessons/${TASK.id}/answers`)).status).toBe(401);
    expect((await call(answersFunction, `/api/lessons/${TASK.id}/answers/1`, { method: 'PUT', json: { answer: 'x' } })).status).toBe(401);
  });

  it('asks the entitlements like the lesson’s content: locked is 403, and the answers come back with access', async () => {
    const learner = await newLearner('tilgang');
    // No access to the paid course: the task lesson is locked.
    for (const result of [await list(learner.cookie, TASK.id), await save(learner.cookie, TASK.id, 1, 'Uten tilgang')]) {
      expect(result.status).toBe(403);
      expect(result.body).toEqual({ error: accessMessages.lessonLocked });
    }
    expect((await list(ny, TASK.id)).status).toBe(403);

    const d = await db();
    await grantCourse(d, { userId: learner.id, courseId: 'grunnleggende-ki', source: 'purchase' });
    expect((await save(learner.cookie, TASK.id, 1, 'Med tilgang')).status).toBe(200);
    // A refund takes access back: the answer is kept, out of reach, until access comes back.
    await revokeCourse(d, learner.id, 'grunnleggende-ki');
    expect((await list(learner.cookie, TASK.id)).status).toBe(403);
    expect((await save(learner.cookie, TASK.id, 1, 'Etter refusjon')).status).toBe(403);
    await grantCourse(d, { userId: learner.id, courseId: 'grunnleggende-ki', source: 'grant' });
    expect(((await list(learner.cookie, TASK.id)).body as TaskAnswers).answers.map((a) => a.answer)).toEqual(['Med tilgang']);
  });
});

describe('limits', () => {
  it(`accepts ${TASK_ANSWER_MAX_LENGTH} characters and refuses one more with a Norwegian message`, async () => {
    // Characters, not bytes or UTF-16 units: 'æ' and an emoji count one each.
    const longest = `${'æ'.repeat(TASK_ANSWER_MAX_LENGTH - 1)}😀`;
    const ok = await save(elev, TASK.id, 1, longest);
    expect(ok.status).toBe(200);
    expect((ok.body as TaskAnswer).answer).toBe(longest);

    const tooLong = await save(elev, TASK.id, 1, 'a'.repeat(TASK_ANSWER_MAX_LENGTH + 1));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({
      error: 'Svaret kan ha høyst 10 000 tegn',
      issues: [{ path: 'answer', message: 'Svaret kan ha høyst 10 000 tegn' }],
    });
    // The stored answer is the one before.
    expect(((await list(elev, TASK.id)).body as TaskAnswers).answers.find((a) => a.question === 1)?.answer).toBe(longest);
  });

  it('refuses fields the lesson does not have, lessons that are not tasks, and malformed numbers', async () => {
    const questions = TASK.content.questions!.length;
    const beyond = await save(elev, TASK.id, questions + 1, 'x');
    expect(beyond.status).toBe(400);
    expect(beyond.body).toMatchObject({ issues: [{ path: 'question', message: taskAnswerMessages.noSuchQuestion }] });
    expect((await save(elev, NO_FIELD.id, 0, 'x')).status).toBe(400);
    expect((await save(elev, NO_FIELD.id, 1, 'x')).status).toBe(200);
    expect((await save(elev, VIDEO, 0, 'x')).body).toMatchObject({ error: taskAnswerMessages.notTask });
    for (const question of ['51', '01', '-1', '1.5', 'x', '1e1']) {
      const result = await save(elev, TASK.id, question, 'x');
      expect(result.status, question).toBe(400);
      expect(result.text).toContain('Spørsmål');
    }
    expect((await save(elev, '00000000-0000-4000-8000-000000000000', 1, 'x')).status).toBe(404);
    expect((await save(elev, TASK.id, 1, 'Kontroll\u0000tegn')).status).toBe(400);
    expect(
      (await call(answersFunction, `/api/lessons/${TASK.id}/answers/1`, { method: 'PUT', cookie: elev, json: { answer: 'x', userId: 'y' } })).status,
    ).toBe(400);
  });
});

describe('with the account', () => {
  it('exports the answers and deletes them with the account', async () => {
    const email = `svar-slett-${Date.now()}@example.no`;
    const password = 'et langt passord';
    const made = await call(account, '/api/auth/register', { json: { firstName: 'Åse', lastName: 'Svar', email, password }, ip: nextIp() });
    expect(made.status).toBe(201);
    const cookie = made.setCookies.map((c) => c.split(';')[0]).join('; ');
    const d = await db();
    const [user] = await d.select({ id: users.id }).from(users).where(eq(users.email, email));
    await grantCourse(d, { userId: user!.id, courseId: 'grunnleggende-ki', source: 'grant' });
    expect((await save(cookie, TASK.id, 1, 'Mitt svar før sletting')).status).toBe(200);

    const exported = await call(account, '/api/account/export', { cookie });
    expect(exported.status).toBe(200);
    const tables = (exported.body as { tables: Record<string, { answer?: string; question?: number }[]> }).tables;
    expect(tables.task_answers).toEqual([expect.objectContaining({ question: 1, answer: 'Mitt svar før sletting' })]);

    const deleted = await call(account, '/api/account/delete', { json: { password }, cookie });
    expect(deleted.status).toBe(200);
    expect(await d.select().from(taskAnswers).where(eq(taskAnswers.userId, user!.id))).toEqual([]);
  });
});
