import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, relative, resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { sharedSecurityHeaders, staticCsp } from '../../src/server/platform/security-headers';
import { builtPages, cspMetaProblems } from '../e2e/csp-order';
import { expectNoInjectedMarkup, trap } from '../e2e/xss-trap';
import { hostileBuild } from './fixture';

/**
 * Issue 20, point 1: a build whose database holds an admin's course and module titles with
 * `</script><script>…` (global-setup.ts makes it). Its pages show the titles as text, nothing in
 * them runs (the XSS trap of security.spec.ts), the JSON-LD still parses to the title, and the
 * CSP <meta> stands first in every page's <head>. The pages are served from the out dir with
 * the static pages' headers, as `npm run serve` and netlify.toml send them.
 */

const outDir = resolve(hostileBuild.outDir);
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
};

/** The out dir at hostileBuild.origin, Netlify's way (`/x` is x.html); anything else is 404.html. */
async function serveBuild(page: Page): Promise<void> {
  await page.route(`${hostileBuild.origin}/**`, async (route) => {
    const path = decodeURIComponent(new URL(route.request().url()).pathname);
    const base = normalize(join(outDir, path === '/' ? 'index.html' : path));
    const file = [base, `${base}.html`].find((f) => f.startsWith(`${outDir}/`) && existsSync(f) && statSync(f).isFile());
    await route.fulfill({
      status: file ? 200 : 404,
      headers: { ...sharedSecurityHeaders, 'Content-Security-Policy': staticCsp },
      contentType: types[extname(file ?? '.html')] ?? 'application/octet-stream',
      body: readFileSync(file ?? join(outDir, '404.html')),
    });
  });
}

const urlOf = (file: string) => `${hostileBuild.origin}/${relative(outDir, file).replace(/(index)?\.html$/, '')}`;

test('hostile titles from the database: shown as text on every page that has them, nothing runs', async ({ page }) => {
  const [course, other] = hostileBuild.courses;
  const carriers = builtPages(outDir).filter((file) => readFileSync(file, 'utf8').includes('__xssHit'));
  const coursePage = join(outDir, `${course!.id}.html`);
  // The landing page ('/') is rendered on demand (it is the dashboard for a signed-in learner), so
  // it is not in the out dir; it draws the titles with the same components as the course pages.
  expect(carriers, 'the course pages have the titles from the database').toEqual(
    expect.arrayContaining([coursePage, join(outDir, `${other!.id}.html`)]),
  );
  const hits = await trap(page);
  await serveBuild(page);
  for (const file of carriers) {
    await page.goto(urlOf(file));
    const html = readFileSync(file, 'utf8');
    for (const { token, title } of hostileBuild.courses.filter((c) => html.includes(c.token))) {
      await expect(page.getByText(title).first(), `${file}: ${token}`).toBeAttached();
    }
    expect(await hits(), file).toEqual([]);
    await expectNoInjectedMarkup(page);
    // JSON-LD holds the titles as data: every block parses, nothing else in a <script> names the trap.
    const scripts = await page
      .locator('script:not([src])')
      .evaluateAll((all) => all.map((s) => ({ type: s.getAttribute('type'), text: s.textContent ?? '' })));
    for (const script of scripts.filter((s) => s.text.includes('__xssHit'))) {
      expect(script.type, `${file}: a script with the title in it`).toBe('application/ld+json');
      expect(() => JSON.parse(script.text), file).not.toThrow();
    }
  }

  await page.goto(urlOf(coursePage));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(course!.title);
  await expect(page).toHaveTitle(`${course!.title} – nettkurs | KI Akademiet`);
  await expect(page.getByText(`Modul 1: ${hostileBuild.moduleTitle}`, { exact: true }).first()).toBeAttached();
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const data = ld.map((text) => JSON.parse(text) as { '@type': string; name?: string }).find((d) => d['@type'] === 'Course');
  expect(data?.name).toBe(course!.title);
  await expectNoInjectedMarkup(page);
  expect(await hits()).toEqual([]);
});

test('every page of that build: the CSP <meta> right after <meta charset>, before every script', async ({ page }) => {
  const pages = builtPages(outDir);
  expect(pages.length).toBeGreaterThan(10);
  for (const file of pages) expect(await cspMetaProblems(page, file), relative(outDir, file)).toEqual([]);
});
