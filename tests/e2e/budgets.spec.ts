import { expect, test } from '@playwright/test';
import { axeViolations, recordScripts } from './helpers';
import { checkoutRoutes, publicRoutes, staticRoutes } from './public-routes';

/**
 * Deterministic budgets of the public site, measured on the production build:
 * JavaScript bytes per page, axe-core (WCAG 2.1 AA) and internal links.
 */

const JS_BUDGET_GZIP_BYTES = 5 * 1024;

test.describe('JavaScript budget', () => {
  test.skip(({ isMobile }) => isMobile, 'the bytes are the same at every width');

  // One test per page: a walk over every page in one test outgrew its time on a slow machine.
  for (const route of staticRoutes) {
    test(`static page ${route} ships at most ${JS_BUDGET_GZIP_BYTES} bytes of gzipped JavaScript and no React`, async ({ page }) => {
      const scripts = recordScripts(page);
      await page.goto(route, { waitUntil: 'networkidle' });
      const { urls, sources, gzipBytes } = await scripts.measure();
      test.info().annotations.push({ type: 'js-bytes', description: `${route}: ${urls.length} files, ${gzipBytes} B gzip` });
      expect(gzipBytes, `${route} JavaScript (gzip)`).toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES);
      for (const source of sources) {
        expect(source, `${route} must not load React`).not.toContain('react.transitional.element');
        expect(source, `${route} must not load React`).not.toContain('react-dom');
      }
      expect(await page.evaluate(() => document.querySelectorAll('astro-island').length), `${route} islands`).toBe(0);
    });
  }
});

test.describe('accessibility', () => {
  for (const route of [...publicRoutes, ...checkoutRoutes, '/finnes-ikke']) {
    test(`axe finds no WCAG 2.1 AA violations on ${route}`, async ({ page }) => {
      await page.goto(route);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('axe finds no violations with a dropdown or the mobile sheet open', async ({ page, isMobile }) => {
    await page.goto('/');
    if (isMobile) {
      await page.getByRole('button', { name: 'Meny' }).click();
      await page.getByRole('dialog', { name: 'Meny' }).getByText('Nettkurs', { exact: true }).click();
    } else {
      await page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('button', { name: 'Nettkurs' }).click();
    }
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('links', () => {
  test.skip(({ isMobile }) => isMobile, 'the links are the same at every width');

  test('no internal link or asset anywhere in the built site is broken', async ({ request, baseURL }) => {
    const origin = new URL(baseURL ?? 'http://localhost').origin;
    const pages = new Map<string, string>();
    const queue: string[] = [...publicRoutes];
    const references: { from: string; url: URL }[] = [];

    while (queue.length > 0) {
      const path = queue.shift() as string;
      if (pages.has(path)) continue;
      const response = await request.get(path);
      expect(response.status(), `${path}`).toBe(200);
      const html = (response.headers()['content-type'] ?? '').includes('text/html') ? await response.text() : '';
      pages.set(path, html);
      for (const [, value] of html.matchAll(/\s(?:href|src)="([^"]+)"/g)) {
        if (!value || /^(mailto:|tel:|data:)/.test(value)) continue;
        const url = new URL(value.replace(/&amp;/g, '&'), new URL(path, origin));
        if (url.origin !== origin) continue;
        references.push({ from: path, url });
        const isPage = !/\.\w+$/.test(url.pathname) && !url.pathname.startsWith('/api/');
        if (isPage && !pages.has(url.pathname)) queue.push(url.pathname);
      }
    }

    const checked = new Map<string, number>();
    for (const { from, url } of references) {
      if (!checked.has(url.pathname)) {
        checked.set(url.pathname, pages.has(url.pathname) ? 200 : (await request.get(url.pathname)).status());
      }
      expect(checked.get(url.pathname), `${from} → ${url.pathname}`).toBe(200);
      if (url.hash.length > 1 && pages.has(url.pathname)) {
        expect(pages.get(url.pathname), `${from} → ${url.pathname}${url.hash}`).toContain(`id="${decodeURIComponent(url.hash.slice(1))}"`);
      }
    }
    expect(pages.size).toBeGreaterThanOrEqual(publicRoutes.length);
  });
});
