import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';
import { courseTitle, seededLesson } from './player-fixture';

/**
 * The player, /admin and the dashboard arrive rendered on the server and hydrate when the browser is
 * idle (decision 34): on a slow phone their buttons are on screen well before React listens to them.
 * A press in that time is not lost (src/directives/ready.ts): the control says it is waiting
 * (`aria-busy`), the island hydrates at once, and the press is replayed on the same control.
 * Here the island's JavaScript is held back, as a slow connection would, while the learner presses.
 */

const OFFICE = 'ki-for-kontoret';

/** Holds back every script file until the returned function is called; the page's inline scripts run as usual. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return async () => {
    release();
    await page.waitForFunction(() => document.querySelector('astro-island') !== null && document.querySelector('astro-island[ssr]') === null);
  };
}

/** The number of islands still waiting for their JavaScript. */
const waitingIslands = (page: Page) => page.locator('astro-island[ssr]');

test("'Vis svar' pressed before the player has hydrated shows the answer once it has", async ({ page }) => {
  await signIn(page, 'elev@demo.no');
  await expect(page).toHaveURL(/\/$/);
  const lesson = seededLesson(OFFICE, 0, 2);
  expect(lesson.type).toBe('task');
  const release = await holdScripts(page);
  await page.goto(`/course/${OFFICE}?lessonId=${lesson.id}`, { waitUntil: 'commit' });

  const show = page.getByRole('button', { name: 'Vis svar' }).first();
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await show.click();
  // Not hydrated yet: the button says it is waiting, and nothing else has happened.
  await expect(waitingIslands(page)).toHaveCount(1);
  await expect(show).toHaveAttribute('aria-busy', 'true');
  const answer = page.locator(`[id="${await show.getAttribute('aria-controls')}"]`);
  await expect(answer).toBeHidden();

  await release();
  const hide = page.getByRole('button', { name: 'Skjul svar' });
  await expect(hide).toHaveCount(1);
  await expect(hide).toHaveAttribute('aria-expanded', 'true');
  await expect(hide).not.toHaveAttribute('aria-busy', 'true');
  await expect(answer).toBeVisible();
  // Hydrated, it toggles as before.
  await hide.click();
  await expect(answer).toBeHidden();
});

test('a tab of /admin chosen before the page has hydrated opens once it has', async ({ page }) => {
  await signIn(page, 'admin@demo.no');
  await expect(page).toHaveURL(/\/$/);
  const release = await holdScripts(page);
  await page.goto('/admin', { waitUntil: 'commit' });
  await expect(page.getByRole('button', { name: `Velg kurs «${courseTitle(OFFICE)}»` })).toBeVisible();

  const videos = page.getByRole('tab', { name: 'Videoer', exact: true });
  await videos.click();
  await expect(waitingIslands(page)).toHaveCount(1);
  await expect(videos).toHaveAttribute('aria-busy', 'true');
  await expect(videos).toHaveAttribute('aria-selected', 'false');

  await release();
  await expect(videos).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Registrer video' })).toBeVisible();
});

test('a course of the dashboard opened before the page has hydrated shows its modules once it has', async ({ page }) => {
  await signIn(page, 'elev@demo.no');
  await expect(page.getByRole('heading', { level: 1, name: /^Hei Emma/ })).toBeVisible();
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });

  const office = page
    .getByRole('region', { name: 'Kurs', exact: true })
    .getByRole('button', { name: new RegExp(`Påmeldt\\s*${courseTitle(OFFICE)}`) });
  await expect(office).toHaveAttribute('aria-expanded', 'false');
  await office.click();
  await expect(waitingIslands(page)).toHaveCount(1);
  await expect(office).toHaveAttribute('aria-busy', 'true');

  await release();
  await expect(office).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: /^Se igjen: / }).first()).toBeVisible();
});
