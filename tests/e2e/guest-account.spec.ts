import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { axeViolations, signIn } from './helpers';
import { mailsTo } from './mail-catcher';

/**
 * A guest buyer's account as the buyer meets it, by role and visible text, with the mails read
 * from the suite's SMTP server: right after paying, one mail proves the address and leads to
 * 'Lag et passord' (nobody presses 'Send lenken på nytt'), the receipt says how to get back in,
 * the password chosen signs in; on /konto the account without a password changes its address and
 * deletes itself through links mailed to it. At desktop and phone width (the two projects).
 */

const CONSENT = 'Jeg ber om å få tilgang til kurset med en gang, og forstår at angreretten da går tapt';
const PASSWORD = 'mitt nye passord for kurset';

const guestEmail = (what: string, testInfo: TestInfo) => `gjest-${what}-${testInfo.project.name}-${Date.now()}@example.no`;

/** Buys 'KI for Kontoret' as a visitor without an account, with the test provider; ends on the return page, signed in once. */
async function buyAsGuest(page: Page, email: string) {
  await page.goto('/kasse/ki-for-kontoret');
  await page.getByLabel('Fornavn').fill('Gunn');
  await page.getByLabel('Etternavn').fill('Gjestesen');
  await page.getByLabel('E-post').fill(email);
  await page.getByRole('checkbox', { name: CONSENT }).check();
  await page.getByRole('button', { name: /^Betal .*kr$/ }).click();
  await expect(page).toHaveURL(/\/kasse\/testbetaling\?betaling=/);
  await page.getByRole('button', { name: 'Godkjenn betalingen' }).click();
  await expect(page).toHaveURL(/\/kasse\/retur\?ordre=/);
  await expect(page.getByRole('heading', { name: 'Takk for kjøpet!' })).toBeVisible({ timeout: 20_000 });
}

/** The link to `path` in the mail with this subject that reached `to`, once it has arrived. */
async function mailLink(to: string, subject: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>()\\]]+${path.replace(/[?]/g, '\\?')}#token=[^\\s"'<>()\\]]+`);
  const find = async () =>
    (await mailsTo(to))
      .filter((m) => m.subject === subject)
      .map((m) => pattern.exec(m.text)?.[0])
      .find(Boolean);
  await expect.poll(find, { timeout: 30_000, message: `a mail '${subject}' to ${to} with a ${path} link` }).toBeTruthy();
  return (await find())!;
}

async function openMailLink(page: Page, link: string) {
  const url = new URL(link);
  await page.goto('about:blank');
  await page.goto(url.pathname + url.search + url.hash);
}

test('a guest buys, opens the mail, chooses a password and signs in with it', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const email = guestEmail('passord', testInfo);
  await buyAsGuest(page, email);

  // One mail for the account arrives with the receipt, without 'Send lenken på nytt' being pressed.
  await expect
    .poll(async () => (await mailsTo(email)).map((m) => m.subject).sort(), { timeout: 30_000 })
    .toEqual(['Bekreft e-postadressen og lag et passord', expect.stringMatching(/^Kvittering for kjøp/)]);
  const receipt = (await mailsTo(email)).find((m) => m.subject.startsWith('Kvittering for kjøp'))!;
  expect(receipt.text).toContain('Slik logger du inn igjen');
  expect(receipt.text).toContain(`Vi har laget en konto til deg med e-postadressen ${email}.`);
  expect(receipt.text).toMatch(/\/logg-inn/);

  const link = await mailLink(email, 'Bekreft e-postadressen og lag et passord', '/lag-passord');
  await openMailLink(page, link);
  await expect(page.getByRole('heading', { level: 1, name: 'Lag et passord' })).toBeVisible();
  await expect(page.getByText('E-postadressen din er bekreftet.')).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  await expect(page.getByLabel('Passord')).toHaveAttribute('autocomplete', 'new-password');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Passord').fill('kort');
  await page.getByRole('button', { name: 'Lagre passordet' }).click();
  await expect(page.getByText('Passordet må ha minst 8 tegn')).toBeVisible();
  await page.getByLabel('Passord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Lagre passordet' }).click();
  await expect(page.getByText('Passordet er lagret. Logg inn med e-postadressen og det nye passordet.')).toBeVisible();

  await page.getByRole('link', { name: 'Logg inn' }).last().click();
  await expect(page).toHaveURL(/\/logg-inn/);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hei Gunn, klar for å fortsette læringen?' })).toBeVisible();
  // The address was proven by the mail: no banner asks for it.
  await expect(page.getByText('Bekreft e-postadressen din')).toHaveCount(0);

  // The link worked once.
  await openMailLink(page, link);
  await expect(page.getByText('Lenken er ugyldig eller utløpt.')).toBeVisible();
});

test('on /konto an account without a password changes its address and deletes itself through mailed links', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const email = guestEmail('konto', testInfo);
  const newAddress = guestEmail('ny', testInfo);
  await buyAsGuest(page, email);

  await page.goto('/konto');
  await expect(page.getByRole('heading', { level: 1, name: 'Min konto' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Lag et passord' })).toBeVisible();
  await expect(page.getByText('Passordet du logger inn med nå.')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // A new address: a link to the current one first, then the usual link to the new one.
  const emailCard = page.getByRole('region', { name: 'E-post', exact: true });
  await emailCard.getByLabel('Ny e-postadresse').fill(newAddress);
  await emailCard.getByRole('button', { name: 'Send lenke for å endre e-post' }).click();
  await expect(emailCard.getByRole('status')).toHaveText(`Vi har sendt en lenke til ${email}. Åpne den for å bekrefte.`);
  const confirmChange = await mailLink(email, 'Bekreft at du vil endre e-postadressen', '/bekreft-konto?handling=epost');
  await openMailLink(page, confirmChange);
  await expect(page.getByRole('heading', { level: 1, name: 'Bekreft endringen' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Bekreft endringen' }).click();
  await expect(page.getByText(`Vi har sendt en lenke til ${newAddress}. E-postadressen endres når du åpner lenken.`)).toBeVisible();
  const changeLink = await mailLink(newAddress, 'Bekreft ny e-postadresse', '/bekreft-epost');
  await openMailLink(page, changeLink);
  await expect(page.getByText(`E-postadressen din er endret til ${newAddress}.`)).toBeVisible();

  // Deleting: the dialog sends a link instead of asking for a password; the link deletes.
  await page.goto('/konto');
  await expect(page.getByRole('region', { name: 'E-post', exact: true }).getByText(newAddress, { exact: true })).toBeVisible();
  const data = page.getByRole('region', { name: 'Dine data' });
  await data.getByRole('button', { name: 'Slett kontoen' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Slette kontoen din?' });
  await expect(dialog.getByLabel('Passord')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Send lenke for å slette' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Vi har sendt en lenke til ${newAddress}. Åpne den for å bekrefte.`);
  await dialog.getByRole('button', { name: 'Lukk' }).click();
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);

  const confirmDeletion = await mailLink(newAddress, 'Bekreft at du vil slette kontoen', '/bekreft-konto?handling=slett');
  await openMailLink(page, confirmDeletion);
  await page.getByRole('button', { name: 'Slett kontoen min' }).click();
  await expect(page.getByText('Kontoen din er slettet.')).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});
