import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { readCertificatePdf } from '../certificate-pdf';
import { CERTIFICATE_COURSE, certificateLearners, courseLessons, reminderLearners } from './certificate-fixture';
import { axeViolations, signIn, waitForHydration } from './helpers';
import { mailsTo } from './mail-catcher';

/**
 * Certificates and reminders as a learner meets them (issue 25, acceptance 2), one learner per
 * project (tests/e2e/certificate-fixture.ts): completing the last lessons of a course shows its
 * certificate in the player; the downloaded PDF's QR code carries the address of the public
 * verification page, which says the certificate is valid and for whom; the dashboard lists it. The
 * weekly reminder job (run by hand, as `netlify dev` allows) mails a learner who stopped; the mail's
 * one-click link unsubscribes, and /konto shows reminders off. axe finds nothing on the new pages.
 */

type Project = keyof typeof certificateLearners;

test('completing a short course gives a certificate: download it, open its verification page from the QR code', async ({ page }, testInfo) => {
  // Four pages and a PDF on a shared two-core machine.
  test.setTimeout(120_000);
  const learner = certificateLearners[testInfo.project.name as Project];
  const fullName = `${learner.firstName} ${learner.lastName}`;
  const [penultimate, last] = courseLessons(CERTIFICATE_COURSE).slice(-2);
  await signIn(page, learner.email);
  await expect(page).toHaveURL(/\/$/);

  // The last two lessons, completed in the player.
  await page.goto(`/course/${CERTIFICATE_COURSE}?lessonId=${penultimate!.id}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 2, name: penultimate!.title })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Fullfør' }).click();
  await expect(page.getByRole('heading', { level: 2, name: last!.title })).toBeVisible();
  await page.getByRole('button', { name: 'Fullfør' }).click();

  const panel = page.getByRole('region', { name: 'Gratulerer, du har fullført kurset!' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link', { name: /^Del på LinkedIn/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME&name=Kursbevis%3A\+KI\+Markedsf%C3%B8ring&/,
  );
  // axe on the new panel (the player around it has its own audit in app-budgets.spec.ts).
  const panelAudit = await new AxeBuilder({ page })
    .include('section[aria-labelledby="kursbevis-tittel"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(panelAudit.violations.map((v) => v.id)).toEqual([]);

  const downloading = page.waitForEvent('download');
  await panel.getByRole('link', { name: /^Last ned kursbevis/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kursbevis-[0-9a-f]{10}\.pdf$/);
  const pdf = await readCertificatePdf(new Uint8Array(await readFile((await download.path())!)));
  expect(pdf.pages).toBe(1);
  expect(pdf.width).toBeGreaterThan(pdf.height);
  expect(pdf.text).toContain(fullName);
  expect(pdf.text).toContain('KI Markedsføring');
  expect(pdf.qrUrl).toMatch(/\/bevis\/[0-9A-F]{5}(-[0-9A-F]{5}){3}$/);

  // The QR code's address, opened as a phone's camera would (signed out: anyone may check).
  const verify = new URL(pdf.qrUrl!);
  await page.context().clearCookies();
  const response = await page.goto(verify.pathname);
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(page.getByText('Kursbeviset er gyldig.')).toBeVisible();
  const facts = page.getByRole('region', { name: 'Kursbeviset er gyldig.' });
  await expect(facts).toContainText(fullName);
  await expect(facts).toContainText('KI Markedsføring');
  await expect(facts).toContainText(verify.pathname.split('/').at(-1)!);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect(await axeViolations(page)).toEqual([]);

  // A code nobody has: unknown.
  await page.goto('/bevis/00000-00000-00000-00000');
  await expect(page.getByText('Vi finner ikke noe kursbevis med denne koden.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The dashboard lists it.
  await signIn(page, learner.email);
  const card = page.getByRole('region', { name: 'Kursbevis' });
  await expect(card.getByText('KI Markedsføring', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Last ned kursbevis for KI Markedsføring' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the weekly reminder: its mail links to the next lesson and unsubscribes with one click, shown on /konto', async ({ page }, testInfo) => {
  const learner = reminderLearners[testInfo.project.name as Project];
  const lessons = courseLessons(CERTIFICATE_COURSE);

  // The scheduled function, run by hand (npm run serve allows it outside production, as netlify dev does).
  const run = await page.request.post('/.netlify/functions/learning-reminders');
  expect(run.ok()).toBe(true);
  await expect.poll(async () => (await mailsTo(learner.email)).length, { timeout: 30_000 }).toBe(1);
  const [mail] = await mailsTo(learner.email);
  expect(mail!.subject).toBe('Fortsett der du slapp: KI Markedsføring');
  expect(mail!.text).toContain(`Hei ${learner.firstName},`);
  expect(mail!.text).toContain(`/course/${CERTIFICATE_COURSE}?lessonId=${lessons[2]!.id}`);
  expect(mail!.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
  expect(mail!.listUnsubscribe).toMatch(/^<https?:\/\/[^>]+\/api\/reminders\/unsubscribe\?token=[^>]+>$/);

  const link = /https?:\/\/[^\s"'<>()\]]+\/avmelding#token=[^\s"'<>()\]]+/.exec(mail!.text)?.[0];
  expect(link).toBeDefined();
  const url = new URL(link!);
  await page.goto(url.pathname + url.hash);
  await expect(page.getByText('Du er meldt av. Du får ikke flere påminnelser på e-post.')).toBeVisible();
  // The token left the address bar.
  expect(new URL(page.url()).hash).toBe('');
  expect(await axeViolations(page)).toEqual([]);

  // A second run in the same week sends nothing more.
  await page.request.post('/.netlify/functions/learning-reminders');
  expect((await mailsTo(learner.email)).length).toBe(1);

  await signIn(page, learner.email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/konto#innstillinger');
  await expect(page.getByRole('switch', { name: 'Påminnelser når jeg ikke har vært innom på en uke' })).not.toBeChecked();
});
