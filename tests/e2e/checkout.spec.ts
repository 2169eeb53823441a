import { expect, test } from '@playwright/test';
import { axeViolations, signIn } from './helpers';
import { mailsTo } from './mail-catcher';

/**
 * The checkout as a buyer meets it (issue 22): a new visitor buys 'KI for Kontoret' with the
 * built-in test provider, lands in the player with the course open, and the receipt reaches the
 * suite's SMTP server; the web receipt and the mail show the same six-digit number and the same
 * statement on the right of withdrawal. axe finds nothing on the checkout and receipt pages, at desktop and phone
 * width (the two projects).
 */

const CONSENT = 'Jeg ber om å få tilgang til kurset med en gang, og forstår at angreretten da går tapt';

test('a new visitor buys a course with the test provider, starts it and gets the receipt by e-mail', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const email = `kjoper-${testInfo.project.name}-${Date.now()}@example.no`;

  await page.goto('/ki-for-kontoret');
  await page.getByRole('link', { name: 'Kjøp kurset' }).first().click();
  await expect(page).toHaveURL(/\/kasse\/ki-for-kontoret$/);
  await expect(
    page
      .getByText('Foretaksregisteret')
      .or(page.getByText(/Org\.?\s?nr/i))
      .first(),
  ).toBeVisible();

  const pay = page.getByRole('button', { name: /^Betal .*kr$/ });
  await expect(pay).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel('Fornavn').fill('Åse');
  await page.getByLabel('Etternavn').fill('Kjøpesen');
  await page.getByLabel('E-post').fill(email);
  const consent = page.getByRole('checkbox', { name: CONSENT });
  await expect(consent).not.toBeChecked();
  await expect(pay).toBeDisabled();
  await consent.check();
  await expect(pay).toBeEnabled();
  await expect(pay).toHaveText('Betal 1 590 kr');
  await pay.click();

  await expect(page).toHaveURL(/\/kasse\/testbetaling\?betaling=/);
  await expect(page.getByText('Testbetaling').first()).toBeVisible();
  await page.getByRole('button', { name: 'Godkjenn betalingen' }).click();

  await expect(page).toHaveURL(/\/kasse\/retur\?ordre=/);
  await expect(page.getByRole('heading', { name: 'Takk for kjøpet!' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Se kvitteringen' }).first().click();
  await expect(page).toHaveURL(/\/kvittering\//);
  await expect(page.getByText('Foretaksregisteret').first()).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  // The receipt number as every format prints it (six digits), and the statement on the right of withdrawal.
  const number = (await page.getByText('Kvitteringsnummer', { exact: true }).locator('xpath=following-sibling::dd[1]').innerText()).trim();
  expect(number).toMatch(/^\d{6}$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Angrerett' })).toBeVisible();
  const statement = page.getByText(/^Du ba om å få tilgang til det digitale innholdet med en gang/);
  await expect(statement).toBeVisible();
  await expect(statement).toContainText('angreretten gjelder ikke for dette kjøpet');
  const statementText = (await statement.innerText()).replace(/\s+/g, ' ').trim();
  expect(await axeViolations(page)).toEqual([]);

  await page.goBack();
  await page.getByRole('link', { name: 'Start kurset' }).click();
  await expect(page).toHaveURL(/\/course\/ki-for-kontoret/);
  await expect(page.getByRole('heading', { name: 'KI for Kontoret' }).first()).toBeVisible({ timeout: 20_000 });
  // The course is bought: nothing in the player asks to buy it.
  await expect(page.getByRole('link', { name: 'Kjøp kurset' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Kjøp kurset' })).toHaveCount(0);

  // The receipt, and the new account's one mail ('Lag et passord', tests/e2e/guest-account.spec.ts).
  await expect
    .poll(async () => (await mailsTo(email)).map((m) => m.subject).sort(), { timeout: 30_000 })
    .toEqual(['Bekreft e-postadressen og lag et passord', expect.stringMatching(/^Kvittering for kjøp/)]);
  const receipt = (await mailsTo(email)).find((m) => m.subject.startsWith('Kvittering for kjøp'));
  expect(receipt!.text).toContain('Foretaksregisteret');
  expect(receipt!.text).toMatch(/1\s590,00\skr/);
  // The mail says what the web receipt says: the same number and the same statement.
  const mailText = receipt!.text.replace(/\s+/g, ' ');
  expect(mailText).toContain(`Kvitteringsnummer: ${number}`);
  expect(mailText).toContain(statementText);
});

test('a signed-in learner who has the course is told so instead of paying twice', async ({ page }) => {
  await signIn(page, 'e2e-innhold@demo.no');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/kasse/ki-filmproduksjon');
  await expect(page.getByText('Du har allerede tilgang til dette kurset.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gå til kurset' })).toHaveAttribute('href', '/course/ki-filmproduksjon');
  await expect(page.getByRole('button', { name: /^Betal/ })).toHaveCount(0);
});
