import { expect, type Page, test } from '@playwright/test';
import { loadCatalogue } from '../../db/catalogue';
import { seedLessonId } from '../../db/seed-ids';
import { signIn, waitForHydration } from './helpers';

/**
 * The small things a user sees: the footer's year, the home page's course grid and intro video,
 * the header of a signed-in visitor on the public pages and with a long name, e-mail addresses
 * and the organisation number on /bedrift, and the course player's completed lessons and tasks.
 */

const thisYear = () => Number(new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', year: 'numeric' }).format(new Date()));

test.describe('the public site', () => {
  test("the footer's copyright year is this year", async ({ page }) => {
    for (const path of ['/', '/om-oss']) {
      await page.goto(path);
      await expect(page.getByRole('contentinfo').getByText(new RegExp(`^© ${thisYear()} `))).toBeVisible();
    }
  });

  test("the home page's course grid has every course, ChatGPT Mester among them, and the live course", async ({ page }) => {
    await page.goto('/');
    const grid = page.locator('[data-course-grid]');
    for (const course of loadCatalogue()) {
      await expect(grid.getByRole('link', { name: course.title, exact: true })).toHaveAttribute('href', `/${course.id}`);
    }
    await expect(grid.getByRole('link', { name: 'ChatGPT Mester' })).toBeVisible();
    await expect(grid.getByRole('link', { name: 'Live Nettkurs' })).toHaveAttribute('href', '/live-nettkurs');
    await expect(grid.getByRole('listitem')).toHaveCount(loadCatalogue().length + 1);
  });

  test("'Se introduksjonen' opens the intro video: the label is the button", async ({ page }) => {
    await page.goto('/');
    await page.getByText(/^Se introduksjonen · \d+:\d\d$/).click();
    await expect(page.getByRole('dialog', { name: /^Introduksjon til / })).toBeVisible();
  });
});

/** Records, on every animation frame from the start of the page, whether an anonymous header link shows. */
async function watchAnonymousLinks(page: Page) {
  await page.addInitScript(() => {
    const seen: boolean[] = [];
    (window as unknown as { __anonymousSeen: boolean[] }).__anonymousSeen = seen;
    const check = () => {
      const links = [...document.querySelectorAll('header a')].filter((a) => /^(Kursinnlogging|Start gratis)$/.test(a.textContent?.trim() ?? ''));
      if (links.length > 0) seen.push(links.some((a) => a.getClientRects().length > 0));
      if (seen.length < 30) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

test.describe('a signed-in visitor on the public pages', () => {
  test("sees 'Mine kurs' instead of 'Kursinnlogging' and 'Start gratis', from the first frame", async ({ page, isMobile }) => {
    await signIn(page, 'elev@demo.no');
    await expect(page).toHaveURL(/\/$/);
    await watchAnonymousLinks(page);
    for (const path of ['/om-oss', '/ki-chatgpt-mester', '/kontakt']) {
      await page.goto(path);
      const header = page.getByRole('banner');
      if (isMobile) {
        await header.getByRole('button', { name: 'Meny' }).click();
        const sheet = page.getByRole('dialog', { name: 'Meny' });
        await expect(sheet.getByRole('link', { name: 'Mine kurs' })).toBeVisible();
        await expect(sheet.getByRole('link', { name: 'Kursinnlogging' })).toBeHidden();
        await expect(sheet.getByRole('link', { name: 'Start gratis' })).toBeHidden();
        await sheet.getByRole('button', { name: 'Lukk meny' }).click();
      } else {
        await expect(header.getByRole('link', { name: 'Mine kurs' })).toBeVisible();
        await expect(header.getByRole('link', { name: 'Mine kurs' })).toHaveAttribute('href', '/');
        await expect(header.getByRole('link', { name: 'Kursinnlogging' })).toBeHidden();
        await expect(header.getByRole('link', { name: 'Start gratis' })).toBeHidden();
      }
      const seen = await page.evaluate(() => (window as unknown as { __anonymousSeen: boolean[] }).__anonymousSeen);
      expect(seen.length, `${path}: frames checked`).toBeGreaterThan(0);
      expect(seen.includes(true), `${path}: an anonymous link showed in a frame`).toBe(false);
    }
  });

  test("an anonymous visitor still sees 'Kursinnlogging' and 'Start gratis', and no 'Mine kurs'", async ({ page, isMobile }) => {
    test.skip(isMobile, 'the desktop header');
    await page.goto('/om-oss');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Kursinnlogging' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Start gratis' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Mine kurs' })).toBeHidden();
  });
});

/** The site header stays one row: the bar keeps its 64 px, every control is one line tall and inside the screen. */
async function expectOneRow(page: Page, label: string) {
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: /^Brukermeny for / })).toBeVisible();
  const bar = await header.locator('> div').first().boundingBox();
  expect(bar?.height, `${label}: the bar's height`).toBeLessThanOrEqual(64);
  const controls = header.locator(
    'nav[aria-label="Hovedmeny"] button, nav[aria-label="Hovedmeny"] > ul > li > a, [data-app-header-slot] button, [data-app-header-slot] a',
  );
  const boxes = await controls.evaluateAll((els) =>
    els.filter((el) => el.getClientRects().length > 0).map((el) => ({ text: el.textContent?.trim(), ...el.getBoundingClientRect().toJSON() })),
  );
  expect(boxes.length).toBeGreaterThan(5);
  for (const box of boxes) {
    expect(box.height, `${label}: '${box.text}' wraps`).toBeLessThanOrEqual(44);
    expect(box.right, `${label}: '${box.text}' leaves the screen`).toBeLessThanOrEqual(1280);
  }
}

test.describe('the signed-in header at 1280 px', () => {
  test.skip(({ isMobile }) => isMobile, 'a wide screen');
  test.use({ viewport: { width: 1280, height: 800 } });

  test('stays one row with a long name: the name is cut short, nothing wraps', async ({ page }) => {
    await page.goto('/');
    const registered = await page.request.post('/api/auth/register', {
      data: {
        firstName: 'Maximilian Alexander Christoffer',
        lastName: `Fredriksen-Johannessen-Abrahamsen ${Date.now()}`,
        email: `langt-navn-header-${Date.now()}@demo.no`,
        password: 'e2e-passord-123',
      },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(registered.status()).toBe(201);
    for (const path of ['/', '/konto']) {
      await page.goto(path);
      await expectOneRow(page, path);
      const name = page.getByRole('banner').locator('[data-user-name]');
      expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth), 'the long name is cut short').toBe(true);
    }
  });

  test("stays one row for a superuser, with 'Admin' beside the assistant", async ({ page }) => {
    await signIn(page, 'superbruker@demo.no');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
    await expectOneRow(page, 'superbruker');
  });
});

test.describe('/bedrift', () => {
  test('writes the organisation number in groups and breaks e-mail addresses only after @ or before a dot', async ({ page }) => {
    await signIn(page, 'bedrift@demo.no');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/bedrift');
    await expect(page.getByRole('heading', { level: 1, name: 'Fjordtech AS' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/Org\.nr\. 315 999 804/)).toBeVisible();
    await expect(page.getByText(/Org\.nr\. 315999804/)).toHaveCount(0);
    const employees = page.getByRole('region', { name: 'Ansatte' });
    await expect(employees.getByText('ansatt@demo.no').filter({ visible: true }).first()).toBeVisible();
    // Where each visible address wraps: a line may only begin after '@' or with '.'.
    const wraps = await page.evaluate(() => {
      const found: { email: string; breaks: string[] }[] = [];
      for (const el of document.querySelectorAll('main *')) {
        const own = [...el.childNodes]
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent)
          .join('');
        if (!/^[^\s@]+@[^\s@]+\.[a-z]+$/i.test(own) || el.getClientRects().length === 0) continue;
        const breaks: string[] = [];
        let lastTop: number | null = null;
        let before = '';
        for (const node of el.childNodes) {
          if (node.nodeType !== Node.TEXT_NODE) continue;
          const text = node.textContent ?? '';
          for (let i = 0; i < text.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const top = range.getClientRects()[0]?.top;
            if (top === undefined) continue;
            if (lastTop !== null && top > lastTop + 2) breaks.push(`${before}|${text[i]}`);
            lastTop = top;
            before = text[i]!;
          }
        }
        found.push({ email: own, breaks });
      }
      return found;
    });
    expect(wraps.length).toBeGreaterThan(0);
    for (const { email, breaks } of wraps) {
      for (const at of breaks) expect(at.endsWith('|.') || at.startsWith('@|'), `${email} breaks at ${at}`).toBe(true);
    }
  });
});

test.describe('the course player', () => {
  test("a completed lesson shows 'Fullført' (disabled), not an active 'Fullfør'", async ({ page }) => {
    await signIn(page, 'ansatt@demo.no');
    await expect(page).toHaveURL(/\/$/);
    const courseIds = loadCatalogue().map((c) => c.id);
    let found: { courseId: string; lessonId: string; title: string } | undefined;
    for (const courseId of courseIds) {
      const answer = await page.request.get(`/api/courses/${courseId}/with-content`);
      if (!answer.ok()) continue;
      const body = (await answer.json()) as { modules: { lessons: { id: string; title: string; completed: boolean }[] }[] };
      const done = body.modules.flatMap((m) => m.lessons).find((l) => l.completed);
      if (done) {
        found = { courseId, lessonId: done.id, title: done.title };
        break;
      }
    }
    expect(found, 'a lesson ansatt@demo.no has completed').toBeDefined();
    await page.goto(`/course/${found!.courseId}?lessonId=${found!.lessonId}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 2, name: found!.title })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Fullfør', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Fullført' })).toBeDisabled();
  });

  test('a task shows the scenarios above the question that refers to the scenarios "over"', async ({ page }) => {
    const course = loadCatalogue().find((c) => c.id === 'ki-for-kontoret')!;
    const lesson = course.modules[0]!.lessons[2]!;
    expect(lesson.title).toBe('Kartlegg tidstyvene dine');
    await signIn(page, 'ansatt@demo.no');
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/course/ki-for-kontoret?lessonId=${seedLessonId('ki-for-kontoret', 0, 2)}`);
    await expect(page.getByRole('heading', { level: 2, name: lesson.title })).toBeVisible({ timeout: 20_000 });
    const scenarios = await page.getByRole('heading', { level: 3, name: 'Scenarioer' }).boundingBox();
    const question = await page.getByText('Hvilken av de tre situasjonene over krever mest kontroll, og hvorfor?').boundingBox();
    expect(scenarios!.y).toBeLessThan(question!.y);
  });
});
