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
}

/** Starts recording the script files a page downloads; `measure()` stops and sums them up with the inline scripts. */
export function recordScripts(page: Page): { measure: () => Promise<ScriptMeasure> } {
  const files = new Map<string, Promise<Buffer>>();
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') files.set(response.url(), response.body());
  };
  page.on('response', onResponse);
  return {
    async measure() {
      page.off('response', onResponse);
      const bodies = await Promise.all(files.values());
      const inline = await page.$$eval('script:not([src])', (els) =>
        els.filter((el) => (el as HTMLScriptElement).type !== 'application/ld+json').map((el) => el.textContent ?? ''),
      );
      const all = [...bodies, ...inline.map((s) => Buffer.from(s))];
      return {
        urls: [...files.keys()],
        sources: all.map((b) => b.toString('utf8')),
        gzipBytes: all.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
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
