import { expect, test } from '@playwright/test';
import { loadCatalogue } from '../../db/catalogue';
import { axeViolations, recordScripts } from './helpers';

/**
 * 'Start gratis' → /registrer: the registration page posts to POST /api/auth/register,
 * shows the API's Norwegian messages next to the fields, and ends in the first course's
 * player on a free lesson (its preview), not in front of 'Kjøp kurset'.
 */

const firstCourse = loadCatalogue().sort((a, b) => a.order - b.order)[0]!;
const firstLesson = firstCourse.modules[0]!.lessons[0]!;

test('a visitor registers from "Start gratis", meets the Norwegian validation messages and lands on a free lesson', async ({ page }, testInfo) => {
  const email = `registrering.${testInfo.project.name}.${Date.now()}@example.no`;
  await page.goto('/');
  if (testInfo.project.use.isMobile) {
    await page.getByRole('button', { name: 'Meny' }).click();
    await page.getByRole('dialog', { name: 'Meny' }).getByRole('link', { name: 'Start Gratis' }).click();
  } else {
    await page.getByRole('link', { name: 'Start Gratis' }).click();
  }
  await expect(page).toHaveURL(`/registrer?next=${encodeURIComponent(`/course/${firstCourse.id}`)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Opprett gratis konto' })).toBeVisible();

  const submit = page.getByRole('button', { name: 'Opprett konto' });
  await page.getByLabel('Fornavn').fill('Kari');
  await page.getByLabel('Etternavn').fill('Nordmann');
  await page.getByLabel('E-post').fill('kari@');
  await page.getByLabel('Passord').fill('kort');
  await submit.click();
  await expect(page.getByText('Skriv inn en gyldig e-postadresse')).toBeVisible();
  await expect(page.getByText('Passordet må ha minst 8 tegn')).toBeVisible();
  await expect(page.getByLabel('E-post')).toBeFocused();
  await expect(page.getByLabel('E-post')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Passord').fill('kort');
  await submit.click();
  await expect(page.getByText('Passordet må ha minst 8 tegn')).toBeVisible();
  await expect(page.getByText('Skriv inn en gyldig e-postadresse')).toBeHidden();
  await expect(page.getByLabel('Passord')).toBeFocused();

  await page.getByLabel('Passord').fill('en lang og god passordsetning');
  await submit.click();
  await expect(page).toHaveURL(new RegExp(`/course/${firstCourse.id}`));
  await expect(page.getByRole('heading', { name: firstLesson.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Denne leksjonen er låst' })).toHaveCount(0);
  const me = await page.request.get('/api/auth/user');
  expect(await me.json()).toMatchObject({ email, firstName: 'Kari', lastName: 'Nordmann', role: 'individual' });
});

test('a taken e-mail address gets the Norwegian message and a way to sign in', async ({ page }) => {
  await page.goto('/registrer');
  await page.getByLabel('Fornavn').fill('Ola');
  await page.getByLabel('Etternavn').fill('Elev');
  await page.getByLabel('E-post').fill('elev@demo.no');
  await page.getByLabel('Passord').fill('en lang og god passordsetning');
  await page.getByRole('button', { name: 'Opprett konto' }).click();
  await expect(page.getByRole('alert')).toHaveText('Det finnes allerede en konto med denne e-postadressen. Logg inn i stedet.');
  await expect(page).toHaveURL(/\/registrer$/);
  await page.getByRole('main').getByRole('link', { name: 'Logg inn' }).click();
  await expect(page).toHaveURL(/\/logg-inn$/);
});

test('the registration page links to the privacy policy and the terms', async ({ page }) => {
  await page.goto('/registrer');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'vilkårene' })).toHaveAttribute('href', '/vilkar');
  await main.getByRole('link', { name: 'personvernerklæringen' }).click();
  await expect(page).toHaveURL(/\/personvern$/);
});

test('the registration page is accessible, light and kept out of search engines', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/registrer', { waitUntil: 'networkidle' });
  const { gzipBytes } = await scripts.measure();
  expect(gzipBytes).toBeLessThanOrEqual(5 * 1024);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(await axeViolations(page)).toEqual([]);
});
