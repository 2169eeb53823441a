import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../db/catalogue';
import { courses, enrollments, lessonProgress, lessons, modules, products } from '../../db/schema';
import { seedId, seedLessonId, seedModuleId } from '../../db/seed-ids';
import courseContentFunctions from '../../netlify/functions/course-content';
import courseFunctions from '../../netlify/functions/courses';
import enrollmentFunctions from '../../netlify/functions/enrollments';
import lessonFunctions from '../../netlify/functions/lessons';
import videoNoteFunctions from '../../netlify/functions/video-notes';
import type { Enrollment } from '../../src/schemas/learning';
import type { CourseProgress, CourseWithContent, ProgressResult, WatchState } from '../../src/schemas/player';
import { acquireAppDb } from '../../src/server/platform/db';
import { WATCH_MAX_ELAPSED_SECONDS } from '../../src/server/learning/player.service';
import { call, callCountingStatements, type Handler, makeCatalogueFree, ORIGIN, signIn } from '../helpers';

const db = async () => (await acquireAppDb()).db;
const catalogue = loadCatalogue();
const userId = (email: string) => seedId(`user:${email}`);

let elev: string;
let ny: string;
let admin: string;
beforeAll(async () => {
  // About the player's own rules: every course open (entitlements.test.ts covers access).
  await makeCatalogueFree();
  elev = await signIn('elev@demo.no');
  ny = await signIn('ny@demo.no');
  admin = await signIn('admin@demo.no');
});

/** The seeded video lesson of the first course's first module (28 s, the demo video). */
const VIDEO = seedLessonId('grunnleggende-ki', 0, 0);
const DURATION = 28;

const post = (handler: Handler, path: string, cookie: string, json: unknown) => call(handler, path, { cookie, json });

/** Moves the caller's last save of a lesson and the start of its viewing `seconds` into the past: how the tests let time pass. */
async function rewindSave(email: string, lessonId: string, seconds: number) {
  await (
    await db()
  )
    .update(lessonProgress)
    .set({
      watchSavedAt: sql`${lessonProgress.watchSavedAt} - make_interval(secs => ${seconds})`,
      watchViewingStartedAt: sql`${lessonProgress.watchViewingStartedAt} - make_interval(secs => ${seconds})`,
    })
    .where(and(eq(lessonProgress.userId, userId(email)), eq(lessonProgress.lessonId, lessonId)));
}

async function enrollmentOf(email: string, courseId: string) {
  const [row] = await (
    await db()
  )
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId(email)), eq(enrollments.courseId, courseId)));
  return row;
}

/** A small course of its own per test: one module with the given lessons. */
async function makeCourse(id: string, lessonList: (typeof lessons.$inferInsert extends infer L ? Omit<L, 'moduleId'> : never)[]) {
  const d = await db();
  await d.insert(courses).values({ id, title: `Kurs ${id}`, description: 'Testkurs', duration: '1 time', level: 'Nybegynner', orderIndex: 500 });
  // A free course: every signed-in learner may read it (decision 26).
  await d.insert(products).values({ id: `course:${id}`, kind: 'course', courseId: id, priceOre: 0, vat: 'standard_25' });
  const moduleId = seedId(`module:${id}`);
  await d.insert(modules).values({ id: moduleId, courseId: id, title: 'Modul', orderIndex: 0 });
  await d.insert(lessons).values(lessonList.map((l) => ({ ...l, moduleId })));
  return moduleId;
}

const textLesson = (id: string, orderIndex: number) => ({
  id,
  title: `Tekst ${orderIndex}`,
  orderIndex,
  type: 'text' as const,
  content: { text: 'Litt tekst.' },
});

// --- access -------------------------------------------------------------------

const someNote = seedId(`note:${userId('elev@demo.no')}:0`);
const everyEndpoint: { method: string; path: string; handler: Handler; json?: unknown }[] = [
  { method: 'GET', path: '/api/courses/grunnleggende-ki/with-content', handler: courseContentFunctions },
  { method: 'GET', path: '/api/courses/grunnleggende-ki/progress', handler: courseFunctions },
  { method: 'POST', path: `/api/lessons/${VIDEO}/progress`, handler: lessonFunctions, json: { completed: true } },
  { method: 'POST', path: `/api/lessons/${VIDEO}/watch-position`, handler: lessonFunctions, json: { positionSeconds: 3 } },
  { method: 'GET', path: `/api/lessons/${VIDEO}/video-notes`, handler: lessonFunctions },
  { method: 'POST', path: '/api/video-notes', handler: videoNoteFunctions, json: { lessonId: VIDEO, timestamp: 3, noteText: 'Hei' } },
  { method: 'PUT', path: `/api/video-notes/${someNote}`, handler: videoNoteFunctions, json: { noteText: 'Hei' } },
  { method: 'DELETE', path: `/api/video-notes/${someNote}`, handler: videoNoteFunctions },
];

describe('every course player endpoint', () => {
  it.each(everyEndpoint)('answers anonymous callers 401 Unauthorized: $method $path', async ({ handler, path, method, json }) => {
    const result = await call(handler, path, { method, json });
    expect(result.status).toBe(401);
    expect(result.body).toEqual({ error: 'Unauthorized', message: 'Du må logge inn for å fortsette.' });
  });

  it('refuses a cross-site write', async () => {
    for (const { handler, path, method, json } of everyEndpoint.filter((e) => e.method !== 'GET')) {
      const result = await call(handler, path, { method, json, cookie: ny, crossSite: true });
      expect(result.status, `${method} ${path}`).toBe(403);
    }
  });
});

// --- reading ------------------------------------------------------------------

describe('GET /api/courses/:courseId/with-content', () => {
  it('gives the course, every module and lesson in order with content, and the caller’s state', async () => {
    const result = await call(courseContentFunctions, '/api/courses/grunnleggende-ki/with-content', { cookie: elev });
    expect(result.status).toBe(200);
    const body = result.body as CourseWithContent;
    const course = catalogue.find((c) => c.id === 'grunnleggende-ki');
    expect(body.course).toEqual({ id: 'grunnleggende-ki', title: 'KI Grunnkurs', description: course?.description, level: 'Nybegynner' });
    expect(body.enrolled).toBe(true);
    expect(body.modules.map((m) => m.module.title)).toEqual(course?.modules.map((m) => m.title));
    expect(body.modules.map((m) => m.lessons.map((l) => l.title))).toEqual(course?.modules.map((m) => m.lessons.map((l) => l.title)));
    const first = body.modules[0]?.lessons[0];
    expect(first).toMatchObject({ id: VIDEO, contentType: 'video', completed: true, watch: null });
    expect(first?.content).toMatchObject({ videoUrl: '/media/demo-leksjon.mp4', durationSeconds: DURATION });
    const task = body.modules.flatMap((m) => m.lessons).find((l) => l.contentType === 'task');
    expect(task?.watch).toBeNull();
  });

  it('shows a learner who is not enrolled the course too, with enrolled false and nothing completed', async () => {
    const result = await call(courseContentFunctions, '/api/courses/ki-automatisering/with-content', { cookie: ny });
    expect(result.status).toBe(200);
    const body = result.body as CourseWithContent;
    expect(body.enrolled).toBe(false);
    expect(body.modules.flatMap((m) => m.lessons).every((l) => !l.completed && l.watch === null)).toBe(true);
  });

  it('answers 404 "Kurs ikke funnet" for an unknown course and 400 for a malformed id', async () => {
    const unknown = await call(courseContentFunctions, '/api/courses/finnes-ikke/with-content', { cookie: elev });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Kurs ikke funnet' });
    const malformed = await call(courseContentFunctions, '/api/courses/Ikke%20gyldig!/with-content', { cookie: elev });
    expect(malformed.status).toBe(400);
  });

  it('orders modules and lessons by orderIndex, ties by creation time, then id', async () => {
    const d = await db();
    await d.insert(courses).values({ id: 'rekkefolge', title: 'Rekkefølge', description: 'x', duration: '1 time', level: 'Mellom' });
    const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    // Modules: B and C tie on orderIndex 1 (B older); A has 0; D ties with C on time too, so the id decides.
    const m = {
      a: { id: '00000000-0000-4000-8000-00000000000a', title: 'A', orderIndex: 0, createdAt: t(9) },
      b: { id: '00000000-0000-4000-8000-00000000000f', title: 'B', orderIndex: 1, createdAt: t(1) },
      c: { id: '00000000-0000-4000-8000-00000000000c', title: 'C', orderIndex: 1, createdAt: t(2) },
      d: { id: '00000000-0000-4000-8000-00000000000d', title: 'D', orderIndex: 1, createdAt: t(2) },
    };
    await d.insert(modules).values(Object.values(m).map((x) => ({ ...x, courseId: 'rekkefolge' })));
    const lesson = (id: string, title: string, orderIndex: number, createdAt: Date) => ({
      id,
      moduleId: m.a.id,
      title,
      orderIndex,
      createdAt,
      type: 'text' as const,
      content: { text: title },
    });
    await d
      .insert(lessons)
      .values([
        lesson('00000000-0000-4000-8000-0000000000b3', 'L3', 2, t(1)),
        lesson('00000000-0000-4000-8000-0000000000b2', 'L2b', 1, t(5)),
        lesson('00000000-0000-4000-8000-0000000000b1', 'L2a', 1, t(4)),
        lesson('00000000-0000-4000-8000-0000000000b9', 'L2d', 1, t(6)),
        lesson('00000000-0000-4000-8000-0000000000b8', 'L2c', 1, t(6)),
        lesson('00000000-0000-4000-8000-0000000000b0', 'L1', 0, t(9)),
      ]);
    const result = await call(courseContentFunctions, '/api/courses/rekkefolge/with-content', { cookie: ny });
    const body = result.body as CourseWithContent;
    expect(body.modules.map((x) => x.module.title)).toEqual(['A', 'B', 'C', 'D']);
    expect(body.modules[0]?.lessons.map((l) => l.title)).toEqual(['L1', 'L2a', 'L2b', 'L2c', 'L2d', 'L3']);
    expect(body.modules.slice(1).map((x) => x.lessons)).toEqual([[], [], []]);
  });

  it('sends HTML lessons sanitised: no script, no event handlers, no javascript: links', async () => {
    const html =
      '<h2>Tittel</h2><script>alert(1)</script><p onclick="steal()">Tekst <a href="javascript:alert(1)">farlig</a> ' +
      '<a href="https://example.no/side">trygg</a></p><img src="x" onerror="alert(1)"><img src="/media/bilde.png" alt="Bilde" onload="x()">' +
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>';
    await makeCourse('html-kurs', [{ id: seedId('lesson:html'), title: 'HTML', orderIndex: 0, type: 'html', content: { html } }]);
    const result = await call(courseContentFunctions, '/api/courses/html-kurs/with-content', { cookie: ny });
    const sent = (result.body as CourseWithContent).modules[0]?.lessons[0]?.content as { html: string };
    expect(sent.html).toBe(
      '<h2>Tittel</h2><p>Tekst <a rel="noopener">farlig</a> <a href="https://example.no/side" rel="noopener">trygg</a></p><img alt="Bilde" src="/media/bilde.png" />',
    );
    expect(result.text).not.toMatch(/<script|alert|onerror|onclick|onload|<iframe|javascript:|<style/i);
  });
});

describe('GET /api/courses/:courseId/progress', () => {
  it("counts the caller's completed lessons of the whole course", async () => {
    const done = await call(courseFunctions, '/api/courses/grunnleggende-ki/progress', { cookie: elev });
    const total = catalogue.find((c) => c.id === 'grunnleggende-ki')?.modules.reduce((n, m) => n + m.lessons.length, 0);
    expect(done.body).toEqual({ completed: total, total, percentage: 100 });
    const none = await call(courseFunctions, '/api/courses/grunnleggende-ki/progress', { cookie: ny });
    expect(none.body).toEqual({ completed: 0, total, percentage: 0 });
    const unknown = await call(courseFunctions, '/api/courses/finnes-ikke/progress', { cookie: ny });
    expect(unknown.status).toBe(404);
  });
});

// --- progress -----------------------------------------------------------------

describe('POST /api/lessons/:id/progress', () => {
  it('enrolls a learner who is not enrolled, then records the lesson; the enrollment shows in their list', async () => {
    await makeCourse('innskriving', [textLesson(seedId('lesson:inn:0'), 0), textLesson(seedId('lesson:inn:1'), 1)]);
    expect(await enrollmentOf('ny@demo.no', 'innskriving')).toBeUndefined();
    const result = await post(lessonFunctions, `/api/lessons/${seedId('lesson:inn:0')}/progress`, ny, { completed: true });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      lessonId: seedId('lesson:inn:0'),
      completed: true,
      courseProgress: { completed: 1, total: 2, percentage: 50 },
      courseCompleted: false,
    });
    const list = await call(enrollmentFunctions, '/api/users/me/enrollments', { cookie: ny });
    expect((list.body as Enrollment[]).find((e) => e.courseId === 'innskriving')).toMatchObject({ completedAt: null });
    const content = await call(courseContentFunctions, '/api/courses/innskriving/with-content', { cookie: ny });
    expect((content.body as CourseWithContent).enrolled).toBe(true);
  });

  it('is idempotent, sets the enrollment’s completedAt when the last lesson is completed and clears it when one is undone', async () => {
    const [a, b] = [seedId('lesson:ferdig:0'), seedId('lesson:ferdig:1')];
    await makeCourse('ferdig', [textLesson(a, 0), textLesson(b, 1)]);
    await post(lessonFunctions, `/api/lessons/${a}/progress`, ny, { completed: true });
    const again = await post(lessonFunctions, `/api/lessons/${a}/progress`, ny, { completed: true });
    expect((again.body as ProgressResult).courseProgress).toEqual({ completed: 1, total: 2, percentage: 50 });
    const [firstRow] = await (await db()).select().from(lessonProgress).where(eq(lessonProgress.lessonId, a));

    const last = await post(lessonFunctions, `/api/lessons/${b}/progress`, ny, { completed: true });
    expect(last.body).toEqual({ lessonId: b, completed: true, courseProgress: { completed: 2, total: 2, percentage: 100 }, courseCompleted: true });
    const completedAt = (await enrollmentOf('ny@demo.no', 'ferdig'))?.completedAt;
    expect(completedAt).toBeInstanceOf(Date);

    const repeat = await post(lessonFunctions, `/api/lessons/${b}/progress`, ny, { completed: true });
    expect((repeat.body as ProgressResult).courseCompleted).toBe(false); // already completed: nothing changed
    expect((await enrollmentOf('ny@demo.no', 'ferdig'))?.completedAt).toEqual(completedAt);
    await post(lessonFunctions, `/api/lessons/${a}/progress`, ny, { completed: true });
    const rows = await (await db()).select().from(lessonProgress).where(eq(lessonProgress.lessonId, a));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.completedAt).toEqual(firstRow?.completedAt); // the first completion time stays

    const undone = await post(lessonFunctions, `/api/lessons/${a}/progress`, ny, { completed: false });
    expect(undone.body).toEqual({
      lessonId: a,
      completed: false,
      courseProgress: { completed: 1, total: 2, percentage: 50 },
      courseCompleted: false,
    });
    expect((await enrollmentOf('ny@demo.no', 'ferdig'))?.completedAt).toBeNull();
    const list = await call(enrollmentFunctions, '/api/users/me/enrollments', { cookie: ny });
    expect((list.body as Enrollment[]).filter((e) => e.courseId === 'ferdig')).toHaveLength(1);
  });

  it('sets completedAt once when every lesson of the course is completed at the same time', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => seedId(`lesson:samtidig:${i}`));
    await makeCourse(
      'samtidig',
      ids.map((id, i) => textLesson(id, i)),
    );
    const results = await Promise.all(ids.map((id) => post(lessonFunctions, `/api/lessons/${id}/progress`, ny, { completed: true })));
    expect(results.map((r) => r.status)).toEqual(ids.map(() => 200));
    // The enrollment row is locked for each change, so exactly one of them sees the course complete.
    expect(results.filter((r) => (r.body as ProgressResult).courseCompleted)).toHaveLength(1);
    expect((await enrollmentOf('ny@demo.no', 'samtidig'))?.completedAt).toBeInstanceOf(Date);
  });

  it('answers 404 for an unknown lesson and 400 for a bad body or id', async () => {
    const unknown = await post(lessonFunctions, `/api/lessons/${seedId('lesson:finnes-ikke')}/progress`, ny, { completed: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Fant ikke leksjonen' });
    for (const body of [{}, { completed: 'true' }, { completed: 1 }, { completed: true, extra: 1 }, null]) {
      const bad = await post(lessonFunctions, `/api/lessons/${VIDEO}/progress`, ny, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect((await post(lessonFunctions, '/api/lessons/123/progress', ny, { completed: true })).status).toBe(400);
  });
});

// --- video lessons ------------------------------------------------------------

describe('video lessons', () => {
  const watch = (cookie: string, lessonId: string, positionSeconds: number) =>
    post(lessonFunctions, `/api/lessons/${lessonId}/watch-position`, cookie, { positionSeconds });

  it('refuses completion (409 video_not_watched) until the saved furthest point passes 95 %, then accepts it', async () => {
    const first = await watch(ny, VIDEO, 0);
    expect(first.body).toEqual({ positionSeconds: 0, furthestSeconds: 0, watched: false });
    const early = await post(lessonFunctions, `/api/lessons/${VIDEO}/progress`, ny, { completed: true });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ error: 'Du må se hele videoen før du kan fullføre leksjonen.', errorType: 'video_not_watched' });

    // Ten seconds of playing: the furthest point may grow by 10 × 2 + 5.
    await rewindSave('ny@demo.no', VIDEO, 10);
    const part = (await watch(ny, VIDEO, 10)).body as WatchState;
    expect(part).toEqual({ positionSeconds: 10, furthestSeconds: 10, watched: false });
    expect((await post(lessonFunctions, `/api/lessons/${VIDEO}/progress`, ny, { completed: true })).status).toBe(409);

    // 26 s of 28 is under 95 % (26.6): still refused.
    await rewindSave('ny@demo.no', VIDEO, 8);
    expect(((await watch(ny, VIDEO, 26)).body as WatchState).watched).toBe(false);
    expect((await post(lessonFunctions, `/api/lessons/${VIDEO}/progress`, ny, { completed: true })).status).toBe(409);

    await rewindSave('ny@demo.no', VIDEO, 1);
    const end = (await watch(ny, VIDEO, 26.7)).body as WatchState;
    expect(end).toEqual({ positionSeconds: 26.7, furthestSeconds: 26.7, watched: true });
    const done = await post(lessonFunctions, `/api/lessons/${VIDEO}/progress`, ny, { completed: true });
    expect(done.status).toBe(200);
    expect((done.body as ProgressResult).completed).toBe(true);

    // The player shows the saved state, and going back in the video keeps the furthest point.
    await watch(ny, VIDEO, 3);
    const content = (await call(courseContentFunctions, '/api/courses/grunnleggende-ki/with-content', { cookie: ny })).body as CourseWithContent;
    expect(content.modules[0]?.lessons[0]).toMatchObject({ completed: true, watch: { positionSeconds: 3, furthestSeconds: 26.7, watched: true } });
  });

  it('caps a position posted faster than real time, and counts the end of the video as watched', async () => {
    const lesson = seedLessonId('grunnleggende-ki', 0, 1);
    expect(((await watch(admin, lesson, 0)).body as WatchState).furthestSeconds).toBe(0);
    const jump = (await watch(admin, lesson, 27)).body as WatchState;
    expect(jump.positionSeconds).toBe(27); // the resume point is where the learner is…
    expect(jump.furthestSeconds).toBeLessThanOrEqual(5.5); // …but the furthest point grew by the slack only
    expect(jump.watched).toBe(false);
    expect((await post(lessonFunctions, `/api/lessons/${lesson}/progress`, admin, { completed: true })).status).toBe(409);

    // After 11 real seconds the learner may have reached 27 s; one second from the end counts as the end.
    await rewindSave('admin@demo.no', lesson, 11);
    const end = (await watch(admin, lesson, 27)).body as WatchState;
    expect(end).toEqual({ positionSeconds: 27, furthestSeconds: DURATION, watched: true });

    // A position beyond the video is clamped to its length.
    const beyond = (await watch(admin, lesson, 5000)).body as WatchState;
    expect(beyond.positionSeconds).toBe(DURATION);
  });

  it('lets a save after a pause longer than WATCH_MAX_ELAPSED_SECONDS start a new viewing: the gap counts for nothing', async () => {
    const long = seedId('lesson:lang-video');
    await makeCourse('lang-video', [
      {
        id: long,
        title: 'En lang video',
        orderIndex: 0,
        type: 'video',
        content: { videoUrl: '/media/demo-leksjon.mp4', durationSeconds: 3600 },
      },
    ]);
    await watch(ny, long, 600);
    expect(((await watch(ny, long, 0)).body as WatchState).furthestSeconds).toBe(5);
    await rewindSave('ny@demo.no', long, 7 * 24 * 3600);
    const after = (await watch(ny, long, 3500)).body as WatchState;
    expect(after.furthestSeconds).toBe(5 + 5);
    expect(after.positionSeconds).toBe(3500);
    expect(WATCH_MAX_ELAPSED_SECONDS).toBe(120);
  });

  it('lets a lesson completed earlier stay completed, and lets a video be undone', async () => {
    // elev completed the whole first course before watch positions existed (furthest 0; the seed
    // now records the demo learners' viewing, so it is taken back here).
    await (
      await db()
    )
      .update(lessonProgress)
      .set({ watchFurthestSeconds: 0, watchPositionSeconds: 0 })
      .where(and(eq(lessonProgress.lessonId, VIDEO), sql`${lessonProgress.userId} = (SELECT id FROM users WHERE email = 'elev@demo.no')`));
    const again = await post(lessonFunctions, `/api/lessons/${VIDEO}/progress`, elev, { completed: true });
    expect(again.status).toBe(200);
    const undone = await post(lessonFunctions, `/api/lessons/${VIDEO}/progress`, elev, { completed: false });
    expect(undone.status).toBe(200);
    expect((await enrollmentOf('elev@demo.no', 'grunnleggende-ki'))?.completedAt).toBeNull();
    // Now it is a new completion, and the video must be watched first.
    expect((await post(lessonFunctions, `/api/lessons/${VIDEO}/progress`, elev, { completed: true })).status).toBe(409);
  });

  it('enrolls on the first saved position', async () => {
    const lesson = seedLessonId('ki-automatisering', 0, 0);
    expect(await enrollmentOf('ny@demo.no', 'ki-automatisering')).toBeUndefined();
    expect((await watch(ny, lesson, 1)).status).toBe(200);
    expect(await enrollmentOf('ny@demo.no', 'ki-automatisering')).toMatchObject({ completedAt: null });
  });

  it('answers 400 for a lesson that is not a video, 404 for an unknown lesson and 400 for bad positions', async () => {
    const task = catalogue[0]?.modules[0]?.lessons.findIndex((l) => l.type !== 'video') ?? -1;
    const notVideo = await watch(ny, seedLessonId('grunnleggende-ki', 0, task), 3);
    expect(notVideo.status).toBe(400);
    expect(notVideo.body).toEqual({ error: 'Leksjonen er ikke en video' });
    expect((await watch(ny, seedId('lesson:finnes-ikke'), 3)).status).toBe(404);
    for (const body of [
      { positionSeconds: -1 },
      { positionSeconds: 'NaN' },
      { positionSeconds: null },
      { positionSeconds: 86_401 },
      {},
      { position: 3 },
    ]) {
      const bad = await post(lessonFunctions, `/api/lessons/${VIDEO}/watch-position`, ny, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    // JSON.parse turns 1e309 into Infinity.
    const infinite = await call(lessonFunctions, `/api/lessons/${VIDEO}/watch-position`, {
      cookie: ny,
      body: '{"positionSeconds":1e309}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(infinite.status).toBe(400);
  });

  it('accepts a position sent by navigator.sendBeacon (a JSON Blob) and by a keepalive fetch when the page is left', async () => {
    const lesson = seedLessonId('grunnleggende-ki', 0, 3);
    // sendBeacon: a same-origin POST with fetch metadata, no Origin, the Blob's type as Content-Type.
    const beacon = new Request(`${ORIGIN}/api/lessons/${lesson}/watch-position`, {
      method: 'POST',
      headers: { Cookie: ny, 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'no-cors', 'Content-Type': 'application/json' },
      body: new Blob([JSON.stringify({ positionSeconds: 2 })], { type: 'application/json' }),
    });
    const beaconResponse = await lessonFunctions(beacon, {});
    expect(beaconResponse.status).toBe(200);
    expect(((await beaconResponse.json()) as WatchState).positionSeconds).toBe(2);
    const keepalive = new Request(`${ORIGIN}/api/lessons/${lesson}/watch-position`, {
      method: 'POST',
      keepalive: true,
      headers: { Cookie: ny, 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors', 'Content-Type': 'application/json' },
      body: JSON.stringify({ positionSeconds: 4 }),
    });
    const keepaliveResponse = await lessonFunctions(keepalive, {});
    expect(keepaliveResponse.status).toBe(200);
    expect(((await keepaliveResponse.json()) as WatchState).positionSeconds).toBe(4);
    // A beacon from another site is refused like any cross-site write.
    const foreign = new Request(beacon.url, {
      method: 'POST',
      headers: { Cookie: ny, 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/json' },
      body: JSON.stringify({ positionSeconds: 4 }),
    });
    expect((await lessonFunctions(foreign, {})).status).toBe(403);
  });
});

// --- statement counts ---------------------------------------------------------

describe('query counts', () => {
  const countStatements = async (handler: Handler, path: string, cookie: string, method = 'GET', json?: unknown) => {
    const result = await callCountingStatements(handler, path, { cookie, method, json });
    expect(result.status, `${method} ${path}: ${result.text.slice(0, 200)}`).toBeLessThan(300);
    return result.statements;
  };

  const firstModule = seedModuleId('grunnleggende-ki', 0);
  const textInFirst = seedLessonId('grunnleggende-ki', 0, 2);
  let noteId = '';
  const measure = async (cookie: string) => {
    const note = await call(videoNoteFunctions, '/api/video-notes', { cookie, json: { lessonId: VIDEO, timestamp: 1, noteText: 'Telling' } });
    noteId = (note.body as { id: string }).id;
    return {
      withContent: await countStatements(courseContentFunctions, '/api/courses/grunnleggende-ki/with-content', cookie),
      progress: await countStatements(courseFunctions, '/api/courses/grunnleggende-ki/progress', cookie),
      complete: await countStatements(lessonFunctions, `/api/lessons/${textInFirst}/progress`, cookie, 'POST', { completed: true }),
      undo: await countStatements(lessonFunctions, `/api/lessons/${textInFirst}/progress`, cookie, 'POST', { completed: false }),
      watch: await countStatements(lessonFunctions, `/api/lessons/${VIDEO}/watch-position`, cookie, 'POST', { positionSeconds: 1 }),
      notes: await countStatements(lessonFunctions, `/api/lessons/${VIDEO}/video-notes`, cookie),
      createNote: await countStatements(videoNoteFunctions, '/api/video-notes', cookie, 'POST', { lessonId: VIDEO, timestamp: 2, noteText: 'Ny' }),
      updateNote: await countStatements(videoNoteFunctions, `/api/video-notes/${noteId}`, cookie, 'PUT', { noteText: 'Endret' }),
      deleteNote: await countStatements(videoNoteFunctions, `/api/video-notes/${noteId}`, cookie, 'DELETE'),
    };
  };

  it('stay the same with ten times the modules, lessons, progress and notes', async () => {
    const cookie = await signIn('superbruker@demo.no');
    const before = await measure(cookie);
    // A session lookup plus the endpoint's own statements (a transaction's BEGIN and COMMIT included).
    for (const [endpoint, statements] of Object.entries(before)) expect(statements, endpoint).toBeLessThanOrEqual(8);

    const d = await db();
    const learner = userId('superbruker@demo.no');
    const extraModules = Array.from({ length: 54 }, (_, i) => ({
      id: seedId(`test-module:${i}`),
      courseId: 'grunnleggende-ki',
      title: `Ekstra modul ${i + 1}`,
      orderIndex: 100 + i,
    }));
    await d.insert(modules).values(extraModules);
    const extraLessons = [
      ...extraModules.flatMap((m) =>
        Array.from({ length: 5 }, (_, j) => textLesson(seedId(`test-lesson:${m.id}:${j}`), j)).map((l) => ({ ...l, moduleId: m.id })),
      ),
      ...Array.from({ length: 50 }, (_, j) => ({ ...textLesson(seedId(`test-lesson:first:${j}`), 100 + j), moduleId: firstModule })),
    ];
    await d.insert(lessons).values(extraLessons);
    await d.insert(lessonProgress).values(extraLessons.map((l) => ({ userId: learner, lessonId: l.id, completed: true, completedAt: new Date() })));
    const { videoNotes } = await import('../../db/schema');
    await d
      .insert(videoNotes)
      .values(Array.from({ length: 50 }, (_, i) => ({ userId: learner, lessonId: VIDEO, timestamp: i % 28, noteText: `Notat ${i}` })));

    const after = await measure(cookie);
    expect(after).toEqual(before);

    // The data really grew, and the answers reflect it.
    const content = (await call(courseContentFunctions, '/api/courses/grunnleggende-ki/with-content', { cookie })).body as CourseWithContent;
    expect(content.modules).toHaveLength(60);
    const progress = (await call(courseFunctions, '/api/courses/grunnleggende-ki/progress', { cookie })).body as CourseProgress;
    expect(progress.completed).toBe(extraLessons.length);
    const notes = (await call(lessonFunctions, `/api/lessons/${VIDEO}/video-notes`, { cookie })).body as unknown[];
    expect(notes.length).toBeGreaterThanOrEqual(50);
  });
});
