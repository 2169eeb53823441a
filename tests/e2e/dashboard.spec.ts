import { expect, type Page, test } from '@playwright/test';
import { loadCatalogue } from '../../db/catalogue';
import { seedId } from '../../db/seed';
import { site } from '../../src/config/site';
import { axeViolations, openDashboard, recordScripts, signIn } from './helpers';

/**
 * The signed-in dashboard on '/' (issue 4), driven as the demo learners would.
 * Expected numbers come from the catalogue files and the seed's plan for
 * elev@demo.no: KI Grunnkurs finished; KI for Kontoret module 1 done and two
 * lessons of module 2; KI Markedsføring two lessons of module 1; ChatGPT Mester
 * nothing yet.
 */
const catalogue = loadCatalogue();
const lessonsIn = (courseId: string, moduleIndex: number) => catalogue.find((c) => c.id === courseId)?.modules[moduleIndex]?.lessons.length ?? 0;
const pct = (done: number, total: number) => Math.round((100 * done) / total);
const minutes = (percentage: number) => Math.floor((percentage / 100) * 20);

const expected = (() => {
  const basicModules = catalogue.find((c) => c.id === 'grunnleggende-ki')?.modules.length ?? 0;
  const office2 = pct(2, lessonsIn('ki-for-kontoret', 1));
  const marketing1 = pct(2, lessonsIn('ki-markedsforing', 0));
  return {
    completedTasks: 1,
    minutesStudied: basicModules * 20 + 20 + minutes(office2) + minutes(marketing1),
    modulesCompleted: basicModules + 1 + (office2 === 100 ? 1 : 0) + (marketing1 === 100 ? 1 : 0),
    office2,
  };
})();

const coursesCard = (page: Page) => page.getByRole('region', { name: 'Kurs' });
const courseButton = (page: Page, title: string) => coursesCard(page).getByRole('button', { name: new RegExp(`Påmeldt\\s*${title}`) });

test.describe('as elev@demo.no', () => {
  test.beforeEach(async ({ page }) => openDashboard(page, 'elev@demo.no', 'Emma'));

  test('the header, the four enrolled courses and the review card', async ({ page }) => {
    const header = page.getByRole('banner');
    await expect(header.getByText(site.productName, { exact: true })).toBeVisible();
    await expect(header.getByText('Dashboard', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Chat', exact: true })).toBeVisible();

    const rows = coursesCard(page).getByRole('listitem');
    await expect(coursesCard(page).getByRole('heading', { level: 3 })).toHaveText([
      /KI Grunnkurs/,
      /KI for Kontoret/,
      /KI Markedsføring/,
      /ChatGPT Mester/,
    ]);
    await expect(rows.filter({ hasText: 'Påmeldt' })).toHaveCount(4);
    await expect(coursesCard(page).getByText('6 timer').first()).toBeVisible();

    const review = page.getByRole('region', { name: 'Repetisjonsmodul' });
    await expect(review.getByText('Dagens repetisjon')).toBeVisible();
    await expect(review.getByText('5 leksjoner klare for repetisjon')).toBeVisible();
    for (const name of ['Start', 'Se alle', 'Delta']) await expect(review.getByRole('button', { name })).toBeVisible();
  });

  test('the stats follow the formulas for the seeded progress', async ({ page }) => {
    await expect(page.locator('[data-stat="completedTasks"]')).toHaveText(String(expected.completedTasks));
    await expect(page.locator('[data-stat="minutesStudied"]')).toHaveText(String(expected.minutesStudied));
    await expect(page.locator('[data-stat="modulesCompleted"]')).toHaveText(String(expected.modulesCompleted));
    for (const label of ['Fullførte Oppgaver', 'Minutter Studert', 'Moduler Fullført']) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
  });

  test('courses and modules expand and collapse; lessons load on expand; Fortsett and Se igjen link to the player', async ({ page }) => {
    const lessonRequests: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/modules\/[^/]+\/lessons$/.test(r.url())) lessonRequests.push(new URL(r.url()).pathname);
    });

    const office = courseButton(page, 'KI for Kontoret');
    await expect(office).toHaveAttribute('aria-expanded', 'false');
    await office.click();
    await expect(office).toHaveAttribute('aria-expanded', 'true');

    const officeModule = (i: number) => seedId(`module:ki-for-kontoret:${i}`);
    const first = page.getByRole('link', { name: /^Se igjen: / });
    await expect(first).toHaveAttribute('href', `/course/ki-for-kontoret?moduleId=${officeModule(0)}`);
    const continueLinks = page.getByRole('link', { name: /^Fortsett: / });
    await expect(continueLinks).toHaveCount(5);
    await expect(continueLinks.first()).toHaveAttribute('href', `/course/ki-for-kontoret?moduleId=${officeModule(1)}`);
    await expect(coursesCard(page).getByText(`2/${lessonsIn('ki-for-kontoret', 1)} leksjoner`)).toBeVisible();
    await expect(coursesCard(page).getByText(`${expected.office2}%`, { exact: true })).toBeVisible();
    await expect(page.getByRole('progressbar').first()).toHaveAttribute('aria-valuenow', '100');

    // Another course opens independently of the first.
    const basic = courseButton(page, 'KI Grunnkurs');
    await basic.click();
    await expect(basic).toHaveAttribute('aria-expanded', 'true');
    await expect(office).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: /^Se igjen: / })).toHaveCount(7);

    // Lessons are fetched only when a module opens.
    expect(lessonRequests).toEqual([]);
    const module1Title = catalogue.find((c) => c.id === 'ki-for-kontoret')?.modules[0]?.title ?? '';
    const moduleButton = coursesCard(page).getByRole('button', { name: new RegExp(`^${module1Title}`) });
    await moduleButton.click();
    await expect(moduleButton).toHaveAttribute('aria-expanded', 'true');
    const firstLesson = catalogue.find((c) => c.id === 'ki-for-kontoret')?.modules[0]?.lessons[0];
    await expect(coursesCard(page).getByText(firstLesson?.title ?? '', { exact: true })).toBeVisible();
    await expect(coursesCard(page).getByText(`${firstLesson?.estimatedMinutes}min`).first()).toBeVisible();
    expect(lessonRequests).toEqual([`/api/modules/${officeModule(0)}/lessons`]);

    await moduleButton.click();
    await expect(coursesCard(page).getByText(firstLesson?.title ?? '', { exact: true })).toBeHidden();
    await office.click();
    await expect(office).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: /^Fortsett: / })).toHaveCount(0);
  });

  test('module progress is fetched for the first three enrolled courses only', async ({ page }) => {
    await expect(page.locator('[data-stat="minutesStudied"]')).toHaveText(String(expected.minutesStudied));
    const progressRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/modules-with-progress')) progressRequests.push(new URL(r.url()).pathname);
    });
    await page.reload();
    await expect(page.locator('[data-stat="minutesStudied"]')).toHaveText(String(expected.minutesStudied));
    const chatgpt = courseButton(page, 'ChatGPT Mester');
    await chatgpt.click();
    await expect(coursesCard(page).getByText('Ingen moduler tilgjengelig')).toBeVisible();
    await expect(coursesCard(page).getByRole('link', { name: 'Gå til kurset' })).toHaveAttribute('href', '/course/ki-chatgpt-mester');
    expect(progressRequests.sort()).toEqual(
      ['grunnleggende-ki', 'ki-for-kontoret', 'ki-markedsforing'].map((id) => `/api/courses/${id}/modules-with-progress`).sort(),
    );
  });

  test('the user menu shows the user, the role label and signs out with Logg ut', async ({ page }) => {
    await page.getByRole('button', { name: 'Brukermeny for Emma Larsen' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Emma Larsen')).toBeVisible();
    await expect(menu.getByText('elev@demo.no')).toBeVisible();
    await expect(menu.getByText('Individuell', { exact: true })).toBeVisible();
    await expect(menu.getByText('Bedrift', { exact: true })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Profil' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Innstillinger' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Logg ut' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Kom i gang' })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('the Chat button toggles the assistant panel state', async ({ page, isMobile }) => {
    const chat = page.getByRole('button', { name: 'Chat', exact: true });
    await expect(chat).toHaveAttribute('aria-pressed', 'false');
    await chat.click();
    await expect(chat).toHaveAttribute('aria-pressed', 'true');
    // On a phone the panel is a full-screen sheet over the button: it closes from inside.
    if (isMobile) await page.getByRole('button', { name: 'Lukk KI Assistent' }).click();
    else await chat.click();
    await expect(chat).toHaveAttribute('aria-pressed', 'false');
  });

  test('the dashboard has no axe violations, with a course and a module open', async ({ page }) => {
    await courseButton(page, 'KI for Kontoret').click();
    await expect(page.getByRole('link', { name: /^Fortsett: / }).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a session that ends while the dashboard is open leads back to sign-in', async ({ page, context }) => {
    await expect(page.locator('[data-stat="minutesStudied"]')).toHaveText(String(expected.minutesStudied));
    await context.clearCookies({ name: 'session' });
    await courseButton(page, 'KI Grunnkurs').click();
    const moduleTitle = catalogue.find((c) => c.id === 'grunnleggende-ki')?.modules[0]?.title ?? '';
    await coursesCard(page)
      .getByRole('button', { name: new RegExp(`^${moduleTitle.replace(/[?]/g, '\\?')}`) })
      .click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Ikke innlogget' })).toContainText('Du er logget ut. Logger inn på nytt...');
    await expect(page).toHaveURL(/\/logg-inn/);
  });
});

test('at 360 px the dashboard fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await openDashboard(page, 'elev@demo.no', 'Emma');
  await courseButton(page, 'KI for Kontoret').click();
  await expect(page.getByRole('link', { name: /^Fortsett: / }).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
});

test('ny@demo.no has no courses yet', async ({ page }) => {
  await openDashboard(page, 'ny@demo.no', 'Jonas');
  await expect(coursesCard(page).getByText('Ingen kurs tilgjengelig for øyeblikket.')).toBeVisible();
  for (const stat of ['completedTasks', 'minutesStudied', 'modulesCompleted']) {
    await expect(page.locator(`[data-stat="${stat}"]`)).toHaveText('0');
  }
});

test('only the superuser sees Admin', async ({ page }) => {
  await openDashboard(page, 'superbruker@demo.no', 'Ingrid');
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  await page.getByRole('button', { name: 'Brukermeny for Ingrid Solberg' }).click();
  await expect(page.getByRole('menu').getByText('Superbruker', { exact: true })).toBeVisible();
});

test('a company admin sees the role label and the Bedrift badge, and no Admin', async ({ page }) => {
  await openDashboard(page, 'bedrift@demo.no', 'Marte');
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Brukermeny for Marte Johansen' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Bedriftsadmin', { exact: true })).toBeVisible();
  await expect(menu.getByText('Bedrift', { exact: true })).toBeVisible();
});

test('an admin (not superuser) sees no Admin button', async ({ page }) => {
  await openDashboard(page, 'admin@demo.no', 'Lars');
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
});

test('a stale signed-in hint without a session keeps the landing page and is removed', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'signed_in', value: '1', url: baseURL ?? 'http://localhost:4322' }]);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Kom i gang' })).toBeVisible();
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'signed_in')).toBe(false);
  await expect(page.getByRole('heading', { name: /^Hei / })).toHaveCount(0);
});

test.describe('JavaScript on /', () => {
  test.skip(({ isMobile }) => isMobile, 'the bytes are the same at every width');

  test('an anonymous visit downloads no React and no dashboard code', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    const { urls, sources } = await scripts.measure();
    expect(urls).toEqual([]);
    const inline = sources.join('\n');
    expect(inline).not.toContain('react.transitional.element');
    expect(inline).not.toContain('Hei ');
  });

  test('the signed-in dashboard stays under 150 KB of gzipped JavaScript', async ({ page }) => {
    await signIn(page, 'elev@demo.no');
    await expect(page.getByRole('heading', { name: /^Hei Emma/ })).toBeVisible();
    const scripts = recordScripts(page);
    await page.reload({ waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: /^Hei Emma/ })).toBeVisible();
    const { urls, sources, gzipBytes } = await scripts.measure();
    test.info().annotations.push({ type: 'dashboard-js-gzip', description: `${gzipBytes} B in ${urls.length} files` });
    expect(sources.some((s) => s.includes('react.transitional.element'))).toBe(true);
    expect(gzipBytes).toBeLessThan(150 * 1024);
  });
});
