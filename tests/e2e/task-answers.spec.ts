import { expect, type Page, test } from '@playwright/test';
import { axeViolations, signIn, waitForHydration } from './helpers';
import { seededLesson } from './player-fixture';

/**
 * Task answers are kept (issue 29, point 3), as a learner uses them on the production build, on a
 * desktop and a 390 px phone: each answer is saved as it is typed ('Lagret'), comes back after a
 * reload and on another device, and an answer over the limit says so in Norwegian and is not
 * saved. elev@demo.no holds a grant on 'KI Grunnkurs'; each project works in a task lesson of its
 * own that no other spec writes in.
 */

const COURSE = 'grunnleggende-ki';

/** The lesson's field and its status line (the text under it, named by aria-describedby). */
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
async function statusOf(page: Page, label: string) {
  const id = await field(page, label).getAttribute('aria-describedby');
  return page.locator(`[id="${id}"]`);
}

async function openLesson(page: Page, lessonId: string, title: string) {
  await page.goto(`/course/${COURSE}?lessonId=${lessonId}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
}

test('answers are saved as the learner types, come back after a reload and on another device; too long says so', async ({
  page,
  browser,
  isMobile,
}, testInfo) => {
  test.setTimeout(90_000);
  const lesson = isMobile ? seededLesson(COURSE, 3, 1) : seededLesson(COURSE, 2, 4);
  expect(lesson.type).toBe('task');
  await signIn(page, 'elev@demo.no');
  await expect(page).toHaveURL(/\/$/);
  // A clean start, should the suite run again on the same database.
  const origin = new URL(page.url()).origin;
  for (const q of [0, 1, 2]) await page.request.put(`/api/lessons/${lesson.id}/answers/${q}`, { data: { answer: '' }, headers: { Origin: origin } });

  await openLesson(page, lesson.id, lesson.title);
  await expect(page.getByText('Svarene dine lagres automatisk mens du skriver, og bare du kan se dem.')).toBeVisible();
  await expect(page.getByText(/lagres ikke/)).toHaveCount(0);

  // The first question's own field: typed, then 'Lagret' once the server has it.
  const first = field(page, 'Ditt svar på spørsmål 1');
  await expect(first).toBeEnabled();
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/lessons/${lesson.id}/answers/1`));
  await first.pressSequentially('En prompt med rolle, mål og format.', { delay: 5 });
  expect((await saved).status()).toBe(200);
  await expect(await statusOf(page, 'Ditt svar på spørsmål 1')).toHaveText(/Lagret/);

  // The lesson's own field, over two lines; leaving the field saves at once.
  const own = field(page, 'Ditt svar');
  await own.fill('Mitt promptbibliotek:\n1. Referat\n2. E-postsvar');
  await own.blur();
  await expect(await statusOf(page, 'Ditt svar')).toHaveText(/Lagret/);
  expect(await axeViolations(page)).toEqual([]);
  if (isMobile) expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // After a reload: both answers, and 'Lagret'.
  await page.reload();
  await expect(field(page, 'Ditt svar på spørsmål 1')).toHaveValue('En prompt med rolle, mål og format.');
  await expect(field(page, 'Ditt svar')).toHaveValue('Mitt promptbibliotek:\n1. Referat\n2. E-postsvar');
  await expect(await statusOf(page, 'Ditt svar')).toHaveText(/Lagret/);

  // On another device (a browser of its own, signed in afresh): the same answers.
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const device = await other.newPage();
    await signIn(device, 'elev@demo.no');
    await expect(device).toHaveURL(/\/$/);
    await openLesson(device, lesson.id, lesson.title);
    await expect(field(device, 'Ditt svar på spørsmål 1')).toHaveValue('En prompt med rolle, mål og format.');
    await expect(field(device, 'Ditt svar')).toHaveValue('Mitt promptbibliotek:\n1. Referat\n2. E-postsvar');
  } finally {
    await other.close();
  }

  // Over the limit: the Norwegian message, the field marked, and nothing saved.
  let sent = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith(`/api/lessons/${lesson.id}/answers/2`)) sent++;
  });
  const second = field(page, 'Ditt svar på spørsmål 2');
  await second.fill('a'.repeat(10_001));
  await expect(await statusOf(page, 'Ditt svar på spørsmål 2')).toHaveText('Svaret kan ha høyst 10 000 tegn. Nå er det 10 001.');
  await expect(second).toHaveAttribute('aria-invalid', 'true');
  await second.blur();
  // Back under the limit, it saves.
  await second.press('End');
  await second.press('Backspace');
  await expect(await statusOf(page, 'Ditt svar på spørsmål 2')).toContainText('Lagret');
  expect(sent).toBe(1);
});

test('nobody else reads the answers: another learner gets their own, empty list', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the same server rule at every width');
  const lesson = seededLesson(COURSE, 0, 2);
  await signIn(page, 'admin@demo.no');
  await expect(page).toHaveURL(/\/$/);
  // The seed gives elev@demo.no an answer in this lesson; an admin, who reads every lesson, sees none of it.
  const listed = await page.request.get(`/api/lessons/${lesson.id}/answers`);
  expect(listed.status()).toBe(200);
  expect(((await listed.json()) as { answers: { answer: string }[] }).answers.map((a) => a.answer)).not.toContain(
    'Den siste: ChatGPT lager et nytt utkast til stillingsannonsen.',
  );
  await openLesson(page, lesson.id, lesson.title);
  await expect(field(page, 'Ditt svar på spørsmål 1')).toBeEnabled();
  await expect(field(page, 'Ditt svar på spørsmål 1')).toHaveValue('');
});
