import { type APIRequestContext, expect, type Page, request as playwrightRequest, type Route, test } from '@playwright/test';
import { sharedSecurityHeaders } from '../../src/server/platform/security-headers';
import { builtPages, cspMetaProblems } from './csp-order';
import { signIn } from './helpers';
import { hostileHtmlLesson } from './player-fixture';
import { expectNoInjectedMarkup, trap } from './xss-trap';

/**
 * Security regressions in the browser (issue 15), against the production build:
 *  - the security headers on static pages, static files, the on-demand course player
 *    (and /admin once it exists) and function responses, as `npm run serve` sends them;
 *  - XSS: hostile text in every place a user's or an admin's text is rendered back
 *    (names, video notes, chat messages and conversation titles, the assistant's replies,
 *    admin course/module names and lesson titles, HTML lessons) never runs. A trap counts
 *    calls of `__xssHit`, alert/confirm/prompt, dialogs, page errors and CSP violations
 *    (an injected inline handler is blocked by the CSP, but the violation shows the
 *    markup got in); the text must appear literally, as text.
 * Headers and rendering do not depend on the viewport: desktop only.
 */

test.skip(({ isMobile }) => isMobile, 'headers and escaping are the same at every width; the desktop project checks them');

const V = {
  img: `<img src=x onerror="__xssHit('img')">`,
  script: `<script>__xssHit('script')</script>`,
  svg: `"><svg onload="__xssHit('svg')">`,
  js: `javascript:__xssHit('js')`,
  mdLink: `[klikk her](javascript:__xssHit('md'))`,
};
/**
 * Names and titles refuse `<` and `>` (issue 20, decision 22): their vectors are what is left
 * without them, an attribute break-out, entities that would decode to markup, and links.
 */
const N = {
  attr: `" onfocus="__xssHit('attr')" autofocus x="`,
  entity: `&lt;img src=x onerror=__xssHit('entity')&gt;`,
  js: V.js,
  mdLink: V.mdLink,
};

// --- headers ------------------------------------------------------------------

const pageHeaders = Object.entries(sharedSecurityHeaders);

/** Static files get exactly netlify.toml's set; an on-demand page's CSP is Astro's (with its hashes) plus frame-ancestors. */
function expectPageHeaders(headers: Record<string, string>, what: string, onDemand = false) {
  for (const [name, value] of pageHeaders) {
    if (onDemand && name === 'Content-Security-Policy') continue;
    expect(headers[name.toLowerCase()], `${what}: ${name}`).toBe(value);
  }
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
}

function expectApiHeaders(headers: Record<string, string>, what: string) {
  for (const [name, value] of pageHeaders) {
    if (name === 'Content-Security-Policy') continue;
    expect(headers[name.toLowerCase()], `${what}: ${name}`).toBe(value);
  }
  expect(headers['content-security-policy'], what).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
}

test.describe('security headers', () => {
  test('static pages and files', async ({ request }) => {
    for (const path of ['/', '/om-oss', '/logg-inn', '/ki-for-kontoret', '/finnes-ikke', '/robots.txt', '/favicon.svg']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBeLessThan(500);
      // '/' is rendered on demand (the landing page, or the dashboard with a session): Astro's policy.
      expectPageHeaders(response.headers(), path, path === '/');
    }
    // A built script file.
    const html = await (await request.get('/logg-inn')).text();
    const script = /src="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expectPageHeaders((await request.get(script!)).headers(), script!);
    // The page itself also carries Astro's hashed <meta> policy without 'unsafe-inline' for scripts.
    const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/i.exec(html)?.[1] ?? '';
    expect(meta).toMatch(/script-src 'self'/);
    expect(meta).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  test('the on-demand course player and /admin', async ({ page }) => {
    await signIn(page, 'elev@demo.no');
    await expect(page).toHaveURL(/\/$/);
    const player = await page.request.get('/course/grunnleggende-ki', { maxRedirects: 0 });
    expect(player.status()).toBe(200);
    expectPageHeaders(player.headers(), '/course/grunnleggende-ki', true);
    expect(player.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(player.headers()['cache-control']).toBe('private, no-store');

    const admin = await page.request.get('/admin', { maxRedirects: 0 });
    if (admin.status() === 404) {
      test.info().annotations.push({ type: 'note', description: '/admin does not exist on this branch yet (404): its headers were not checked' });
    } else {
      // Static (netlify.toml's set) or on demand (Astro's hashed policy header plus frame-ancestors).
      expectPageHeaders(admin.headers(), '/admin', /'sha256-/.test(admin.headers()['content-security-policy'] ?? ''));
    }
  });

  test('function responses: JSON, errors, refusals and the sign-out page', async ({ page }) => {
    const anonymous = await page.request.get('/api/courses');
    expect(anonymous.status()).toBe(401);
    expectApiHeaders(anonymous.headers(), 'GET /api/courses (401)');
    expectApiHeaders((await page.request.get('/api/health')).headers(), 'GET /api/health');
    // No function serves this path: the CDN's 404 page, a static file with the page headers.
    expectPageHeaders((await page.request.get('/api/finnes-ikke')).headers(), 'GET /api/finnes-ikke (404)');
    const crossSite = await page.request.post('/api/auth/login', {
      data: { email: 'elev@demo.no', password: 'demo1234' },
      headers: { Origin: 'https://evil.example' },
    });
    expect(crossSite.status()).toBe(403);
    expectApiHeaders(crossSite.headers(), 'POST /api/auth/login cross-site (403)');

    await signIn(page, 'elev@demo.no');
    await expect(page).toHaveURL(/\/$/);
    const courses = await page.request.get('/api/courses');
    expect(courses.status()).toBe(200);
    expectApiHeaders(courses.headers(), 'GET /api/courses');
    expect(courses.headers()['cache-control']).toBe('no-store');
    // The confirmation page a cross-site GET /api/logout gets: HTML, with its own strict policy.
    const logoutPage = await page.request.get('/api/logout', { headers: { 'Sec-Fetch-Site': 'cross-site' }, maxRedirects: 0 });
    expect(logoutPage.status()).toBe(200);
    expect(logoutPage.headers()['content-security-policy']).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
    expect(logoutPage.headers()['x-content-type-options']).toBe('nosniff');
  });

  test('no page of ours can be framed by another site', async ({ page }) => {
    // An about:blank page (another origin) tries to frame the landing page and the player.
    await signIn(page, 'elev@demo.no');
    await expect(page).toHaveURL(/\/$/);
    const origin = new URL(page.url()).origin;
    const frame = await page.context().newPage();
    // setContent waits for the page's load event, which waits for both frames: each has loaded
    // what the browser let it load (our page, or the error page of a refused frame).
    await frame.setContent(`<iframe id="a" src="${origin}/"></iframe><iframe id="b" src="${origin}/course/grunnleggende-ki"></iframe>`, {
      waitUntil: 'load',
    });
    await expect.poll(() => frame.frames().filter((f) => f !== frame.mainFrame() && f.url() !== 'about:blank').length).toBe(2);
    for (const id of ['a', 'b']) {
      const loaded = await frame.evaluate((i) => {
        const el = document.getElementById(i) as HTMLIFrameElement;
        try {
          return el.contentDocument?.body?.innerHTML ?? '';
        } catch {
          return 'cross-origin';
        }
      }, id);
      // A refused frame is an error page from Chromium (about:blank-like, readable, empty of our content).
      expect(loaded).not.toContain('KI Akademiet');
    }
    const frames = frame.frames().filter((f) => f !== frame.mainFrame());
    for (const f of frames) expect(await f.title().catch(() => '')).not.toMatch(/KI Akademiet|Kurs/);
    await frame.close();
  });
});

test('every built page: the CSP <meta> comes right after <meta charset>, before every script', async ({ page }) => {
  // A policy covers only what follows it (decision 22: src/dev/csp-meta-first.ts moves Astro's <meta> up).
  const pages = builtPages('dist');
  expect(pages.length).toBeGreaterThan(10);
  for (const file of pages) expect(await cspMetaProblems(page, file), file).toEqual([]);
});

// --- faults in the browser ------------------------------------------------------

test('a 503 from the API (database down) shows the error state with "Prøv igjen", which recovers', async ({ page }) => {
  await signIn(page, 'elev@demo.no');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Hei / })).toBeVisible();
  // The page came with its data (rendered on the server); a fourth enrolled course reads its
  // modules in the browser when it is opened. The database goes away: that read answers as the
  // API does then.
  const down = (route: Route) =>
    route.fulfill({
      status: 503,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '5' },
      body: JSON.stringify({ error: 'Tjenesten er midlertidig utilgjengelig. Prøv igjen om litt.' }),
    });
  const modules = /\/api\/courses\/ki-chatgpt-mester\/modules-with-progress$/;
  await page.route(modules, down);
  const card = page.getByRole('region', { name: 'Kurs', exact: true });
  await card.getByRole('button', { name: /Påmeldt\s*ChatGPT Mester/ }).click();
  await expect(card.getByRole('alert')).toContainText('Kunne ikke hente modulene.');
  await expect(card.getByText('Laster...')).toHaveCount(0);
  // Back again: 'Prøv igjen' reads once more and the modules show.
  await page.unroute(modules, down);
  await card.getByRole('button', { name: 'Prøv igjen' }).click();
  await expect(card.getByRole('alert')).toHaveCount(0);
  await expect(card.getByRole('link', { name: /^Start: / }).first()).toBeVisible();
});

// --- XSS ----------------------------------------------------------------------

async function api(page: Page): Promise<{ post: (path: string, data: unknown) => Promise<unknown> }> {
  const origin = new URL(page.url()).origin;
  return {
    async post(path, data) {
      const response = await page.request.post(path, { data, headers: { Origin: origin } });
      expect(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`).toBe(true);
      return response.json();
    },
  };
}

test.describe('XSS: hostile text is shown as text and never runs', () => {
  test('a name given at registration, on the dashboard and in the user menu', async ({ page }, testInfo) => {
    const hits = await trap(page);
    const email = `xss.${testInfo.project.name}.${Date.now()}@example.no`;
    await page.goto('/logg-inn');
    await page.getByRole('link', { name: 'Opprett konto' }).click();
    // Markup in a name is refused, in Norwegian, naming the field.
    await page.getByLabel('Fornavn').fill(V.img);
    await page.getByLabel('Etternavn').fill(N.attr);
    await page.getByLabel('E-post').fill(email);
    await page.getByLabel('Passord').fill('et passord som er langt nok');
    await page.getByRole('button', { name: 'Opprett konto' }).click();
    await expect(page.getByText('Fornavn kan ikke inneholde tegnene < og >').first()).toBeVisible();
    await expect(page).toHaveURL(/registrer/);
    // What a name may hold still shows as text.
    await page.getByLabel('Fornavn').fill(N.entity);
    await page.getByRole('button', { name: 'Opprett konto' }).click();
    await expect(page).toHaveURL(/\/$/);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hei ${N.entity}, klar for å fortsette læringen?`);
    const menu = page.getByRole('button', { name: /^Brukermeny for/ });
    await expect(menu).toContainText(`${N.entity} ${N.attr}`);
    await menu.click();
    await expect(page.getByRole('menu').getByText(`${N.entity} ${N.attr}`, { exact: true })).toBeVisible();
    await expectNoInjectedMarkup(page);
    expect(await hits()).toEqual([]);

    // The same after a reload (the name now comes from the server's session).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hei ${N.entity}, klar for å fortsette læringen?`);
    await expectNoInjectedMarkup(page);
    expect(await hits()).toEqual([]);
  });

  test('video notes in the player, and chat messages, conversation titles and replies in the assistant panel', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const hits = await trap(page);
    // A fresh account, so nothing here touches the demo accounts other specs check.
    const email = `xss.notes.${testInfo.project.name}.${Date.now()}@example.no`;
    await page.goto('/logg-inn');
    const client = await api(page);
    await client.post('/api/auth/register', { firstName: 'Xss', lastName: 'Test', email, password: 'et passord som er langt nok' });
    // No enrollment: the course costs money, and its first lesson (a video) is a preview every
    // signed-in user may open and take notes on (decision 26).

    // Video notes: one per vector, through the API and one through the form.
    const office = (await (await page.request.get('/api/courses/ki-for-kontoret/with-content')).json()) as {
      modules: { lessons: { id: string; contentType: string }[] }[];
    };
    const video = office.modules.flatMap((m) => m.lessons).find((l) => l.contentType === 'video')!;
    const noteTexts = [V.img, V.script, V.svg, V.js, `${V.mdLink}\n<b>fet</b> & &amp; &lt;`];
    for (const [i, noteText] of noteTexts.slice(1).entries())
      await client.post('/api/video-notes', { lessonId: video.id, timestamp: i + 1, noteText });
    await page.goto(`/course/ki-for-kontoret?lessonId=${video.id}`);
    await page.getByLabel('Nytt notat').fill(noteTexts[0]!);
    await page.getByRole('button', { name: 'Lagre notat' }).click();
    const notes = page.getByRole('list', { name: 'Dine notater' });
    await expect(notes.getByText(V.img, { exact: true })).toBeVisible();
    await page.reload();
    for (const text of noteTexts.slice(0, 4)) await expect(notes.getByText(text, { exact: true })).toBeVisible();
    await expect(notes.getByText(/<b>fet<\/b> & &amp; &lt;/)).toBeVisible();
    await expectNoInjectedMarkup(page);
    expect(await hits()).toEqual([]);

    // Chat: a conversation titled with a vector, messages with every vector, the assistant's reply.
    await client.post('/api/chat/conversations', { title: N.attr });
    await page.goto('/');
    await page.getByRole('button', { name: 'KI-assistent', exact: true }).click();
    const panel = page.getByRole('complementary', { name: 'KI-assistent' });
    await expect(panel.getByRole('button', { name: N.attr, exact: true })).toBeVisible();
    await panel.getByRole('button', { name: N.attr, exact: true }).click();
    const log = panel.getByRole('log', { name: 'Meldinger' });
    const message = `Hva er en prompt? ${V.img} ${V.script} ${V.mdLink} ${V.js}`;
    await panel.getByPlaceholder('Skriv en melding...').fill(message);
    await panel.getByPlaceholder('Skriv en melding...').press('Enter');
    await expect(log.locator('[data-role="user"]').getByText(message)).toBeVisible();
    await expect(log.locator('[data-role="assistant"]').first()).toBeVisible();
    await expect(log.getByText('Tenker...')).toHaveCount(0);
    // The reply is Markdown: its links are ours (lessons), never javascript:.
    for (const href of await log.locator('[data-role="assistant"] a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '')))
      expect(href).toMatch(/^\/course\//);
    await expectNoInjectedMarkup(page);
    expect(await hits()).toEqual([]);
  });

  test('an HTML lesson with a script, an onerror handler and a javascript: link', async ({ page }) => {
    const hits = await trap(page);
    await signIn(page, 'elev@demo.no');
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/course/${hostileHtmlLesson.courseId}?lessonId=${hostileHtmlLesson.id}`);
    await expect(page.locator('[data-lesson-html]').getByText('Dette avsnittet skal vises.')).toBeVisible();
    await expectNoInjectedMarkup(page);
    expect(await page.evaluate(() => (window as { __e2eXss?: string }).__e2eXss)).toBeUndefined();
    expect(await hits()).toEqual([]);
  });

  test('admin course and module names and lesson titles (admin API)', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const admin: APIRequestContext = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
    try {
      expect((await admin.post('/api/auth/login', { data: { email: 'admin@demo.no', password: 'demo1234' } })).status()).toBe(200);
      const list = await admin.get('/api/admin/courses');
      test.skip(
        list.status() === 404,
        'the admin API (h-admin-api) is not on this branch: GET /api/admin/courses → 404. Run again after merging it.',
      );
      expect(list.status()).toBe(200);
      const courseId = 'ki-filmproduksjon';
      const original = ((await list.json()) as { id: string; title: string }[]).find((c) => c.id === courseId)!.title;
      const ok = async (response: Awaited<ReturnType<APIRequestContext['put']>>) => {
        expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
        return response.json() as Promise<{ id: string }>;
      };
      // The names keep the course's title in front: the course player spec finds the course by it meanwhile.
      const courseName = `${original} ${N.entity}`;
      const moduleName = `Modul ${N.attr} ${N.mdLink}`;
      const lessonTitle = `Leksjon ${N.entity} ${N.js}`;
      try {
        // Markup in a name is refused outright (decision 22); what a name may hold shows as text below.
        expect((await admin.put(`/api/admin/courses/${courseId}/name`, { data: { name: `${original} ${V.img}` } })).status()).toBe(400);
        await ok(await admin.put(`/api/admin/courses/${courseId}/name`, { data: { name: courseName } }));
        // A new module and lessons at the end of the course (the other specs use the seeded ones).
        const module = await ok(await admin.post(`/api/admin/courses/${courseId}/modules`, { data: { title: 'Midlertidig' } }));
        await ok(await admin.put(`/api/admin/modules/${module.id}/name`, { data: { name: moduleName } }));
        const text = await ok(
          await admin.post(`/api/admin/modules/${module.id}/lessons`, {
            data: {
              title: 'Midlertidig',
              lessonType: 'text',
              content: { text: `Sikkerhetsvalidering av innhold. ${V.mdLink} ${V.script} ${V.img}` },
              videoUrl: null,
            },
          }),
        );
        await ok(
          await admin.put(`/api/admin/lessons/${text.id}/content`, {
            data: { title: lessonTitle, content: { text: `Sikkerhetsvalidering. ${V.mdLink} ${V.img}` }, videoUrl: null },
          }),
        );
        const html = await ok(
          await admin.post(`/api/admin/modules/${module.id}/lessons`, {
            data: {
              title: `HTML ${N.attr}`,
              lessonType: 'html',
              content: { html: `<p>Trygt avsnitt.</p>${V.script}${V.img}<a href="${V.js}">lenke</a>${V.svg}` },
              videoUrl: null,
            },
          }),
        );

        // The admin opens the player on the new lessons.
        const hits = await trap(page);
        await signIn(page, 'admin@demo.no');
        await expect(page).toHaveURL(/\/$/);
        await page.goto(`/course/${courseId}?lessonId=${text.id}`);
        await expect(page.getByRole('heading', { level: 2, name: lessonTitle, exact: true })).toBeVisible();
        await expect(page.getByText(moduleName).first()).toBeVisible();
        await expectNoInjectedMarkup(page);
        await page.goto(`/course/${courseId}?lessonId=${html.id}`);
        await expect(page.locator('[data-lesson-html]').getByText('Trygt avsnitt.')).toBeVisible();
        await expectNoInjectedMarkup(page);
        expect(await hits()).toEqual([]);

        // The admin page shows the names.
        if ((await page.request.get('/admin')).status() !== 404) {
          await page.goto('/admin');
          await expect(page.getByText(courseName).first()).toBeVisible({ timeout: 15_000 });
          await expectNoInjectedMarkup(page);
          expect(await hits()).toEqual([]);
        }

        // The offline assistant quotes the new lesson: its reply is safe Markdown.
        await page.goto('/');
        await page.getByRole('button', { name: 'KI-assistent', exact: true }).click();
        const panel = page.getByRole('complementary', { name: 'KI-assistent' });
        await panel.getByRole('button', { name: 'Ny samtale', exact: true }).first().click();
        await panel.getByPlaceholder('Skriv en melding...').fill('Hva er sikkerhetsvalidering?');
        await panel.getByPlaceholder('Skriv en melding...').press('Enter');
        const log = panel.getByRole('log', { name: 'Meldinger' });
        await expect(log.locator('[data-role="assistant"]').first()).toBeVisible();
        await expect(log.getByText('Tenker...')).toHaveCount(0);
        await expectNoInjectedMarkup(page);
        expect(await hits()).toEqual([]);
        const conversations = (await (await page.request.get('/api/chat/conversations')).json()) as { id: string }[];
        for (const c of conversations)
          await page.request.delete(`/api/chat/conversations/${c.id}`, { headers: { Origin: new URL(page.url()).origin } });
      } finally {
        await admin.put(`/api/admin/courses/${courseId}/name`, { data: { name: original } });
      }
    } finally {
      await admin.dispose();
    }
  });
});
