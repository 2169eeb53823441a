import { expect, type Page, test } from '@playwright/test';

/**
 * Issue 29, point 10: the landing page on a 390 px phone has no empty band (no blank area taller
 * than the space between two sections: each section's 56 px of padding, twice) and its long lists
 * are compact, with every link still reachable.
 */

/** The space between the content of two sections on a phone: `py-14` below one and above the next. */
const SECTION_SPACING = 2 * 56;

/**
 * Vertical stretches of the page (document coordinates) where nothing shows: no text, image, icon,
 * control or card. A section's full-width background does not count as something shown.
 */
async function blankBands(page: Page): Promise<{ from: number; to: number }[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const spans: [number, number][] = [];
    const add = (rect: DOMRect) => {
      if (rect.width > 0 && rect.height > 0) spans.push([rect.top + scrollY, rect.bottom + scrollY]);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) add(rect);
    }
    for (const el of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const rect = el.getBoundingClientRect();
      const drawn =
        ['IMG', 'VIDEO', 'INPUT', 'TEXTAREA', 'BUTTON'].includes(el.tagName) ||
        el instanceof SVGSVGElement ||
        parseFloat(style.borderTopWidth) > 0 ||
        (style.backgroundColor !== 'rgba(0, 0, 0, 0)' && rect.width < width - 1) ||
        style.backgroundImage !== 'none';
      if (drawn) add(rect);
    }
    spans.sort((a, b) => a[0] - b[0]);
    const bands: { from: number; to: number }[] = [];
    let end = 0;
    for (const [top, bottom] of spans) {
      if (top - end > 0) bands.push({ from: Math.round(end), to: Math.round(top) });
      end = Math.max(end, bottom);
    }
    return bands;
  });
}

test.describe('the landing page on a 390 px phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'a phone: the mobile project');
  test.use({ viewport: { width: 390, height: 844 } });

  test('has no blank band taller than the section spacing, and its course list and reasons are compact', async ({ page }) => {
    await page.goto('/');
    const bands = (await blankBands(page)).filter((band) => band.to - band.from > SECTION_SPACING);
    expect(bands, `blank bands taller than ${SECTION_SPACING} px`).toEqual([]);
    // About two screens for the six courses and the live course (it was six tall cards, over 3,000 px).
    const grid = await page.locator('[data-course-grid]').boundingBox();
    expect(grid?.height ?? 0).toBeLessThan(1400);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    test.info().annotations.push({ type: 'landing height at 390 px', description: `${height} px` });
    expect(height).toBeLessThan(6000);
  });

  test('every course in the list is still a link that opens its page', async ({ page }) => {
    await page.goto('/');
    // The six courses and the live course.
    const links = page.locator('[data-course-grid] a');
    await expect(links).toHaveCount(7);
    for (const link of await links.all()) {
      await link.scrollIntoViewIfNeeded();
      await expect(link).toBeVisible();
      await link.click({ trial: true });
    }
    await links.nth(1).click();
    await expect(page).toHaveURL(/\/ki-for-kontoret$/);
  });
});
