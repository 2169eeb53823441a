import { asc, count, eq, inArray, not, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ContentAuditEntry, contentAuditLog, courses, lessons, modules, userAuditLog, videos } from '../../db/schema';
import { seedId, seedLessonId, seedModuleId } from '../../db/seed-ids';
import admin from '../../netlify/functions/admin';
import type { AdminLesson, AdminModule, AdminVideo } from '../../src/schemas/admin';
import type { AdminAuditPage } from '../../src/schemas/audit';
import { AUDIT_FIELD_MAX_CHARS } from '../../src/server/admin/content-audit.service';
import { acquireAppDb, appDriver } from '../../src/server/platform/db';
import { allowConsoleErrors, call, callCountingStatements, signIn } from '../helpers';

/**
 * Issue 20: every admin write to the content leaves exactly one audit entry (who, what, which row,
 * the changed fields before and after), written in the write's own transaction; superusers read
 * those entries and the user audit in one timeline (GET /api/admin/audit).
 */

const db = async () => (await acquireAppDb()).db;
const ADMIN = seedId('user:admin@demo.no');
const SUPERUSER = seedId('user:superbruker@demo.no');
const COURSE = 'ki-for-kontoret';
const firstModule = seedModuleId(COURSE, 0);
const NOBODY = '00000000-0000-4000-8000-0000000000ff';

let adminCookie: string;
let superuser: string;
beforeAll(async () => {
  adminCookie = await signIn('admin@demo.no');
  superuser = await signIn('superbruker@demo.no');
});

const asAdmin = (path: string, method = 'GET', json?: unknown) => call(admin, path, { method, json, cookie: adminCookie });
const asSuperuser = (path: string) => call(admin, path, { cookie: superuser });

/** The content audit entries `work` wrote (none there before it ran), oldest first. */
async function written(work: () => Promise<unknown>): Promise<ContentAuditEntry[]> {
  const d = await db();
  const before = (await d.select({ id: contentAuditLog.id }).from(contentAuditLog)).map((r) => r.id);
  await work();
  return d
    .select()
    .from(contentAuditLog)
    .where(before.length ? not(inArray(contentAuditLog.id, before)) : undefined)
    .orderBy(asc(contentAuditLog.createdAt), asc(contentAuditLog.id));
}

const entry = (e: ContentAuditEntry) => ({
  actorId: e.actorId,
  action: e.action,
  targetType: e.targetType,
  targetId: e.targetId,
  before: e.before,
  after: e.after,
});

describe('each admin content write leaves exactly one entry', () => {
  it('course.rename: the title before and after, by the admin who did it', async () => {
    const [old] = await (await db()).select({ title: courses.title }).from(courses).where(eq(courses.id, COURSE));
    const entries = await written(async () => {
      expect((await asAdmin(`/api/admin/courses/${COURSE}/name`, 'PUT', { name: 'Kontor-KI (revidert)' })).status).toBe(200);
    });
    expect(entries.map(entry)).toEqual([
      {
        actorId: ADMIN,
        action: 'course.rename',
        targetType: 'course',
        targetId: COURSE,
        before: { title: old!.title },
        after: { title: 'Kontor-KI (revidert)' },
      },
    ]);
  });

  it('module.rename', async () => {
    const [old] = await (await db()).select({ title: modules.title }).from(modules).where(eq(modules.id, firstModule));
    const entries = await written(async () => {
      expect((await asAdmin(`/api/admin/modules/${firstModule}/name`, 'PUT', { name: 'Første modul (revidert)' })).status).toBe(200);
    });
    expect(entries.map(entry)).toEqual([
      {
        actorId: ADMIN,
        action: 'module.rename',
        targetType: 'module',
        targetId: firstModule,
        before: { title: old!.title },
        after: { title: 'Første modul (revidert)' },
      },
    ]);
  });

  it('a rename to the same title changes nothing and writes nothing', async () => {
    const [old] = await (await db()).select({ title: courses.title }).from(courses).where(eq(courses.id, COURSE));
    const entries = await written(async () => {
      expect((await asAdmin(`/api/admin/courses/${COURSE}/name`, 'PUT', { name: old!.title })).status).toBe(200);
    });
    expect(entries).toEqual([]);
  });

  let module: AdminModule;
  it('module.create: before null, after the new module’s fields', async () => {
    const entries = await written(async () => {
      const result = await asAdmin(`/api/admin/courses/${COURSE}/modules`, 'POST', { title: 'Revisjonsmodul', description: 'Om sporing' });
      expect(result.status).toBe(201);
      module = result.body as AdminModule;
    });
    expect(entries.map(entry)).toEqual([
      {
        actorId: ADMIN,
        action: 'module.create',
        targetType: 'module',
        targetId: module.id,
        before: null,
        after: { courseId: COURSE, title: 'Revisjonsmodul', description: 'Om sporing', orderIndex: module.orderIndex },
      },
    ]);
  });

  let lesson: AdminLesson;
  it('lesson.create: before null, after the new lesson’s fields', async () => {
    const entries = await written(async () => {
      const result = await asAdmin(`/api/admin/modules/${module.id}/lessons`, 'POST', {
        title: 'Revisjonsleksjon',
        lessonType: 'html',
        content: { html: '<p>Første versjon</p>' },
        videoUrl: null,
      });
      expect(result.status).toBe(201);
      lesson = result.body as AdminLesson;
    });
    expect(entries.map(entry)).toEqual([
      {
        actorId: ADMIN,
        action: 'lesson.create',
        targetType: 'lesson',
        targetId: lesson.id,
        before: null,
        after: { moduleId: module.id, title: 'Revisjonsleksjon', type: 'html', orderIndex: 0, 'content.html': '<p>Første versjon</p>' },
      },
    ]);
  });

  it('lesson.update: only the changed fields, here the HTML', async () => {
    const entries = await written(async () => {
      const result = await asAdmin(`/api/admin/lessons/${lesson.id}/content`, 'PUT', {
        title: 'Revisjonsleksjon',
        content: { html: '<p>Andre versjon</p>' },
        videoUrl: null,
      });
      expect(result.status).toBe(200);
    });
    expect(entries.map(entry)).toEqual([
      {
        actorId: ADMIN,
        action: 'lesson.update',
        targetType: 'lesson',
        targetId: lesson.id,
        before: { 'content.html': '<p>Første versjon</p>' },
        after: { 'content.html': '<p>Andre versjon</p>' },
      },
    ]);
  });

  it('lesson.update of a video lesson: the title and the description, the kept URL and length not', async () => {
    const videoLesson = (await (await db()).select({ id: lessons.id }).from(lessons).where(eq(lessons.type, 'video')).limit(1))[0]!.id;
    const [old] = await (await db()).select({ title: lessons.title, content: lessons.content }).from(lessons).where(eq(lessons.id, videoLesson));
    const entries = await written(async () => {
      const result = await asAdmin(`/api/admin/lessons/${videoLesson}/content`, 'PUT', {
        title: 'Ny videotittel (revisjon)',
        content: { text: 'Ny beskrivelse (revisjon)' },
        videoUrl: null,
      });
      expect(result.status).toBe(200);
    });
    expect(entries.map(entry)).toEqual([
      {
        actorId: ADMIN,
        action: 'lesson.update',
        targetType: 'lesson',
        targetId: videoLesson,
        before: { title: old!.title, 'content.description': (old!.content as { description?: string }).description ?? null },
        after: { title: 'Ny videotittel (revisjon)', 'content.description': 'Ny beskrivelse (revisjon)' },
      },
    ]);
  });

  it('stores long lesson content clipped to AUDIT_FIELD_MAX_CHARS with a marker (the lesson itself whole)', async () => {
    const long = `<p>${'Lang tekst. '.repeat(2_000)}</p>`;
    const entries = await written(async () => {
      expect((await asAdmin(`/api/admin/lessons/${lesson.id}/content`, 'PUT', { content: { html: long }, videoUrl: null })).status).toBe(200);
    });
    expect(entries).toHaveLength(1);
    const after = entries[0]!.after as Record<string, string>;
    expect(after['content.html']!.startsWith(long.slice(0, AUDIT_FIELD_MAX_CHARS))).toBe(true);
    expect(after['content.html']).toContain(`[avkortet: ${long.length} tegn]`);
    expect(after['content.html']!.length).toBeLessThan(AUDIT_FIELD_MAX_CHARS + 40);
    const [stored] = await (await db()).select({ content: lessons.content }).from(lessons).where(eq(lessons.id, lesson.id));
    expect((stored!.content as { html: string }).html).toBe(long);
  });

  it('module.move and lesson.move: the place (1 = first) before and after; a move that changes nothing writes nothing', async () => {
    const second = seedModuleId(COURSE, 1);
    const moduleEntries = await written(async () => {
      expect((await asAdmin(`/api/admin/modules/${second}/move`, 'POST', { direction: 'up' })).status).toBe(200);
    });
    expect(moduleEntries.map(entry)).toEqual([
      { actorId: ADMIN, action: 'module.move', targetType: 'module', targetId: second, before: { position: 2 }, after: { position: 1 } },
    ]);
    expect(
      await written(async () => {
        expect((await asAdmin(`/api/admin/modules/${second}/move`, 'POST', { direction: 'up' })).status).toBe(200);
      }),
    ).toEqual([]);

    const firstLesson = seedLessonId(COURSE, 0, 0);
    const lessonEntries = await written(async () => {
      expect((await asAdmin(`/api/admin/lessons/${firstLesson}/move`, 'POST', { direction: 'down' })).status).toBe(200);
    });
    expect(lessonEntries.map(entry)).toEqual([
      { actorId: ADMIN, action: 'lesson.move', targetType: 'lesson', targetId: firstLesson, before: { position: 1 }, after: { position: 2 } },
    ]);
  });

  it('video.create and video.delete: the video’s fields after, then before', async () => {
    let video: AdminVideo;
    const created = await written(async () => {
      const result = await asAdmin('/api/admin/videos', 'POST', { title: 'Revisjonsvideo', url: '/media/demo-leksjon.mp4', durationSeconds: 28 });
      expect(result.status).toBe(201);
      video = result.body as AdminVideo;
    });
    const fields = { title: 'Revisjonsvideo', url: '/media/demo-leksjon.mp4', description: null, durationSeconds: 28 };
    expect(created.map(entry)).toEqual([
      { actorId: ADMIN, action: 'video.create', targetType: 'video', targetId: video!.id, before: null, after: fields },
    ]);
    const deleted = await written(async () => {
      expect((await asAdmin(`/api/admin/videos/${video.id}`, 'DELETE')).status).toBe(200);
    });
    expect(deleted.map(entry)).toEqual([
      { actorId: ADMIN, action: 'video.delete', targetType: 'video', targetId: video!.id, before: fields, after: null },
    ]);
  });

  it('a refused write (404, 400) writes nothing', async () => {
    const entries = await written(async () => {
      expect((await asAdmin('/api/admin/courses/finnes-ikke/name', 'PUT', { name: 'X' })).status).toBe(404);
      expect((await asAdmin(`/api/admin/videos/${NOBODY}`, 'DELETE')).status).toBe(404);
      expect((await asAdmin(`/api/admin/lessons/${lesson.id}/content`, 'PUT', { content: { html: '' }, videoUrl: null })).status).toBe(400);
      expect((await asAdmin(`/api/admin/modules/${NOBODY}/move`, 'POST', { direction: 'up' })).status).toBe(404);
    });
    expect(entries).toEqual([]);
  });
});

describe('what the audit costs', () => {
  it('one INSERT per write, inside a transaction (renames and video writes gained BEGIN and COMMIT too)', async () => {
    const count = async (path: string, method: string, json?: unknown) => {
      const result = await callCountingStatements(admin, path, { method, json, cookie: adminCookie });
      expect(result.status, `${method} ${path}: ${result.text}`).toBeLessThan(300);
      return result.statements;
    };
    const video = async () =>
      (await call(admin, '/api/admin/videos', { json: { title: 'Telles', url: '/media/demo-leksjon.mp4' }, cookie: adminCookie })).body as AdminVideo;
    const lessonId = seedLessonId(COURSE, 2, 0); // a video lesson
    // The session lookup, then BEGIN … COMMIT (counted by node-postgres, not by PGlite's own
    // transactions) around: the row locked and read, the write, the entry.
    const tx = appDriver() === 'pglite' ? 0 : 2;
    expect({
      rename: await count(`/api/admin/courses/${COURSE}/name`, 'PUT', { name: 'Telt kursnavn' }),
      moduleCreate: await count(`/api/admin/courses/${COURSE}/modules`, 'POST', { title: 'Telt' }),
      lessonCreate: await count(`/api/admin/modules/${firstModule}/lessons`, 'POST', {
        title: 'T',
        lessonType: 'text',
        content: { text: 't' },
        videoUrl: null,
      }),
      lessonUpdate: await count(`/api/admin/lessons/${lessonId}/content`, 'PUT', { title: 'Telt', content: { text: 'Telt' }, videoUrl: null }),
      move: await count(`/api/admin/lessons/${lessonId}/move`, 'POST', { direction: 'down' }),
      videoCreate: await count('/api/admin/videos', 'POST', { title: 'Telt', url: '/media/demo-leksjon.mp4' }),
      videoDelete: await count(`/api/admin/videos/${(await video()).id}`, 'DELETE'),
    }).toEqual({
      rename: 4 + tx,
      moduleCreate: 5 + tx,
      lessonCreate: 5 + tx,
      lessonUpdate: 4 + tx,
      move: 5 + tx,
      videoCreate: 3 + tx,
      videoDelete: 3 + tx,
    });
  });
});

describe('the entry and the change are one transaction', () => {
  it('when the entry cannot be written, the write is not kept either (500, nothing changed)', async () => {
    allowConsoleErrors();
    const d = await db();
    const snapshot = async () => ({
      courses: await d.select({ id: courses.id, title: courses.title }).from(courses).orderBy(courses.id),
      modules: await d.select({ id: modules.id, title: modules.title, orderIndex: modules.orderIndex }).from(modules).orderBy(modules.id),
      lessons: await d
        .select({ id: lessons.id, title: lessons.title, content: lessons.content, orderIndex: lessons.orderIndex })
        .from(lessons)
        .orderBy(lessons.id),
      videos: await d.select({ id: videos.id }).from(videos).orderBy(videos.id),
      audit: (await d.select({ n: count() }).from(contentAuditLog))[0]!.n,
    });
    const [video] = await d.insert(videos).values({ title: 'Blir stående', url: '/media/demo-leksjon.mp4' }).returning({ id: videos.id });
    // The database refuses every audit entry from here on.
    await d.execute(sql`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit refused'; END $$`);
    await d.execute(sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON content_audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()`);
    try {
      const before = await snapshot();
      const lessonId = seedLessonId(COURSE, 0, 1);
      const writes: [string, string, unknown?][] = [
        [`/api/admin/courses/${COURSE}/name`, 'PUT', { name: 'Aldri lagret' }],
        [`/api/admin/modules/${firstModule}/name`, 'PUT', { name: 'Aldri lagret' }],
        [`/api/admin/courses/${COURSE}/modules`, 'POST', { title: 'Aldri lagret' }],
        [`/api/admin/modules/${firstModule}/lessons`, 'POST', { title: 'Aldri', lessonType: 'text', content: { text: 'x' }, videoUrl: null }],
        [`/api/admin/lessons/${lessonId}/content`, 'PUT', { title: 'Aldri lagret', content: { text: 'Aldri' }, videoUrl: null }],
        // Real moves (the earlier test put these two first).
        [`/api/admin/modules/${seedModuleId(COURSE, 1)}/move`, 'POST', { direction: 'down' }],
        [`/api/admin/lessons/${lessonId}/move`, 'POST', { direction: 'down' }],
        ['/api/admin/videos', 'POST', { title: 'Aldri lagret', url: '/media/demo-leksjon.mp4' }],
        [`/api/admin/videos/${video!.id}`, 'DELETE'],
      ];
      for (const [path, method, json] of writes) {
        expect((await asAdmin(path, method, json)).status, `${method} ${path}`).toBe(500);
      }
      expect(await snapshot()).toEqual(before);
    } finally {
      await d.execute(sql`DROP TRIGGER refuse_audit ON content_audit_log`);
      await d.execute(sql`DROP FUNCTION refuse_audit()`);
    }
  });
});

// --- GET /api/admin/audit -----------------------------------------------------------

describe('GET /api/admin/audit', () => {
  const page = async (query = '') => {
    const result = await asSuperuser(`/api/admin/audit${query}`);
    expect(result.status, result.text).toBe(200);
    return result.body as AdminAuditPage;
  };

  it('shows content and user changes in one timeline, newest first, with the actor and a readable target', async () => {
    const target = seedId('user:ny@demo.no');
    const role = await call(admin, `/api/admin/users/${target}/role`, { method: 'PUT', json: { role: 'company_admin' }, cookie: superuser });
    expect(role.status).toBe(200);
    expect((await asAdmin(`/api/admin/courses/${COURSE}/name`, 'PUT', { name: 'Kontor-KI (tidslinje)' })).status).toBe(200);

    const { entries } = await page('?limit=2');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      source: 'content',
      action: 'course.rename',
      actor: { id: ADMIN, email: 'admin@demo.no' },
      target: { type: 'course', id: COURSE, label: 'Kontor-KI (tidslinje)' },
      after: { title: 'Kontor-KI (tidslinje)' },
    });
    expect(entries[0]!.actor!.name).not.toBe('');
    expect(entries[1]).toMatchObject({
      source: 'user',
      action: 'user.role_changed',
      actor: { id: SUPERUSER, email: 'superbruker@demo.no' },
      target: { type: 'user', id: target },
      before: { role: 'individual' },
      after: { role: 'company_admin' },
    });
    expect(entries[1]!.target.label).toMatch(/\S/);
    expect(Date.parse(entries[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(entries[1]!.createdAt));
  });

  it('names a lesson or module with its course, and a deleted video by its stored title', async () => {
    const { entries } = await page('?limit=100');
    const lessonEntry = entries.find((e) => e.action === 'lesson.update');
    expect(lessonEntry?.target).toMatchObject({ type: 'lesson', label: expect.any(String), course: expect.any(String) });
    // The row is gone: the label is the title its delete entry stored.
    const deleted = entries.filter((e) => e.action === 'video.delete');
    expect(deleted.length).toBeGreaterThan(0);
    for (const e of deleted) expect(e.target).toMatchObject({ type: 'video', label: e.before?.title });
    expect(deleted.map((e) => e.target.label)).toContain('Revisjonsvideo');
  });

  it('pages through every entry once, in (created_at, id) order, ties and microseconds included', async () => {
    const d = await db();
    // Same instant for many rows (ties broken by id), and instants one microsecond apart.
    const at = '2020-05-05 10:00:00.123456+00';
    await d.insert(contentAuditLog).values(
      Array.from({ length: 12 }, (_, i) => ({
        actorId: ADMIN,
        action: 'course.rename',
        targetType: 'course',
        targetId: COURSE,
        before: { title: `A${i}` },
        after: { title: `B${i}` },
        createdAt: sql`${i < 8 ? at : `2020-05-05 10:00:00.12345${i}+00`}::timestamptz`,
      })),
    );
    await d.insert(userAuditLog).values(
      Array.from({ length: 5 }, () => ({
        userId: seedId('user:elev@demo.no'),
        actorId: SUPERUSER,
        action: 'role_changed' as const,
        createdAt: sql`${at}::timestamptz`,
      })),
    );
    const order = (
      (await d.execute(sql`
        SELECT id::text AS id FROM (
          SELECT id, created_at FROM content_audit_log UNION ALL SELECT id, created_at FROM user_audit_log
        ) t ORDER BY created_at DESC, id DESC`)) as unknown as { rows: { id: string }[] }
    ).rows.map((r) => r.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 100; i++) {
      const result: AdminAuditPage = await page(`?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(result.entries.length).toBeLessThanOrEqual(7);
      seen.push(...result.entries.map((e) => e.id));
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    expect(seen.length).toBeGreaterThan(17);
    expect(seen).toEqual(order);
  });

  it('answers a bad cursor or limit with a Norwegian 400', async () => {
    for (const query of [
      '?cursor=abc',
      '?cursor=' + Buffer.from('{"t":"2026-13-01T00:00:00.000000Z","id":"x"}').toString('base64url'),
      '?cursor=' + Buffer.from(JSON.stringify({ t: '0000-01-01T00:00:00.000000Z', id: NOBODY })).toString('base64url'),
      '?limit=0',
      '?limit=101',
      '?limit=tre',
    ]) {
      const result = await asSuperuser(`/api/admin/audit${query}`);
      expect(result.status, query).toBe(400);
      const body = result.body as { error: string; issues: { path: string; message: string }[] };
      expect(body.issues[0]?.message, query).toMatch(/^(Sidemarkøren \(cursor\) er ugyldig|Antall per side \(limit\) må være)/);
      expect(body.error).toBe(body.issues[0]?.message);
    }
  });

  it('runs two statements (the session, the page) however many entries there are', async () => {
    const statements = async () => {
      const result = await callCountingStatements(admin, '/api/admin/audit?limit=50', { cookie: superuser });
      expect(result.status).toBe(200);
      return result.statements;
    };
    expect(await statements()).toBe(2);
    const d = await db();
    await d.insert(contentAuditLog).values(
      Array.from({ length: 500 }, (_, i) => ({
        actorId: ADMIN,
        action: 'lesson.update',
        targetType: 'lesson',
        targetId: seedLessonId(COURSE, 0, i % 2),
        before: { title: `F${i}` },
        after: { title: `T${i}` },
      })),
    );
    expect(await statements()).toBe(2);
  });
});
