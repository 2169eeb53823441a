import { expect, type Page, test } from '@playwright/test';
import { loadCatalogue } from '../../db/catalogue';
import { seedId } from '../../db/seed';
import { site } from '../../src/config/site';
import { seedLessonId } from '../../db/seed-ids';
import { videoDurationSeconds } from '../../db/media';
import { axeViolations, openDashboard, recordScripts, signIn, waitForHydration } from './helpers';
import { figuresLearners } from './player-fixture';

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

/** The seed's plan for elev@demo.no (db/seed.ts): which lessons it completed. */
const seededDone: Record<string, (m: number, l: number) => boolean> = {
  'grunnleggende-ki': () => true,
  'ki-for-kontoret': (m, l) => m === 0 || (m === 1 && l < 2),
  'ki-markedsforing': (m, l) => m === 0 && l < 2,
};
/**
 * The dashboard's figures from the learner's own progress: task lessons with every field answered
 * (the seed answers one question of KI Grunnkurs's first task), the time spent in the completed
 * lessons as the seed recorded it (each video watched to its end, each other lesson for its
 * estimated minutes), whole modules.
 */
const expected = (() => {
  const done = catalogue.flatMap((c) => c.modules.flatMap((m, mi) => m.lessons.filter((_, li) => seededDone[c.id]?.(mi, li) ?? false)));
  const wholeModules = catalogue.flatMap((c) => c.modules.filter((m, mi) => m.lessons.every((_, li) => seededDone[c.id]?.(mi, li) ?? false)));
  const firstTask = catalogue
    .find((c) => c.id === 'grunnleggende-ki')!
    .modules.flatMap((m) => m.lessons)
    .find((l) => l.type === 'task')!.content as {
    questions?: unknown[];
    placeholder?: string;
  };
  const videoSeconds = (content: { videoUrl: string; durationSeconds?: number }) => content.durationSeconds ?? videoDurationSeconds(content.videoUrl);
  const seconds = done.reduce(
    (sum, l) => sum + (l.type === 'video' ? videoSeconds(l.content as { videoUrl: string; durationSeconds?: number }) : l.estimatedMinutes * 60),
    0,
  );
  return {
    completedLessons: done.length,
    completedTasks: (firstTask.questions?.length ?? 0) === 1 && firstTask.placeholder === undefined ? 1 : 0,
    minutesStudied: Math.floor(seconds / 60),
    modulesCompleted: wholeModules.length,
    office2: pct(2, lessonsIn('ki-for-kontoret', 1)),
  };
})();

/**
 * The minutes as the seed recorded them. Other tests that open elev's lessons at the same time add
 * the seconds their player reports (a few minutes at most), so the figure may have grown a little.
 */
async function expectSeededMinutes(page: Page) {
  const minutes = page.locator('[data-stat="minutesStudied"]');
  await expect(minutes).toHaveText(/^\d+$/);
  const shown = Number(await minutes.textContent());
  expect(shown).toBeGreaterThanOrEqual(expected.minutesStudied);
  expect(shown).toBeLessThanOrEqual(expected.minutesStudied + 5);
}

/**
 * Answered tasks as the seed left them. task-answers.spec (one lesson per project) and the player's
 * task test answer every field of a task as elev at the same time, so up to three more may count.
 */
async function expectSeededTasks(page: Page) {
  const tasks = page.locator('[data-stat="completedTasks"]');
  await expect(tasks).toHaveText(/^\d+$/);
  const shown = Number(await tasks.textContent());
  expect(shown).toBeGreaterThanOrEqual(expected.completedTasks);
  expect(shown).toBeLessThanOrEqual(expected.completedTasks + 3);
}

const coursesCard = (page: Page) => page.getByRole('region', { name: 'Kurs', exact: true });
const enrolledName = (title: string) => new RegExp(`Påmeldt\\s*${title}`);
const courseButton = (page: Page, title: string) => coursesCard(page).getByRole('button', { name: enrolledName(title) });
/** An enrolled course's row (its modules included). */
const courseRow = (page: Page, title: string) =>
  coursesCard(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: enrolledName(title) }) });

test.describe('as elev@demo.no', () => {
  test.beforeEach(async ({ page }) => openDashboard(page, 'elev@demo.no', 'Emma'));

  test("the site's header and footer, the four enrolled courses, 'Flere kurs' and the review card", async ({ page, isMobile }) => {
    // The site's header (issue 29): its courses menu, and the app's controls instead of sign-in and sign-up.
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: site.productName })).toHaveAttribute('href', '/');
    if (isMobile) await expect(header.getByRole('button', { name: 'Meny', exact: true })).toBeVisible();
    else await expect(header.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('button', { name: 'Nettkurs' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Kursinnlogging' })).toBeHidden();
    await expect(header.getByRole('link', { name: 'Start gratis' })).toBeHidden();
    await expect(header.getByRole('button', { name: 'Brukermeny for Emma Larsen' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'KI-assistent', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Kontakt oss' })).toHaveAttribute('href', '/kontakt');

    const rows = coursesCard(page).getByRole('listitem');
    await expect(coursesCard(page).getByRole('heading', { level: 3 })).toHaveText([
      /KI Grunnkurs/,
      /KI for Kontoret/,
      /KI Markedsføring/,
      /ChatGPT Mester/,
    ]);
    await expect(rows.filter({ hasText: 'Påmeldt' })).toHaveCount(4);
    await expect(coursesCard(page).getByText('6 timer').first()).toBeVisible();

    // 'Flere kurs': the two courses elev has no access to, each with its price and 'Kjøp kurset' to its checkout.
    const more = page.getByRole('region', { name: 'Flere kurs' });
    await expect(more.getByRole('heading', { level: 3 })).toHaveText(['KI Filmproduksjon', 'KI Automatisering']);
    await expect(more.getByText(/^2\s290\skr$/)).toBeVisible();
    await expect(more.getByRole('link', { name: 'Kjøp kurset: KI Automatisering' })).toHaveAttribute('href', '/kasse/ki-automatisering');

    const review = page.getByRole('region', { name: 'Repetisjonsmodul' });
    await expect(review.getByText('Dagens repetisjon')).toBeVisible();
    await expect(review.getByText(`${expected.completedLessons} fullførte leksjoner å repetere`)).toBeVisible();
    await expect(review.getByText(/klare for repetisjon/)).toHaveCount(0);
    await expect(review.getByText(`${expected.modulesCompleted} moduler`, { exact: true })).toBeVisible();
    // No dead ends: Start opens a finished module again, Se alle goes to the course list, Delta says it is not there yet.
    await expect(review.getByRole('link', { name: 'Start dagens repetisjon' })).toHaveAttribute(
      'href',
      `/course/grunnleggende-ki?moduleId=${seedId('module:grunnleggende-ki:0')}`,
    );
    await review.getByRole('link', { name: 'Se alle fullførte moduler' }).click();
    await expect(page).toHaveURL(/#kurs$/);
    await expect(review.getByRole('button', { name: 'Delta' })).toBeDisabled();
    await expect(review.getByText('Kommer snart')).toBeVisible();
  });

  test("the figures are the learner's own and say what they count: answered tasks, minutes spent in lessons, whole modules", async ({ page }) => {
    await expectSeededTasks(page);
    await expectSeededMinutes(page);
    await expect(page.locator('[data-stat="modulesCompleted"]')).toHaveText(String(expected.modulesCompleted));
    for (const label of ['Oppgaver besvart', 'Minutter i leksjonene', 'Moduler fullført']) {
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
    // One module on the way says 'Fortsett'; the four not begun say 'Start' (issue 29).
    const continueLinks = page.getByRole('link', { name: /^Fortsett: / });
    await expect(continueLinks).toHaveCount(1);
    await expect(continueLinks.first()).toHaveAttribute('href', `/course/ki-for-kontoret?moduleId=${officeModule(1)}`);
    await expect(page.getByRole('link', { name: /^Start: / })).toHaveCount(4);
    await expect(page.getByRole('link', { name: /^Start: / }).first()).toHaveAttribute('href', `/course/ki-for-kontoret?moduleId=${officeModule(2)}`);
    await expect(coursesCard(page).getByText(`2 av ${lessonsIn('ki-for-kontoret', 1)} leksjoner fullført`)).toBeVisible();
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
    await expect(coursesCard(page).getByText(`${firstLesson?.estimatedMinutes} min`).first()).toBeVisible();
    expect(lessonRequests).toEqual([`/api/modules/${officeModule(0)}/lessons`]);

    await moduleButton.click();
    await expect(coursesCard(page).getByText(firstLesson?.title ?? '', { exact: true })).toBeHidden();
    await office.click();
    await expect(office).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: /^(Fortsett|Start): / })).toHaveCount(0);
  });

  test('module progress of the first three enrolled courses comes with the page; a fourth loads its modules when expanded', async ({ page }) => {
    await expectSeededMinutes(page);
    const progressRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/modules-with-progress')) progressRequests.push(new URL(r.url()).pathname);
    });
    // Hold the fourth course's answer until the loading text has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/courses/ki-chatgpt-mester/modules-with-progress', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await expectSeededMinutes(page);
    // The page read them with the dashboard (decision 46): the browser asks for none of the first three.
    expect(progressRequests).toEqual([]);
    await courseButton(page, 'KI for Kontoret').click();
    await expect(
      courseRow(page, 'KI for Kontoret')
        .getByRole('link', { name: /^Se igjen: / })
        .first(),
    ).toBeVisible();
    expect(progressRequests).toEqual([]);

    const chatgpt = courseButton(page, 'ChatGPT Mester');
    await chatgpt.click();
    const row = courseRow(page, 'ChatGPT Mester');
    await expect(row.getByText('Laster...')).toBeVisible();
    release();
    const chatgptModules = catalogue.find((c) => c.id === 'ki-chatgpt-mester')?.modules ?? [];
    await expect(row.getByRole('link', { name: /^Start: / })).toHaveCount(chatgptModules.length);
    await expect(row.getByRole('link', { name: /^Start: / }).first()).toHaveAttribute(
      'href',
      `/course/ki-chatgpt-mester?moduleId=${seedId('module:ki-chatgpt-mester:0')}`,
    );
    await expect(row.getByText('Ingen moduler tilgjengelig')).toHaveCount(0);
    await expect(row.getByText(`0 av ${lessonsIn('ki-chatgpt-mester', 0)} leksjoner fullført`).first()).toBeVisible();
    expect(progressRequests).toContain('/api/courses/ki-chatgpt-mester/modules-with-progress');
    await expectSeededMinutes(page);
  });

  test("a long description is clamped, and 'Vis mer' / 'Vis mindre' toggles it", async ({ page }) => {
    const row = courseRow(page, 'KI for Kontoret');
    const more = row.getByRole('button', { name: 'Vis mer' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    const description = page.locator(`[id="${await more.getAttribute('aria-controls')}"]`);
    await expect(description).toHaveClass(/line-clamp-2/);
    const clamped = (await description.boundingBox())?.height ?? 0;
    await more.click();
    const less = row.getByRole('button', { name: 'Vis mindre' });
    await expect(less).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(async () => (await description.boundingBox())?.height ?? 0).toBeGreaterThan(clamped);
    // Reading more does not expand the course.
    await expect(courseButton(page, 'KI for Kontoret')).toHaveAttribute('aria-expanded', 'false');
    await less.click();
    await expect(row.getByRole('button', { name: 'Vis mer' })).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(async () => (await description.boundingBox())?.height ?? 0).toBe(clamped);
  });

  test('the review card keeps the height of its content next to a long course list', async ({ page, isMobile }) => {
    await courseButton(page, 'KI for Kontoret').click();
    await courseButton(page, 'KI Grunnkurs').click();
    await expect(page.getByRole('link', { name: /^Se igjen: / }).first()).toBeVisible();
    const review = page.getByRole('region', { name: 'Repetisjonsmodul' });
    const { height, contentBottom, top } = await review.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const last = el.lastElementChild?.getBoundingClientRect();
      return { height: box.height, top: box.top, contentBottom: (last?.bottom ?? box.bottom) - box.top };
    });
    // Its own padding and border below the last row, nothing more.
    expect(height - contentBottom).toBeLessThanOrEqual(32);
    const courses = await coursesCard(page).boundingBox();
    if (!isMobile) {
      expect(top).toBeCloseTo(courses?.y ?? 0, 0);
      expect(height).toBeLessThan((courses?.height ?? 0) / 2);
      await page.screenshot({ path: test.info().outputPath('dashboard-1280.png'), fullPage: true });
    }
  });

  test('the user menu shows the user without an internal role name and signs out with Logg ut', async ({ page }) => {
    await page.getByRole('button', { name: 'Brukermeny for Emma Larsen' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Emma Larsen')).toBeVisible();
    await expect(menu.getByText('elev@demo.no')).toBeVisible();
    await expect(menu.getByText('Individuell', { exact: true })).toHaveCount(0);
    await expect(menu.getByText('Bedrift', { exact: true })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Profil' })).toHaveAttribute('href', '/konto');
    await expect(menu.getByRole('menuitem', { name: 'Innstillinger' })).toHaveAttribute('href', '/konto#innstillinger');
    await expect(menu.getByText('Kommer snart')).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Administrasjon' })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'Logg ut' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Kom i gang' })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test("the 'KI-assistent' button toggles the assistant panel state", async ({ page, isMobile }) => {
    const chat = page.getByRole('button', { name: 'KI-assistent', exact: true });
    await expect(chat).toHaveAttribute('aria-pressed', 'false');
    await chat.click();
    await expect(chat).toHaveAttribute('aria-pressed', 'true');
    // On a phone the panel is a full-screen sheet over the button: it closes from inside.
    if (isMobile) await page.getByRole('button', { name: 'Lukk KI-assistent' }).click();
    else await chat.click();
    await expect(chat).toHaveAttribute('aria-pressed', 'false');
  });

  test('the dashboard has no axe violations, with a course and a module open', async ({ page }) => {
    await courseButton(page, 'KI for Kontoret').click();
    await expect(page.getByRole('link', { name: /^Fortsett: / }).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a session that ends while the dashboard is open leads back to sign-in', async ({ page, context }) => {
    await expectSeededMinutes(page);
    await waitForHydration(page);
    await context.clearCookies({ name: 'session' });
    // The fourth course's modules are read only when it is opened (the first three came with the
    // page), so this is the request that meets the ended session.
    await courseButton(page, 'ChatGPT Mester').click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Ikke innlogget' })).toContainText('Du er logget ut. Logger inn på nytt...');
    await expect(page).toHaveURL(/\/logg-inn/);
  });
});

for (const width of [320, 360, 390]) {
  test(`at ${width} px the dashboard fits the screen, with a course, a module and a description open`, async ({ page }) => {
    await page.setViewportSize({ width, height: 780 });
    await openDashboard(page, 'elev@demo.no', 'Emma');
    await courseButton(page, 'KI for Kontoret').click();
    await expect(page.getByRole('link', { name: /^Fortsett: / }).first()).toBeVisible();
    const module1Title = catalogue.find((c) => c.id === 'ki-for-kontoret')?.modules[0]?.title ?? '';
    await coursesCard(page)
      .getByRole('button', { name: new RegExp(`^${module1Title}`) })
      .click();
    await expect(
      coursesCard(page).getByText(`${lessonsIn('ki-for-kontoret', 0)} av ${lessonsIn('ki-for-kontoret', 0)} leksjoner fullført`),
    ).toBeVisible();
    await coursesCard(page).getByRole('button', { name: 'Vis mer' }).first().click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (width === 360) {
      // The nested cards leave the lesson list most of the screen.
      const lessons = await coursesCard(page).getByRole('list').locator('ol').first().boundingBox();
      expect(lessons?.width ?? 0).toBeGreaterThanOrEqual(260);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath('dashboard-360.png'), fullPage: true });
    }
  });
}

test("ny@demo.no, without courses, sees an empty state that leads to 'Flere kurs', no figures, and every course with its price", async ({ page }) => {
  await openDashboard(page, 'ny@demo.no', 'Jonas');
  const card = coursesCard(page);
  await expect(card.getByText('Du har ingen kurs ennå.')).toBeVisible();
  await expect(card.getByText('Påmeldt', { exact: true })).toHaveCount(0);
  // No invented numbers: no figures and no review card for a learner with nothing.
  await expect(page.locator('[data-stat]')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Repetisjonsmodul' })).toHaveCount(0);
  await expect(page.getByText(/klare for repetisjon/)).toHaveCount(0);

  await card.getByRole('link', { name: 'Finn et kurs' }).click();
  await expect(page).toHaveURL(/#flere-kurs$/);
  const more = page.getByRole('region', { name: 'Flere kurs' });
  await expect(more).toBeInViewport();
  await expect(more.getByRole('heading', { level: 3 })).toHaveText(catalogue.map((c) => c.title));
  for (const course of catalogue) {
    const item = more.locator(`[data-more-course="${course.id}"]`);
    await expect(item.getByText(new RegExp(`^${(course.marketing.priceNok / 1000).toFixed(3).replace('.', '\\s')}\\skr$`))).toBeVisible();
    await expect(item.getByRole('link', { name: `Kjøp kurset: ${course.title}` })).toHaveAttribute('href', `/kasse/${course.id}`);
  }
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('empty.png'), fullPage: true });
});

test("ny@demo.no's 'Kjøp kurset' opens the course's checkout", async ({ page }) => {
  await openDashboard(page, 'ny@demo.no', 'Jonas');
  await page.getByRole('region', { name: 'Flere kurs' }).getByRole('link', { name: 'Kjøp kurset: KI for Kontoret' }).click();
  await expect(page).toHaveURL(/\/kasse\/ki-for-kontoret$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kjøp KI for Kontoret' })).toBeVisible();
});

test('answering and completing a task lesson moves the figures and the module button; back on the dashboard, without reloading it', async ({
  page,
}, testInfo) => {
  const learner = figuresLearners[testInfo.project.name as keyof typeof figuresLearners];
  await openDashboard(page, learner.email, learner.firstName);
  await expect(page.locator('[data-stat="completedTasks"]')).toHaveText('0');
  await expect(page.locator('[data-stat="modulesCompleted"]')).toHaveText('0');
  const course = catalogue.find((c) => c.id === learner.courseId)!;
  const [m, l] = course.modules
    .flatMap((module, mi) => module.lessons.map((lesson, li) => [mi, li, lesson.type] as const))
    .find(([, , type]) => type === 'task')!;
  const task = course.modules[m]!.lessons[l]!;
  await courseButton(page, course.title).click();
  await expect(page.getByRole('link', { name: `Start: ${course.modules[m]!.title}` })).toBeVisible();

  await page.goto(`/course/${course.id}?lessonId=${seedLessonId(course.id, m, l)}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: task.title })).toBeVisible();
  // A task counts once every field has an answer (completing it alone does not).
  const fields = page.getByRole('textbox', { name: /^Ditt svar/ });
  const taskContent = task.content as { questions?: unknown[]; placeholder?: string };
  const fieldCount = (taskContent.questions?.length ?? 0) + (taskContent.placeholder === undefined ? 0 : 1);
  await expect(fields).toHaveCount(fieldCount);
  for (const field of await fields.all()) await field.fill('Mitt svar');
  await expect(page.getByText('Lagret')).toHaveCount(fieldCount);
  await page.getByRole('button', { name: 'Fullfør', exact: true }).click();
  await expect(page).not.toHaveURL(new RegExp(seedLessonId(course.id, m, l)));

  // Back through the player's history to the dashboard (restored from the back/forward cache where the browser keeps it).
  for (let i = 0; i < 5 && new URL(page.url()).pathname !== '/'; i++) await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Hei ${learner.firstName}`) })).toBeVisible();
  await expect(page.locator('[data-stat="completedTasks"]')).toHaveText('1');
  // Minutes are time spent: well under the lesson's estimate after a quick answer.
  expect(Number(await page.locator('[data-stat="minutesStudied"]').textContent())).toBeLessThan(task.estimatedMinutes);
  await courseButton(page, course.title).click();
  const moduleAction = page.getByRole('link', { name: new RegExp(`^(Start|Fortsett|Se igjen): ${course.modules[m]!.title}$`) });
  await expect(moduleAction).toHaveText(course.modules[m]!.lessons.length === 1 ? 'Se igjen' : 'Fortsett');
});

test('only the superuser sees Admin; admins and the superuser find Administrasjon in the user menu', async ({ page, isMobile }) => {
  await openDashboard(page, 'superbruker@demo.no', 'Ingrid');
  // On a phone the header keeps its room for the menus: 'Administrasjon' in the user menu is the way there.
  if (!isMobile) await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/admin');
  await page.getByRole('button', { name: 'Brukermeny for Ingrid Solberg' }).click();
  await expect(page.getByRole('menu').getByText('Superbruker', { exact: true })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Administrasjon' })).toHaveAttribute('href', '/admin');
});

test('a company admin sees the role label and the Bedrift badge, and no Admin', async ({ page }) => {
  await openDashboard(page, 'bedrift@demo.no', 'Marte');
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Brukermeny for Marte Johansen' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Bedriftsadmin', { exact: true })).toBeVisible();
  // The manager's view (issue 24), and the 'Bedrift' badge beside the role: the word twice.
  await expect(menu.getByRole('menuitem', { name: 'Bedrift' })).toHaveAttribute('href', '/bedrift');
  await expect(menu.getByText('Bedrift', { exact: true })).toHaveCount(2);
  await expect(menu.getByRole('menuitem', { name: 'Administrasjon' })).toHaveCount(0);
});

test('an admin (not superuser) sees no Admin button, and Administrasjon in the user menu', async ({ page }) => {
  await openDashboard(page, 'admin@demo.no', 'Lars');
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: /^Brukermeny for / }).click();
  const admin = page.getByRole('menuitem', { name: 'Administrasjon' });
  await expect(admin).toHaveAttribute('href', '/admin');
  await admin.click();
  await expect(page).toHaveURL(/\/admin/);
});

// A signed-in learner gets the dashboard in the page's own HTML, never the landing page first:
// server-rendered.spec.ts ('a signed-in learner never sees the landing page, …').
test('a stale signed-in hint without a session gets the landing page', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'signed_in', value: '1', url: baseURL ?? 'http://localhost:4322' }]);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Kom i gang' })).toBeVisible();
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
