import { expect, type Page, test } from '@playwright/test';

/**
 * Every price, duration and percentage of the spec's price lists
 * (admin-and-static-pages.md, section 9), on the page where it appears.
 * Playwright normalises whitespace, so '7 500 kr' matches the page's
 * non-breaking spaces.
 */
test.skip(({ isMobile }) => isMobile, 'content checks run once');

const consulting: Record<string, [id: string, price: string, duration: string][]> = {
  '/personlig-konsulent': [
    ['leder-1', 'Fra 7 500 kr', '3 t'],
    ['leder-2', 'Fra 18 900 kr', '8 t'],
    ['leder-3', 'Fra 45 000 kr', '20 t'],
  ],
  '/bedrift-konsulent': [
    ['bedrift-1', 'Fra 28 500 kr', '12 t'],
    ['bedrift-2', 'Fra 95 000 kr', '40+ t'],
    ['bedrift-pilot', 'Fra 15 900 kr', '6 t'],
  ],
  '/automatisering': [
    ['automatisering-1', 'Fra 12 500 kr', '5 t'],
    ['automatisering-2', 'Fra 37 500 kr', '15 t'],
    ['automatisering-3', 'Fra 95 000 kr', '40+ t'],
  ],
  '/dashboards': [
    ['dashboards-1', 'Fra 15 000 kr', '1-2 uker'],
    ['dashboards-2', 'Fra 45 000 kr', '3-4 uker'],
    ['dashboards-3', 'Fra 125 000 kr', '6-8 uker'],
  ],
  '/konsulent': [
    ['leder-1', 'Fra 7 500 kr', '3 t'],
    ['leder-2', 'Fra 18 900 kr', '8 t'],
    ['bedrift-1', 'Fra 28 500 kr', '12 t'],
    ['bedrift-2', 'Fra 95 000 kr', '40+ t'],
  ],
};

async function expectPackage(page: Page, id: string, price: string, duration: string) {
  const card = page.locator(`[data-package="${id}"]`);
  await expect(card, id).toHaveCount(1);
  await expect(card.getByText(price, { exact: true }), `${id} price`).toBeVisible();
  await expect(card.getByText(`Varighet: ${duration}`, { exact: true }), `${id} duration`).toBeVisible();
  await expect(card.getByRole('link', { name: /^Book møte om / }), `${id} booking button`).toHaveAttribute('target', '_blank');
}

for (const [route, packages] of Object.entries(consulting)) {
  test(`${route} shows each package's 'Fra' price and duration, and the 30-minute free consultation`, async ({ page }) => {
    await page.goto(route);
    await expect(page.locator('[data-package]')).toHaveCount(packages.length);
    for (const [id, price, duration] of packages) await expectPackage(page, id, price, duration);
    await expect(page.getByRole('link', { name: /Book gratis konsultasjon \(30 min\)/ })).toBeVisible();
  });
}

test("the 'Mest populær' flag is shown on flagged packages only", async ({ page }) => {
  await page.goto('/personlig-konsulent');
  await expect(page.getByText('Mest populær', { exact: true })).toHaveCount(1);
});

// The spec's price list gives the bundle a 30-day guarantee, its legal constants 14 days; the site states
// one rule everywhere, the terms' 14 days (decision 16).
test('the online bundle: 2 990 kr per person, regular 8 490 kr, 5 500 kr saved (65 %), trial, lifetime, 35+ hours, 14-day guarantee', async ({
  page,
}) => {
  await page.goto('/nettbasert-pakke');
  const block = page.locator('[data-price-block]');
  await expect(block.getByText('2 990 kr', { exact: true })).toBeVisible();
  await expect(block.getByText('per person', { exact: true })).toBeVisible();
  await expect(block.getByText('8 490 kr', { exact: true })).toBeVisible();
  await expect(block.getByText('Du sparer 5 500 kr (65 %)')).toBeVisible();
  await expect(block.getByText('7 dagers gratis prøveperiode')).toBeVisible();
  await expect(block.getByText(/Livstids tilgang/)).toBeVisible();
  await expect(block.getByText(/35\+ timer/)).toBeVisible();
  await expect(block.getByText('14 dagers pengene-tilbake-garanti')).toBeVisible();
  await expect(page.getByText(/30 dagers pengene-tilbake-garanti/)).toHaveCount(0);
  const included = page.locator('#inkluderte-kurs').getByRole('heading', { level: 3 });
  await expect(included).toHaveText([
    'KI Grunnkurs',
    'KI for Kontoret',
    'KI Filmproduksjon',
    'KI Markedsføring',
    'KI Automatisering',
    'Live Nettkurs',
  ]);
  await expect(page.getByText(/^Uke 11–12/)).toBeVisible();
});

test('the physical package: 3 days of 8 hours, 2 follow-up days, 3 months of support, 39 900 kr of 60 000 kr, 20 100 kr saved (33 %)', async ({
  page,
}) => {
  await page.goto('/trenings-pakke');
  for (const day of [1, 2, 3]) await expect(page.getByText(`Dag ${day} · 8 timer`)).toBeVisible();
  await expect(page.getByText(/^Oppfølgingsdag \d$/)).toHaveCount(2);
  await expect(page.getByText('3 måneder med implementeringsstøtte')).toBeVisible();
  const block = page.locator('[data-price-block]');
  for (const value of ['15 000 kr', '35 000 kr', '10 000 kr']) await expect(block.getByRole('cell', { name: value, exact: true })).toBeVisible();
  await expect(block.getByRole('row', { name: /Samlet verdi 60 000 kr/ })).toBeVisible();
  await expect(block.getByText('39 900 kr', { exact: true })).toBeVisible();
  await expect(block.getByText('Dere sparer 20 100 kr (33 %)')).toBeVisible();
});

test('the live courses: three coming-soon cards, at most 15 participants, recordings for 30 days, minimum 5 Mbps', async ({ page }) => {
  await page.goto('/live-nettkurs');
  const comingSoon = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByText('Kommer snart', { exact: true }) });
  await expect(comingSoon).toHaveCount(3);
  await expect(page.getByText('Maks 15', { exact: true })).toBeVisible();
  await expect(page.getByText('30 dager', { exact: true })).toBeVisible();
  await expect(page.getByText('Minimum 5 Mbps', { exact: true })).toBeVisible();
  await page.locator('main a[href="/"]').click();
  await expect(page).toHaveURL(/\/$/);
});

// A course's price is one fixed price, never 'Fra' (issue 29: one phrasing per kind of price).
// Hours: the spec's price list says 10, 9 and 12 for film, marketing and automation, its catalogue
// 7, 6 and 9. One figure per course now (decision 16): the lessons' minutes in whole hours, which is
// the catalogue's figure, shown the same on the landing card, the course page and the price block.
const courses: [route: string, price: string, hours: string, modules: number][] = [
  ['/grunnleggende-ki', '1 290 kr', '6 timer', 6],
  ['/ki-for-kontoret', '1 590 kr', '8 timer', 6],
  ['/ki-filmproduksjon', '2 290 kr', '7 timer', 6],
  ['/ki-markedsforing', '1 890 kr', '6 timer', 6],
  ['/ki-automatisering', '2 490 kr', '9 timer', 6],
  ['/ki-chatgpt-mester', '1 799 kr', '10 timer', 5],
];

for (const [route, price, hours, modules] of courses) {
  test(`${route} shows ${price}, ${hours}, ${modules} modules, what you learn and prerequisites`, async ({ page }) => {
    await page.goto(route);
    const block = page.locator('[data-price-block]');
    await expect(block.getByText(price, { exact: true })).toBeVisible();
    await expect(block.getByText(new RegExp(`^${hours} ·`))).toBeVisible();
    await expect(block.getByText('14 dagers pengene-tilbake-garanti', { exact: false })).toBeVisible();
    // The hero states the same figure as the price block.
    await expect(
      page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ hasText: new RegExp(`^${hours}$`) }),
    ).toHaveCount(1);
    await expect(page.getByRole('button', { name: /^Modul \d+:/ })).toHaveCount(modules);
    await expect(page.getByRole('heading', { name: 'Dette lærer du' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Forkunnskaper' })).toBeVisible();
  });
}

test('the landing card states the same length as the course page', async ({ page }) => {
  await page.goto('/');
  for (const [route, , hours] of courses.slice(0, 5)) {
    const card = page.locator('#kurs li').filter({ has: page.locator(`a[href="${route}"]`) });
    await expect(card.getByText(new RegExp(`^${hours} ·`))).toBeVisible();
  }
});
