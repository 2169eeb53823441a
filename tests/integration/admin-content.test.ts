import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentAuditLog, courses, enrollments, lessons, modules, videos } from '../../db/schema';
import { seedCatalogue } from '../../db/seed';
import { seedLessonId, seedModuleId } from '../../db/seed-ids';
import admin from '../../netlify/functions/admin';
import courseContentFunctions from '../../netlify/functions/course-content';
import type { AdminCourse, AdminLesson, AdminLessonListItem, AdminModule, AdminVideo, OrderedItem } from '../../src/schemas/admin';
import { setMediaOrigins } from '../../src/schemas/media';
import type { CourseWithContent } from '../../src/schemas/player';
import { searchCourseContent } from '../../src/server/assistant';
import { acquireAppDb } from '../../src/server/platform/db';
import { call, callCountingStatements, makeCatalogueFree, signIn } from '../helpers';

/** Issue 13: the admin's content endpoints, as an admin, and what learners then see. */

const db = async () => (await acquireAppDb()).db;
const COURSE = 'grunnleggende-ki';
const firstModule = seedModuleId(COURSE, 0);

let adminCookie: string;
let learner: string;
// Videos may also come from this media host (MEDIA_HOSTS; tests/integration/media-hosts.test.ts tests the rule).
beforeAll(() => setMediaOrigins(['https://cdn.example.no']));
afterAll(() => setMediaOrigins([]));
beforeAll(async () => {
  // Learners read what the admin wrote: every course open (entitlements.test.ts covers access).
  await makeCatalogueFree();
  adminCookie = await signIn('admin@demo.no');
  learner = await signIn('ny@demo.no');
});

const asAdmin = (path: string, method = 'GET', json?: unknown) => call(admin, path, { method, json, cookie: adminCookie });
const content = async () =>
  (await call(courseContentFunctions, `/api/courses/${COURSE}/with-content`, { cookie: learner })).body as CourseWithContent;

describe('GET /api/admin/courses', () => {
  it('lists every course in catalogue order with its number of students, counted independently', async () => {
    const result = await asAdmin('/api/admin/courses');
    expect(result.status).toBe(200);
    const list = result.body as AdminCourse[];
    const d = await db();
    const expected = await d
      .select({ id: courses.id, students: count(enrollments.id) })
      .from(courses)
      .leftJoin(enrollments, eq(enrollments.courseId, courses.id))
      .groupBy(courses.id, courses.orderIndex)
      .orderBy(courses.orderIndex);
    expect(list.map((c) => [c.id, c.students])).toEqual(expected.map((c) => [c.id, c.students]));
    expect(Object.keys(list[0]!).sort()).toEqual(['description', 'id', 'level', 'orderIndex', 'students', 'title']);
    expect(list.find((c) => c.id === COURSE)?.students).toBeGreaterThan(0);
  });
});

describe('renames', () => {
  it('renames a course: the learner sees it at once and the title becomes the admin’s', async () => {
    const result = await asAdmin(`/api/admin/courses/${COURSE}/name`, 'PUT', { name: '  Nytt kursnavn  ' });
    expect(result.status).toBe(200);
    // No build hook in the tests: the public pages change with the next deploy (admin-publishing.test.ts has a hook).
    expect(result.body).toEqual({ id: COURSE, title: 'Nytt kursnavn', publishing: { status: 'skipped', at: expect.any(String) } });
    expect((await content()).course.title).toBe('Nytt kursnavn');
    const [row] = await (await db()).select({ edited: courses.adminEditedAt }).from(courses).where(eq(courses.id, COURSE));
    expect(row?.edited).not.toBeNull();
  });

  it('renames a module', async () => {
    const result = await asAdmin(`/api/admin/modules/${firstModule}/name`, 'PUT', { name: 'Ny modultittel' });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      id: firstModule,
      courseId: COURSE,
      title: 'Ny modultittel',
      publishing: { status: 'skipped', at: expect.any(String) },
    });
    expect((await content()).modules.find((m) => m.module.id === firstModule)?.module.title).toBe('Ny modultittel');
    const [row] = await (await db()).select({ edited: modules.adminEditedAt }).from(modules).where(eq(modules.id, firstModule));
    expect(row?.edited).not.toBeNull();
  });

  it('without a build hook asks nobody and records no request; asking again says the same', async () => {
    expect((await asAdmin('/api/admin/publishing')).body).toEqual({ hookConfigured: false, last: null });
    const again = await asAdmin('/api/admin/publishing', 'POST');
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: 'skipped', at: expect.any(String) });
    const rows = await (await db()).select({ id: contentAuditLog.id }).from(contentAuditLog).where(eq(contentAuditLog.action, 'site.rebuild'));
    expect(rows).toEqual([]);
  });

  it('answers 404 for an unknown course or module', async () => {
    expect((await asAdmin('/api/admin/courses/finnes-ikke/name', 'PUT', { name: 'X' })).status).toBe(404);
    expect((await asAdmin('/api/admin/modules/00000000-0000-4000-8000-000000000000/name', 'PUT', { name: 'X' })).status).toBe(404);
  });
});

describe('new modules and lessons', () => {
  let newModule: AdminModule;

  it('creates a module last when orderIndex is 0 or missing', async () => {
    const before = (await content()).modules.length;
    const result = await asAdmin(`/api/admin/courses/${COURSE}/modules`, 'POST', {
      title: 'Ekstramodul',
      description: 'Om alt annet',
      orderIndex: 0,
    });
    expect(result.status).toBe(201);
    newModule = result.body as AdminModule;
    expect(newModule).toMatchObject({ courseId: COURSE, title: 'Ekstramodul', description: 'Om alt annet', orderIndex: before });
    const second = (await asAdmin(`/api/admin/courses/${COURSE}/modules`, 'POST', { title: 'Enda en' })).body as AdminModule;
    expect(second.orderIndex).toBe(before + 1);
    expect(second.description).toBeNull();
    const list = (await content()).modules;
    expect(list.map((m) => m.module.id).slice(-2)).toEqual([newModule.id, second.id]);
  });

  it('keeps an explicit orderIndex', async () => {
    const result = await asAdmin(`/api/admin/courses/${COURSE}/modules`, 'POST', { title: 'Med plass', orderIndex: 50 });
    expect((result.body as AdminModule).orderIndex).toBe(50);
  });

  it('creates a text, an HTML and a video lesson, each last, in the contract’s shapes', async () => {
    const text = await asAdmin(`/api/admin/modules/${newModule.id}/lessons`, 'POST', {
      title: 'Tekstleksjon',
      lessonType: 'text',
      content: { text: 'Linje én\nLinje to' },
      orderIndex: 0,
      videoUrl: null,
    });
    expect(text.status).toBe(201);
    expect(text.body).toMatchObject({
      title: 'Tekstleksjon',
      lessonType: 'text',
      contentType: 'text',
      content: { text: 'Linje én\nLinje to' },
      videoUrl: null,
      orderIndex: 0,
    });

    const html = await asAdmin(`/api/admin/modules/${newModule.id}/lessons`, 'POST', {
      title: 'HTML-leksjon',
      lessonType: 'html',
      content: {
        html: '<h2 onmouseover="steal()">Tittel</h2><p>Tekst <a href="javascript:alert(1)" onclick="x()">lenke</a><img src="x" onerror="alert(1)"></p><script>alert(1)</script><iframe src="https://evil.example"></iframe>',
      },
      orderIndex: 0,
      videoUrl: null,
    });
    expect(html.status).toBe(201);
    const stored = (html.body as AdminLesson).content as { html: string };
    expect((html.body as AdminLesson).orderIndex).toBe(1);

    const video = await asAdmin(`/api/admin/modules/${newModule.id}/lessons`, 'POST', {
      title: 'Videoleksjon',
      lessonType: 'video',
      content: { text: 'Hva videoen handler om' },
      videoUrl: '/media/demo-leksjon.mp4',
      durationSeconds: 61.6,
    });
    expect(video.status).toBe(201);
    expect(video.body).toMatchObject({
      lessonType: 'video',
      videoUrl: '/media/demo-leksjon.mp4',
      content: { videoUrl: '/media/demo-leksjon.mp4', durationSeconds: 62, description: 'Hva videoen handler om' },
      orderIndex: 2,
    });

    // Stored HTML: no script, no event handler, no javascript: URL, no iframe.
    const [row] = await (
      await db()
    )
      .select({ content: lessons.content })
      .from(lessons)
      .where(eq(lessons.id, (html.body as AdminLesson).id));
    const storedHtml = (row?.content as { html: string }).html;
    expect(storedHtml).toBe(stored.html);
    expect(storedHtml).not.toMatch(/<script|<iframe|javascript:|\son\w+=/i);
    expect(storedHtml).toContain('<h2>Tittel</h2>');

    // A learner sees the new lessons, in order, through the player's endpoint.
    const mod = (await content()).modules.find((m) => m.module.id === newModule.id);
    expect(mod?.lessons.map((l) => [l.title, l.contentType])).toEqual([
      ['Tekstleksjon', 'text'],
      ['HTML-leksjon', 'html'],
      ['Videoleksjon', 'video'],
    ]);
    expect((mod?.lessons[1]?.content as { html: string }).html).not.toMatch(/<script|\son\w+=/i);
  });

  it('makes a new lesson searchable by the assistant at once', async () => {
    const result = await asAdmin(`/api/admin/modules/${newModule.id}/lessons`, 'POST', {
      title: 'Kvantedatamaskiner for nybegynnere',
      lessonType: 'text',
      content: { text: 'Kvantedatamaskiner bruker kvantebiter i stedet for vanlige biter.' },
      videoUrl: null,
    });
    expect(result.status).toBe(201);
    const passages = await searchCourseContent(await db(), 'Hva er kvantedatamaskiner?', { readableCourseIds: [COURSE] });
    expect(passages[0]?.lessonId).toBe((result.body as AdminLesson).id);
  });

  it('answers 404 for an unknown course or module', async () => {
    expect((await asAdmin('/api/admin/courses/finnes-ikke/modules', 'POST', { title: 'X' })).status).toBe(404);
    const lesson = { title: 'X', lessonType: 'text', content: { text: 'x' }, videoUrl: null };
    expect((await asAdmin('/api/admin/modules/00000000-0000-4000-8000-000000000000/lessons', 'POST', lesson)).status).toBe(404);
  });
});

describe('PUT /api/admin/lessons/:lessonId/content', () => {
  it('edits a video lesson’s title and description; the stored URL and length stay when left out; the lesson becomes the admin’s', async () => {
    const lessonId = (await (await db()).select({ id: lessons.id }).from(lessons).where(eq(lessons.type, 'video')).limit(1))[0]!.id;
    const [before] = await (await db()).select({ content: lessons.content }).from(lessons).where(eq(lessons.id, lessonId));
    const result = await asAdmin(`/api/admin/lessons/${lessonId}/content`, 'PUT', {
      title: 'Ny videotittel',
      content: { text: 'Ny beskrivelse' },
      videoUrl: null,
    });
    expect(result.status).toBe(200);
    const lesson = result.body as AdminLesson;
    const old = before!.content as { videoUrl: string; durationSeconds: number };
    expect(lesson).toMatchObject({ id: lessonId, title: 'Ny videotittel', lessonType: 'video', videoUrl: old.videoUrl });
    expect(lesson.content).toMatchObject({ videoUrl: old.videoUrl, durationSeconds: old.durationSeconds, description: 'Ny beskrivelse' });
    const [row] = await (await db()).select({ edited: lessons.adminEditedAt }).from(lessons).where(eq(lessons.id, lessonId));
    expect(row?.edited).not.toBeNull();

    const moved = await asAdmin(`/api/admin/lessons/${lessonId}/content`, 'PUT', {
      content: { text: 'Ny beskrivelse' },
      videoUrl: 'https://cdn.example.no/video.mp4',
      durationSeconds: 120,
    });
    expect(moved.body).toMatchObject({ videoUrl: 'https://cdn.example.no/video.mp4', content: { durationSeconds: 120 } });
  });

  it('sanitises an edited HTML lesson and a learner sees the edit', async () => {
    const target = (await content()).modules.flatMap((m) => m.lessons).find((l) => l.title === 'HTML-leksjon');
    if (!target) return expect.unreachable('the HTML lesson of the earlier test is missing');
    const result = await asAdmin(`/api/admin/lessons/${target.id}/content`, 'PUT', {
      content: { html: '<p style="color:red" onclick="x()">Oppdatert<script>alert(1)</script></p>' },
      videoUrl: null,
    });
    expect(result.status).toBe(200);
    expect((result.body as AdminLesson).content).toEqual({ html: '<p>Oppdatert</p>' });
    const seen = (await content()).modules.flatMap((m) => m.lessons).find((l) => l.id === target.id);
    expect(seen?.content).toEqual({ html: '<p>Oppdatert</p>' });
  });

  it('answers 404 for an unknown lesson', async () => {
    const result = await asAdmin('/api/admin/lessons/00000000-0000-4000-8000-000000000000/content', 'PUT', {
      content: { text: 'x' },
      videoUrl: null,
    });
    expect(result.status).toBe(404);
  });
});

describe('moving modules and lessons', () => {
  it('moves a module down and up in one transaction, rewriting the course’s order; the edges are no-ops', async () => {
    const ids = (await content()).modules.map((m) => m.module.id);
    const down = await asAdmin(`/api/admin/modules/${ids[0]}/move`, 'POST', { direction: 'down' });
    expect(down.status).toBe(200);
    const order = down.body as OrderedItem[];
    expect(order.map((m) => m.id)).toEqual([ids[1], ids[0], ...ids.slice(2)]);
    expect(order.map((m) => m.orderIndex)).toEqual(ids.map((_, i) => i));
    expect((await content()).modules.map((m) => m.module.id)).toEqual(order.map((m) => m.id));

    const up = await asAdmin(`/api/admin/modules/${ids[0]}/move`, 'POST', { direction: 'up' });
    expect((up.body as OrderedItem[]).map((m) => m.id)).toEqual(ids);

    const first = await asAdmin(`/api/admin/modules/${ids[0]}/move`, 'POST', { direction: 'up' });
    expect(first.status).toBe(200);
    expect((first.body as OrderedItem[]).map((m) => m.id)).toEqual(ids);
    const last = await asAdmin(`/api/admin/modules/${ids.at(-1)}/move`, 'POST', { direction: 'down' });
    expect((last.body as OrderedItem[]).map((m) => m.id)).toEqual(ids);
  });

  it('moves a lesson within its module, and the next deploy’s seed keeps the admin’s order', async () => {
    const moduleId = seedModuleId(COURSE, 1);
    const before = (await content()).modules.find((m) => m.module.id === moduleId)!.lessons.map((l) => l.id);
    const result = await asAdmin(`/api/admin/lessons/${before[1]}/move`, 'POST', { direction: 'up' });
    expect(result.status).toBe(200);
    const expected = [before[1], before[0], ...before.slice(2)];
    expect((result.body as OrderedItem[]).map((l) => l.id)).toEqual(expected);

    const d = await db();
    await seedCatalogue(d);
    expect((await content()).modules.find((m) => m.module.id === moduleId)!.lessons.map((l) => l.id)).toEqual(expected);
    const ordered = await d
      .select({ n: count() })
      .from(lessons)
      .where(and(eq(lessons.moduleId, moduleId), isNotNull(lessons.adminOrderedAt)));
    expect(ordered[0]?.n).toBe(before.length);
  });

  it('keeps a moved module’s place through the seed too', async () => {
    const ids = (await content()).modules.map((m) => m.module.id);
    await asAdmin(`/api/admin/modules/${ids[2]}/move`, 'POST', { direction: 'up' });
    await seedCatalogue(await db());
    expect((await content()).modules.map((m) => m.module.id)).toEqual([ids[0], ids[2], ids[1], ...ids.slice(3)]);
  });

  it('answers 404 for unknown ids and 400 for a bad direction', async () => {
    expect((await asAdmin('/api/admin/modules/00000000-0000-4000-8000-000000000000/move', 'POST', { direction: 'up' })).status).toBe(404);
    expect((await asAdmin('/api/admin/lessons/00000000-0000-4000-8000-000000000000/move', 'POST', { direction: 'up' })).status).toBe(404);
    const bad = await asAdmin(`/api/admin/lessons/${seedLessonId(COURSE, 0, 0)}/move`, 'POST', { direction: 'sideways' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ issues: [{ path: 'direction', message: 'Retningen må være up eller down' }] });
  });
});

describe('the video library', () => {
  it('registers, lists newest first and deletes videos', async () => {
    const first = await asAdmin('/api/admin/videos', 'POST', {
      title: 'Intro',
      url: '/media/demo-leksjon.mp4',
      description: 'Kort intro',
      durationSeconds: 30,
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ title: 'Intro', url: '/media/demo-leksjon.mp4', description: 'Kort intro', durationSeconds: 30 });
    const second = await asAdmin('/api/admin/videos', 'POST', { title: 'Del to', url: 'https://cdn.example.no/to.mp4' });
    expect(second.body).toMatchObject({ description: null, durationSeconds: null });

    const list = (await asAdmin('/api/admin/videos')).body as AdminVideo[];
    expect(list.map((v) => v.title)).toEqual(['Del to', 'Intro']);
    expect(Object.keys(list[0]!).sort()).toEqual(['createdAt', 'description', 'durationSeconds', 'id', 'title', 'url']);

    const id = (first.body as AdminVideo).id;
    expect((await asAdmin(`/api/admin/videos/${id}`, 'DELETE')).body).toEqual({ ok: true });
    expect((await asAdmin(`/api/admin/videos/${id}`, 'DELETE')).status).toBe(404);
    const [row] = await (await db()).select({ n: count() }).from(videos);
    expect(row?.n).toBe(1);
  });
});

describe('validation: 400 with a Norwegian message naming the field, never 500', () => {
  const lesson = (overrides: Record<string, unknown>) => ({
    title: 'Leksjon',
    lessonType: 'text',
    content: { text: 'Tekst' },
    videoUrl: null,
    ...overrides,
  });
  const newLesson = `/api/admin/modules/${firstModule}/lessons`;

  it.each([
    ['a bad lessonType', newLesson, 'POST', lesson({ lessonType: 'podcast' }), 'lessonType', 'Leksjonstypen må være text, html eller video'],
    [
      'a javascript: videoUrl',
      newLesson,
      'POST',
      lesson({ lessonType: 'video', videoUrl: 'javascript:alert(1)', durationSeconds: 10 }),
      'videoUrl',
      'Video-URL',
    ],
    [
      'a protocol-relative videoUrl',
      newLesson,
      'POST',
      lesson({ lessonType: 'video', videoUrl: '//evil.example/v.mp4', durationSeconds: 10 }),
      'videoUrl',
      'Video-URL',
    ],
    [
      'a video without a duration',
      newLesson,
      'POST',
      lesson({ lessonType: 'video', videoUrl: '/media/demo-leksjon.mp4' }),
      'durationSeconds',
      'Varigheten',
    ],
    ['a video without a URL', newLesson, 'POST', lesson({ lessonType: 'video', durationSeconds: 10 }), 'videoUrl', 'Video-URL må fylles ut'],
    ['a 401-character title', newLesson, 'POST', lesson({ title: 'x'.repeat(401) }), 'title', 'Tittelen kan ha høyst 400 tegn'],
    ['an empty text', newLesson, 'POST', lesson({ content: { text: '  ' } }), 'content.text', 'Innhold'],
    ['HTML content without html', newLesson, 'POST', lesson({ lessonType: 'html', content: { text: 'x' } }), 'content.html', 'Innhold (HTML)'],
    ['content that is not an object', newLesson, 'POST', lesson({ content: 'tekst' }), 'content', 'Innholdet (content) må være et objekt'],
    ['a negative orderIndex', newLesson, 'POST', lesson({ orderIndex: -1 }), 'orderIndex', 'Rekkefølgen'],
    ['an empty course name', `/api/admin/courses/${COURSE}/name`, 'PUT', { name: '   ' }, 'name', 'Navnet må fylles ut'],
    [
      'a 401-character module name',
      `/api/admin/modules/${firstModule}/name`,
      'PUT',
      { name: 'x'.repeat(401) },
      'name',
      'Navnet kan ha høyst 400 tegn',
    ],
    ['an empty module title', `/api/admin/courses/${COURSE}/modules`, 'POST', { title: '' }, 'title', 'Tittelen må fylles ut'],
    ['a javascript: video library URL', '/api/admin/videos', 'POST', { title: 'V', url: 'javascript:alert(1)' }, 'url', 'URL må være'],
    ['a video library entry without a title', '/api/admin/videos', 'POST', { title: '', url: '/media/x.mp4' }, 'title', 'Tittelen må fylles ut'],
  ])('%s', async (_name, path, method, body, field, message) => {
    const result = await asAdmin(path, method, body);
    expect(result.status, result.text).toBe(400);
    const issues = (result.body as { issues: { path: string; message: string }[] }).issues;
    expect(issues.map((i) => i.path)).toContain(field);
    expect(issues.find((i) => i.path === field)?.message).toContain(message);
  });

  it('refuses, with a message naming the field, HTML that is empty once sanitised', async () => {
    const result = await asAdmin(newLesson, 'POST', lesson({ lessonType: 'html', content: { html: '<script>alert(1)</script>' } }));
    expect(result.status).toBe(400);
    expect((result.body as { error: string }).error).toContain('content.html');
  });

  it('refuses an edit that breaks the stored type’s contract (400, message naming the field)', async () => {
    const videoId = (await (await db()).select({ id: lessons.id }).from(lessons).where(eq(lessons.type, 'video')).limit(1))[0]!.id;
    const result = await asAdmin(`/api/admin/lessons/${videoId}/content`, 'PUT', { content: { text: 'x' }, videoUrl: 'javascript:alert(1)' });
    expect(result.status).toBe(400);
    expect((result.body as { issues: { path: string }[] }).issues[0]?.path).toBe('videoUrl');
    const longTitle = await asAdmin(`/api/admin/lessons/${videoId}/content`, 'PUT', {
      content: { text: 'x' },
      videoUrl: null,
      title: 'x'.repeat(401),
    });
    expect(longTitle.status).toBe(400);
    const taskId = (await (await db()).select({ id: lessons.id }).from(lessons).where(eq(lessons.type, 'task')).limit(1))[0]!.id;
    const broken = await asAdmin(`/api/admin/lessons/${taskId}/content`, 'PUT', { content: {}, videoUrl: null });
    expect(broken.status).toBe(400);
    expect((broken.body as { error: string }).error).toContain('Innhold');
  });
});

describe("GET /api/admin/lessons ('Leksjoner', issue 29)", () => {
  const list = async (query = '') => {
    const result = await asAdmin(`/api/admin/lessons${query}`);
    expect(result.status).toBe(200);
    return result.body as AdminLessonListItem[];
  };

  it('lists every lesson of every course in catalogue order, with its module and course, counted independently', async () => {
    const all = await list();
    const d = await db();
    const expected = await d
      .select({ id: lessons.id, title: lessons.title, type: lessons.type, module: modules.title, course: courses.title })
      .from(lessons)
      .innerJoin(modules, eq(modules.id, lessons.moduleId))
      .innerJoin(courses, eq(courses.id, modules.courseId))
      .orderBy(courses.orderIndex, courses.id, modules.orderIndex, modules.id, lessons.orderIndex, lessons.id);
    expect(all.map((l) => [l.id, l.title, l.contentType, l.module.title, l.course.title])).toEqual(
      expected.map((l) => [l.id, l.title, l.type, l.module, l.course]),
    );
    expect(new Set(all.map((l) => l.course.id)).size).toBeGreaterThan(1);
    expect(Object.keys(all[0]!).sort()).toEqual(['contentType', 'course', 'id', 'isPreview', 'module', 'orderIndex', 'title']);
  });

  it('filters by course, by type, and by both; an unknown course has none', async () => {
    const all = await list();
    const ofCourse = await list(`?courseId=${COURSE}`);
    expect(ofCourse.length).toBeGreaterThan(0);
    expect(ofCourse).toEqual(all.filter((l) => l.course.id === COURSE));
    const videosOnly = await list('?type=video');
    expect(videosOnly.length).toBeGreaterThan(0);
    expect(videosOnly).toEqual(all.filter((l) => l.contentType === 'video'));
    expect(await list(`?courseId=${COURSE}&type=task`)).toEqual(all.filter((l) => l.course.id === COURSE && l.contentType === 'task'));
    expect(await list('?courseId=finnes-ikke')).toEqual([]);
  });

  it('refuses a type or a course id it does not know, in Norwegian', async () => {
    const badType = await asAdmin('/api/admin/lessons?type=podcast');
    expect(badType.status).toBe(400);
    expect(badType.body).toMatchObject({ issues: [{ path: 'type', message: 'Typen må være video, task, text eller html' }] });
    expect((await asAdmin('/api/admin/lessons?courseId=Ikke%20gyldig')).status).toBe(400);
  });

  it('reads the list in one statement however many lessons there are', async () => {
    const count = async () => (await callCountingStatements(admin, '/api/admin/lessons', { cookie: adminCookie })).statements;
    const before = await count();
    const [module] = await (await db()).select({ id: modules.id }).from(modules).limit(1);
    await (await db()).insert(lessons).values(
      Array.from({ length: 50 }, (_, i) => ({
        moduleId: module!.id,
        title: `Mange ${i}`,
        type: 'text' as const,
        content: { text: 'x' },
        orderIndex: 1000 + i,
      })),
    );
    expect(await count()).toBe(before);
    // The session lookup, then the list.
    expect(before).toBe(2);
  });
});
