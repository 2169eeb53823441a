import { expect, type Page } from '@playwright/test';

/**
 * The XSS trap of the browser tests (security.spec.ts, tests/hostile-build/): it counts calls of
 * `__xssHit`, alert/confirm/prompt, dialogs, page errors and CSP violations (an injected inline
 * handler that the CSP blocks still counts: the escaping, not the CSP, is the first defence).
 */

/** Arms the trap before the page loads; the returned function reads what it caught. */
export async function trap(page: Page): Promise<() => Promise<string[]>> {
  const hits: string[] = [];
  page.on('dialog', (d) => {
    hits.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  page.on('pageerror', (e) => hits.push(`pageerror: ${e.message}`));
  await page.addInitScript(() => {
    const w = window as unknown as { __xss: string[]; __xssHit: (what: string) => void } & Record<string, unknown>;
    w.__xss = [];
    w.__xssHit = (what: string) => w.__xss.push(`ran: ${what}`);
    for (const name of ['alert', 'confirm', 'prompt']) w[name] = (m: unknown) => w.__xss.push(`${name}: ${String(m)}`);
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__xss.push(`csp: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`),
    );
  });
  return async () => {
    await settled(page);
    const inPage = await page.evaluate(() => (window as unknown as { __xss?: string[] }).__xss ?? []);
    return [...hits, ...inPage];
  };
}

/**
 * Waits until a late handler (img onerror, svg onload) would have run: the page has loaded, every
 * image in it has loaded or failed (lazy ones that have not started aside), and two frames have
 * been drawn since. A state, not a time: on a busy machine it simply comes later.
 */
export async function settled(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => [...document.images].every((img) => img.complete || img.loading === 'lazy'));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** No element that a vector would create: no stray img/svg/script, no inline handler, no javascript: link. */
export async function expectNoInjectedMarkup(page: Page) {
  const found = await page.evaluate(() => {
    const bad: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      for (const attr of el.getAttributeNames()) if (/^on/i.test(attr)) bad.push(`${el.tagName} ${attr}`);
      const href = el.getAttribute('href') ?? '';
      if (/^\s*javascript:/i.test(href)) bad.push(`${el.tagName} href=${href}`);
    }
    for (const img of document.querySelectorAll('img[src="x"]')) bad.push(`IMG src=${img.getAttribute('src')}`);
    // Anywhere, the head too: a `</script>` in JSON-LD would open a script of its own there.
    for (const script of document.querySelectorAll('script:not([src]):not([type="application/ld+json"])'))
      if (script.textContent?.includes('__xssHit')) bad.push('SCRIPT');
    return bad;
  });
  expect(found).toEqual([]);
}
