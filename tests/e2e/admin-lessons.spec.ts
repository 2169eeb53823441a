import { expect, type Page, test } from '@playwright/test';
import type { AdminLesson, AdminModule } from '../../src/schemas/admin';
import type { CourseWithContent } from '../../src/schemas/player';
import { axeViolations, expectNoOverflow, signIn, toast, waitForHydration } from './helpers';
import { courseTitle } from './player-fixture';

/**
 * Issue 29, point 9, as an admin and a superuser do it on the production build, on a desktop and a
 * 390 px phone: 'Leksjoner' lists every lesson with filters by course and type and opens the
 * lesson's editor; the admin header has the user's name, 'Til nettsiden' and 'Logg ut'; the
 * superuser's usage chart shows the questions people ask the (offline) assistant.
 */

const phone = async (page: Page, isMobile: boolean) => {
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
};

async function openAdmin(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Administrasjonsdashboard' })).toBeVisible();
}

test("'Leksjoner' lists lessons across courses, filters by course and type, and opens the lesson's editor", async ({ page, isMobile }) => {
  test.setTimeout(120_000);
  await phone(page, isMobile);
  const stamp = `${isMobile ? 'mobil' : 'desktop'}-${Date.now()}`;
  // The admin spec's course of each project: a module and a lesson of this test's own, made through the admin API.
  const courseId = isMobile ? 'ki-automatisering' : 'ki-filmproduksjon';
  const course = courseTitle(courseId);
  const lessonTitle = `Leksjonsliste ${stamp}`;
  await openAdmin(page, 'admin@demo.no');
  const headers = { Origin: new URL(page.url()).origin };
  const module = (await (
    await page.request.post(`/api/admin/courses/${courseId}/modules`, { data: { title: `Liste ${stamp}` }, headers })
  ).json()) as AdminModule;
  const made = await page.request.post(`/api/admin/modules/${module.id}/lessons`, {
    data: { title: lessonTitle, lessonType: 'text', content: { text: 'Første tekst.' }, videoUrl: null },
    headers,
  });
  expect(made.status()).toBe(201);
  const lesson = (await made.json()) as AdminLesson;

  await page.getByRole('tab', { name: 'Leksjoner', exact: true }).click();
  const list = page.getByRole('list', { name: 'Leksjoner' });
  const rows = list.getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  // Every course's lessons, each row naming its course and module.
  await expect(rows.filter({ hasText: courseTitle('grunnleggende-ki') }).first()).toBeVisible();
  await expect(rows.filter({ hasText: course }).first()).toBeVisible();
  const all = await rows.count();
  await expect(page.getByText(`${all} leksjoner`, { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // One course: only its lessons.
  // (By its id: the security spec gives this course a longer name for a moment.)
  await page.getByRole('combobox', { name: 'Kurs' }).selectOption(courseId);
  await expect(async () => {
    const texts = await rows.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.length).toBeLessThan(all);
    for (const text of texts) expect(text).toContain(course);
  }).toPass({ timeout: 10_000 });

  // And one type: the text lessons, this test's among them.
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Tekst' });
  // (Waits until the list is the filtered one: no row without the type's badge.)
  await expect(rows.filter({ hasNot: page.getByText('Tekst', { exact: true }) })).toHaveCount(0);
  const mine = rows.filter({ hasText: lessonTitle });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(` · Liste ${stamp}`);
  const shown = await rows.count();
  await expect(page.getByText(/^\d+ leksjon(er)?$/)).toHaveText(`${shown} ${shown === 1 ? 'leksjon' : 'leksjoner'}`);

  // 'Rediger' opens the lesson's editor; saving updates it for learners.
  await mine.getByRole('button', { name: `Rediger leksjonen «${lessonTitle}»` }).click();
  const dialog = page.getByRole('dialog', { name: `Rediger leksjon: ${lessonTitle}` });
  await expect(dialog.getByText('Type: Tekst')).toBeVisible();
  await expect(dialog.getByLabel('Innhold')).toHaveValue('Første tekst.');
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByLabel('Innhold').fill('Andre tekst, fra Leksjoner-fanen.');
  await dialog.getByRole('button', { name: 'Oppdater leksjon' }).click();
  await expect(toast(page, 'Leksjon oppdatert')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(mine).toBeVisible();
  const content = (await (await page.request.get(`/api/courses/${courseId}/with-content`)).json()) as CourseWithContent;
  const saved = content.modules.flatMap((m) => m.lessons).find((l) => l.id === lesson.id);
  expect(saved?.content).toEqual({ text: 'Andre tekst, fra Leksjoner-fanen.' });

  // Every course again, one type: task lessons only.
  await page.getByRole('combobox', { name: 'Kurs' }).selectOption({ label: 'Alle kurs' });
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Oppgave' });
  await expect(rows.filter({ hasNot: page.getByText('Oppgave', { exact: true }) })).toHaveCount(0);
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasText: courseTitle('grunnleggende-ki') }).first()).toBeVisible();
  await expectNoOverflow(page);
});

test("the admin header has the user's name, 'Til nettsiden' and 'Logg ut'", async ({ page, isMobile }) => {
  await phone(page, isMobile);
  await openAdmin(page, 'admin@demo.no');
  const header = page.getByRole('banner');
  await expect(header.getByText('Lars Hansen', { exact: true })).toBeVisible();
  const nav = header.getByRole('navigation', { name: 'Brukermeny' });
  await expect(nav.getByRole('link', { name: 'Til nettsiden' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Logg ut' })).toBeVisible();
  await expectNoOverflow(page);
  expect(await axeViolations(page)).toEqual([]);

  await nav.getByRole('link', { name: 'Til nettsiden' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/admin');
  await waitForHydration(page);
  await page.getByRole('navigation', { name: 'Brukermeny' }).getByRole('link', { name: 'Logg ut' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test("the superuser's usage chart shows the questions asked of the offline assistant, without tokens", async ({ page, browser, isMobile }) => {
  test.setTimeout(120_000);
  await phone(page, isMobile);
  // A learner of this test's own asks the assistant (no model in the served build: it answers offline).
  const stamp = `${isMobile ? 'mobil' : 'desktop'}-${Date.now()}`;
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await learner.goto('/');
  const headers = { Origin: new URL(learner.url()).origin };
  const registered = await learner.request.post('/api/auth/register', {
    data: { firstName: 'Kim', lastName: `Spør ${stamp}`, email: `e2e-sporsmal-${stamp}@demo.no`, password: 'e2e-passord-123' },
    headers,
  });
  expect(registered.status()).toBe(201);
  const conversation = (await (await learner.request.post('/api/chat/conversations', { data: {}, headers })).json()) as { id: string };
  const asked = await learner.request.post(`/api/chat/conversations/${conversation.id}/messages`, {
    data: { content: 'Hva er en språkmodell?' },
    headers,
  });
  expect(asked.status()).toBe(200);
  await learnerContext.close();

  await openAdmin(page, 'superbruker@demo.no');
  await page.getByRole('tab', { name: 'Statistikk', exact: true }).click();
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/admin/statistics?fresh=1') && r.status() === 200);
  await page.getByRole('button', { name: 'Oppdater tall' }).click();
  await refreshed;
  const card = page.getByRole('region', { name: 'KI-assistentens bruk' });
  await expect(card.getByText(/^Denne måneden: \d+ spørsmål, alle besvart offline$/)).toBeVisible();
  const chart = card.getByRole('img', { name: /^Spørsmål per dag, siste 30 dager: flest \d+ på én dag$/ });
  await expect(chart).toBeVisible();
  // Today's bar is there and has a height.
  const today = new Date().toISOString().slice(0, 10);
  const bar = chart.locator(`rect[data-date="${today}"]`);
  await expect(bar).toHaveCount(1);
  expect(Number(await bar.getAttribute('height'))).toBeGreaterThan(0);
  const box = await bar.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThan(0);
  // No model was used: no tokens anywhere on the card.
  await card.getByText('Vis tallene per dag (siste 30 dager)').click();
  await expect(card.getByRole('columnheader', { name: 'Offline' })).toBeVisible();
  await expect(card.getByRole('columnheader', { name: 'Tokens' })).toHaveCount(0);
  await expect(card).not.toContainText(/token/i);
  await expectNoOverflow(page);
  expect(await axeViolations(page)).toEqual([]);
});
