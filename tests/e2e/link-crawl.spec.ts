import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { openDashboard, signIn } from './helpers';
import { publicRoutes } from './public-routes';

/**
 * Issue 29, point 7: no dead ends. A crawl of every page, anonymous and in every signed-in state,
 * finds no internal link that answers 404 (or any other error).
 * - Anonymous: from '/' and every public route, each page's HTML is read and every internal link
 *   followed, page by page, until no new page turns up.
 * - Signed in: the app's pages are drawn in the browser (their links exist only once the island
 *   has loaded), with the user menu open; every internal link on them is requested with the
 *   user's cookies.
 */

const isInternalPage = (url: URL, origin: string) =>
  url.origin === origin && !url.pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(url.pathname);

/** The status of `path` (redirects followed; an /api link is a link too, e.g. /api/login). */
async function statusOf(request: APIRequestContext, path: string, cache: Map<string, number>): Promise<number> {
  if (!cache.has(path)) cache.set(path, (await request.get(path)).status());
  return cache.get(path)!;
}

test.describe('link crawl', () => {
  test.skip(({ isMobile }) => isMobile, 'the links are the same at every width');
  test.describe.configure({ timeout: 180_000 });

  test('anonymous: every internal link of every page reachable from / answers', async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const statuses = new Map<string, number>();
    const queue: string[] = ['/', ...publicRoutes, '/kontakt', '/finnes-ikke'];
    const seen = new Set<string>(queue);
    const broken: string[] = [];
    while (queue.length > 0) {
      const from = queue.shift()!;
      const response = await request.get(from);
      if (from !== '/finnes-ikke' && response.status() !== 200) broken.push(`${from} answers ${response.status()}`);
      const html = await response.text();
      // Every button that opens the booking calendar says that it books (issue 29: 'Start gratis prøveperiode' did not).
      for (const [, label] of html.matchAll(/<a\b[^>]*\bdata-booking[^>]*>[\s\S]*?<span[^>]*>([^<]*)<\/span>/g)) {
        if (!/^Book /.test(label!.trim())) broken.push(`${from}: the booking button «${label!.trim()}» does not say that it books a meeting`);
      }
      for (const [, href] of html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)) {
        const url = new URL(href!.replaceAll('&amp;', '&'), new URL(from, origin));
        if (url.origin !== origin) continue;
        // A fragment of the page itself (the skip link) needs no request.
        if (url.pathname === new URL(from, origin).pathname && url.hash) continue;
        const path = url.pathname + url.search;
        if (url.pathname === '/api/logout') continue;
        const status = await statusOf(request, path, statuses);
        if (status >= 400) broken.push(`${from}: ${href} answers ${status}`);
        if (status === 200 && isInternalPage(url, origin) && !seen.has(url.pathname)) {
          seen.add(url.pathname);
          queue.push(url.pathname);
        }
      }
    }
    test.info().annotations.push({ type: 'pages crawled', description: String(seen.size) });
    expect(seen.size).toBeGreaterThan(publicRoutes.length);
    expect(broken).toEqual([]);
  });

  /** Every internal link on the page as drawn (with the user menu open), requested with the page's cookies. */
  async function brokenLinks(page: Page, statuses: Map<string, number>): Promise<string[]> {
    await page.waitForLoadState('networkidle');
    const menu = page.getByRole('button', { name: /^Brukermeny for / });
    if (await menu.isVisible()) {
      await menu.click();
      await expect(page.getByRole('menu')).toBeVisible();
    }
    const origin = new URL(page.url()).origin;
    const hrefs = await page.$$eval('a[href]', (links) => links.map((a) => (a as HTMLAnchorElement).href));
    if (await menu.isVisible()) await page.keyboard.press('Escape');
    const broken: string[] = [];
    for (const href of new Set(hrefs)) {
      const url = new URL(href);
      if (url.origin !== origin || url.pathname === '/api/logout') continue;
      const status = await statusOf(page.request, url.pathname + url.search, statuses);
      if (status >= 400) broken.push(`${new URL(page.url()).pathname}: ${url.pathname + url.search} answers ${status}`);
    }
    return broken;
  }

  const states: { email: string; firstName: string; pages: string[] }[] = [
    { email: 'elev@demo.no', firstName: 'Emma', pages: ['/', '/course/ki-for-kontoret', '/konto', '/kjop'] },
    { email: 'ny@demo.no', firstName: 'Jonas', pages: ['/', '/course/ki-for-kontoret', '/konto', '/kjop'] },
    { email: 'bedrift@demo.no', firstName: 'Marte', pages: ['/', '/bedrift', '/konto'] },
    { email: 'admin@demo.no', firstName: 'Lars', pages: ['/', '/admin'] },
    { email: 'superbruker@demo.no', firstName: 'Ingrid', pages: ['/', '/admin'] },
  ];

  for (const state of states) {
    test(`signed in as ${state.email}: every internal link on ${state.pages.join(', ')} answers`, async ({ page }) => {
      const statuses = new Map<string, number>();
      await openDashboard(page, state.email, state.firstName);
      const broken: string[] = [];
      for (const path of state.pages) {
        if (path !== '/') await page.goto(path);
        broken.push(...(await brokenLinks(page, statuses)));
      }
      expect(broken).toEqual([]);
    });
  }

  test('signed in, the public pages link the same places (a signed-in visitor of /kontakt)', async ({ page }) => {
    await signIn(page, 'elev@demo.no');
    await expect(page.getByRole('heading', { level: 1, name: /^Hei / })).toBeVisible();
    await page.goto('/kontakt');
    expect(await brokenLinks(page, new Map())).toEqual([]);
  });
});
