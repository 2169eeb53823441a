import { expect, test } from '@playwright/test';
import { site } from '../../src/config/site';

test.describe('legal pages', () => {
  test.skip(({ isMobile }) => isMobile, 'content checks run once');

  const facts: Record<string, (string | RegExp)[]> = {
    '/vilkar': ['14 dagers pengene-tilbake-garanti', '14 dagers angrerett', /inkludert merverdiavgift/, /Forbrukerklageutvalget/],
    '/personvern': ['kundeforholdet pluss 3 år', /5 år/, /Tekniske logger.*12 måneder/, 'Vi svarer innen 30 dager', /Datatilsynet/],
    '/cookies': [
      /«Godta» og «Avslå», og de to valgene er like synlige/,
      /Funksjonelle.*Inntil 12 måneder/,
      /Analyse.*Inntil 24 måneder/,
      /Markedsføring.*Inntil 12 måneder/,
    ],
    '/angrekrav': [/Angrefristen er 14 dager/, /14 dagers pengene-tilbake-garanti/, /12 måneder/],
  };

  for (const [route, expected] of Object.entries(facts)) {
    test(`${route} is dated 29 September 2025 and states what the law and the spec require`, async ({ page }) => {
      await page.goto(route);
      await expect(page.getByText('Sist oppdatert 29. september 2025')).toBeVisible();
      const text = (await page.getByRole('main').innerText()).replace(/\s+/g, ' ');
      for (const fact of expected) {
        if (typeof fact === 'string') expect(text, `${route}: ${fact}`).toContain(fact);
        else expect(text, `${route}: ${fact}`).toMatch(fact);
      }
      // Company facts come from the site configuration, never a left-over token.
      expect(text).not.toMatch(/\{(product|companyName|email|address|phone|orgNumber)\}/);
    });
  }

  test('/angrekrav offers the standard withdrawal form to fill in, copy, e-mail or print', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/angrekrav');
    const form = page.getByRole('region', { name: 'Angreskjema' });
    await expect(form.getByText(site.companyName)).toBeVisible();
    await expect(form.getByText(site.email)).toBeVisible();
    await form.getByLabel('Kurs, kurspakke eller tjeneste').fill('KI for Kontoret');
    await form.getByLabel('Bestilt dato').fill('2025-10-01');
    await form.getByLabel('Ditt navn').fill('Ola Nordmann');
    await form.getByLabel('Din adresse').fill('Storgata 2\n0155 Oslo');
    await form.getByRole('button', { name: 'Kopier teksten' }).click();
    await expect(form.getByRole('status')).toHaveText('Teksten er kopiert. Lim den inn i en e-post til oss.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('Jeg underretter herved om at jeg vil gå fra min avtale om kjøp av følgende:');
    expect(copied).toContain('Kurs, kurspakke eller tjeneste: KI for Kontoret');
    expect(copied).toContain('Bestilt dato: 1. oktober 2025');
    expect(copied).toContain('Navn: Ola Nordmann');
    expect(copied).toContain('Adresse: Storgata 2, 0155 Oslo');
    const mail = form.getByRole('link', { name: 'Send på e-post' });
    const href = (await mail.getAttribute('href')) ?? '';
    expect(href.startsWith(`mailto:${site.email}?subject=Angrerett&body=`)).toBe(true);
    expect(decodeURIComponent(href)).toContain('Navn: Ola Nordmann');
    await expect(form.getByRole('button', { name: 'Skriv ut' })).toBeVisible();
  });
});

test.describe('AI resources', () => {
  test.skip(({ isMobile }) => isMobile, 'content checks run once');

  test('/ki-verktoy lists six categories of three tools with rating text, external links and workflow tags', async ({ page }) => {
    await page.goto('/ki-verktoy');
    const categories = page.getByRole('navigation', { name: 'Kategorier' }).getByRole('link');
    await expect(categories).toHaveCount(6);
    await expect(page.getByRole('img', { name: /^Vurdering: [1-5] av 5 stjerner$/ })).toHaveCount(18);
    const external = page.getByRole('link', { name: /^Besøk .*\(åpnes i ny fane\)$/ });
    await expect(external).toHaveCount(18);
    for (const link of await external.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }
    await expect(page.getByText('Bruksområde', { exact: true })).toHaveCount(18);
    await expect(page.getByText(/^Steg [123]$/)).toHaveCount(3);
    await expect(page.getByRole('link', { name: /Book 1-til-1 implementering/ }).first()).toHaveAttribute('href', site.bookingUrl);
  });

  test("/ki-workflows shows twelve workflows with difficulty, three steps and '+N flere steg'; the buttons only log", async ({ page }) => {
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    await page.goto('/ki-workflows');
    const workflows = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Implementer/ }) });
    await expect(workflows).toHaveCount(12);
    for (const workflow of await workflows.all()) {
      await expect(workflow.getByText(/^Vanskelighetsgrad: (Lett|Middels|Avansert)$/)).toHaveCount(1);
      await expect(workflow.getByRole('list').nth(1).getByRole('listitem')).toHaveCount(3);
      await expect(workflow.getByText(/^\+\d+ flere steg$/)).toBeVisible();
      await expect(workflow.getByText('Implementering', { exact: true })).toBeVisible();
      await expect(workflow.getByText('Tidsbesparelse', { exact: true })).toBeVisible();
    }
    const url = page.url();
    await workflows
      .first()
      .getByRole('button', { name: /^Implementer/ })
      .click();
    await workflows
      .first()
      .getByRole('button', { name: /^Kopier/ })
      .click();
    expect(page.url()).toBe(url);
    expect(logs.filter((l) => /^(implement|copy) /.test(l))).toHaveLength(2);
    await expect(page.getByRole('heading', { level: 3, name: '1-til-1 implementering' })).toBeVisible();
  });
});
