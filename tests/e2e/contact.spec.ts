import { expect, test } from '@playwright/test';
import { site } from '../../src/config/site';
import { mailsTo } from './mail-catcher';

/**
 * Issue 29, point 7: /kontakt, as a visitor uses it. The footer leads there; the page states the
 * company's details; the form says in Norwegian what is missing, and a sent message reaches the
 * team's inbox (CONTACT_EMAIL, here the company's address) through the outbox.
 */
test('a visitor finds /kontakt from the footer, is told what is missing, sends a message and the team gets it by e-mail', async ({
  page,
}, testInfo) => {
  const name = `Kari Kontakt ${testInfo.project.name} ${Date.now()}`;
  await page.goto('/om-oss');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Kontakt oss' }).click();
  await expect(page).toHaveURL(/\/kontakt$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakt oss' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Kontaktinformasjon' });
  await expect(details.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
  await expect(details.getByText(`Org.nr. ${site.orgNumber}`)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Book et møte/ })).toHaveAttribute('target', '_blank');

  // Nothing filled in: each field says what it needs, in Norwegian.
  const send = page.getByRole('button', { name: 'Send melding' });
  await send.click();
  await expect(page.getByText('Skriv inn navnet ditt')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Navn' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Skriv en melding på minst 10 tegn')).toBeVisible();

  await page.getByRole('textbox', { name: 'Navn' }).fill(name);
  await page.getByRole('textbox', { name: 'E-post' }).fill('kari.kontakt@example.no');
  await page.getByRole('textbox', { name: 'Bedrift (valgfritt)' }).fill('Fjordtech AS');
  await page.getByRole('textbox', { name: 'Melding' }).fill('Hei! Vi er tolv ansatte og lurer på kurspakkene for bedrifter.');
  await send.click();
  await expect(page.getByRole('status')).toHaveText('Takk! Meldingen er sendt, og vi svarer deg på e-post så snart vi kan.');
  await expect(page.getByRole('textbox', { name: 'Melding' })).toHaveValue('');
  await expect(page.getByText('Skriv inn navnet ditt')).toBeHidden();

  await expect.poll(async () => (await mailsTo(site.email)).filter((m) => m.subject.includes(name)).length, { timeout: 30_000 }).toBe(1);
  const [mail] = (await mailsTo(site.email)).filter((m) => m.subject.includes(name));
  expect(mail?.subject).toBe(`Ny melding fra kontaktskjemaet: ${name}`);
  expect(mail?.text).toContain('Vi er tolv ansatte og lurer på kurspakkene for bedrifter.');
  expect(mail?.text).toContain('kari.kontakt@example.no');
});
