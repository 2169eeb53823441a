import { readdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { openDashboard } from './helpers';
import { checkoutRoutes, publicRoutes } from './public-routes';

/**
 * Issue 14, acceptance 1: no page scrolls sideways on a phone. Every public route, every other
 * page the build emits (sign-in, registration, the 404 page) and the signed-in dashboard, at
 * 320, 360 and 390 px: the document is no wider than the viewport and no visible element sticks
 * out of it (content inside its own scroll container, such as a legal table, may scroll).
 */

const WIDTHS = [320, 360, 390] as const;

/** Public routes plus every other page in dist/ ('404.html' is served for an unknown path). */
function allPages(): string[] {
  const built = readdirSync('dist')
    .filter((name) => name.endsWith('.html'))
    .map((name) => (name === 'index.html' ? '/' : name === '404.html' ? '/finnes-ikke' : `/${name.replace(/\.html$/, '')}`));
  return [...new Set<string>([...publicRoutes, ...checkoutRoutes, ...built])];
}

/** What sticks out of the viewport: the document's own overflow and the elements causing it. */
async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const clipsX = (el: Element) => {
      const overflowX = getComputedStyle(el).overflowX;
      return overflowX !== 'visible';
    };
    const offenders: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.right <= width + 1 && rect.left >= -1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      // Inside a scroll or clip container that itself fits, the element is not part of the page's width.
      let ancestor = el.parentElement;
      let contained = false;
      while (ancestor && ancestor !== document.body) {
        if (clipsX(ancestor)) {
          const box = ancestor.getBoundingClientRect();
          if (box.right <= width + 1 && box.left >= -1) contained = true;
          break;
        }
        ancestor = ancestor.parentElement;
      }
      if (contained) continue;
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 4).join('.')}` : ''}`;
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      offenders.push(`${name} [${Math.round(rect.left)}…${Math.round(rect.right)} px] «${text}»`);
    }
    return { scrollWidth: root.scrollWidth, clientWidth: width, offenders: offenders.slice(0, 10) };
  });
}

async function expectNoSidewaysScroll(page: Page, label: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const result = await horizontalOverflow(page);
    expect.soft(result.offenders, `${label} at ${width} px: elements outside the viewport (document ${result.scrollWidth} px wide)`).toEqual([]);
    expect.soft(result.scrollWidth, `${label} at ${width} px: document width`).toBeLessThanOrEqual(result.clientWidth);
  }
}

test.describe('no sideways scrolling on phones', () => {
  test.skip(({ isMobile }) => !isMobile, 'phone widths run in the mobile project (touch, device-width viewport)');

  for (const route of allPages()) {
    test(`${route} fits 320, 360 and 390 px`, async ({ page }) => {
      await page.goto(route);
      await expectNoSidewaysScroll(page, route);
    });
  }

  test('the dashboard fits 320, 360 and 390 px', async ({ page }) => {
    await openDashboard(page, 'elev@demo.no', 'Emma');
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(page, 'dashboard (elev@demo.no)');
  });
});
