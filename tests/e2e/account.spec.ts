import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test, type TestInfo } from '@playwright/test';
import { axeViolations, signIn } from './helpers';
import { mailsTo } from './mail-catcher';

/**
 * Accounts as a user meets them (issue 23), by role and visible text, with the mails read from the
 * suite's SMTP server (tests/e2e/mail-catcher.ts): a new account confirms its address from the
 * mail and the banner goes; a forgotten password is replaced through the mail's link; on /konto
 * the name changes in the header at once, another browser is signed out, the data downloads and
 * the account is deleted. axe finds nothing on /glemt-passord, /nytt-passord, /bekreft-epost and
 * /konto, at desktop and phone width (the two projects).
 */

const PASSWORD = 'en lang og god passordsetning';

/** A fresh address per test and project, so the tests can run in parallel. */
const newEmail = (what: string, testInfo: TestInfo) => `konto-${what}-${testInfo.project.name}-${Date.now()}@example.no`;

/** Creates an account through /registrer as a visitor does; ends signed in on the dashboard. */
async function register(page: Page, email: string, firstName = 'Kari', lastName = 'Konto') {
  await page.goto('/registrer');
  await page.getByLabel('Fornavn').fill(firstName);
  await page.getByLabel('Etternavn').fill(lastName);
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Passord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Opprett konto' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: `Hei ${firstName}, klar for å fortsette læringen?` })).toBeVisible();
}

/**
 * The links to `path` (with their token) in the mails that reached `to`, oldest first, once at
 * least `count` have arrived. Found in the mail text by the path, not by the subject.
 */
async function mailLinks(to: string, path: '/nytt-passord' | '/bekreft-epost', count = 1): Promise<string[]> {
  const pattern = new RegExp(`https?://[^\\s"'<>()\\]]+${path}#token=[^\\s"'<>()\\]]+`, 'g');
  const links = async () => (await mailsTo(to)).flatMap((mail) => [...new Set(mail.text.match(pattern) ?? [])]);
  await expect
    .poll(async () => (await links()).length, { timeout: 30_000, message: `${count} mail(s) to ${to} with a ${path} link` })
    .toBeGreaterThanOrEqual(count);
  return links();
}

/** Opens a mail's link in this site (the mail's origin is the served site's SITE_URL). */
async function openMailLink(page: Page, link: string) {
  const url = new URL(link);
  // A link from a mail program opens a fresh page; from the same page a `goto` that only changes the fragment would not load it.
  await page.goto('about:blank');
  await page.goto(url.pathname + url.search + url.hash);
}

const signedInStatus = async (page: Page) => (await page.request.get('/api/auth/user')).status();

async function openUserMenu(page: Page, name: string) {
  await page.getByRole('button', { name: `Brukermeny for ${name}` }).click();
  return page.getByRole('menu');
}

test('the account pages are accessible in their first state and kept out of search engines', async ({ page }) => {
  for (const path of ['/glemt-passord', '/nytt-passord', '/bekreft-epost']) {
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path !== '/glemt-passord') await expect(page.getByText('Lenken er ufullstendig', { exact: false }).first()).toBeVisible();
    expect(await axeViolations(page), path).toEqual([]);
  }
});

test('a new account confirms its address from the mail, and the banner goes', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const email = newEmail('bekreft', testInfo);
  await register(page, email);

  const banner = page.getByText('Bekreft e-postadressen din');
  await expect(banner).toBeVisible();
  await expect(page.getByText(`Vi har sendt en lenke til ${email}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Send lenken på nytt' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Vi har sendt en ny lenke til ${email}.` })).toBeVisible();

  // The registration's mail and the one sent again: the newest link is the one to use.
  const links = await mailLinks(email, '/bekreft-epost', 2);
  await openMailLink(page, links.at(-1)!);
  await expect(page.getByText('E-postadressen din er bekreftet.')).toBeVisible();
  // The token left the address bar as soon as the page had read it.
  expect(new URL(page.url()).hash).toBe('');
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Til kursene mine' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hei Kari, klar for å fortsette læringen?' })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('a forgotten password is replaced through the mail, and only the new one signs in', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const email = newEmail('glemt', testInfo);
  const newPassword = 'et helt nytt passord for kontoen';
  await register(page, email);
  const menu = await openUserMenu(page, 'Kari Konto');
  await menu.getByRole('menuitem', { name: 'Logg ut' }).click();
  await expect(page.getByRole('link', { name: 'Kom i gang' })).toBeVisible();

  await page.goto('/logg-inn');
  await page.getByRole('link', { name: 'Glemt passordet?' }).click();
  await expect(page).toHaveURL(/\/glemt-passord$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Glemt passord' })).toBeVisible();
  await page.getByLabel('E-post').fill('ikke-en-adresse');
  await page.getByRole('button', { name: 'Send lenke' }).click();
  await expect(page.getByText('Skriv inn en gyldig e-postadresse')).toBeVisible();
  await expect(page.getByLabel('E-post')).toBeFocused();
  await page.getByLabel('E-post').fill(email);
  await page.getByRole('button', { name: 'Send lenke' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Hvis adressen har en konto hos oss, har vi sendt en e-post med en lenke/);
  // The page stays, with the form, for another try.
  await expect(page.getByRole('button', { name: 'Send lenke' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const [link] = await mailLinks(email, '/nytt-passord');
  await openMailLink(page, link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Nytt passord' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  await expect(page.getByText('Minst 8 tegn. Gjerne en setning du husker.')).toBeVisible();
  await expect(page.getByLabel('Nytt passord')).toHaveAttribute('autocomplete', 'new-password');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Nytt passord').fill('kort');
  await page.getByRole('button', { name: 'Lagre nytt passord' }).click();
  await expect(page.getByText('Passordet må ha minst 8 tegn')).toBeVisible();
  await expect(page.getByLabel('Nytt passord')).toBeFocused();
  await page.getByLabel('Nytt passord').fill(newPassword);
  await page.getByRole('button', { name: 'Lagre nytt passord' }).click();
  await expect(page.getByText('Passordet er endret. Logg inn med det nye passordet.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The link works once.
  await openMailLink(page, link!);
  await page.getByLabel('Nytt passord').fill('enda et passord som er langt');
  await page.getByRole('button', { name: 'Lagre nytt passord' }).click();
  await expect(page.getByText('Lenken er ugyldig eller utløpt. Be om en ny lenke.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Be om en ny lenke' })).toHaveAttribute('href', '/glemt-passord');

  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toContainText('Feil e-post eller passord');
  expect(await signedInStatus(page)).toBe(401);
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/$/);
  expect(await signedInStatus(page)).toBe(200);
});

/** A second browser (its own cookies) signed in to the same account. */
async function signInElsewhere(browser: Browser, testInfo: TestInfo, email: string) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const other = await context.newPage();
  await signIn(other, email, PASSWORD);
  await expect(other).toHaveURL(/\/$/);
  return { context, other };
}

test('on /konto the name changes in the header, another browser is signed out, the data downloads and the account is deleted', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = newEmail('konto', testInfo);
  await register(page, email);

  const menu = await openUserMenu(page, 'Kari Konto');
  await menu.getByRole('menuitem', { name: 'Profil' }).click();
  await expect(page).toHaveURL(/\/konto$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Min konto' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const profile = page.getByRole('region', { name: 'Profil' });
  await expect(profile.getByLabel('Fornavn')).toHaveValue('Kari');
  expect(await axeViolations(page)).toEqual([]);

  // The name: saved, and in the header's user menu without a reload.
  await profile.getByLabel('Fornavn').fill('Solveig');
  await profile.getByLabel('Etternavn').fill('Fjellstad');
  await profile.getByRole('button', { name: 'Lagre' }).click();
  await expect(profile.getByText('Navnet er lagret.')).toBeVisible();
  const renamed = await openUserMenu(page, 'Solveig Fjellstad');
  await expect(renamed.getByText('Solveig Fjellstad')).toBeVisible();
  await page.keyboard.press('Escape');

  // 'Innstillinger' leads to the reminders, which save at once.
  await page.goto('/konto#innstillinger');
  const reminders = page.getByRole('region', { name: 'E-postvarsler' });
  await expect(reminders).toBeFocused();
  const toggle = reminders.getByRole('switch', { name: 'Påminnelser når jeg ikke har vært innom på en uke' });
  const was = await toggle.isChecked();
  await toggle.click();
  await expect(reminders.getByText('Lagret')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'E-postvarsler' }).getByRole('switch')).toBeChecked({ checked: !was });

  // Another browser signs in; this one signs it out.
  const { context, other } = await signInElsewhere(browser, testInfo, email);
  try {
    await page.reload();
    const sessions = page.getByRole('region', { name: 'Innlogginger' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    const mine = sessions.getByRole('listitem').filter({ hasText: 'Denne enheten' });
    await expect(mine).toHaveCount(1);
    await expect(mine.getByRole('button')).toHaveCount(0);
    const theirs = sessions.getByRole('listitem').filter({ hasNotText: 'Denne enheten' });
    await expect(theirs.getByText(/^Sist brukt/)).toBeVisible();
    await theirs.getByRole('button', { name: /^Logg ut/ }).click();
    await expect(sessions.getByText(/er logget ut\.$/)).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await expect(sessions.getByText('Du er ikke logget inn på noen andre enheter.')).toBeVisible();
    expect(await signedInStatus(other)).toBe(401);
    await other.reload();
    await expect(other.getByRole('link', { name: 'Kom i gang' })).toBeVisible();
    expect(await signedInStatus(page)).toBe(200);
  } finally {
    await context.close();
  }

  // The data: one JSON file with the profile.
  const data = page.getByRole('region', { name: 'Dine data' });
  const downloading = page.waitForEvent('download');
  await data.getByRole('link', { name: 'Last ned mine data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^mine-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as unknown;
  expect(exported).toMatchObject({ profile: { email, firstName: 'Solveig', lastName: 'Fjellstad' } });

  // Deleting: what goes and what stays, the password asked, then signed out for good.
  await data.getByRole('button', { name: 'Slett kontoen' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Slette kontoen din?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/fem år etter bokføringsreglene/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByLabel('Passord').fill('feil passord her');
  await dialog.getByRole('button', { name: 'Slett kontoen min' }).click();
  await expect(dialog.getByText('Feil passord')).toBeVisible();
  await expect(dialog.getByLabel('Passord')).toBeFocused();
  await dialog.getByLabel('Passord').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Slett kontoen min' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Kom i gang' })).toBeVisible();
  expect(await signedInStatus(page)).toBe(401);

  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toContainText('Feil e-post eller passord');
  expect(await signedInStatus(page)).toBe(401);
});

test('/konto sends an anonymous visitor to sign in and back', async ({ page }) => {
  await page.goto('/konto');
  await expect(page).toHaveURL(/\/logg-inn\?next=%2Fkonto$/);
});
