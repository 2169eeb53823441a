import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadRenderers } from 'astro:container';
import { getContainerRenderer } from '@astrojs/react/container-renderer';
import { parseSetCookie } from 'cookie';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../db/catalogue';
import { lessons, users } from '../../db/schema';
import { DEMO_PASSWORD_HASH } from '../../db/seed';
import { seedLessonId } from '../../db/seed-ids';
import AdminPage from '../../src/pages/admin.astro';
import PlayerPage from '../../src/pages/course/[courseId].astro';
import { acquireAppDb } from '../../src/server/platform/db';
import { env } from '../../src/server/platform/env';
import { createSession } from '../../src/server/auth/session';
import { ORIGIN, signIn } from '../helpers';

/**
 * The course player and /admin rendered on the server with their data (issue 26, acceptance 3;
 * decision 34). The pages themselves (src/pages/course/[courseId].astro, src/pages/admin.astro)
 * are rendered through Astro's container API with the React renderer, against this file's own
 * database, as the SSR function renders them: the guard, the session check, the services, the
 * island's server markup and its props.
 *
 * This file runs in the `integration-pages` project (vitest.pages.config.ts), whose Vite config
 * is Astro's own, so `.astro` files compile; every other integration test file runs without it.
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

/** Text that only the locked lessons hold (set below), so its absence from the HTML means something. */
const SECRET = {
  videoUrl: 'https://media.example.no/laast/hemmelig-video.mp4',
  captionsUrl: 'https://media.example.no/laast/hemmelig-teksting.vtt',
  videoDescription: 'Hemmelig videobeskrivelse for betalende',
  instructions: 'Hemmelige instruksjoner for betalende',
  question: 'Hemmelig spørsmål?',
  answer: 'Hemmelig svar',
};

let container: AstroContainer;

beforeAll(async () => {
  // The project's own directive (client:ready, astro.config.ts) beside Astro's: the container knows
  // only Astro's unless told. The script the page would inline does not matter to these tests.
  const clientDirectives = new Map(['idle', 'load', 'media', 'only', 'visible', 'ready'].map((name) => [name, `/* client:${name} */`]));
  container = await AstroContainer.create({
    renderers: await loadRenderers([getContainerRenderer()]),
    manifest: { clientDirectives } as unknown as NonNullable<Parameters<typeof AstroContainer.create>[0]>['manifest'],
  });
  container.addClientRenderer({ name: '@astrojs/react', entrypoint: '@astrojs/react/client.js' });
  const database = await db();
  await database
    .update(lessons)
    .set({
      content: {
        videoUrl: SECRET.videoUrl,
        captionsUrl: SECRET.captionsUrl,
        durationSeconds: 28,
        description: SECRET.videoDescription,
      },
    })
    .where(eq(lessons.id, LOCKED_VIDEO));
  await database
    .update(lessons)
    .set({ content: { instructions: SECRET.instructions, questions: [{ question: SECRET.question, answer: SECRET.answer }] } })
    .where(eq(lessons.id, LOCKED_TASK));
});

let accounts = 0;
/** A fresh individual learner with no access to any paid course, signed in (the Cookie header). */
async function freshLearner(): Promise<{ id: string; cookie: string }> {
  const email = `ssr-${++accounts}-${Date.now()}@example.no`;
  const [row] = await (
    await db()
  )
    .insert(users)
    .values({ email, passwordHash: DEMO_PASSWORD_HASH, firstName: 'Side', lastName: 'Test' })
    .returning({ id: users.id });
  return { id: row!.id, cookie: await signIn(email, 'demo1234', `198.18.201.${accounts}`) };
}

async function render(page: typeof PlayerPage, path: string, cookie?: string, params: Record<string, string> = {}) {
  const response = await container.renderToResponse(page, {
    request: new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} }),
    params,
    partial: false,
  });
  return { response, html: await response.text() };
}

const player = (courseId: string, cookie?: string, search = '') => render(PlayerPage, `/course/${courseId}${search}`, cookie, { courseId });

/** Nothing of the course: neither its title nor any lesson's. */
function expectNoCourseMarkup(html: string) {
  expect(html).not.toContain(course.title);
  for (const lesson of course.modules.flatMap((m) => m.lessons)) expect(html).not.toContain(lesson.title);
  expect(html).not.toContain('astro-island');
}

describe('the course player page', () => {
  it('sends a visitor without a session cookie to sign-in before any course markup', async () => {
    const { response, html } = await player(COURSE, undefined, '?lessonId=x');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/api/login?next=${encodeURIComponent(`/course/${COURSE}?lessonId=x`)}`);
    expectNoCourseMarkup(html);
  });

  it('sends an expired session to sign-in before any course markup, and clears its cookies', async () => {
    const learner = await freshLearner();
    const past = new Date(Date.now() - (env.SESSION_DAYS + 1) * 86_400_000);
    const { token } = await createSession(await db(), learner.id, past);
    const { response, html } = await player(COURSE, `session=${token}; signed_in=1`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/api/login?next=${encodeURIComponent(`/course/${COURSE}`)}`);
    const cleared = response.headers.getSetCookie().map((c) => parseSetCookie(c));
    expect(cleared.find((c) => c.name === 'session')?.value).toBe('');
    expect(cleared.find((c) => c.name === 'signed_in')?.value).toBe('');
    expectNoCourseMarkup(html);
  });

  it('sends a forged session cookie to sign-in too', async () => {
    const { response, html } = await player(COURSE, 'session=ikke.gyldig');
    expect(response.status).toBe(302);
    expectNoCourseMarkup(html);
  });

  it("answers an unknown course, or a malformed id, with 'Kurs ikke funnet' and 404", async () => {
    const { cookie } = await freshLearner();
    for (const courseId of ['finnes-ikke', 'IKKE_ET_KURS%20']) {
      const { response, html } = await player(courseId, cookie);
      expect(response.status).toBe(404);
      expect(html).toContain('<h1 class="text-2xl font-bold text-ink">Kurs ikke funnet</h1>');
      expect(html).toContain('<title>Kurs ikke funnet | KI Akademiet</title>');
      expect(html).toContain('href="/"');
      expect(html).not.toContain('astro-island');
    }
  });

  it('renders a learner without access the outline and the preview, but no locked lesson body, video URL or captions', async () => {
    const { cookie } = await freshLearner();
    for (const search of ['', `?lessonId=${LOCKED_VIDEO}`, `?lessonId=${LOCKED_TASK}`]) {
      const { response, html } = await player(COURSE, cookie, search);
      expect(response.status).toBe(200);
      // The outline (every lesson's title) and the purchase banner are there.
      for (const lesson of course.modules.flatMap((m) => m.lessons)) expect(html).toContain(escapeHtml(lesson.title));
      expect(html).toContain('Kjøp kurset');
      // Nothing of the locked lessons' content: not in the markup, not in the island's props.
      for (const secret of Object.values(SECRET)) expect(html).not.toContain(escapeHtml(secret));
      expect(html).not.toContain('hemmelig');
    }
    // The locked video is shown locked; the preview (the first lesson) plays.
    const locked = await player(COURSE, cookie, `?lessonId=${LOCKED_VIDEO}`);
    expect(locked.html).toContain('Denne leksjonen er låst');
    expect(locked.html).not.toContain('<video');
    const preview = await player(COURSE, cookie, `?lessonId=${PREVIEW}`);
    expect(preview.html).toMatch(/<video[^>]* src="\/media\/[^"]+\.mp4"/);
  });

  it('renders the first view for a learner with the course: heading, outline, the lesson and the video, with the data in the island', async () => {
    const cookie = await signIn('elev@demo.no', 'demo1234', '198.18.202.1');
    const { response, html } = await player(COURSE, cookie, `?lessonId=${PREVIEW}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const lesson = course.modules[0]!.lessons[0]!;
    expect(html).toContain(`<title>${escapeHtml(`${lesson.title} – ${course.title}`)} | KI Akademiet</title>`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeRegExp(escapeHtml(course.title))}</h1>`));
    expect(html).toMatch(new RegExp(`<h2 id="leksjon-tittel"[^>]*>${escapeRegExp(escapeHtml(lesson.title))}</h2>`));
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-label="Kursinnhold"');
    expect(html).toMatch(/<video[^>]* src="\/media\/[^"]+\.mp4"/);
    // The island hydrates with the same data (Astro's props attribute) and renders on the server (ssr).
    expect(html).toMatch(/<astro-island[^>]* ssr[ >]/);
    expect(html).toContain('&quot;progress&quot;');
    // No inline style attribute (the page's CSP refuses them).
    expect(html).not.toMatch(/\sstyle="/);
    // Complete at once: no Suspense boundary left to stream or given up to the browser (React's
    // inline scripts for those, which the CSP refuses).
    expect(html).not.toMatch(/<!--\$[!?]-->/);
    // The parts React hydrates one by one (HydrateInParts: header, lesson, outline, assistant) are
    // complete boundaries in place, not hidden segments that an inline script would move.
    expect(html.match(/<!--\$-->/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(html).not.toContain('$RC');
    expect(html).not.toMatch(/<div hidden id="/);
  });
});

describe('the admin page', () => {
  it('sends a visitor without a session to sign-in before any markup', async () => {
    const { response, html } = await render(AdminPage, '/admin');
    expect(response.status).toBe(302);
    expect(html).not.toContain('Innholdsbehandling');
  });

  it("answers a learner 'Ingen tilgang' with 403, without the admin island or data", async () => {
    const { cookie } = await freshLearner();
    const { response, html } = await render(AdminPage, '/admin', cookie);
    expect(response.status).toBe(403);
    expect(html).toContain('Ingen tilgang');
    expect(html).toContain('Kun administratorer og superbrukere har tilgang til administrasjonsdashboardet.');
    expect(html).not.toContain('astro-island');
    expect(html).not.toContain('Innholdsbehandling');
  });

  it('renders an admin the first tab (Innholdsbehandling › Kurs) with the course list', async () => {
    const cookie = await signIn('admin@demo.no', 'demo1234', '198.18.202.2');
    const { response, html } = await render(AdminPage, '/admin', cookie);
    expect(response.status).toBe(200);
    expect(html).toContain('Administrasjonsdashboard');
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>Innholdsbehandling</);
    for (const c of catalogue) expect(html).toContain(`Velg kurs «${escapeHtml(c.title)}»`);
    expect(html).toMatch(/<astro-island[^>]* ssr[ >]/);
    expect(html).not.toMatch(/\sstyle="/);
    expect(html).not.toMatch(/<!--\$[!?]-->/);
    expect(html.match(/<!--\$-->/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(html).not.toContain('$RC');
    // Radix's ids carry the island's useId prefix, as the browser's hydrateRoot makes them
    // (src/dev/react-string-ids.ts): a tab opened later is the panel its trigger names.
    const prefix = /<astro-island[^>]* prefix="([^"]+)"/.exec(html)?.[1];
    expect(prefix).toBeTruthy();
    expect(html).toMatch(new RegExp(`id="radix-_${prefix}R_[^"]*-trigger-innhold"`));
  });
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
