import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../db/catalogue';
import { contentAuditLog, enrollments, lessonProgress, lessons, products, users, videoNotes } from '../../db/schema';
import { DEMO_PASSWORD_HASH } from '../../db/seed';
import { seedLessonId } from '../../db/seed-ids';
import courseContentFunctions from '../../netlify/functions/course-content';
import enrollmentFunctions from '../../netlify/functions/enrollments';
import lessonFunctions from '../../netlify/functions/lessons';
import adminFunctions from '../../netlify/functions/admin';
import videoNoteFunctions from '../../netlify/functions/video-notes';
import type { EnrollmentSource } from '../../db/schema';
import type { CourseWithContent, PlayerLesson } from '../../src/schemas/player';
import { accessMessages, grantCourse, readableCourseIds, revokeCourse } from '../../src/server/access/entitlements';
import { searchCourseContent } from '../../src/server/assistant';
import { acquireAppDb } from '../../src/server/platform/db';
import { call, signIn } from '../helpers';

/**
 * Entitlements (issue 21, acceptance 1; decision 26): a learner without access sees the outline
 * and the previews but no locked lesson's body, video URL, captions, notes or assistant quote;
 * each source opens the whole course; revoking locks it again and keeps the progress for when
 * access is granted again.
 */

const db = async () => (await acquireAppDb()).db;
const catalogue = loadCatalogue();
const COURSE = 'grunnleggende-ki';
const course = catalogue.find((c) => c.id === COURSE)!;
/** The course's first lesson (a video): a preview for everyone. */
const PREVIEW = seedLessonId(COURSE, 0, 0);
/** A later video and a task: locked without access. */
const LOCKED_VIDEO = seedLessonId(COURSE, 0, 1);
const LOCKED_TASK = seedLessonId(COURSE, 0, 2);
const lockedVideo = course.modules[0]!.lessons[1]!;
const lockedTask = course.modules[0]!.lessons[2]!;

let accounts = 0;
/** A fresh individual learner with no access to anything, signed in. */
async function freshLearner(): Promise<{ id: string; cookie: string }> {
  const email = `tilgang-${++accounts}-${Date.now()}@example.no`;
  const [row] = await (
    await db()
  )
    .insert(users)
    .values({ email, passwordHash: DEMO_PASSWORD_HASH, firstName: 'Tilgang', lastName: 'Test' })
    .returning({ id: users.id });
  return { id: row!.id, cookie: await signIn(email, 'demo1234', `198.18.200.${accounts}`) };
}

const withContent = async (cookie: string) => {
  const result = await call(courseContentFunctions, `/api/courses/${COURSE}/with-content`, { cookie });
  expect(result.status).toBe(200);
  return { body: result.body as CourseWithContent, text: result.text };
};
const lessonOf = (body: CourseWithContent, id: string): PlayerLesson => body.modules.flatMap((m) => m.lessons).find((l) => l.id === id)!;
const progress = (cookie: string, lessonId: string, completed = true) =>
  call(lessonFunctions, `/api/lessons/${lessonId}/progress`, { cookie, json: { completed } });
const watch = (cookie: string, lessonId: string) =>
  call(lessonFunctions, `/api/lessons/${lessonId}/watch-position`, { cookie, json: { positionSeconds: 2 } });
const notes = (cookie: string, lessonId: string) => call(lessonFunctions, `/api/lessons/${lessonId}/video-notes`, { cookie });
const createNote = (cookie: string, lessonId: string) =>
  call(videoNoteFunctions, '/api/video-notes', { cookie, json: { lessonId, timestamp: 1, noteText: 'Mitt notat' } });

function expectLocked(result: { status: number; body: unknown }) {
  expect(result.status).toBe(403);
  expect(result.body).toEqual({ error: accessMessages.lessonLocked });
}

describe('a learner without access', () => {
  let learner: { id: string; cookie: string };
  beforeAll(async () => {
    learner = await freshLearner();
  });

  it('sees the outline with locks, the preview in full, and no locked body, video URL or captions', async () => {
    const { body, text } = await withContent(learner.cookie);
    expect(body.access).toBeNull();
    expect(body.enrolled).toBe(false);
    expect(body.purchasePath).toBe(`/kasse/${COURSE}`);
    const all = body.modules.flatMap((m) => m.lessons);
    expect(all).toHaveLength(course.lessonCount);
    // The outline: every title and duration.
    expect(all.map((l) => l.title)).toEqual(course.modules.flatMap((m) => m.lessons.map((l) => l.title)));
    expect(all.every((l) => l.estimatedMinutes > 0)).toBe(true);
    const preview = lessonOf(body, PREVIEW);
    expect(preview).toMatchObject({ preview: true, locked: false });
    expect(preview.content).not.toBeNull();
    for (const lesson of all.filter((l) => l.id !== PREVIEW)) {
      expect(lesson, lesson.title).toMatchObject({ locked: true, content: null, watch: null, preview: false });
    }
    // Nothing of a locked lesson's body travels, in any field.
    if (lockedVideo.type !== 'video' || lockedTask.type !== 'task') throw new Error('catalogue changed');
    expect(text).not.toContain(lockedVideo.content.description);
    if (
      lockedVideo.content.captionsUrl &&
      lockedVideo.content.captionsUrl !== (course.modules[0]!.lessons[0]!.content as { captionsUrl?: string }).captionsUrl
    ) {
      expect(text).not.toContain(lockedVideo.content.captionsUrl);
    }
    expect(text).not.toContain(lockedTask.content.instructions!.slice(0, 40));
  });

  it('gets 403 with a Norwegian error from progress, watch position and notes of a locked lesson', async () => {
    expectLocked(await progress(learner.cookie, LOCKED_TASK));
    expectLocked(await watch(learner.cookie, LOCKED_VIDEO));
    expectLocked(await notes(learner.cookie, LOCKED_VIDEO));
    expectLocked(await createNote(learner.cookie, LOCKED_VIDEO));
    const written = await (await db()).select().from(lessonProgress).where(eq(lessonProgress.userId, learner.id));
    expect(written).toEqual([]);
  });

  it('may work on a preview lesson without being enrolled', async () => {
    expect((await watch(learner.cookie, PREVIEW)).status).toBe(200);
    expect((await createNote(learner.cookie, PREVIEW)).status).toBe(201);
    expect((await notes(learner.cookie, PREVIEW)).status).toBe(200);
    const result = await progress(learner.cookie, PREVIEW, false);
    expect(result.status).toBe(200);
    const enrolled = await (await db()).select().from(enrollments).where(eq(enrollments.userId, learner.id));
    expect(enrolled).toEqual([]);
  });

  it('gets 402 with the product and a checkout path when enrolling in a paid course; the price is the server’s', async () => {
    const result = await call(enrollmentFunctions, '/api/enrollments', { cookie: learner.cookie, json: { courseId: COURSE } });
    expect(result.status).toBe(402);
    expect(result.body).toEqual({
      error: accessMessages.paymentRequired,
      errorType: 'payment_required',
      product: {
        id: `course:${COURSE}`,
        courseId: COURSE,
        priceOre: course.marketing.priceNok * 100,
        currency: 'NOK',
        vat: 'standard_25',
        onSale: true,
      },
      checkoutPath: `/kasse/${COURSE}`,
    });
    // A price in the body is not part of the contract: refused, never read.
    const priced = await call(enrollmentFunctions, '/api/enrollments', { cookie: learner.cookie, json: { courseId: COURSE, priceOre: 0 } });
    expect(priced.status).toBe(400);
  });

  it('is never quoted a locked lesson by the assistant, but finds the course by its public text', async () => {
    const readable = await readableCourseIds(await db(), learner.id);
    expect(readable).toEqual([]);
    const firstLessons = new Set(catalogue.map((c) => seedLessonId(c.id, 0, 0)));
    for (const question of [
      'Hva er et kontekstvindu?',
      'Hvordan skriver jeg en god prompt?',
      'Hva er tokens og sannsynlighet?',
      'Hva er kunstig intelligens?',
    ]) {
      const passages = await searchCourseContent(await db(), question, { readableCourseIds: readable });
      for (const p of passages) if (p.lessonId !== null) expect(firstLessons.has(p.lessonId), `${question}: ${p.lessonTitle}`).toBe(true);
    }
    const everything = await searchCourseContent(await db(), 'Hva er et kontekstvindu?', { readableCourseIds: catalogue.map((c) => c.id) });
    expect(everything.some((p) => p.lessonId === seedLessonId(COURSE, 1, 3))).toBe(true);
    const byCourse = await searchCourseContent(await db(), 'Hvilket kurs lærer meg markedsføring?', { readableCourseIds: readable });
    expect(byCourse.some((p) => p.lessonId === null && p.courseId === 'ki-markedsforing')).toBe(true);
  });
});

describe.each<EnrollmentSource>(['purchase', 'seat', 'grant', 'free'])('a learner with a %s', (source) => {
  let learner: { id: string; cookie: string };
  beforeAll(async () => {
    learner = await freshLearner();
    await grantCourse(await db(), { userId: learner.id, courseId: COURSE, source, sourceRef: `ref-${source}` });
  });

  it('reads the whole course, and works on any lesson', async () => {
    const { body, text } = await withContent(learner.cookie);
    expect(body.access).toBe(source);
    expect(body.enrolled).toBe(true);
    expect(body.modules.flatMap((m) => m.lessons).every((l) => !l.locked && l.content !== null)).toBe(true);
    if (lockedVideo.type === 'video') expect(text).toContain(lockedVideo.content.videoUrl);
    expect((await progress(learner.cookie, LOCKED_TASK)).status).toBe(200);
    expect((await watch(learner.cookie, LOCKED_VIDEO)).status).toBe(200);
    expect((await createNote(learner.cookie, LOCKED_VIDEO)).status).toBe(201);
    expect((await notes(learner.cookie, LOCKED_VIDEO)).status).toBe(200);
    expect(await readableCourseIds(await db(), learner.id)).toEqual([COURSE]);
  });

  it('after revoking: 403 on the lessons, the progress and notes kept, and resumed when granted again', async () => {
    expect(await revokeCourse(await db(), learner.id, COURSE)).toBe(true);
    expectLocked(await progress(learner.cookie, LOCKED_TASK));
    expectLocked(await watch(learner.cookie, LOCKED_VIDEO));
    expectLocked(await notes(learner.cookie, LOCKED_VIDEO));
    const locked = await withContent(learner.cookie);
    expect(locked.body.access).toBeNull();
    // The outline still shows what was done; the body does not come.
    expect(lessonOf(locked.body, LOCKED_TASK)).toMatchObject({ locked: true, content: null, completed: true });
    const enrolled = await call(enrollmentFunctions, '/api/users/me/enrollments', { cookie: learner.cookie });
    expect(enrolled.body).toEqual([]);
    const kept = await (
      await db()
    )
      .select({ n: videoNotes.id })
      .from(videoNotes)
      .where(and(eq(videoNotes.userId, learner.id), eq(videoNotes.lessonId, LOCKED_VIDEO)));
    expect(kept).toHaveLength(1);

    const again = await grantCourse(await db(), { userId: learner.id, courseId: COURSE, source: 'grant' });
    expect(again.created).toBe(false);
    const resumed = await withContent(learner.cookie);
    expect(resumed.body.access).toBe('grant');
    expect(lessonOf(resumed.body, LOCKED_TASK)).toMatchObject({ locked: false, completed: true });
    expect(lessonOf(resumed.body, LOCKED_VIDEO).watch?.positionSeconds).toBe(2);
    expect(((await notes(learner.cookie, LOCKED_VIDEO)).body as unknown[]).length).toBe(1);
  });
});

describe('a free course (price 0)', () => {
  const FREE = 'ki-markedsforing';
  beforeAll(async () => {
    await (await db()).update(products).set({ priceOre: 0 }).where(eq(products.courseId, FREE));
  });

  it('is open to every signed-in user, and POST /api/enrollments enrolls with source free', async () => {
    const learner = await freshLearner();
    const opened = await call(courseContentFunctions, `/api/courses/${FREE}/with-content`, { cookie: learner.cookie });
    expect((opened.body as CourseWithContent).access).toBe('free');
    const first = await call(enrollmentFunctions, '/api/enrollments', { cookie: learner.cookie, json: { courseId: FREE } });
    expect(first.status).toBe(201);
    const second = await call(enrollmentFunctions, '/api/enrollments', { cookie: learner.cookie, json: { courseId: FREE } });
    expect(second.status).toBe(200);
    const [row] = await (
      await db()
    )
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, learner.id), eq(enrollments.courseId, FREE)));
    expect(row).toMatchObject({ source: 'free', revokedAt: null });
  });

  it('enrolls on the first progress write, as opening a course always did', async () => {
    const learner = await freshLearner();
    expect((await progress(learner.cookie, seedLessonId(FREE, 0, 1))).status).toBe(200);
    const [row] = await (await db()).select().from(enrollments).where(eq(enrollments.userId, learner.id));
    expect(row).toMatchObject({ courseId: FREE, source: 'free' });
  });
});

describe('products', () => {
  it('hold each course at the price its public page shows, in øre, NOK, 25 % VAT, on sale', async () => {
    const rows = await (await db()).select().from(products);
    const expected = catalogue.map((c) => ({
      id: `course:${c.id}`,
      kind: 'course',
      courseId: c.id,
      title: null,
      priceOre: c.marketing.priceNok * 100,
      currency: 'NOK',
      vat: 'standard_25',
      onSale: true,
    }));
    expect(rows.map(({ createdAt: _c, updatedAt: _u, ...r }) => r).filter((r) => r.courseId !== 'ki-markedsforing')).toEqual(
      expect.arrayContaining(expected.filter((r) => r.courseId !== 'ki-markedsforing')),
    );
  });

  it('an admin-marked preview lesson opens to everyone', async () => {
    const learner = await freshLearner();
    expectLocked(await progress(learner.cookie, LOCKED_TASK));
    await (await db()).update(lessons).set({ isPreview: true }).where(eq(lessons.id, LOCKED_TASK));
    expect((await progress(learner.cookie, LOCKED_TASK)).status).toBe(200);
    expect(lessonOf((await withContent(learner.cookie)).body, LOCKED_TASK)).toMatchObject({ preview: true, locked: false });
    await (await db()).update(lessons).set({ isPreview: false }).where(eq(lessons.id, LOCKED_TASK));
  });

  it('an admin marks a lesson as a preview in /admin (audited), and it opens to everyone', async () => {
    const LESSON = seedLessonId(COURSE, 2, 1);
    const learner = await freshLearner();
    expectLocked(await progress(learner.cookie, LESSON));
    const admin = await signIn('admin@demo.no', 'demo1234', '198.18.201.1');
    const task = course.modules[2]!.lessons[1]!;
    const marked = await call(adminFunctions, `/api/admin/lessons/${LESSON}/content`, {
      method: 'PUT',
      cookie: admin,
      json: { content: task.content, videoUrl: null, isPreview: true },
    });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id: LESSON, isPreview: true });
    const [entry] = await (await db()).select().from(contentAuditLog).where(eq(contentAuditLog.targetId, LESSON));
    expect(entry).toMatchObject({ action: 'lesson.update', before: { isPreview: false }, after: { isPreview: true } });
    expect((await progress(learner.cookie, LESSON)).status).toBe(200);
    const bad = await call(adminFunctions, `/api/admin/lessons/${LESSON}/content`, {
      method: 'PUT',
      cookie: admin,
      json: { content: task.content, videoUrl: null, isPreview: 'ja' },
    });
    expect(bad.status).toBe(400);
  });
});
