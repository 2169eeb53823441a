import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { isValidOrgNumber } from '../../src/lib/org-number';
import { axeViolations } from './helpers';
import { mailsTo } from './mail-catcher';

/**
 * The package's free trial as a company meets it: from the package page's 'Prøv gratis i 7 dager'
 * a new account (its address confirmed from the mail) starts a trial for a new company at the seat
 * checkout without paying, and /bedrift shows the days left and the five seats. Before the address
 * is confirmed, the checkout says so beside the choice. At desktop and phone width (the two projects).
 */

const PASSWORD = 'en lang og god passordsetning';

const unique = (what: string, testInfo: TestInfo) => `${what}-${testInfo.project.name}-${Date.now()}`;

/** A valid organisation number (mod 11) that no other run or project of the suite uses. */
function orgNumberFor(testInfo: TestInfo): string {
  const seed = (Date.now() % 10_000_000) * 2 + (testInfo.project.name === 'mobile' ? 1 : 0);
  for (let n = seed; ; n++) {
    const base = `8${String(n % 10_000_000).padStart(7, '0')}`;
    for (let check = 0; check <= 9; check++) if (isValidOrgNumber(`${base}${check}`)) return `${base}${check}`;
  }
}

async function register(page: Page, email: string) {
  await page.goto('/registrer');
  await page.getByLabel('Fornavn').fill('Petra');
  await page.getByLabel('Etternavn').fill('Prøve');
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Passord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Opprett konto' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Opens the confirmation link from the registration's mail. */
async function confirmAddress(page: Page, email: string) {
  const pattern = /https?:\/\/[^\s"'<>()\]]+\/bekreft-epost#token=[^\s"'<>()\]]+/;
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await mailsTo(email)).map((mail) => pattern.exec(mail.text)?.[0]).find(Boolean);
        return link;
      },
      { timeout: 30_000, message: `a confirmation mail to ${email}` },
    )
    .toBeTruthy();
  const url = new URL(link!);
  await page.goto('about:blank');
  await page.goto(url.pathname + url.search + url.hash);
  await expect(page.getByText('E-postadressen din er bekreftet.')).toBeVisible();
}

async function fillCompany(page: Page, name: string, orgNumber: string) {
  await page.getByLabel('Bedriftens navn').fill(name);
  await page.getByLabel('Organisasjonsnummer').fill(orgNumber);
  await page.getByLabel('Fakturaadresse').fill('Storgata 1\n0155 Oslo');
  await page.getByLabel('E-post for faktura').fill('faktura@example.no');
}

test('a company starts the free trial without paying and sees the days left on /bedrift', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const id = unique('prove', testInfo);
  const email = `${id}@example.no`;
  const companyName = `Prøvebedrift ${id}`;
  await register(page, email);
  await confirmAddress(page, email);

  await page.goto('/nettbasert-pakke');
  await page.getByRole('link', { name: 'Prøv gratis i 7 dager' }).click();
  await expect(page).toHaveURL(/\/kasse\/nettbasert-pakke\?provetid=1$/);
  const trialChoice = page.getByRole('radio', { name: 'Prøv gratis i 7 dager' });
  await expect(trialChoice).toBeChecked();
  await expect(page.getByText('Gratis prøveperiode: 5 plasser i 7 dager')).toBeVisible();
  await expect(page.getByTestId('seat-total')).toHaveText(/^0\skr$/);
  await expect(
    page.getByText(/Ellers slutter den av seg selv: tilgangen til kursene tas tilbake, fremdriften lagres, og dere betaler ingenting\./),
  ).toBeVisible();
  await fillCompany(page, companyName, orgNumberFor(testInfo));
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Start gratis prøveperiode' }).click();
  await expect(page).toHaveURL(/\/bedrift\?bedrift=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  await expect(page.getByText('7 dager igjen av prøveperioden')).toBeVisible();
  await expect(page.getByText('Gratis prøveperiode', { exact: true })).toBeVisible();
  const seats = page.getByRole('region', { name: 'Plasser' });
  await expect(seats.getByText('Totalt').locator('xpath=following-sibling::dd')).toHaveText('5');
  await expect(seats.getByText('Ledige').locator('xpath=following-sibling::dd')).toHaveText('5');
  await expect(page.getByRole('link', { name: 'Kjøp plasser', exact: true })).toHaveAttribute('href', /\/kasse\/nettbasert-pakke\?bedrift=/);
  expect(await axeViolations(page)).toEqual([]);

  // One trial per person: the checkout no longer offers it.
  await page.goto('/kasse/nettbasert-pakke?provetid=1');
  await expect(page.getByRole('radio').first()).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Prøv gratis i 7 dager' })).toHaveCount(0);
});

test('an address not yet confirmed is asked to confirm it before the trial starts', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const id = unique('ubekreftet', testInfo);
  await register(page, `${id}@example.no`);
  await page.goto('/kasse/nettbasert-pakke?provetid=1');
  await expect(page.getByRole('radio', { name: 'Prøv gratis i 7 dager' })).toBeChecked();
  await fillCompany(page, `Ubekreftet ${id}`, orgNumberFor(testInfo));
  await page.getByRole('button', { name: 'Start gratis prøveperiode' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Bekreft e-postadressen din før du starter prøveperioden.' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Gå til kontoen din' })).toHaveAttribute('href', '/konto');
  await expect(page).toHaveURL(/\/kasse\/nettbasert-pakke/);
});
