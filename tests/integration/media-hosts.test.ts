import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lessons } from '../../db/schema';
import { seedModuleId } from '../../db/seed-ids';
import admin from '../../netlify/functions/admin';
import courseContentFunctions from '../../netlify/functions/course-content';
import type { AdminLesson } from '../../src/schemas/admin';
import { setMediaOrigins } from '../../src/schemas/media';
import type { CourseWithContent } from '../../src/schemas/player';
import { acquireAppDb } from '../../src/server/platform/db';
import { call, makeCatalogueFree, signIn } from '../helpers';

/**
 * Issue 20, point 3: one media rule on both sides (decision 25). Lessons take video, captions and
 * images from the site's own paths or from a host in MEDIA_HOSTS, which the player's CSP allows;
 * any other host is refused with a Norwegian 400 naming the field, so nothing is stored that the
 * player would refuse. (Before: every https URL was stored with 201 and the player blocked it.)
 */

const COURSE = 'grunnleggende-ki';
const MODULE = seedModuleId(COURSE, 0);
const ALLOWED = 'https://media.kurs.test';

let adminCookie: string;
let learner: string;
beforeAll(async () => {
  // Learners read what the admin wrote: every course open (entitlements.test.ts covers access).
  await makeCatalogueFree();
  adminCookie = await signIn('admin@demo.no');
  learner = await signIn('ny@demo.no');
});
afterEach(() => setMediaOrigins([]));

const asAdmin = (path: string, method: string, json?: unknown) => call(admin, path, { method, json, cookie: adminCookie });
const lessonCount = async () => (await (await acquireAppDb()).db.select({ id: lessons.id }).from(lessons).where(eq(lessons.moduleId, MODULE))).length;
const videoLesson = (videoUrl: string, content: Record<string, unknown> = {}) =>
  asAdmin(`/api/admin/modules/${MODULE}/lessons`, 'POST', { title: 'Ekstern video', lessonType: 'video', content, videoUrl, durationSeconds: 28 });

interface Refusal {
  error: string;
  issues: { path: string; message: string }[];
}

describe('media hosts the admin may use', () => {
  it('refuses a video on another host with a 400 naming the field and the host, and stores nothing', async () => {
    setMediaOrigins([ALLOWED]);
    const before = await lessonCount();
    const result = await videoLesson('https://evil.example/v.mp4');
    expect(result.status).toBe(400);
    const body = result.body as Refusal;
    expect(body.issues).toEqual([
      {
        path: 'videoUrl',
        message:
          'Video-URL kan ikke hentes fra evil.example. Den må være en sti på nettstedet (for eksempel /media/video.mp4) eller en https-adresse hos den godkjente mediaverten https://media.kurs.test',
      },
    ]);
    expect(body.error).toBe(body.issues[0]!.message);
    expect(await lessonCount()).toBe(before);
  });

  it('without MEDIA_HOSTS refuses every external video and says only site paths are accepted', async () => {
    const result = await videoLesson(`${ALLOWED}/v.mp4`);
    expect(result.status).toBe(400);
    expect((result.body as Refusal).error).toBe(
      'Video-URL kan ikke hentes fra media.kurs.test. Den må være en sti på nettstedet, for eksempel /media/video.mp4 (nettstedet har ingen godkjente eksterne medieverter)',
    );
  });

  it('refuses captions on another host, naming the captions field', async () => {
    setMediaOrigins([ALLOWED]);
    const result = await videoLesson(`${ALLOWED}/v.mp4`, { captionsUrl: 'https://evil.example/v.vtt' });
    expect(result.status).toBe(400);
    const body = result.body as Refusal;
    expect(body.issues.map((i) => i.path)).toEqual(['content.captionsUrl']);
    expect(body.error).toMatch(/^Teksting-URL kan ikke hentes fra evil\.example\./);
  });

  it('refuses an edit that moves a video to another host', async () => {
    setMediaOrigins([ALLOWED]);
    const created = await videoLesson('/media/demo-leksjon.mp4');
    expect(created.status).toBe(201);
    const id = (created.body as AdminLesson).id;
    const result = await asAdmin(`/api/admin/lessons/${id}/content`, 'PUT', { content: { text: 'x' }, videoUrl: 'https://evil.example/v.mp4' });
    expect(result.status).toBe(400);
    expect((result.body as Refusal).issues[0]).toMatchObject({ path: 'videoUrl' });
  });

  it('refuses lesson HTML with an image from another host (create and edit), naming the field', async () => {
    setMediaOrigins([ALLOWED]);
    const html = '<p>Se bildet:</p><img src="https://evil.example/track.png" alt="Sporingspiksel">';
    const create = await asAdmin(`/api/admin/modules/${MODULE}/lessons`, 'POST', {
      title: 'Bilde',
      lessonType: 'html',
      content: { html },
      videoUrl: null,
    });
    expect(create.status).toBe(400);
    const expected = {
      path: 'content.html',
      message:
        'Innhold (HTML) har et bilde fra evil.example. Bilder må være en sti på nettstedet (for eksempel /media/bilde.png) eller en https-adresse hos den godkjente mediaverten https://media.kurs.test',
    };
    expect((create.body as Refusal).issues).toEqual([expected]);

    const ok = await asAdmin(`/api/admin/modules/${MODULE}/lessons`, 'POST', {
      title: 'Bilde',
      lessonType: 'html',
      content: { html: `<p>Se bildet:</p><img src="${ALLOWED}/figur.png" alt="Figur"><img src="/media/figur.png" alt="Lokal">` },
      videoUrl: null,
    });
    expect(ok.status).toBe(201);
    const edit = await asAdmin(`/api/admin/lessons/${(ok.body as AdminLesson).id}/content`, 'PUT', {
      content: { html: '<img src="http://media.kurs.test/x.png">' },
    });
    expect(edit.status).toBe(400);
    expect((edit.body as Refusal).issues[0]).toMatchObject({ path: 'content.html' });
  });

  it('refuses a video-library entry on another host, naming the URL field', async () => {
    setMediaOrigins([ALLOWED]);
    const result = await asAdmin('/api/admin/videos', 'POST', { title: 'Ekstern', url: 'https://evil.example/v.mp4' });
    expect(result.status).toBe(400);
    expect((result.body as Refusal).issues).toEqual([
      { path: 'url', message: expect.stringMatching(/^URL kan ikke hentes fra evil\.example\./) as unknown },
    ]);
    const allowed = await asAdmin('/api/admin/videos', 'POST', { title: 'Ekstern', url: `${ALLOWED}/v.mp4` });
    expect(allowed.status).toBe(201);
  });

  it('stores video, captions and images on an allowed host, and the learner gets them as stored', async () => {
    setMediaOrigins([ALLOWED]);
    const video = await videoLesson(`${ALLOWED}/v.mp4`, { captionsUrl: `${ALLOWED}/v.vtt` });
    expect(video.status).toBe(201);
    const html = await asAdmin(`/api/admin/modules/${MODULE}/lessons`, 'POST', {
      title: 'Med bilde',
      lessonType: 'html',
      content: { html: `<p>Figur</p><img src="${ALLOWED}/figur.png" alt="Figur">` },
      videoUrl: null,
    });
    expect(html.status).toBe(201);

    const course = (await call(courseContentFunctions, `/api/courses/${COURSE}/with-content`, { cookie: learner })).body as CourseWithContent;
    const all = course.modules.flatMap((m) => m.lessons);
    const played = all.find((l) => l.id === (video.body as AdminLesson).id);
    expect(played?.content).toMatchObject({ videoUrl: `${ALLOWED}/v.mp4`, captionsUrl: `${ALLOWED}/v.vtt` });
    const shown = all.find((l) => l.id === (html.body as AdminLesson).id);
    expect((shown?.content as { html: string }).html).toContain(`<img alt="Figur" src="${ALLOWED}/figur.png" />`);
  });
});
