import { type Browser, expect, type Page, test } from '@playwright/test';
import { buildHookRequests } from './build-hook';
import { expectNoOverflow, signIn, toast, waitForHydration } from './helpers';

/**
 * The superuser's shop tools in /admin on the production build, on a desktop and a 390 px phone:
 * 'Rabattkoder' (a superuser makes a coupon, a visitor uses it at checkout, the superuser sees the
 * use and the order, edits the limit and deactivates it), 'Brukere' (finds a person by search, an
 * invited employee with the company, gives a course by hand and takes it back), 'Kursbevis' (opens
 * a certificate's verification page) and starting a build of the public pages. Every project has
 * rows of its own (a code and a person stamped with the project's name).
 */

const PASSWORD = 'e2e-passord-123';

async function openAdminTab(page: Page, tab: string, isMobile: boolean) {
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'superbruker@demo.no');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await waitForHydration(page);
  await page.getByRole('tab', { name: tab }).click();
}

/** A new account registered through the API in a context of its own. */
async function freshPerson(browser: Browser, email: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/logg-inn');
  const registered = await context.request.post('/api/auth/register', {
    data: { firstName: 'Tora', lastName: 'Tilgang', email, password: PASSWORD },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(registered.status()).toBe(201);
  await context.close();
}

test('a superuser makes a coupon, a visitor uses it at checkout, and the superuser sees the use, edits and deactivates it', async ({
  page,
  browser,
  isMobile,
}, testInfo) => {
  test.setTimeout(180_000);
  const code = `e2e-${testInfo.project.name}-${Date.now()}`;
  const shown = code.toUpperCase();
  await openAdminTab(page, 'Rabattkoder', isMobile);

  const form = page.getByRole('form', { name: 'Ny rabattkode' });
  await form.getByLabel('Kode').fill(code);
  await form.getByLabel('Type rabatt').selectOption({ label: 'Prosent' });
  await form.getByLabel('Prosent rabatt').fill('20');
  await form.getByLabel('Gjelder').selectOption({ label: 'KI for Kontoret' });
  await form.getByLabel('Maks antall bruk').fill('3');
  await form.getByRole('button', { name: 'Opprett rabattkode' }).click();
  await expect(toast(page, `Rabattkoden ${shown} er opprettet`)).toBeVisible();
  const item = page.getByRole('listitem', { name: shown });
  await expect(item).toContainText('20 % rabatt');
  await expect(item).toContainText('KI for Kontoret');
  await expect(item).toContainText('Brukt 0 av 3');
  await expectNoOverflow(page);

  // A visitor buys the course with the code, typed in lower case.
  const buyer = await browser.newContext(isMobile ? { viewport: { width: 390, height: 844 } } : {});
  const shop = await buyer.newPage();
  const email = `rabatt-${testInfo.project.name}-${Date.now()}@example.no`;
  await shop.goto('/kasse/ki-for-kontoret');
  const pay = shop.getByRole('button', { name: /^Betal .*kr$/ });
  await expect(pay).toBeVisible();
  await shop.getByLabel('Rabattkode').fill(code.toLowerCase());
  await shop.getByRole('button', { name: 'Bruk' }).click();
  await expect(shop.getByText('Rabatt (20 % rabatt)')).toBeVisible();
  await shop.getByLabel('Fornavn').fill('Rune');
  await shop.getByLabel('Etternavn').fill('Rabatt');
  await shop.getByLabel('E-post').fill(email);
  await shop.getByRole('checkbox', { name: /^Jeg ber om å få tilgang til kurset med en gang/ }).check();
  await pay.click();
  await expect(shop).toHaveURL(/\/kasse\/testbetaling\?betaling=/);
  await shop.getByRole('button', { name: 'Godkjenn betalingen' }).click();
  await expect(shop.getByRole('heading', { name: 'Takk for kjøpet!' })).toBeVisible({ timeout: 20_000 });
  await buyer.close();

  // The superuser sees the use and the order.
  await page.reload();
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'Rabattkoder' }).click();
  await expect(item).toContainText('Brukt 1 av 3');
  await expect(item).toContainText('1 bestilling');
  await item.getByRole('button', { name: `Vis bestillinger med ${shown}` }).click();
  const orders = page.getByRole('dialog', { name: `Bestillinger med ${shown}` });
  await expect(orders.getByText(email)).toBeVisible();
  await expect(orders.getByText('Betalt', { exact: true })).toBeVisible();
  await orders.getByRole('button', { name: 'Lukk' }).first().click();

  // The limit, then deactivation.
  await item.getByRole('button', { name: `Endre ${shown}` }).click();
  const edit = page.getByRole('dialog', { name: `Endre ${shown}` });
  await edit.getByLabel('Maks antall bruk').fill('10');
  await edit.getByRole('button', { name: 'Lagre' }).click();
  await expect(toast(page, `Rabattkoden ${shown} er lagret`)).toBeVisible();
  await expect(item).toContainText('Brukt 1 av 10');
  await item.getByRole('button', { name: `Endre ${shown}` }).click();
  await page
    .getByRole('dialog', { name: `Endre ${shown}` })
    .getByRole('button', { name: 'Deaktiver' })
    .click();
  await expect(item).toContainText('Deaktivert');
});

test('a superuser finds a person by search, gives a course by hand with a reason and takes it back', async ({
  page,
  browser,
  isMobile,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = `tilgang-${testInfo.project.name}-${Date.now()}@example.no`;
  await freshPerson(browser, email);
  await openAdminTab(page, 'Brukere', isMobile);

  // An invited employee shows their company.
  const search = page.getByRole('searchbox', { name: 'Søk etter bruker' });
  await search.fill('ansatt@demo.no');
  const results = page.getByRole('list', { name: 'Søkeresultat' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results).toContainText('Bedrift: Fjordtech AS (ansatt)');

  await search.fill(email);
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await results.getByRole('button', { name: 'Åpne Tora Tilgang' }).click();
  await expect(page.getByRole('heading', { name: 'Tora Tilgang' })).toBeVisible();
  await expect(page.getByText('Ingen kurs.')).toBeVisible();
  await expectNoOverflow(page);

  const grant = page.getByRole('form', { name: 'Gi tilgang' });
  await grant.getByRole('button', { name: 'Gi tilgang' }).click();
  await expect(grant.getByText('Skriv en begrunnelse')).toBeVisible();
  await grant.getByLabel('Kurs').selectOption({ label: 'KI for Kontoret' });
  await grant.getByLabel('Begrunnelse').fill('Klage: betalte to ganger');
  await grant.getByRole('button', { name: 'Gi tilgang' }).click();
  await expect(toast(page, 'Tilgang til KI for Kontoret er gitt')).toBeVisible();
  const course = page.getByRole('listitem', { name: 'KI for Kontoret' });
  await expect(course).toContainText('Gitt for hånd');
  await expect(course).toContainText('Klage: betalte to ganger');

  await course.getByRole('button', { name: 'Ta tilbake tilgangen til KI for Kontoret' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ta tilbake tilgangen?' });
  await dialog.getByLabel('Begrunnelse').fill('Refundert i stedet');
  await dialog.getByRole('button', { name: 'Ta tilbake' }).click();
  await expect(toast(page, 'Tilgangen til KI for Kontoret er tatt tilbake')).toBeVisible();
  await expect(course).toContainText('Ingen tilgang');
  await expect(page.getByRole('list', { name: 'Tilgang gitt for hånd' })).toContainText('Tatt tilbake');
  await expect(page.getByRole('list', { name: 'Tilgang gitt for hånd' })).toContainText('Refundert i stedet');
});

test('a superuser opens a certificate and its verification page from /admin', async ({ page, isMobile }) => {
  await openAdminTab(page, 'Kursbevis', isMobile);
  await page.getByRole('searchbox', { name: 'Søk', exact: true }).fill('elev@demo.no');
  const verify = page.getByRole('link', { name: /^Kontrollsiden for kursbeviset til / }).first();
  await expect(verify).toHaveAttribute('href', /^\/bevis\/[0-9A-F]{5}(-[0-9A-F]{5}){3}$/);
  await expect(page.getByRole('link', { name: /^Åpne kursbeviset til / }).first()).toHaveAttribute(
    'href',
    /^\/api\/certificates\/[0-9a-f-]{36}\/pdf$/,
  );
  await verify.click();
  await expect(page).toHaveURL(/\/bevis\//);
  await expect(page.getByRole('heading', { name: 'Kontroller kursbevis' })).toBeVisible();
  // Valid, or revoked when another spec has revoked elev's certificate in the same run.
  await expect(page.getByText(/^Kursbeviset (er gyldig|er trukket tilbake og er ikke lenger gyldig)\./)).toBeVisible();
});

test('a superuser sees when the site was last built and starts a build', async ({ page, isMobile }) => {
  await openAdminTab(page, 'Innholdsbehandling', isMobile);
  const section = page.getByRole('region', { name: 'Publisering av nettsiden' });
  await expect(section).toContainText(/Nettsiden ble sist bygget \d{1,2}\. \p{L}+ \d{4} kl\. \d{2}:\d{2}\./u);
  const before = (await buildHookRequests('Publisering startet av superbruker')).length;
  await section.getByRole('button', { name: 'Publiser nettsiden nå' }).click();
  await expect(toast(page, 'Ny publisering av nettsiden er bestilt')).toBeVisible();
  await expect(section).toContainText('Ny publisering sist bestilt');
  await expect.poll(async () => (await buildHookRequests('Publisering startet av superbruker')).length).toBeGreaterThan(before);
});

test('an admin sees none of the shop’s tabs', async ({ page }) => {
  await signIn(page, 'admin@demo.no');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await waitForHydration(page);
  await expect(page.getByRole('tab', { name: 'Innholdsbehandling' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Rabattkoder' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Brukere' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Publiser nettsiden nå' })).toHaveCount(0);
});
