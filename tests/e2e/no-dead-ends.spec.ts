import { readdirSync } from 'node:fs';
import { type APIRequestContext, type CDPSession, expect, type Page, test } from '@playwright/test';
import { openDashboard } from './helpers';
import { publicRoutes } from './public-routes';

/**
 * Issue 14, acceptance 2: every link and button on the public pages and the dashboard leads
 * somewhere or does something.
 *
 * - A link has a real target: no missing, empty, '#' or 'javascript:' href; an internal page
 *   answers 200; a fragment names an element on the target page (or, on the same page, clicking
 *   the link visibly changes it, as the sign-in page's '#registrer' mode switch does).
 * - A button submits its form, controls something it names (aria-controls, aria-expanded,
 *   aria-haspopup, popovertarget, commandfor), has a click listener of its own (a page script
 *   wiring it), or demonstrably does something when clicked: the URL changes, a window or dialog
 *   opens, a request is sent (non-GET requests are stopped, so nothing is written), something is
 *   logged, or the page changes beyond the button itself.
 *
 * Failures name the page and the element.
 */

function builtPages(): string[] {
  const built = readdirSync('dist')
    .filter((name) => name.endsWith('.html') && name !== '404.html')
    .map((name) => (name === 'index.html' ? '/' : `/${name.replace(/\.html$/, '')}`));
  return [...new Set<string>([...publicRoutes, ...built, '/finnes-ikke'])];
}

interface Control {
  index: number;
  kind: 'link' | 'button';
  label: string;
  href: string | null;
  /** Already shown to work without clicking (why), or null. */
  reason: string | null;
  problem: string | null;
  visible: boolean;
}

/** Every link and button in the page, with what the markup alone proves. */
async function controls(page: Page): Promise<Control[]> {
  return page.evaluate(() => {
    const describe = (el: Element) => {
      const name = el.getAttribute('aria-label') ?? ((el as HTMLElement).innerText || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 60);
      const href = el.getAttribute('href');
      return `<${el.tagName.toLowerCase()}${href !== null ? ` href="${href}"` : ''}> «${name}»`;
    };
    const all = [...document.querySelectorAll('a, area, button, [role="button"], [role="link"]')];
    return all.map((el, index) => {
      const rect = el.getBoundingClientRect();
      const visible = rect.width > 0 && rect.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      const control: Control = { index, kind: 'button', label: describe(el), href: null, reason: null, problem: null, visible };
      if (el.matches('a, area, [role="link"]')) {
        control.kind = 'link';
        const href = el.getAttribute('href');
        control.href = href;
        if (href === null) control.problem = 'link without href';
        else if (href.trim() === '' || href.trim() === '#') control.problem = `link to "${href}"`;
        else if (/^\s*javascript:/i.test(href)) control.problem = 'javascript: link';
        return control;
      }
      const button = el as HTMLButtonElement;
      if (button.disabled) control.reason = 'disabled';
      else if (el instanceof HTMLButtonElement && button.type === 'submit' && button.form) control.reason = 'submits its form';
      else if (el instanceof HTMLButtonElement && button.type === 'reset' && button.form) control.reason = 'resets its form';
      else {
        for (const attr of ['aria-controls', 'aria-expanded', 'aria-haspopup', 'popovertarget', 'commandfor']) {
          if (el.hasAttribute(attr)) {
            control.reason = attr;
            break;
          }
        }
      }
      return control;
    });
  });
}

/** Whether the element itself has a click listener (a page script wiring it), via Chromium's DevTools protocol. */
async function hasOwnClickListener(cdp: CDPSession, index: number): Promise<boolean> {
  const { result } = await cdp.send('Runtime.evaluate', {
    expression: `document.querySelectorAll('a, area, button, [role="button"], [role="link"]')[${index}]`,
  });
  if (!result.objectId) return false;
  const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId });
  await cdp.send('Runtime.releaseObject', { objectId: result.objectId });
  return listeners.some((l) => l.type === 'click' || l.type === 'pointerdown' || l.type === 'mousedown' || l.type === 'pointerup');
}

/** Clicks control `index` and reports what it did, or null when nothing happened. */
async function clickAndObserve(page: Page, index: number): Promise<string | null> {
  const before = page.url();
  const effects: string[] = [];
  const onRequest = (request: { method: () => string; url: () => string; resourceType: () => string }) => {
    if (request.resourceType() === 'document' || ['fetch', 'xhr'].includes(request.resourceType()))
      effects.push(`${request.method()} ${request.url()}`);
  };
  const onPopup = () => effects.push('opens a window');
  const onDialog = () => effects.push('opens a browser dialog');
  const onConsole = () => effects.push('logs to the console');
  page.on('request', onRequest);
  page.on('popup', onPopup);
  page.on('dialog', onDialog);
  page.on('console', onConsole);
  await page.evaluate((i) => {
    const target = document.querySelectorAll('a, area, button, [role="button"], [role="link"]')[i];
    const w = window as unknown as { __mutations: string[] };
    w.__mutations = [];
    new MutationObserver((records) => {
      for (const r of records) {
        const node = r.target instanceof Element ? r.target : r.target.parentElement;
        if (!node) continue;
        // The control's own state (focus, hover classes) and tooltips do not count as doing something.
        if (node === target && r.type === 'attributes') continue;
        if (node.closest('[role="tooltip"], [data-radix-popper-content-wrapper]')) continue;
        w.__mutations.push(`${r.type} on <${node.tagName.toLowerCase()}>`);
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  }, index);
  const target = page.locator('a, area, button, [role="button"], [role="link"]').nth(index);
  await target
    .click({ timeout: 3000 })
    .catch((error: Error) => effects.length === 0 && effects.push(`!click failed: ${error.message.split('\n')[0]}`));
  const readMutations = () => page.evaluate(() => (window as unknown as { __mutations?: string[] }).__mutations ?? []).catch(() => [] as string[]);
  // Until the click shows an effect (a request, a window, a dialog, a console line, a new URL or a
  // change in the page): a working control shows one at once, a busy machine only makes it later.
  // Only a control that does nothing waits the whole 5 s, and fails the test.
  await expect
    .poll(async () => effects.length > 0 || page.url() !== before || (await readMutations()).length > 0, { timeout: 5000 })
    .toBe(true)
    .catch(() => undefined);
  const mutations = await readMutations();
  page.off('request', onRequest);
  page.off('popup', onPopup);
  page.off('dialog', onDialog);
  page.off('console', onConsole);
  if (page.url() !== before) effects.push(`goes to ${page.url()}`);
  if (mutations.length > 0) effects.push(`changes the page (${mutations[0]})`);
  const real = effects.filter((e) => !e.startsWith('!'));
  return real.length > 0 ? real.join(', ') : null;
}

/** A linked page as the crawl received it: its HTML, and whether it asked for sign-in instead. */
interface Target {
  html: string;
  signIn: boolean;
}

/** Internal links answer 200; fragments name an element on their page. */
async function checkLinkTarget(request: APIRequestContext, origin: string, from: string, href: string, cache: Map<string, Target | null>) {
  const url = new URL(href, new URL(from, origin));
  if (url.origin !== origin) return /^(https?|mailto|tel):$/.test(url.protocol) ? null : `unexpected link scheme ${url.protocol}`;
  if (url.pathname.startsWith('/api/')) {
    // Endpoints that answer a link (e.g. /api/login redirecting to sign-in) must not fail.
    const response = await request.get(url.pathname + url.search, { maxRedirects: 0 });
    return response.status() < 400 ? null : `${url.pathname} answers ${response.status()}`;
  }
  if (!cache.has(url.pathname)) {
    const response = await request.get(url.pathname);
    const signIn = new URL(response.url()).pathname !== url.pathname;
    cache.set(url.pathname, response.status() === 200 ? { html: await response.text(), signIn } : null);
  }
  const target = cache.get(url.pathname);
  if (target === null || target === undefined) return `${url.pathname} does not answer 200`;
  const { html, signIn } = target;
  const fragment = decodeURIComponent(url.hash.slice(1));
  // A signed-in page (/konto) asks an anonymous visitor to sign in first, and draws its sections in
  // the browser: its ids are held by its own tests (AccountView.test: 'E-postvarsler' is #innstillinger).
  if (fragment && !signIn && url.pathname !== new URL(from, origin).pathname && !html.includes(`id="${fragment}"`))
    return `no element #${fragment} on ${url.pathname}`;
  return null;
}

async function deadEnds(page: Page, request: APIRequestContext, route: string, reopen: () => Promise<void>, cache: Map<string, Target | null>) {
  const origin = new URL(page.url()).origin;
  const cdp = await page.context().newCDPSession(page);
  const problems: string[] = [];
  const list = await controls(page);
  const toClick: Control[] = [];
  for (const control of list) {
    if (control.problem) {
      problems.push(`${route}: ${control.label}: ${control.problem}`);
      continue;
    }
    if (control.kind === 'link' && control.href !== null) {
      const url = new URL(control.href, page.url());
      const samePageFragment = url.origin === origin && url.pathname === new URL(page.url()).pathname && url.hash.length > 1;
      if (samePageFragment) {
        const id = decodeURIComponent(url.hash.slice(1));
        const exists = await page.evaluate((target) => document.getElementById(target) !== null, id);
        if (!exists) toClick.push(control);
        continue;
      }
      const problem = await checkLinkTarget(request, origin, route, control.href, cache);
      if (problem) problems.push(`${route}: ${control.label}: ${problem}`);
      continue;
    }
    if (control.reason) continue;
    if (await hasOwnClickListener(cdp, control.index)) continue;
    toClick.push(control);
  }
  await cdp.detach();

  for (const control of toClick) {
    await reopen();
    const fresh = await controls(page);
    const same = fresh.find((c) => c.label === control.label && c.index === control.index) ?? fresh.find((c) => c.label === control.label);
    if (!same) continue;
    if (!same.visible) {
      problems.push(`${route}: ${control.label}: hidden and does nothing the markup shows (no form, no aria-controls/expanded, no listener)`);
      continue;
    }
    const effect = await clickAndObserve(page, same.index);
    if (!effect) problems.push(`${route}: ${control.label}: clicking it does nothing (no navigation, request, dialog or change on the page)`);
  }
  return problems;
}

test.describe('no dead ends', () => {
  test.skip(({ isMobile }) => isMobile, 'the markup is the same at every width; the desktop header shows every link');
  // Each control that has to be clicked costs a fresh page load.
  test.describe.configure({ timeout: 120_000 });

  const cache = new Map<string, Target | null>();

  for (const route of builtPages()) {
    test(`every link and button on ${route} leads somewhere or does something`, async ({ page, request }) => {
      // Stop writes: a button that sends one has shown that it does something.
      await page.route('**/api/**', (r) => (r.request().method() === 'GET' ? r.continue() : r.abort()));
      const reopen = async () => {
        await page.goto(route);
      };
      await reopen();
      expect(await deadEnds(page, request, route, reopen, cache)).toEqual([]);
    });
  }

  test('every link and button on the dashboard (elev@demo.no) leads somewhere or does something', async ({ page }) => {
    await openDashboard(page, 'elev@demo.no', 'Emma');
    await page.waitForLoadState('networkidle');
    await page.route('**/api/**', (r) => (r.request().method() === 'GET' ? r.continue() : r.abort()));
    const reopen = async () => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: /^Hei Emma/ })).toBeVisible();
      await page.waitForLoadState('networkidle');
    };
    // The links are checked with the learner's session (a certificate's PDF is theirs alone).
    expect(await deadEnds(page, page.request, '/ (dashboard)', reopen, cache)).toEqual([]);
  });
});
