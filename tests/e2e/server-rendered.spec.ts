import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';
import { courseTitle, seededLesson } from './player-fixture';

/**
 * The course player and /admin are rendered on the server with their data and hydrate with it
 * (issue 26, decision 34): the markup arrives with the page, hydrating changes nothing (no
 * hydration error, no console error or warning of any kind, no CSP violation), and the island
 * asks the API nothing it was given. React's production build reports a hydration mismatch as
 * an uncaught error (#418/#425), which `pageerror` and the console both see;
 * src/islands/server-rendered.test.tsx checks the same views with React's development build,
 * which also reports attribute mismatches.
 */

const OFFICE = 'ki-for-kontoret';

/** The page's console errors and warnings and its uncaught errors, from before the first request. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

/** The /api paths a page on `pagePath` asks for (the page it came from may still be asking for its own). */
function watchApi(page: Page, pagePath: string): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    const referer = request.headers()['referer'];
    if (url.pathname.startsWith('/api/') && referer && new URL(referer).pathname === pagePath) paths.push(url.pathname);
  });
  return paths;
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => document.querySelector('astro-island') !== null && document.querySelector('astro-island[ssr]') === null);
  await page.waitForLoadState('networkidle');
}

test.describe('server-rendered player', () => {
  for (const [kind, index] of [
    ['video', 0],
    ['task', 2],
  ] as const) {
    test(`a ${kind} lesson: in the HTML, hydrated without a warning or a request for its data`, async ({ page }) => {
      const lesson = seededLesson(OFFICE, 0, index);
      expect(lesson.type).toBe(kind);
      await signIn(page, 'elev@demo.no');
      await expect(page).toHaveURL(/\/$/);
      const path = `/course/${OFFICE}?lessonId=${lesson.id}`;

      // The server's answer already holds the first view.
      const html = await (await page.request.get(path)).text();
      expect(html).toContain(`>${lesson.title}</h2>`);
      expect(html).toContain(`>${courseTitle(OFFICE)}</h1>`);
      if (kind === 'video') expect(html).toMatch(/<video[^>]* src="/);

      const problems = watchConsole(page);
      const api = watchApi(page, `/course/${OFFICE}`);
      await page.goto(path);
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 2, name: lesson.title, exact: true })).toBeVisible();
      expect(problems).toEqual([]);
      // The user, the course and the progress came with the page; only the notes are read (after
      // hydration), and a text or task lesson reports the time spent on it (a write, no data read).
      expect(api.filter((p) => !/^\/api\/lessons\/[^/]+\/(video-notes|study-time)$/.test(p))).toEqual([]);

      // Hydrated: the outline moves to the next lesson without loading the page.
      const next = seededLesson(OFFICE, 0, index + 1);
      await page.evaluate(() => ((window as { __samePage?: boolean }).__samePage = true));
      const link = page.getByRole('navigation', { name: 'Kursinnhold' }).getByRole('link', { name: next.title });
      if (!(await link.isVisible()))
        await page
          .getByRole('navigation', { name: 'Kursinnhold' })
          .getByRole('button', { name: /Kursinnhold/ })
          .click();
      await link.click();
      await expect(page.getByRole('heading', { level: 2, name: next.title, exact: true })).toBeVisible();
      expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
      expect(problems).toEqual([]);
    });
  }
});

test.describe('server-rendered /admin', () => {
  for (const email of ['admin@demo.no', 'superbruker@demo.no']) {
    test(`${email}: the first tab in the HTML, hydrated without a warning or a request for its data`, async ({ page }) => {
      await signIn(page, email);
      await expect(page).toHaveURL(/\/$/);
      const html = await (await page.request.get('/admin')).text();
      expect(html).toContain(`Velg kurs «${courseTitle(OFFICE)}»`);

      const problems = watchConsole(page);
      const api = watchApi(page, '/admin');
      await page.goto('/admin');
      await hydrated(page);
      await expect(page.getByRole('button', { name: `Velg kurs «${courseTitle(OFFICE)}»` })).toBeVisible();
      expect(problems).toEqual([]);
      expect(api).toEqual([]);

      // Hydrated: the tabs work, and Videoer loads its chunk and its data when opened.
      await page.getByRole('tab', { name: 'Videoer', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Registrer video' })).toBeVisible();
      expect(api).toEqual(['/api/admin/videos']);
      expect(problems).toEqual([]);
    });
  }
});

test.describe('server-rendered dashboard', () => {
  /** Signs in through the API (the page's own request context shares the browser's cookies). */
  async function signInByApi(page: Page, email: string) {
    const response = await page.request.post('/api/auth/login', {
      data: { email, password: 'demo1234' },
      headers: { 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(response.ok()).toBe(true);
  }

  /** The titles of the learner's enrolled courses, as the API answers them. */
  async function enrolledTitles(page: Page): Promise<string[]> {
    const enrollments = (await (await page.request.get('/api/users/me/enrollments')).json()) as { courseId: string }[];
    const courses = (await (await page.request.get('/api/courses')).json()) as { id: string; title: string }[];
    return enrollments.map((e) => courses.find((c) => c.id === e.courseId)?.title ?? e.courseId);
  }

  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });

    test("the learner's greeting, courses and certificates are in the page's own HTML", async ({ page }) => {
      await signInByApi(page, 'elev@demo.no');
      const titles = await enrolledTitles(page);
      expect(titles.length).toBeGreaterThan(0);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Hei Emma, klar for å fortsette læringen?' })).toBeVisible();
      const courses = page.getByRole('region', { name: 'Kurs', exact: true });
      for (const title of titles) await expect(courses.getByText(title, { exact: true })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Kursbevis' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Laster' })).toHaveCount(0);
      // Not the landing page behind it.
      await expect(page.getByRole('link', { name: 'Kom i gang' })).toHaveCount(0);
    });
  });

  test('hydrated without a warning or a request for its data; the app joins the site header', async ({ page }) => {
    await signInByApi(page, 'elev@demo.no');
    const problems = watchConsole(page);
    const api = watchApi(page, '/');
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Hei Emma, klar for å fortsette læringen?' })).toBeVisible();
    expect(problems).toEqual([]);
    expect(api).toEqual([]);
    // Hydrated: the assistant's button is in the site header, and opens the panel.
    await page.getByRole('button', { name: 'KI-assistent', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'KI-assistent' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a signed-in learner never sees the landing page, and nothing moves when the dashboard hydrates', async ({ page }) => {
    await signInByApi(page, 'elev@demo.no');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/.+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    // Before any of its JavaScript: the dashboard itself, not the landing page or a placeholder.
    await expect(page.getByRole('heading', { level: 1, name: 'Hei Emma, klar for å fortsette læringen?' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Kurs', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kom i gang' })).toHaveCount(0);
    await page.evaluate(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    release();
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'KI-assistent', exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.01);
  });

  test('without a valid session, / is the landing page with no app code; a stale session cookie is cleared', async ({ page, context, baseURL }) => {
    const anonymous = await page.request.get('/');
    expect(anonymous.status()).toBe(200);
    const html = await anonymous.text();
    expect(html).not.toContain('<astro-island');
    expect(anonymous.headers()['netlify-vary']).toBe('cookie=session');

    await context.addCookies([
      { name: 'session', value: 'ikke-en-gyldig-okt', url: baseURL ?? 'http://localhost:4322' },
      { name: 'signed_in', value: '1', url: baseURL ?? 'http://localhost:4322' },
    ]);
    const stale = await page.goto('/');
    expect(stale?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('link', { name: 'Kom i gang' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Hei / })).toHaveCount(0);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('session');
  });
});
