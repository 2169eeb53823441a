import { type Browser, expect, type Page, test, type TestInfo } from '@playwright/test';
import { axeViolations, waitForHydration } from './helpers';
import { mailsTo } from './mail-catcher';
import { seededLesson } from './player-fixture';

/**
 * Company packages as a buyer and an employee meet them (issue 24): a new user buys five seats
 * with the test provider and becomes the company's first manager, invites three employees from a
 * CSV file on /bedrift (previewed before anything is sent), one of them takes the invitation from
 * the mail in another browser, creates the account and starts a course (a member: /bedrift names
 * the company her seat is from), and the manager's view shows that person as in progress and makes
 * her a manager too. axe finds nothing on /kasse/nettbasert-pakke, /bedrift and /invitasjon, at
 * desktop and phone width (the two projects).
 */

const PASSWORD = 'en lang og god passordsetning';
/** A valid organisation number (mod 11). */
const ORG_NUMBER = '923 609 016';

const unique = (what: string, testInfo: TestInfo) => `${what}-${testInfo.project.name}-${Date.now()}`;

async function register(page: Page, email: string, firstName: string, lastName: string) {
  await page.goto('/registrer');
  await page.getByLabel('Fornavn').fill(firstName);
  await page.getByLabel('Etternavn').fill(lastName);
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Passord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Opprett konto' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The invitation link (`/invitasjon#token=…`) in the mail to `to`, once it has arrived. */
async function invitationLink(to: string): Promise<string> {
  const pattern = /https?:\/\/[^\s"'<>()\]]+\/invitasjon#token=[^\s"'<>()\]]+/;
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await mailsTo(to)).map((mail) => pattern.exec(mail.text)?.[0]).find(Boolean);
        return link;
      },
      { timeout: 30_000, message: `an invitation mail to ${to}` },
    )
    .toBeTruthy();
  return link!;
}

async function newBrowser(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  return { context, page: await context.newPage() };
}

test('an anonymous visitor is asked to sign in before buying seats', async ({ page }) => {
  await page.goto('/nettbasert-pakke');
  await page.getByRole('link', { name: 'Kjøp plasser' }).click();
  await expect(page).toHaveURL(/\/kasse\/nettbasert-pakke$/);
  await expect(page.getByText('Logg inn eller opprett konto for å kjøpe plasser')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Logg inn', exact: true })).toHaveAttribute('href', '/logg-inn?next=%2Fkasse%2Fnettbasert-pakke');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(await axeViolations(page)).toEqual([]);
});

test('a company buys seats, invites from a CSV file, and an invited employee starts a course', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const id = unique('bedrift', testInfo);
  const buyer = `${id}-leder@example.no`;
  const employees = [`${id}-ansatt1@example.no`, `${id}-ansatt2@example.no`, `${id}-ansatt3@example.no`];
  const companyName = `Testbedrift ${id}`;

  // Buying: a fresh account, five seats, the test provider.
  await register(page, buyer, 'Lise', 'Leder');
  await page.goto('/kasse/nettbasert-pakke');
  await expect(page.getByLabel('Antall plasser')).toBeVisible();
  await page.getByLabel('Antall plasser').fill('5');
  await page.getByLabel('Antall plasser').blur();
  await expect(page.getByTestId('seat-total')).toHaveText(/14\s950\skr/);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Bedriftens navn').fill(companyName);
  await page.getByLabel('Organisasjonsnummer').fill(ORG_NUMBER);
  await page.getByLabel('Fakturaadresse').fill('Storgata 1\n0155 Oslo');
  await page.getByLabel('E-post for faktura').fill(`${id}-faktura@example.no`);
  await page.getByRole('radio', { name: 'Testbetaling' }).check();
  const pay = page.getByRole('button', { name: /^Betal 14\s950\skr$/ });
  await expect(pay).toBeEnabled();
  await pay.click();

  await expect(page).toHaveURL(/\/kasse\/testbetaling\?betaling=/);
  await page.getByRole('button', { name: 'Godkjenn betalingen' }).click();
  await expect(page).toHaveURL(/\/kasse\/retur\?ordre=/);
  await expect(page.getByRole('heading', { name: 'Takk for kjøpet!' })).toBeVisible({ timeout: 20_000 });

  // The buyer is the company's manager now: /bedrift shows the seats (paid, so none wait for approval) and the buyer as its manager.
  await page.goto('/bedrift');
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible({ timeout: 20_000 });
  const seats = page.getByRole('region', { name: 'Plasser' });
  await expect(seats.getByText('Totalt').locator('xpath=following-sibling::dd')).toHaveText('5');
  await expect(seats.getByText('Ledige').locator('xpath=following-sibling::dd')).toHaveText('5');
  await expect(seats.getByText('Venter på godkjenning')).toHaveCount(0);
  const managers = page.getByRole('region', { name: 'Ledere' });
  await expect(managers.getByText(buyer)).toBeVisible();
  await expect(managers.getByRole('button', { name: 'Fjern som leder (Lise Leder)' })).toBeDisabled();
  await expect(managers.getByText('Bedriften må ha minst én leder.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Inviting: a CSV file of three addresses, previewed, then sent.
  const invite = page.getByRole('region', { name: 'Inviter ansatte' });
  await invite.getByLabel('Eller last opp en CSV-fil').setInputFiles({
    name: 'ansatte.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`navn;e-post\nAnne;${employees[0]}\nBjørn;${employees[1]}\nCecilie;${employees[2]}\n`, 'utf8'),
  });
  await expect(invite.getByText('Valgt fil: ansatte.csv')).toBeVisible();
  await invite.getByRole('button', { name: 'Se over' }).click();
  await expect(invite.getByText('3 adresser kan inviteres')).toBeVisible();
  for (const email of employees) await expect(invite.getByText(email)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await invite.getByRole('button', { name: 'Send 3 invitasjoner' }).click();
  const invitations = page.getByRole('region', { name: 'Invitasjoner' });
  for (const email of employees) await expect(invitations.getByText(email, { exact: true })).toBeVisible();
  await expect(invitations.getByText('Venter på svar')).toHaveCount(3);

  // The first employee opens the mail's link in another browser and creates the account.
  const link = await invitationLink(employees[0]!);
  const other = await newBrowser(browser, testInfo);
  try {
    const url = new URL(link);
    await other.page.goto(url.pathname + url.search + url.hash);
    await expect(other.page.getByRole('heading', { level: 1, name: `Du er invitert til ${companyName}` })).toBeVisible();
    expect(new URL(other.page.url()).hash).toBe('');
    await expect(other.page.getByText(employees[0]!).first()).toBeVisible();
    await expect(other.page.getByText('Minst 8 tegn. Gjerne en setning du husker.')).toBeVisible();
    expect(await axeViolations(other.page)).toEqual([]);
    await other.page.getByLabel('Fornavn').fill('Anne');
    await other.page.getByLabel('Etternavn').fill('Ansatt');
    await other.page.getByLabel('Passord').fill(PASSWORD);
    await other.page.getByRole('button', { name: 'Opprett konto og start' }).click();
    await expect(other.page).toHaveURL(/\/$/);
    await expect(other.page.getByRole('heading', { level: 1, name: 'Hei Anne, klar for å fortsette læringen?' })).toBeVisible({ timeout: 20_000 });

    // The package's courses are open to her: a task lesson of 'KI Grunnkurs', completed.
    const lesson = seededLesson('grunnleggende-ki', 0, 2);
    expect(lesson.type).toBe('task');
    await other.page.goto(`/course/grunnleggende-ki?lessonId=${lesson.id}`);
    await waitForHydration(other.page);
    await expect(other.page.getByRole('heading', { level: 2, name: lesson.title, exact: true })).toBeVisible({ timeout: 20_000 });
    const saved = other.page.waitForResponse((r) => r.request().method() !== 'GET' && r.url().includes('/api/') && r.ok());
    await other.page.getByRole('button', { name: 'Fullfør', exact: true }).click();
    await saved;

    // A member, not a manager: /bedrift says where her seat comes from.
    await other.page.goto('/bedrift');
    await expect(other.page.getByText(`Du har en plass fra ${companyName}. Det er lederne i bedriften som administrerer plassene.`)).toBeVisible({
      timeout: 20_000,
    });
  } finally {
    await other.context.close();
  }

  // Back in the manager's view: she is in progress, and her seat is used.
  await page.reload();
  const people = page.getByRole('region', { name: 'Ansatte' });
  const row = people
    .getByRole('row')
    .filter({ hasText: employees[0]! })
    .or(people.getByRole('listitem').filter({ hasText: employees[0]! }));
  await expect(row.filter({ visible: true })).toContainText('I gang', { timeout: 20_000 });
  await expect(seats.getByText('Brukt').locator('xpath=following-sibling::dd')).toHaveText('1');
  await people.getByRole('button', { name: /^I gang \(1\)$/ }).click();
  await expect(people.getByText(employees[0]!).filter({ visible: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // She becomes a manager too; then either manager may be removed.
  await people.getByRole('button', { name: 'Gjør til leder (Anne Ansatt)' }).filter({ visible: true }).click();
  await page.getByRole('alertdialog', { name: 'Gjøre Anne Ansatt til leder?' }).getByRole('button', { name: 'Gjør til leder' }).click();
  await expect(managers.getByText(employees[0]!)).toBeVisible();
  await expect(managers.getByRole('button', { name: 'Fjern som leder (Lise Leder)' })).toBeEnabled();
});

test('an invitation page without a token says the link is incomplete', async ({ page }) => {
  await page.goto('/invitasjon');
  await expect(page.getByText('Lenken er ufullstendig', { exact: false })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(await axeViolations(page)).toEqual([]);
});
