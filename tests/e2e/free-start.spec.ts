import { expect, type Page, test } from '@playwright/test';
import { loadCatalogue } from '../../db/catalogue';
import { waitForHydration } from './helpers';

/**
 * A free start: a new learner reaches every course's preview lessons without buying anything.
 * 'Kom i gang' goes to registration (not sign-in) and on into the course's player; each course page
 * and each dashboard card offers 'Prøv gratis: N leksjoner', which opens the player on a lesson the
 * learner may read (the first lesson, every course's preview). The header's 'Start gratis' is in
 * registration.spec.ts.
 */

const catalogue = loadCatalogue().sort((a, b) => a.order - b.order);
const office = catalogue.find((c) => c.id === 'ki-for-kontoret')!;
const firstLessonOf = (courseId: string) => catalogue.find((c) => c.id === courseId)!.modules[0]!.lessons[0]!;

/** Fills in and sends the registration form the page shows. */
async function register(page: Page, name: string, testInfo: { project: { name: string } }) {
  await expect(page.getByRole('heading', { level: 1, name: 'Opprett gratis konto' })).toBeVisible();
  await page.getByLabel('Fornavn').fill(name);
  await page.getByLabel('Etternavn').fill('Prøvesen');
  await page.getByLabel('E-post').fill(`prov.${name.toLowerCase()}.${testInfo.project.name}.${Date.now()}@example.no`);
  await page.getByLabel('Passord').fill('en lang og god passordsetning');
  await page.getByRole('button', { name: 'Opprett konto' }).click();
}

/** The player shows the course's first lesson, open (no lock). */
async function expectFreeLesson(page: Page, courseId: string) {
  await expect(page).toHaveURL(new RegExp(`/course/${courseId}`));
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: firstLessonOf(courseId).title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Denne leksjonen er låst' })).toHaveCount(0);
}

test("a course page's 'Prøv gratis: 1 leksjon' registers the visitor and opens the course's free lesson", async ({ page }, testInfo) => {
  await page.goto(`/${office.id}`);
  const tryFree = page.getByRole('link', { name: 'Prøv gratis: 1 leksjon' });
  await expect(tryFree).toBeVisible();
  await tryFree.click();
  await expect(page).toHaveURL(`/registrer?next=${encodeURIComponent(`/course/${office.id}`)}`);
  await register(page, 'Pia', testInfo);
  await expectFreeLesson(page, office.id);
});

test("a course page's 'Kom i gang' goes to registration, not sign-in", async ({ page }) => {
  await page.goto(`/${office.id}`);
  const links = page.getByRole('link', { name: 'Kom i gang' });
  await expect(links).toHaveCount(2);
  for (const link of await links.all()) await expect(link).toHaveAttribute('href', `/registrer?next=${encodeURIComponent(`/course/${office.id}`)}`);
  await links.first().click();
  await expect(page).toHaveURL(/\/registrer\?next=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Opprett gratis konto' })).toBeVisible();
});

test("a new learner's dashboard offers every course's previews, and 'Prøv gratis' opens one without buying", async ({ page }, testInfo) => {
  await page.goto('/registrer');
  await register(page, 'Dina', testInfo);
  await expect(page.getByRole('heading', { level: 1, name: 'Hei Dina, klar for å fortsette læringen?' })).toBeVisible();
  const more = page.getByRole('region', { name: 'Flere kurs' });
  for (const course of catalogue) {
    const item = more.locator(`[data-more-course="${course.id}"]`);
    await expect(item.getByRole('link', { name: `Kjøp kurset: ${course.title}` })).toBeVisible();
    // The first lesson, and any an admin marked (the suite's database marks one in a course).
    await expect(item.getByRole('link', { name: new RegExp(`^Prøv gratis: \\d+ leksjon(er)? i ${course.title}$`) })).toHaveText(
      /^Prøv gratis: (1 leksjon|[2-9] leksjoner)$/,
    );
  }
  await more.getByRole('link', { name: `Prøv gratis: 1 leksjon i ${office.title}` }).click();
  await expectFreeLesson(page, office.id);
});
