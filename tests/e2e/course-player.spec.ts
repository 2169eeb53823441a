import { expect, type Locator, type Page, test } from '@playwright/test';
import { axeViolations, openDashboard, recordScripts, signIn, waitForHydration } from './helpers';
import { courseTitle, hostileHtmlLesson, notEnrolledLearners, playerLearners, seededLesson, seededModule } from './player-fixture';
import { settled } from './xss-trap';

/**
 * The course player on /course/{courseId} (issue 11), driven as a learner would.
 *
 * The two projects run in parallel against one database, and the dashboard spec
 * checks elev@demo.no's seeded progress (every course counts in its figures). So every
 * test that writes uses its own lesson per project, a lesson is completed only by a
 * test-only learner per project (playerLearners), and enrolling is done by another
 * (prepare-db.ts) instead of ny@demo.no, whose empty dashboard the dashboard spec checks.
 */

const JS_BUDGET_GZIP_BYTES = 180 * 1024;
const OFFICE = 'ki-for-kontoret';
const CHATGPT = 'ki-chatgpt-mester';

const player = (page: Page) => page.getByRole('group', { name: /^Videospiller/ });
const toast = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /^Varsler/ })
    .getByRole('listitem')
    .filter({ hasText: title });
const lessonHeading = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: title, exact: true });
const completeButton = (page: Page) => page.getByRole('button', { name: 'Fullfør', exact: true });
const nextButton = (page: Page) => page.getByRole('button', { name: /Neste/ });
const previousButton = (page: Page) => page.getByRole('button', { name: /Forrige/ });
const videoTime = (page: Page) => page.evaluate(() => document.querySelector('video')?.currentTime ?? -1);
const videoPaused = (page: Page) => page.evaluate(() => document.querySelector('video')?.paused ?? true);

/** Focuses the play/pause button so the player's keys apply. */
async function focusPlayer(page: Page): Promise<Locator> {
  const control = player(page).getByRole('button', { name: /^(Pause|Spill av)$/ });
  await control.focus();
  return control;
}

async function expectNoOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('Debian Chromium plays the sample video (H.264 in MP4)', async ({ page }) => {
  await page.goto('/');
  const support = await page.evaluate(() => document.createElement('video').canPlayType('video/mp4; codecs="avc1.42E01E, mp4a.40.2"'));
  expect(support, 'chromium without H.264: tell the lead').not.toBe('');
});

test.describe('as elev@demo.no', () => {
  test('from Fortsett on the dashboard: the 95 % rule, playing, resuming, keys, and the end of the video', async ({ page, isMobile }) => {
    test.setTimeout(120_000);
    // Each project its own module and lesson (both: the module's first unfinished lesson, a video).
    const [courseId, m] = isMobile ? (['ki-markedsforing', 0] as const) : ([OFFICE, 1] as const);
    const module = seededModule(courseId, m);
    const lesson = seededLesson(courseId, m, 2);
    expect(lesson.type).toBe('video');

    await openDashboard(page, 'elev@demo.no', 'Emma');
    await page
      .getByRole('region', { name: 'Kurs', exact: true })
      .getByRole('button', { name: new RegExp(`Påmeldt\\s*${courseTitle(courseId)}`) })
      .click();
    await page.getByRole('link', { name: `Fortsett: ${module.title}` }).click();
    await expect(page).toHaveURL(`/course/${courseId}?moduleId=${module.id}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: courseTitle(courseId) })).toBeVisible();
    await expect(lessonHeading(page, lesson.title)).toBeVisible();
    await expect(page.getByRole('link', { name: /Tilbake til oversikten/ })).toHaveAttribute('href', '/');
    await expect(page.getByRole('progressbar', { name: 'Kursfremdrift' })).toBeVisible();

    // Before 95 %: Complete and Next are held back, with the reason shown and a toast on a press.
    await expect(completeButton(page)).toHaveAttribute('aria-disabled', 'true');
    await expect(nextButton(page)).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByText('Se minst 95 % av videoen før du fullfører leksjonen eller går videre.')).toBeVisible();
    // aria-disabled keeps the button focusable: a keyboard press says why it does nothing.
    await nextButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Video ikke fullført')).toContainText('Du må se hele videoen før du kan gå videre');
    await expect(lessonHeading(page, lesson.title)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    if (isMobile) await expectNoOverflow(page);

    // Play from the overlay, pause with K: the position is saved.
    await player(page).getByRole('button', { name: 'Spill av video' }).click();
    await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(2);
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/lessons/${lesson.id}/watch-position`) && r.request().method() === 'POST');
    await focusPlayer(page);
    await page.keyboard.press('k');
    await expect.poll(() => videoPaused(page)).toBe(true);
    const pausedAt = await videoTime(page);
    expect((await saved).ok()).toBe(true);

    // A reload resumes there.
    await page.reload();
    await expect(lessonHeading(page, lesson.title)).toBeVisible();
    await expect.poll(() => videoTime(page), { timeout: 10_000 }).toBeGreaterThan(pausedAt - 1.5);

    // Keys: > and < change the speed, C turns captions off and on again.
    const speed = player(page).getByRole('combobox', { name: 'Hastighet' });
    await expect(speed).toHaveValue('1');
    await focusPlayer(page);
    await page.keyboard.press('>');
    await expect(speed).toHaveValue('1.25');
    await page.keyboard.press('<');
    await expect(speed).toHaveValue('1');
    const captions = player(page).getByRole('button', { name: 'Teksting' });
    await expect(captions).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('c');
    await expect(captions).toHaveAttribute('aria-pressed', 'false');
    expect(await page.evaluate(() => document.querySelector('video')?.textTracks[0]?.mode)).toBe('hidden');
    await page.keyboard.press('c');
    await expect(captions).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => document.querySelector('video')?.textTracks[0]?.mode)).toBe('showing');

    // 2× to the end: 'Video fullført!', the badge, and Complete is free (not pressed here: the dashboard spec counts this course).
    await speed.selectOption('2');
    await focusPlayer(page);
    await page.keyboard.press('k');
    await expect(toast(page, 'Video fullført!')).toBeVisible({ timeout: 40_000 });
    await expect(page.locator('[data-video-done]')).toHaveText(/Fullført/);
    await expect(completeButton(page)).not.toHaveAttribute('aria-disabled', 'true');
    await expect(nextButton(page)).not.toHaveAttribute('aria-disabled', 'true');

    // The speed is remembered for this learner.
    await page.reload();
    await expect(player(page).getByRole('combobox', { name: 'Hastighet' })).toHaveValue('2');
  });

  test('a watched video is completed and the player moves on; Previous is disabled on the first lesson', async ({ page, isMobile }) => {
    test.setTimeout(120_000);
    const first = seededLesson(CHATGPT, 0, 0);
    const m = isMobile ? 1 : 0;
    const video = seededLesson(CHATGPT, m, 0);
    const after = seededLesson(CHATGPT, m, 1);
    expect([video.type, after.type]).toEqual(['video', 'task']);

    await signIn(page, playerLearners[isMobile ? 'mobile' : 'desktop'].email);
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/course/${CHATGPT}?lessonId=${first.id}`);
    await waitForHydration(page);
    await expect(lessonHeading(page, first.title)).toBeVisible();
    await expect(previousButton(page)).toBeDisabled();

    await page.goto(`/course/${CHATGPT}?moduleId=${seededModule(CHATGPT, m).id}`);
    await waitForHydration(page);
    await expect(lessonHeading(page, video.title)).toBeVisible();
    await player(page).getByRole('combobox', { name: 'Hastighet' }).selectOption('2');
    await player(page).getByRole('button', { name: 'Spill av video' }).click();
    await expect(toast(page, 'Video fullført!')).toBeVisible({ timeout: 40_000 });
    await expect.poll(() => page.evaluate(() => document.querySelector('video')?.ended ?? false), { timeout: 10_000 }).toBe(true);

    const progress = page.getByRole('progressbar', { name: 'Kursfremdrift' });
    const before = Number(await progress.getAttribute('aria-valuenow'));
    await completeButton(page).click();
    await expect(lessonHeading(page, after.title)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`lessonId=${after.id}`));
    await expect(previousButton(page)).toBeEnabled();
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(before);
    await expect(
      page.getByRole('navigation', { name: 'Kursinnhold' }).getByRole('link', { name: `${video.title} (fullført)`, includeHidden: true }),
    ).toBeAttached();

    // Previous goes back to the video, now completed.
    await previousButton(page).click();
    await expect(lessonHeading(page, video.title)).toBeVisible();
    await expect(page.locator('[data-video-done]')).toHaveText(/Fullført/);
  });

  test('leaving the page while a video plays saves the position with a beacon', async ({ page, isMobile }) => {
    const m = isMobile ? 3 : 2;
    const lesson = seededLesson(CHATGPT, m, 0);
    expect(lesson.type).toBe('video');
    await signIn(page, 'elev@demo.no');
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/course/${CHATGPT}?lessonId=${lesson.id}`);
    await waitForHydration(page);
    await player(page).getByRole('button', { name: 'Spill av video' }).click();
    await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(3);
    // Only the position saved when play began (about 0 s) is on the server; the pagehide beacon sends the rest.
    const playedTo = await videoTime(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /^Hei Emma/ })).toBeVisible();

    await page.goto(`/course/${CHATGPT}?lessonId=${lesson.id}`);
    await waitForHydration(page);
    await expect.poll(() => videoTime(page), { timeout: 10_000 }).toBeGreaterThan(playedTo - 1.5);
  });

  test('video notes: create at the current time, edit, cancel an edit, delete after confirming; a timestamp seeks', async ({ page, isMobile }) => {
    test.setTimeout(90_000);
    // The first video of 'KI for Kontoret' has seeded notes at 00:04, 00:12 and 00:21.
    const lesson = seededLesson(OFFICE, 0, 0);
    const mine = `E2E-notat ${isMobile ? 'mobil' : 'desktop'} ${Date.now()}`;
    await signIn(page, 'elev@demo.no');
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/course/${OFFICE}?lessonId=${lesson.id}`);
    await waitForHydration(page);
    const notes = page.getByRole('list', { name: 'Dine notater' });
    await expect(notes.getByText('Husk: ikke lim inn personopplysninger')).toBeVisible();

    // The timestamp seeks and plays.
    await notes
      .getByRole('listitem')
      .filter({ hasText: 'Husk: ikke lim inn personopplysninger' })
      .getByRole('button', { name: /^Gå til 00:12/ })
      .click();
    await expect.poll(() => videoTime(page)).toBeGreaterThanOrEqual(12);
    await expect.poll(() => videoPaused(page)).toBe(false);
    await focusPlayer(page);
    await page.keyboard.press('k');
    await expect.poll(() => videoPaused(page)).toBe(true);

    // A new note gets the playhead's time.
    const save = page.getByRole('button', { name: 'Lagre notat' });
    await expect(save).toBeDisabled();
    await page.getByLabel('Nytt notat').fill(mine);
    await save.click();
    await expect(toast(page, 'Notat lagret!')).toBeVisible();
    await expect(page.getByLabel('Nytt notat')).toHaveValue('');
    const item = notes.getByRole('listitem').filter({ hasText: mine });
    await expect(item.getByRole('button', { name: /^Gå til 00:1\d/ })).toBeVisible();
    await expect(item.getByText(/^\d{1,2}\. \p{L}+\.? \d{4}$/u)).toBeVisible();

    // Edit in place and save.
    await item.getByRole('button', { name: 'Rediger' }).click();
    await item.getByRole('textbox', { name: 'Rediger notat' }).fill(`${mine} (endret)`);
    await item.getByRole('button', { name: 'Lagre', exact: true }).click();
    await expect(toast(page, 'Notat oppdatert!')).toBeVisible();
    const edited = notes.getByRole('listitem').filter({ hasText: `${mine} (endret)` });
    await expect(edited.getByText(`${mine} (endret)`)).toBeVisible();

    // Cancel an edit: nothing changes.
    await edited.getByRole('button', { name: 'Rediger' }).click();
    const editing = notes.getByRole('listitem').filter({ has: page.getByRole('textbox', { name: 'Rediger notat' }) });
    await editing.getByRole('textbox', { name: 'Rediger notat' }).fill('Skal ikke lagres');
    await editing.getByRole('button', { name: 'Avbryt' }).click();
    await expect(edited.getByText(`${mine} (endret)`)).toBeVisible();
    await expect(notes.getByText('Skal ikke lagres')).toHaveCount(0);

    // Delete after confirming.
    await edited.getByRole('button', { name: 'Slett' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Er du sikker på at du vil slette dette notatet?');
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Slett' }).click();
    await expect(toast(page, 'Notat slettet!')).toBeVisible();
    await expect(notes.getByText(mine)).toHaveCount(0);
  });

  test('a task lesson shows its fields and reveals an answer on request', async ({ page }) => {
    const lesson = seededLesson('grunnleggende-ki', 0, 2);
    expect(lesson.type).toBe('task');
    await signIn(page, 'elev@demo.no');
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/course/grunnleggende-ki?lessonId=${lesson.id}`);
    await waitForHydration(page);
    await expect(lessonHeading(page, lesson.title)).toBeVisible();
    for (const heading of ['Instruksjoner', 'Spørsmål', 'Scenarioer'])
      await expect(page.getByRole('heading', { level: 3, name: heading })).toBeVisible();
    await expect(page.getByLabel('Ditt svar', { exact: true })).toBeVisible();
    const reveal = page.getByRole('button', { name: 'Vis svar' }).first();
    await expect(reveal).toHaveAttribute('aria-expanded', 'false');
    const answer = page.locator(`#${await reveal.getAttribute('aria-controls')}`.replace(/:/g, '\\:'));
    await expect(answer).toBeHidden();
    await reveal.click();
    await expect(page.getByRole('button', { name: 'Skjul svar' }).first()).toHaveAttribute('aria-expanded', 'true');
    await expect(answer).toBeVisible();
    await page.getByLabel('Ditt svar', { exact: true }).fill('Mitt svar på oppgaven');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('an HTML lesson with <script> and onerror renders without running either', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('dialog', (d) => {
      errors.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    await signIn(page, 'elev@demo.no');
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/course/${hostileHtmlLesson.courseId}?lessonId=${hostileHtmlLesson.id}`);
    await waitForHydration(page);
    await expect(lessonHeading(page, hostileHtmlLesson.title)).toBeVisible();
    const body = page.locator('[data-lesson-html]');
    await expect(body.getByText('Dette avsnittet skal vises.')).toBeVisible();
    await expect(body.getByRole('heading', { name: 'Trygg overskrift' })).toBeVisible();
    await expect(body.locator('script')).toHaveCount(0);
    await expect(body.locator('[onerror]')).toHaveCount(0);
    await expect(body.locator('a[href^="javascript:"]')).toHaveCount(0);
    await settled(page);
    expect(await page.evaluate(() => (window as { __e2eXss?: string }).__e2eXss)).toBeUndefined();
    expect(errors).toEqual([]);
    // elev has not got this course: the purchase banner shows; the lesson is a preview (decision 26).
    await expect(page.getByRole('link', { name: 'Kjøp kurset' })).toHaveAttribute('href', `/kasse/${hostileHtmlLesson.courseId}`);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("an unknown course says 'Kurs ikke funnet' with a way back", async ({ page }) => {
    await signIn(page, 'elev@demo.no');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/course/finnes-ikke');
    await expect(page.getByRole('heading', { level: 1, name: 'Kurs ikke funnet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tilbake til oversikten' })).toHaveAttribute('href', '/');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('at 360 px the player fits, and the outline folds away', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await signIn(page, 'elev@demo.no');
    await expect(page).toHaveURL(/\/$/);
    const lesson = seededLesson(OFFICE, 0, 0);
    await page.goto(`/course/${OFFICE}?lessonId=${lesson.id}`);
    await waitForHydration(page);
    await expect(lessonHeading(page, lesson.title)).toBeVisible();
    const outline = page.getByRole('navigation', { name: 'Kursinnhold' });
    const toggle = outline.getByRole('button', { name: /Kursinnhold/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(outline.getByRole('link', { name: lesson.title })).toBeHidden();
    await toggle.click();
    await expect(outline.getByRole('link', { name: lesson.title })).toHaveAttribute('aria-current', 'true');
    await expectNoOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('a learner without access sees the preview, the locked outline and Kjøp kurset (decision 26)', async ({ page, isMobile }) => {
  const learner = isMobile ? notEnrolledLearners.mobile : notEnrolledLearners.desktop;
  await openDashboard(page, learner.email, learner.firstName);
  const first = seededLesson('ki-filmproduksjon', 0, 0);
  const second = seededLesson('ki-filmproduksjon', 0, 1);
  await page.goto('/course/ki-filmproduksjon');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Du har ikke tilgang til hele kurset' })).toBeVisible();
  await expect(lessonHeading(page, first.title)).toBeVisible();
  await expect(page.getByText('Denne leksjonen er låst')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.goto(`/course/ki-filmproduksjon?lessonId=${second.id}`);
  await waitForHydration(page);
  await expect(lessonHeading(page, second.title)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Denne leksjonen er låst' })).toBeVisible();
  const buy = page.getByRole('link', { name: 'Kjøp kurset' });
  await expect(buy).toHaveCount(2);
  await expect(buy.first()).toHaveAttribute('href', '/kasse/ki-filmproduksjon');
  await expect(page.getByRole('button', { name: 'Meld deg på kurset' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});

test('an anonymous visitor gets no course markup, signs in and comes back to the course', async ({ page, request }) => {
  const module = seededModule(OFFICE, 1);
  const path = `/course/${OFFICE}?moduleId=${module.id}`;
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe(`/api/login?next=${encodeURIComponent(path)}`);
  expect(await response.text()).not.toContain(courseTitle(OFFICE));

  await page.goto(path);
  await expect(page).toHaveURL(/\/logg-inn\?next=/);
  await page.getByLabel('E-post').fill('elev@demo.no');
  await page.getByLabel('Passord').fill('demo1234');
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1, name: courseTitle(OFFICE) })).toBeVisible();
});

test.describe('JavaScript on the player', () => {
  test.skip(({ isMobile }) => isMobile, 'the bytes are the same at every width');

  test(`the course player stays under ${JS_BUDGET_GZIP_BYTES / 1024} KB of gzipped JavaScript`, async ({ page }) => {
    await signIn(page, 'elev@demo.no');
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/course/${OFFICE}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: courseTitle(OFFICE) })).toBeVisible();
    const scripts = recordScripts(page);
    await page.reload({ waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1, name: courseTitle(OFFICE) })).toBeVisible();
    const { urls, gzipBytes } = await scripts.measure();
    test.info().annotations.push({ type: 'player-js-gzip', description: `${gzipBytes} B in ${urls.length} files` });
    console.log(`course player JavaScript: ${gzipBytes} B gzip in ${urls.length} files`);
    expect(gzipBytes).toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES);
  });
});
