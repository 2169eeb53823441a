import { expect, type Page, test } from '@playwright/test';
import { axeViolations, recordScripts } from './helpers';

/**
 * Deterministic budgets of the signed-in app (issue 15), on the production build: gzipped
 * JavaScript per page type (dashboard ≤ 150 KB, course player ≤ 180 KB) and no axe-core
 * WCAG 2.1 AA violation in each state. `npm run audit` prints the same figures with
 * Lighthouse. (The admin page's budget, ≤ 200 KB, belongs with that page's own spec.)
 */

const KB = 1024;
const DASHBOARD_JS_GZIP = 150 * KB;
const PLAYER_JS_GZIP = 180 * KB;

/** Signs in through the API (the page's cookie jar), so the measured page load starts with an empty cache. */
async function signInQuietly(page: Page, email = 'elev@demo.no') {
  const response = await page.request.post('/api/auth/login', {
    data: { email, password: 'demo1234' },
    headers: { 'Sec-Fetch-Site': 'same-origin' },
  });
  expect(response.status()).toBe(200);
}

/** A video and a task lesson of a course the learner is enrolled in, from the player's API. */
async function playerLessons(page: Page) {
  const enrollments = (await (await page.request.get('/api/users/me/enrollments')).json()) as { courseId: string }[];
  for (const { courseId } of enrollments) {
    const content = (await (await page.request.get(`/api/courses/${courseId}/with-content`)).json()) as {
      modules: { lessons: { id: string; contentType: string }[] }[];
    };
    const lessons = content.modules.flatMap((m) => m.lessons);
    const video = lessons.find((l) => l.contentType === 'video')?.id;
    const task = lessons.find((l) => l.contentType === 'task')?.id;
    if (video && task) return { courseId, video, task };
  }
  throw new Error('elev@demo.no has no course with both a video and a task lesson');
}

async function measure(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  const scripts = recordScripts(page);
  await page.goto(path, { waitUntil: 'networkidle' });
  await ready(page);
  return scripts.measure();
}

const dashboardReady = (page: Page) => expect(page.getByRole('heading', { level: 1, name: /^Hei / })).toBeVisible();
const playerReady = (page: Page) => expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();

test.describe('signed-in app budgets', () => {
  test('the dashboard: JavaScript within budget, no axe violations, none with the chat panel open', async ({ page, isMobile }) => {
    await signInQuietly(page);
    const { gzipBytes } = await measure(page, '/', dashboardReady);
    test.info().annotations.push({ type: 'js-bytes', description: `dashboard: ${gzipBytes} B gzip` });
    if (!isMobile) expect(gzipBytes, 'dashboard JavaScript (gzip)').toBeLessThanOrEqual(DASHBOARD_JS_GZIP);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'KI-assistent', exact: true }).click();
    await expect(page.getByRole('textbox').last()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the course player on a video and on a task lesson: JavaScript within budget, no axe violations', async ({ page, isMobile }) => {
    await signInQuietly(page);
    const { courseId, video, task } = await playerLessons(page);
    for (const lessonId of [video, task]) {
      const { gzipBytes } = await measure(page, `/course/${courseId}?lessonId=${lessonId}`, playerReady);
      test.info().annotations.push({ type: 'js-bytes', description: `player (${lessonId}): ${gzipBytes} B gzip` });
      if (!isMobile) expect(gzipBytes, 'player JavaScript (gzip)').toBeLessThanOrEqual(PLAYER_JS_GZIP);
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});
