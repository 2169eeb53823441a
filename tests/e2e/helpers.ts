import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Response } from '@playwright/test';

/** Signs in through /logg-inn as a user would. */
export async function signIn(page: Page, email: string, password = 'demo1234') {
  await page.goto('/logg-inn');
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Passord').fill(password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
}

/** Signs in and waits for the dashboard on '/'. */
export async function openDashboard(page: Page, email: string, firstName: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: `Hei ${firstName}, klar for å fortsette læringen?` })).toBeVisible();
}

/**
 * Waits until every island on the page has hydrated (Astro removes its `ssr` attribute then). The
 * player and /admin arrive rendered on the server (decision 34): their buttons are on screen before
 * React listens to them, and a press in between does nothing, as on any server-rendered page.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
}

/** axe-core with the WCAG 2.1 AA rule set; each violation as 'rule: targets'. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export interface ScriptMeasure {
  /** URLs of the script files downloaded while recording. */
  urls: string[];
  /** Every script's source: the files and the page's inline scripts (JSON-LD excluded). */
  sources: string[];
  /** All of them gzipped (level 9), in bytes. */
  gzipBytes: number;
  /** Each file's gzipped size, by URL. */
  fileGzipBytes: Map<string, number>;
  /** The inline scripts' gzipped size. */
  inlineGzipBytes: number;
}

/** Starts recording the script files a page downloads; `measure()` stops and sums them up with the inline scripts. */
export function recordScripts(page: Page): { measure: () => Promise<ScriptMeasure> } {
  const pending = new Map<string, Promise<Buffer | null>[]>();
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    // A response that belongs to a document the page has just left (a reload while a preload was
    // in flight) has no body to read any more; it is skipped, and the new document's copy counts.
    const body = response.body().catch(() => null);
    pending.set(response.url(), [...(pending.get(response.url()) ?? []), body]);
  };
  page.on('response', onResponse);
  return {
    async measure() {
      page.off('response', onResponse);
      const files = new Map<string, Buffer>();
      for (const [url, bodies] of pending) {
        const body = (await Promise.all(bodies)).findLast((b) => b !== null);
        if (body) files.set(url, body);
      }
      const bodies = [...files.values()];
      const inline = await page.$$eval('script:not([src])', (els) =>
        els.filter((el) => (el as HTMLScriptElement).type !== 'application/ld+json').map((el) => el.textContent ?? ''),
      );
      const gzip = (b: Buffer) => gzipSync(b, { level: 9 }).length;
      const fileGzipBytes = new Map([...files.keys()].map((url, i) => [url, gzip(bodies[i]!)]));
      const inlineGzipBytes = inline.reduce((sum, s) => sum + gzip(Buffer.from(s)), 0);
      return {
        urls: [...files.keys()],
        sources: [...bodies, ...inline.map((s) => Buffer.from(s))].map((b) => b.toString('utf8')),
        gzipBytes: [...fileGzipBytes.values()].reduce((sum, n) => sum + n, 0) + inlineGzipBytes,
        fileGzipBytes,
        inlineGzipBytes,
      };
    },
  };
}

export interface FirstLoadMeasure {
  /** The script files requested before the page's islands hydrated. */
  urls: string[];
  /** Those files and the inline scripts, gzipped (level 9), in bytes. */
  gzipBytes: number;
  /** The script files requested afterwards, until `measure()` (chunks loaded on demand). */
  later: string[];
  /** Everything, first load and later: the page's whole JavaScript until `measure()`. */
  totalGzipBytes: number;
}

/**
 * The first-load JavaScript of a page rendered on the server with islands (issue 26, decision
 * 34): the script files it requests before its islands have hydrated (each island's module graph
 * and its renderer, which Astro loads completely before it hydrates), plus the inline scripts.
 * What a hydrated island then loads on demand (the notes editor, a dialog, the user menu) counts
 * as `later`. Call before `page.goto`.
 */
export async function recordFirstLoadScripts(page: Page): Promise<{ measure: () => Promise<FirstLoadMeasure> }> {
  await page.addInitScript(() => {
    // Astro fires astro:hydrate on each island once it has hydrated; capture sees it on document.
    document.addEventListener('astro:hydrate', () => ((window as { __kiaHydratedAt?: number }).__kiaHydratedAt = performance.now()), true);
  });
  const scripts = recordScripts(page);
  return {
    async measure() {
      await page.waitForFunction(() => document.querySelector('astro-island') !== null && document.querySelector('astro-island[ssr]') === null);
      await page.waitForLoadState('networkidle');
      const all = await scripts.measure();
      const early = new Set(
        await page.evaluate(() => {
          const cut = (window as { __kiaHydratedAt?: number }).__kiaHydratedAt ?? 0;
          return performance
            .getEntriesByType('resource')
            .filter((entry) => entry.startTime <= cut)
            .map((entry) => entry.name);
        }),
      );
      const urls = all.urls.filter((url) => early.has(url));
      return {
        urls,
        gzipBytes: urls.reduce((sum, url) => sum + (all.fileGzipBytes.get(url) ?? 0), 0) + all.inlineGzipBytes,
        later: all.urls.filter((url) => !early.has(url)),
        totalGzipBytes: all.gzipBytes,
      };
    },
  };
}

/** Nothing sticks out sideways: the document is no wider than the viewport (the message names what is wider). */
export async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)}`)
      .slice(0, 5);
    return { excess: document.documentElement.scrollWidth - width, wide };
  });
  expect(overflow.excess, overflow.wide.join(' | ')).toBeLessThanOrEqual(0);
}

/** A toast by its title, in the 'Varsler' region. */
export const toast = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /^Varsler/ })
    .getByRole('listitem')
    .filter({ hasText: title });
