import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { loadCatalogue } from '../../db/catalogue';
import type { AdminStatistics, AdminUser } from '../../src/schemas/admin';
import type { CourseWithContent } from '../../src/schemas/player';
import { axeViolations, expectNoOverflow, recordScripts, signIn, toast, waitForHydration } from './helpers';
import { contentLearner, courseTitle, seededModule } from './player-fixture';

/**
 * The admin page on /admin (issue 13, acceptance 3), driven as admins, a superuser and
 * a learner would. Both Playwright projects run in parallel against one database that
 * other specs share, so every name this spec writes carries a stamp of its own, each
 * project works in its own course (one no other spec or demo learner is enrolled in),
 * a renamed course gets its title back at once, and the learner who is deactivated is
 * one this spec registers itself.
 */

const JS_BUDGET_GZIP_BYTES = 200 * 1024;
/** The sample video the seed uses (db/media.ts): 27.8 s. */
const SAMPLE_VIDEO = '/media/demo-leksjon.mp4';
const SAMPLE_VIDEO_SECONDS = '28';
/** The demo accounts of the README's table. */
const DEMO_ACCOUNTS = [
  'superbruker@demo.no',
  'admin@demo.no',
  'bedrift@demo.no',
  'ansatt@demo.no',
  'ansatt2@demo.no',
  'elev@demo.no',
  'ny@demo.no',
  'inaktiv@demo.no',
];
const ADMIN_CHUNK = /AdminView|SuperuserDashboard|ContentManagement/;

async function expectToast(page: Page, title: string, description?: string) {
  const item = toast(page, title);
  await expect(item).toBeVisible();
  if (description) await expect(item).toContainText(description);
  // On a phone the toast sits at the top, clear of a dialog's buttons at the bottom.
  const box = await item.boundingBox();
  const viewport = page.viewportSize();
  if (box && viewport && viewport.width < 640) expect(box.y + box.height, 'toast at the top on a phone').toBeLessThan(viewport.height / 2);
  // One toast at a time: close it so the next one is the only one.
  await item.getByRole('button', { name: 'Lukk' }).click();
  await expect(item).toHaveCount(0);
}

/** Waits until the page has fetched everything, so recording scripts never races a navigation. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
}

async function expectAxeClean(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/**
 * axe (WCAG 2.1 AA) on the page around the sandboxed HTML preview: axe cannot run inside a
 * frame that runs no script (it waits for it), and the draft inside is the admin's own text.
 */
async function expectAxeCleanAroundPreview(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('iframe[sandbox]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Signs in, then opens /admin, recording the scripts /admin downloads. */
async function openAdmin(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await settle(page);
  const scripts = recordScripts(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Administrasjonsdashboard' })).toBeVisible();
  await waitForHydration(page);
  return scripts;
}

/** A stat card's figure. */
const statValue = (page: Page, name: string) => page.getByRole('region', { name, exact: true }).locator('p').first();

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const moduleCard = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

test('an anonymous visitor gets a redirect to sign-in and no admin markup', async ({ request }) => {
  const response = await request.get('/admin', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe(`/api/login?next=${encodeURIComponent('/admin')}`);
  expect(await response.text()).not.toContain('Innholdsbehandling');
});

test("a learner sees 'Ingen tilgang' and downloads no admin code", async ({ page }) => {
  await signIn(page, 'elev@demo.no');
  await expect(page).toHaveURL(/\/$/);
  await settle(page);
  const scripts = recordScripts(page);
  const response = await page.goto('/admin');
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('heading', { level: 1, name: 'Ingen tilgang' })).toBeVisible();
  await expect(page.getByText('Kun administratorer og superbrukere har tilgang til administrasjonsdashboardet.')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const measured = await scripts.measure();
  expect(measured.urls.filter((url) => ADMIN_CHUNK.test(url))).toEqual([]);
  console.log(`/admin as a learner: ${(measured.gzipBytes / 1024).toFixed(1)} KB gzip JavaScript in ${measured.urls.length} files, no admin chunk`);
  expect(measured.sources.some((source) => source.includes('Innholdsbehandling') || source.includes('Registrer video'))).toBe(false);
  await expectAxeClean(page);
});

test('admin@demo.no manages content; a learner then sees the new lessons in the player', async ({ page, browser, isMobile }) => {
  test.setTimeout(300_000);
  // Each project its own course, one that no demo learner is enrolled in.
  const courseId = isMobile ? 'ki-automatisering' : 'ki-filmproduksjon';
  const title = courseTitle(courseId);
  const stamp = `${isMobile ? 'mobil' : 'desktop'}-${Date.now()}`;
  const names = {
    module: `E2E-modul ${stamp}`,
    renamedModule: `E2E-modul omdøpt ${stamp}`,
    video: `E2E-video ${stamp}`,
    text: `E2E-tekst ${stamp}`,
    html: `E2E-HTML ${stamp}`,
    videoLesson: `E2E-videoleksjon ${stamp}`,
  };

  const scripts = await openAdmin(page, 'admin@demo.no');
  await expect(tab(page, 'Innholdsbehandling')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'Statistikk')).toHaveCount(0);

  // Kurs: level badge and students, inline rename (and back, since other specs read the title).
  const courseRow = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
  await expect(courseRow.getByText(/^\d+ studenter$/)).toBeVisible();
  await expect(courseRow.getByText(/Nybegynner|Mellom|Avansert/)).toBeVisible();
  await expectAxeClean(page);
  const renamed = `${title} (${stamp})`;
  await page.getByRole('button', { name: `Endre navn på «${title}»` }).click();
  const courseName = page.getByLabel(`Nytt navn på «${title}»`);
  await expect(courseName).toBeFocused();
  await expect(courseName).toHaveValue(title);
  await expectAxeClean(page);
  await courseName.fill(renamed);
  await courseName.press('Enter');
  await expectToast(page, 'Kursnavn oppdatert');
  await expect(page.getByRole('heading', { level: 3, name: renamed, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Endre navn på «${renamed}»` }).click();
  await page.getByLabel(`Nytt navn på «${renamed}»`).fill(title);
  await page.getByRole('button', { name: 'Lagre' }).click();
  await expectToast(page, 'Kursnavn oppdatert');
  await expect(page.getByRole('heading', { level: 3, name: title, exact: true })).toBeVisible();

  // Leksjoner lists every lesson (admin-lessons.spec.ts drives its filters and editor).
  await tab(page, 'Leksjoner').click();
  await expect(page.getByRole('list', { name: 'Leksjoner' }).getByRole('listitem').first()).toBeVisible();
  await tab(page, 'Moduler').click();
  await expect(page.getByText('Velg et kurs i Kurs-fanen først for å se modulene.')).toBeVisible();

  // Videoer: register the sample video; the form empties.
  await tab(page, 'Videoer').click();
  const register = page.getByRole('button', { name: 'Registrer video' });
  await expect(register).toBeDisabled();
  await page.getByLabel('Videotittel').fill(names.video);
  await expect(register).toBeDisabled();
  await page.getByLabel('Video-URL').fill(SAMPLE_VIDEO);
  await page.getByLabel('Beskrivelse (valgfritt)').fill('Registrert av ende-til-ende-testen.');
  // The length is read from the video's metadata in the browser.
  await expect(page.getByText(`Varighet: ${SAMPLE_VIDEO_SECONDS} sekunder (lest fra videoen)`)).toBeVisible();
  await expectAxeClean(page);
  await register.click();
  await expectToast(page, 'Video registrert');
  await expect(page.getByLabel('Videotittel')).toHaveValue('');
  await expect(page.getByLabel('Video-URL')).toHaveValue('');
  await expect(page.getByRole('region', { name: 'Registrerte videoer' }).getByText(names.video)).toBeVisible();

  // Velg kurs → Moduler for: {title}.
  await tab(page, 'Kurs').click();
  await page.getByRole('button', { name: `Velg kurs «${title}»` }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Moduler for: ${title}` })).toBeVisible();
  await expectAxeClean(page);

  // Ny modul: disabled while blank, then created last.
  await page.getByRole('button', { name: 'Ny modul' }).click();
  let dialog = page.getByRole('dialog', { name: 'Opprett ny modul' });
  await expect(dialog.getByRole('button', { name: 'Opprett modul' })).toBeDisabled();
  await dialog.getByLabel('Tittel').fill(names.module);
  await dialog.getByLabel('Beskrivelse (valgfritt)').fill('Laget av ende-til-ende-testen.');
  await expectAxeClean(page);
  await dialog.getByRole('button', { name: 'Opprett modul' }).click();
  await expectToast(page, 'Modul opprettet');
  await expect(dialog).toHaveCount(0);
  await expect(moduleCard(page, names.module)).toBeVisible();
  await expect(moduleCard(page, names.module).getByText('0 leksjoner')).toBeVisible();
  await expect(page.getByRole('button', { name: `Flytt modulen «${names.module}» ned` })).toBeDisabled();

  // Rename the new module inline.
  await page.getByRole('button', { name: `Endre navn på modulen «${names.module}»` }).click();
  await page.getByLabel(`Nytt navn på modulen «${names.module}»`).fill(names.renamedModule);
  await page.getByRole('button', { name: 'Lagre' }).click();
  await expectToast(page, 'Modulnavn oppdatert');
  const module = moduleCard(page, names.renamedModule);
  await expect(module).toBeVisible();

  // A text lesson (the default type).
  await module.getByRole('button', { name: `Ny leksjon i «${names.renamedModule}»` }).click();
  dialog = page.getByRole('dialog', { name: 'Opprett ny leksjon' });
  await expect(dialog.getByLabel('Type')).toHaveValue('text');
  await expect(dialog.getByLabel('Video-URL')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Opprett leksjon' })).toBeDisabled();
  await dialog.getByLabel('Tittel').fill(names.text);
  await dialog.getByLabel('Innhold').fill('Første versjon av teksten.');
  await dialog.getByRole('button', { name: 'Opprett leksjon' }).click();
  await expectToast(page, 'Leksjon opprettet');

  // An HTML lesson whose markup tries to run a script: the label changes, the preview is sandboxed.
  await module.getByRole('button', { name: `Ny leksjon i «${names.renamedModule}»` }).click();
  dialog = page.getByRole('dialog', { name: 'Opprett ny leksjon' });
  await dialog.getByLabel('Type').selectOption('html');
  await dialog.getByLabel('Tittel').fill(names.html);
  await dialog
    .getByLabel('HTML-innhold')
    .fill(
      '<h2>E2E-overskrift</h2><p>Trygt avsnitt.</p><script>window.__adminXss = 1</script><img src="/x.png" alt="" onerror="window.__adminXss = 2">',
    );
  await dialog.getByRole('button', { name: 'Vis forhåndsvisning' }).click();
  await expect(dialog.getByTitle('Forhåndsvisning av HTML-innholdet')).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('iframe[title="Forhåndsvisning av HTML-innholdet"]').getByRole('heading', { name: 'E2E-overskrift' })).toBeVisible();
  await expectAxeCleanAroundPreview(page);
  await dialog.getByRole('button', { name: 'Opprett leksjon' }).click();
  await expectToast(page, 'Leksjon opprettet');
  expect(await page.evaluate(() => (window as { __adminXss?: number }).__adminXss)).toBeUndefined();

  // A video lesson: the registered video is offered; its length comes with it.
  await module.getByRole('button', { name: `Ny leksjon i «${names.renamedModule}»` }).click();
  dialog = page.getByRole('dialog', { name: 'Opprett ny leksjon' });
  await dialog.getByLabel('Type').selectOption('video');
  await dialog.getByLabel('Tittel').fill(names.videoLesson);
  // Without a length the server refuses (400), and the dialog names the field.
  await dialog.getByRole('button', { name: 'Opprett leksjon' }).click();
  // (The open modal hides the rest of the page from the accessibility tree, so the toast is found by its text.)
  const failure = page.locator('li.toast').filter({ hasText: 'Feil' });
  await expect(failure).toContainText('Kunne ikke opprette leksjon.');
  // On a phone the toast lies over the dialog's button (and a resting pointer pauses its timer): close it.
  await failure.locator('button[aria-label="Lukk"]').click();
  await expect(failure).toHaveCount(0);
  await expect(dialog.getByText('Video-URL må fylles ut for en videoleksjon')).toBeVisible();
  await expect(dialog.getByLabel('Video-URL')).toHaveAttribute('aria-invalid', 'true');
  const picker = dialog.getByLabel('Velg en registrert video');
  await expect(picker.getByRole('option', { name: names.video })).toHaveCount(1);
  await picker.selectOption({ label: names.video });
  await expect(dialog.getByLabel('Video-URL')).toHaveValue(SAMPLE_VIDEO);
  await expect(dialog.getByLabel('Varighet (sekunder)')).toHaveValue(SAMPLE_VIDEO_SECONDS);
  await dialog.getByLabel('Innhold').fill('Se demovideoen.');
  await expectAxeClean(page);
  await dialog.getByRole('button', { name: 'Opprett leksjon' }).click();
  await expectToast(page, 'Leksjon opprettet');

  const lessons = module.getByRole('list', { name: `Leksjoner i «${names.renamedModule}»` }).getByRole('listitem');
  await expect(lessons).toHaveCount(3);
  await expect(module.getByText('3 leksjoner')).toBeVisible();
  await expect(lessons.nth(0)).toContainText(names.text);
  await expect(lessons.nth(0)).toContainText('Tekst');
  await expect(lessons.nth(1)).toContainText('HTML');
  await expect(lessons.nth(2)).toContainText('Video');

  // Edit the text lesson.
  await module.getByRole('button', { name: `Rediger leksjonen «${names.text}»` }).click();
  dialog = page.getByRole('dialog', { name: `Rediger leksjon: ${names.text}` });
  await expect(dialog.getByText('Type: Tekst')).toBeVisible();
  await expect(dialog.getByLabel('Innhold')).toHaveValue('Første versjon av teksten.');
  await dialog.getByLabel('Innhold').fill('Andre versjon av teksten.');
  await expectAxeClean(page);
  await dialog.getByRole('button', { name: 'Oppdater leksjon' }).click();
  await expectToast(page, 'Leksjon oppdatert');
  await expect(dialog).toHaveCount(0);

  // Move the HTML lesson up: it becomes the first.
  await module.getByRole('button', { name: `Flytt leksjonen «${names.html}» opp` }).click();
  await expect(lessons.nth(0)).toContainText(names.html);
  await expect(lessons.nth(1)).toContainText(names.text);

  // The edit dialog of the HTML lesson shows the server's sanitised copy, as learners see it.
  await module.getByRole('button', { name: `Rediger leksjonen «${names.html}»` }).click();
  dialog = page.getByRole('dialog', { name: `Rediger leksjon: ${names.html}` });
  const saved = dialog.getByRole('region', { name: 'Lagret versjon, slik elevene ser den' });
  await expect(saved.getByRole('heading', { name: 'E2E-overskrift' })).toBeVisible();
  expect(await saved.innerHTML()).not.toMatch(/<script|onerror/);
  // The registered video is offered in the edit dialog too.
  await expect(dialog.getByLabel('Velg en registrert video').getByRole('option', { name: names.video })).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Lukk' }).click();

  // 360 px: the content tabs fit.
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoOverflow(page);
  await expectAxeClean(page);

  await settle(page);
  const measured = await scripts.measure();
  expect(
    measured.urls.some((url) => /SuperuserDashboard/.test(url)),
    'an admin downloads no superuser code',
  ).toBe(false);
  expect(measured.gzipBytes, `admin JavaScript ${measured.gzipBytes} bytes gzip`).toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES);
  console.log(`/admin as admin: ${(measured.gzipBytes / 1024).toFixed(1)} KB gzip JavaScript in ${measured.urls.length} files`);

  // The learner sees the new lessons, in the new order, in the player.
  const content = (await (await page.request.get(`/api/courses/${courseId}/with-content`)).json()) as CourseWithContent;
  const created = content.modules.find((m) => m.module.title === names.renamedModule);
  expect(created?.lessons.map((l) => l.title)).toEqual([names.html, names.text, names.videoLesson]);
  // A learner with access to the course (a grant): the new lessons are not previews.
  const learner = await signedInPage(browser, contentLearner.email);
  for (const lesson of created?.lessons ?? []) {
    await learner.goto(`/course/${courseId}?lessonId=${lesson.id}`);
    await expect(learner.getByRole('heading', { level: 2, name: lesson.title, exact: true })).toBeVisible();
  }
  await learner.goto(`/course/${courseId}?lessonId=${created?.lessons[0]?.id}`);
  await expect(learner.getByRole('heading', { name: 'E2E-overskrift' })).toBeVisible();
  expect(await learner.evaluate(() => (window as { __adminXss?: number }).__adminXss)).toBeUndefined();
  await learner.goto(`/course/${courseId}?lessonId=${created?.lessons[1]?.id}`);
  await expect(learner.getByText('Andre versjon av teksten.')).toBeVisible();
  await learner.goto(`/course/${courseId}?lessonId=${created?.lessons[2]?.id}`);
  await expect(learner.getByRole('group', { name: /^Videospiller/ })).toBeVisible();
  await learner.context().close();
});

async function signedInPage(browser: Browser, email: string, password?: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  return page;
}

test('superbruker@demo.no: the Dashboard tab with the seed figures, users, deactivation and roles', async ({ page, browser, isMobile }) => {
  test.setTimeout(180_000);
  // A learner of this test's own, signed in in a browser of their own.
  const stamp = `${isMobile ? 'mobil' : 'desktop'}-${Date.now()}`;
  const learnerEmail = `e2e-admin-${stamp}@demo.no`;
  const learnerName = `Lene ${stamp}`;
  const password = 'e2e-passord-123';
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await learner.goto('/');
  const registered = await learner.request.post('/api/auth/register', {
    data: { firstName: 'Lene', lastName: stamp, email: learnerEmail, password },
    headers: { Origin: new URL(learner.url()).origin },
  });
  expect(registered.status()).toBe(201);
  expect((await learner.request.get('/api/auth/user')).status()).toBe(200);

  const scripts = await openAdmin(page, 'superbruker@demo.no');
  await tab(page, 'Statistikk').click();
  await expect(page.getByRole('region', { name: 'Brukere totalt' })).toBeVisible();
  // Everything /admin downloads with the Dashboard tab open (measured before any reload).
  await expect(page.getByRole('region', { name: 'Siste brukere' })).toBeVisible();
  await settle(page);
  const measured = await scripts.measure();
  expect(measured.gzipBytes, `superuser JavaScript ${measured.gzipBytes} bytes gzip`).toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES);
  expect(measured.urls.some((url) => /SuperuserDashboard/.test(url))).toBe(true);
  console.log(
    `/admin as superuser with the Dashboard tab: ${(measured.gzipBytes / 1024).toFixed(1)} KB gzip JavaScript in ${measured.urls.length} files`,
  );

  // The figures match what the server counts, and the server's counts match the seed.
  const catalogue = loadCatalogue();
  await expect(async () => {
    // Computed now (other tests register users meanwhile); this also refreshes the snapshot the page reads below.
    const stats = (await (await page.request.get('/api/admin/statistics?fresh=1')).json()) as AdminStatistics;
    const users = (await (await page.request.get('/api/admin/users')).json()) as AdminUser[];
    expect(stats.totalCourses).toBe(catalogue.length);
    expect(stats.totalUsers).toBe(users.length);
    expect(stats.activeUsers).toBe(users.filter((u) => u.isActive).length);
    expect(stats.inactiveUsers).toBe(users.filter((u) => !u.isActive).length);
    for (const email of DEMO_ACCOUNTS) expect(users.map((u) => u.email)).toContain(email);
    expect(users.find((u) => u.email === 'inaktiv@demo.no')?.isActive).toBe(false);
    for (const role of ['superuser', 'admin', 'company_admin', 'individual'] as const) {
      expect(stats.usersByRole[role]).toBe(users.filter((u) => u.role === role).length);
    }
    // bedrift@demo.no's company, Fjordtech AS, is the seed's only one; the company suite buys seats for more (issue 24).
    expect(stats.totalCompanies).toBeGreaterThanOrEqual(1);
    // elev@demo.no's four enrollments, one of them completed (README), are at least there.
    expect(stats.totalEnrollments).toBeGreaterThanOrEqual(4);
    expect(stats.completedEnrollments).toBeGreaterThanOrEqual(1);

    await page.reload();
    await tab(page, 'Statistikk').click();
    await expect(statValue(page, 'Brukere totalt')).toHaveText(String(stats.totalUsers), { timeout: 2_000 });
    await expect(page.getByRole('region', { name: 'Brukere totalt' })).toContainText(`${stats.activeUsers} aktive, ${stats.inactiveUsers} inaktive`);
    await expect(statValue(page, 'Kurs')).toHaveText(String(stats.totalCourses));
    await expect(statValue(page, 'Påmeldinger')).toHaveText(String(stats.totalEnrollments));
    await expect(page.getByRole('region', { name: 'Påmeldinger' })).toContainText(
      `${stats.completedEnrollments} fullført (${Math.round(stats.completionRate)} %)`,
    );
    await expect(statValue(page, 'Bedrifter')).toHaveText(String(stats.totalCompanies));
    await expect(page.getByLabel(`Superbruker: ${stats.usersByRole.superuser}`)).toBeVisible({ timeout: 2_000 });
    await expect(page.getByLabel(`Individuell: ${stats.usersByRole.individual}`)).toBeVisible({ timeout: 2_000 });
    await expect(page.getByRole('progressbar', { name: 'Gjennomsnittlig fremdrift' })).toHaveAttribute(
      'aria-valuenow',
      String(Math.round(stats.averageProgress)),
      { timeout: 2_000 },
    );
    await expect(page.getByRole('region', { name: 'Siste brukere' }).getByRole('listitem')).toHaveCount(Math.min(5, users.length), {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'KI-assistentens bruk' })).toBeVisible();
  // The figures say when they were computed, and 'Oppdater tall' computes them now.
  await expect(page.getByText(/^Tallene er fra kl\. \d{2}:\d{2}$/)).toBeVisible();
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/admin/statistics?fresh=1') && r.status() === 200);
  await page.getByRole('button', { name: 'Oppdater tall' }).click();
  await refreshed;
  await expect(page.getByRole('button', { name: 'Oppdater tall' })).toBeEnabled();
  await expectAxeClean(page);

  // Find the learner in the grid and deactivate them.
  const grid = page.getByRole('region', { name: 'Brukere', exact: true });
  await grid.getByLabel('Søk etter navn eller e-post').fill(learnerEmail);
  const card = grid.getByRole('article', { name: learnerName });
  await expect(card).toBeVisible();
  await expect(grid.getByRole('article')).toHaveCount(1);
  await expect(card.getByText('Aktiv', { exact: true })).toBeVisible();
  await expect(card.locator('[data-role="individual"]')).toHaveText('Individuell');
  await card.getByRole('button', { name: `Deaktiver ${learnerName}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Deaktivere ${learnerName}?` });
  await expect(confirm.getByRole('button', { name: 'Avbryt' })).toBeFocused();
  await expectAxeClean(page);
  await confirm.getByRole('button', { name: 'Deaktiver' }).click();
  await expectToast(page, 'Bruker deaktivert');
  await expect(card.getByText('Inaktiv', { exact: true })).toBeVisible();
  await expect(card.getByText(/Deaktivert/)).toBeVisible();

  // The learner's session ended at once, and they cannot sign in.
  expect((await learner.request.get('/api/auth/user')).status()).toBe(401);
  await signIn(learner, learnerEmail, password);
  await expect(learner.getByText('Kontoen din er deaktivert. Ta kontakt med oss hvis du mener dette er feil.')).toBeVisible();
  await expect(learner).toHaveURL(/\/logg-inn/);

  // Reactivate; they sign in again.
  await card.getByRole('button', { name: `Aktiver ${learnerName}` }).click();
  await page
    .getByRole('alertdialog', { name: `Aktivere ${learnerName}?` })
    .getByRole('button', { name: 'Aktiver' })
    .click();
  await expectToast(page, 'Bruker aktivert');
  await expect(card.getByText('Aktiv', { exact: true })).toBeVisible();
  await signIn(learner, learnerEmail, password);
  await expect(learner).toHaveURL(/\/$/);

  // Change the role and back; each change is on the row's audit list.
  await card.getByLabel(`Rolle for ${learnerName}`).selectOption('company_admin');
  await expectToast(page, 'Rolle endret');
  await expect(card.locator('[data-role="company_admin"]')).toHaveText('Bedriftsadmin');
  await expect(card.getByText(/Rolle endret: Individuell → Bedriftsadmin/)).toBeVisible();
  await card.getByLabel(`Rolle for ${learnerName}`).selectOption('individual');
  await expectToast(page, 'Rolle endret');
  await expect(card.getByText(/Rolle endret: Bedriftsadmin → Individuell/)).toBeVisible();
  await learnerContext.close();

  // The superuser's own card offers no action on themselves.
  await grid.getByLabel('Søk etter navn eller e-post').fill('superbruker@demo.no');
  await expect(grid.getByRole('article')).toHaveCount(1);
  await expect(grid.getByRole('article').getByRole('button')).toHaveCount(0);
  await expect(grid.getByText('Dette er deg: egen rolle og status endres ikke her.')).toBeVisible();

  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoOverflow(page);
  await expectAxeClean(page);
});

test("superbruker@demo.no sees an admin's rename in 'Siste endringer'", async ({ page, browser, isMobile }) => {
  test.setTimeout(120_000);
  const courseId = 'ki-markedsforing';
  const module = seededModule(courseId, isMobile ? 1 : 2);
  // A long compound word too (the whole under the 80 characters an entry shows): it must still wrap on a phone.
  const renamed = `Omdøpt ${isMobile ? 'mobil' : 'desktop'}-${Date.now()} Kunstigintelligensopplæringsprogramdokumentasjon`;

  // The admin renames a module (as the page does) and gives it its title back at once.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@demo.no');
  await expect(admin).toHaveURL(/\/$/);
  const headers = { Origin: new URL(admin.url()).origin };
  const rename = (name: string) => admin.request.put(`/api/admin/modules/${module.id}/name`, { data: { name }, headers });
  expect((await rename(renamed)).status()).toBe(200);
  expect((await rename(module.title)).status()).toBe(200);
  // A new user whose name is one long word: 'Siste brukere' beside the changes must wrap it too.
  const registered = await admin.request.post('/api/auth/register', {
    data: {
      firstName: 'Kunstigintelligensopplæringsprogramdokumentasjon',
      lastName: 'Langnavn',
      email: `langt-navn-${renamed.length}-${Date.now()}-${isMobile ? 'm' : 'd'}@demo.no`,
      password: 'e2e-passord-123',
    },
    headers,
  });
  expect(registered.status()).toBe(201);
  await adminContext.close();

  await openAdmin(page, 'superbruker@demo.no');
  await tab(page, 'Statistikk').click();
  const changes = page.getByRole('region', { name: 'Siste endringer' });
  await expect(changes.getByRole('heading', { level: 2, name: 'Siste endringer' })).toBeVisible();
  // Other specs write meanwhile: older pages come with 'Vis flere'.
  const entry = changes
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: 'Endret modulnavn' }) })
    .filter({ hasText: `${module.title} → ${renamed}` });
  await expect(async () => {
    if ((await entry.count()) === 0) await changes.getByRole('button', { name: 'Vis flere' }).click({ timeout: 2_000 });
    await expect(entry).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(entry).toContainText(`Modul «${module.title}» i «${courseTitle(courseId)}»`);
  await expect(entry).toContainText('av Lars Hansen (admin@demo.no)');
  await expect(entry.locator('time')).toHaveText(/^\d{1,2}\.\d{1,2}\.\d{4}, \d{2}:\d{2}$/);
  // The title given back is the newer entry, above it.
  await expect(changes.getByRole('listitem').filter({ hasText: `${renamed} → ${module.title}` })).toBeVisible();
  await expectAxeClean(page);

  await page.setViewportSize({ width: 360, height: 780 });
  await expect(entry).toBeVisible();
  await expectNoOverflow(page);
});
