import { expect, test } from '@playwright/test';
import { verificationCertificates as fixture } from './certificate-fixture';

/**
 * The verification page /bevis/{code} with JavaScript off, as an employer's mail preview or
 * LinkedIn's crawler meets it: the answer is in the HTML the server sent, with its status line and
 * the link preview's og:title and og:description. Valid with a score, valid without one (no
 * 'Resultat'), revoked (410) and unknown (404), at desktop and phone width (the two projects). The
 * certificates are prepare-db.ts's fixed ones (certificate-fixture.ts). The rate limit's 429 is in
 * tests/integration/certificate-page-ssr.test.ts: hitting it here would block the suite's address.
 */

test.use({ javaScriptEnabled: false });

const formatted = (code: string) => code.match(/.{5}/g)!.join('-');
const name = `${fixture.owner.firstName} ${fixture.owner.lastName}`;

test('a valid certificate with a score: 200, name, course, date and score on the page and in the link preview', async ({ page }) => {
  const code = formatted(fixture.scored.code);
  const response = await page.goto(`/bevis/${code}`);
  expect(response?.status()).toBe(200);
  const facts = page.getByRole('region', { name: 'Kursbeviset er gyldig.' });
  await expect(facts).toBeVisible();
  await expect(facts.getByText(name, { exact: true })).toBeVisible();
  await expect(facts.getByText(fixture.scored.courseTitle, { exact: true })).toBeVisible();
  await expect(facts.getByText('20. november 2026', { exact: true })).toBeVisible();
  await expect(facts.getByText('Resultat', { exact: true })).toBeVisible();
  await expect(facts.getByText('92 %', { exact: true })).toBeVisible();
  await expect(facts.getByText(code, { exact: true })).toBeVisible();
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    `Kursbevis: ${name} – ${fixture.scored.courseTitle} | KI Akademiet`,
  );
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
    'content',
    `${name} fullførte kurset ${fixture.scored.courseTitle} hos KI Akademiet 20. november 2026 med resultat 92\u00a0%. Kursbeviset er gyldig.`,
  );
  // Nothing is left to load: the page has no section waiting for a script.
  await expect(page.getByText('Kontrollerer kursbeviset')).toHaveCount(0);
});

test('a valid certificate without a score leaves the field out', async ({ page }) => {
  const response = await page.goto(`/bevis/${formatted(fixture.plain.code)}`);
  expect(response?.status()).toBe(200);
  const facts = page.getByRole('region', { name: 'Kursbeviset er gyldig.' });
  await expect(facts.getByText(fixture.plain.courseTitle, { exact: true })).toBeVisible();
  await expect(facts.getByText('Fullført', { exact: true })).toBeVisible();
  await expect(facts.getByText('Resultat', { exact: true })).toHaveCount(0);
});

test('a revoked certificate: 410 and says it is no longer valid', async ({ page }) => {
  const response = await page.goto(`/bevis/${formatted(fixture.revoked.code)}`);
  expect(response?.status()).toBe(410);
  const facts = page.getByRole('region', { name: 'Kursbeviset er trukket tilbake og er ikke lenger gyldig.' });
  await expect(facts).toBeVisible();
  await expect(facts.getByText('27. november 2026', { exact: true })).toBeVisible();
  await expect(page.getByText('Kursbeviset er gyldig.')).toHaveCount(0);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Kursbeviset er trukket tilbake | KI Akademiet');
});

test('an unknown code: 404 in Norwegian', async ({ page }) => {
  const response = await page.goto('/bevis/E2EFF-FFFFF-FFFFF-FFFFF');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Vi finner ikke noe kursbevis med denne koden.')).toBeVisible();
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Fant ikke kursbeviset | KI Akademiet');
});
