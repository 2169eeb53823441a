import { expect, test } from '@playwright/test';
import { signIn, waitForHydration } from './helpers';
import { MEDIA_HOST_ORIGIN } from './media-host';
import { contentLearner, seededModule } from './player-fixture';

/**
 * Issue 20, point 3 (decision 25): a video lesson whose video and captions live on an allowed
 * media host (MEDIA_HOSTS, here a local https server on another port) plays in the course player
 * to the end and can be completed; the page's CSP allows that host and no policy is violated.
 * Before, the player's `media-src 'self'` blocked every such video.
 */

test.use({ ignoreHTTPSErrors: true });

// A course no demo learner is enrolled in (the test's learner holds a grant); its first module gets this test's lessons, placed last.
const COURSE = 'ki-filmproduksjon';

test('a video on an allowed media host plays to the end and the lesson is completed', async ({ page, browser, isMobile }) => {
  test.setTimeout(120_000);
  const stamp = `${isMobile ? 'mobil' : 'desktop'}-${Date.now()}`;
  const title = `E2E: ekstern video ${stamp}`;

  // The admin stores the lesson (as the admin page does); a host outside MEDIA_HOSTS is refused.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@demo.no');
  await expect(admin).toHaveURL(/\/$/);
  const headers = { Origin: new URL(admin.url()).origin };
  const lessonsUrl = `/api/admin/modules/${seededModule(COURSE, 0).id}/lessons`;
  const body = (videoUrl: string) => ({
    title,
    lessonType: 'video',
    content: { text: 'En video fra en ekstern mediavert.', captionsUrl: `${MEDIA_HOST_ORIGIN}/kurs/ekstern-video.vtt` },
    videoUrl,
    durationSeconds: 28,
  });
  const refused = await admin.request.post(lessonsUrl, { data: body('https://evil.example/video.mp4'), headers });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { error: string }).error).toMatch(/^Video-URL kan ikke hentes fra evil\.example\./);
  const created = await admin.request.post(lessonsUrl, { data: body(`${MEDIA_HOST_ORIGIN}/kurs/ekstern-video.mp4`), headers });
  expect(created.status()).toBe(201);
  const lessonId = ((await created.json()) as { id: string }).id;
  await adminContext.close();

  // A learner with access to the course (a grant; the course costs money, decision 26) opens the lesson.
  await signIn(page, contentLearner.email);
  await expect(page).toHaveURL(/\/$/);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const fromMediaHost: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(MEDIA_HOST_ORIGIN)) fromMediaHost.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });

  const response = await page.goto(`/course/${COURSE}?lessonId=${lessonId}`);
  await waitForHydration(page);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain(`media-src 'self' ${MEDIA_HOST_ORIGIN}`);
  expect(csp).toContain(`img-src 'self' data: ${MEDIA_HOST_ORIGIN}`);
  await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();

  const player = page.getByRole('group', { name: /^Videospiller/ });
  await player.getByRole('combobox', { name: 'Hastighet' }).selectOption('2');
  await player.getByRole('button', { name: 'Spill av video' }).click();
  const toast = (text: string) =>
    page
      .getByRole('region', { name: /^Varsler/ })
      .getByRole('listitem')
      .filter({ hasText: text });
  await expect(toast('Video fullført!')).toBeVisible({ timeout: 45_000 });
  await expect.poll(() => page.evaluate(() => document.querySelector('video')?.ended ?? false), { timeout: 10_000 }).toBe(true);
  // The captions came from the media host too, and were shown.
  expect(await page.evaluate(() => document.querySelector('video')?.textTracks[0]?.mode)).toBe('showing');
  expect(fromMediaHost.some((r) => /^20[06] \/kurs\/ekstern-video\.mp4$/.test(r))).toBe(true);
  expect(fromMediaHost).toContain('200 /kurs/ekstern-video.vtt');

  await page.getByRole('button', { name: 'Fullfør', exact: true }).click();
  await expect(
    page.getByRole('navigation', { name: 'Kursinnhold' }).getByRole('link', { name: `${title} (fullført)`, includeHidden: true }),
  ).toBeAttached();
  expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
});
