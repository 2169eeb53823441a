import { expect, type Page, test } from '@playwright/test';
import { site } from '../../src/config/site';
import { env } from '../../src/server/platform/env';
import { publicRoutes } from './public-routes';

/** The first capture of a pattern in a page's HTML. */
function attr(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1];
}

test.describe('every public route', () => {
  test.skip(({ isMobile }) => isMobile, 'markup checks run once');

  test('answers 200 with a unique title, description, canonical URL, Open Graph tags, one h1 and landmarks', async ({ request }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const route of publicRoutes) {
      const response = await request.get(route);
      expect(response.status(), route).toBe(200);
      expect(response.headers()['content-type'], route).toContain('text/html');
      const html = await response.text();
      expect(html, route).toContain('<html lang="nb"');
      const title = attr(html, /<title>([^<]+)<\/title>/);
      const description = attr(html, /<meta name="description" content="([^"]+)"/);
      expect(title, route).toBeTruthy();
      expect(description?.length ?? 0, route).toBeGreaterThanOrEqual(50);
      titles.add(title ?? '');
      descriptions.add(description ?? '');
      expect(attr(html, /<link rel="canonical" href="([^"]+)"/), route).toBe(new URL(route, env.SITE_URL).href);
      for (const og of ['og:title', 'og:description', 'og:url', 'og:locale']) expect(html, `${route} ${og}`).toContain(`property="${og}"`);
      expect(html.match(/<h1[\s>]/g)?.length, `${route} h1 count`).toBe(1);
      for (const landmark of ['<header', '<main', '<footer', '<nav']) expect(html, `${route} ${landmark}`).toContain(landmark);
      expect(html, route).toContain('href="#innhold"');
    }
    expect(titles.size).toBe(publicRoutes.length);
    expect(descriptions.size).toBe(publicRoutes.length);
  });

  test('share an optimised 1200×630 social image', async ({ request }) => {
    const html = await (await request.get('/om-oss')).text();
    const image = new URL(attr(html, /<meta property="og:image" content="([^"]+)"/) ?? '');
    expect(image.href.startsWith(env.SITE_URL)).toBe(true);
    expect(image.pathname).toMatch(/^\/_astro\/.+\.jpg$/);
    const response = await request.get(image.pathname);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/jpeg');
    expect((await response.body()).byteLength).toBeLessThan(120_000);
    expect(html).toContain('<meta property="og:image:width" content="1200">');
  });

  test('describe the organisation, and each course with its price in NOK, as JSON-LD', async ({ request }) => {
    const jsonLd = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
        (m) => JSON.parse(m[1] ?? '{}') as Record<string, unknown>,
      );
    const landing = jsonLd(await (await request.get('/')).text());
    expect(landing).toContainEqual(expect.objectContaining({ '@type': 'EducationalOrganization', name: site.productName }));
    const course = jsonLd(await (await request.get('/ki-for-kontoret')).text());
    expect(course).toContainEqual(
      expect.objectContaining({
        '@type': 'Course',
        name: 'KI for Kontoret',
        offers: expect.objectContaining({ price: 1590, priceCurrency: 'NOK' }),
      }),
    );
  });

  test('sitemap.xml and robots.txt list the public pages', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: ');
    expect(robots).toContain('Disallow: /api/');
    const index = await (await request.get('/sitemap-index.xml')).text();
    const sitemapUrl = attr(index, /<loc>([^<]+)<\/loc>/) ?? '';
    const sitemap = await (await request.get(new URL(sitemapUrl).pathname)).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
    expect(listed.sort()).toEqual([...publicRoutes].sort());
  });

  // The spec's English '404 Page Not Found' / 'Did you forget to add the page to the router?' in Norwegian (decision 13).
  test('unknown paths give a Norwegian 404 page inside the normal layout, with a way on', async ({ page }) => {
    const response = await page.goto('/finnes-ikke/heller-ikke');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(`Siden finnes ikke | ${site.productName}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Siden finnes ikke' })).toBeVisible();
    await expect(page.getByText(/Page Not Found|Did you forget/)).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Hovedmeny' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Se kursene' })).toHaveAttribute('href', '/#kurs');
    await page.getByRole('main').getByRole('link', { name: 'Gå til forsiden' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('desktop navigation', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop only');

  const nav = (page: Page) => page.getByRole('navigation', { name: 'Hovedmeny' });

  test('has the spec menus, the about link and the two buttons', async ({ page }) => {
    await page.goto('/om-oss');
    for (const label of ['Nettkurs', 'Bedriftskurs', 'Konsulent', 'KI-ressurser']) {
      await expect(nav(page).getByRole('button', { name: label })).toHaveAttribute('aria-expanded', 'false');
    }
    await expect(nav(page).getByRole('link', { name: 'Om oss' })).toHaveAttribute('aria-current', 'page');
    // The spec left both buttons without an action: 'Start gratis' registers and then opens the
    // first course's free lessons.
    await expect(page.getByRole('link', { name: 'Start Gratis' })).toHaveAttribute('href', '/registrer?next=%2Fcourse%2Fgrunnleggende-ki');
    await page.getByRole('link', { name: site.productName }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("'Kursinnlogging' leads an anonymous visitor to the sign-in page, 'Start Gratis' to registration", async ({ page }) => {
    await page.goto('/om-oss');
    await page.getByRole('link', { name: 'Kursinnlogging' }).click();
    await expect(page).toHaveURL(/\/logg-inn(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: 'Logg inn' })).toBeVisible();
    await page.goto('/om-oss');
    await page.getByRole('link', { name: 'Start Gratis' }).click();
    await expect(page).toHaveURL(/\/registrer\?next=%2Fcourse%2F/);
    await expect(page.getByRole('heading', { level: 1, name: 'Opprett gratis konto' })).toBeVisible();
  });

  test('a dropdown opens on hover and closes when the pointer leaves', async ({ page }) => {
    await page.goto('/');
    const trigger = nav(page).getByRole('button', { name: 'Nettkurs' });
    await trigger.hover();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const live = nav(page).getByRole('link', { name: /Live Nettkurs/ });
    await expect(live).toBeVisible();
    await expect(live).toContainText('Kommer snart');
    await page.mouse.move(5, 600);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(live).toBeHidden();
  });

  test('a dropdown opens and closes on click, and a link in it navigates', async ({ page }) => {
    // The page's timers run on the test's clock: 'well past the close delay' is moved, not waited.
    await page.clock.install();
    await page.goto('/');
    const trigger = nav(page).getByRole('button', { name: 'Konsulent' });
    // The pointer enters first (hover opens the menu), then the click pins it.
    await trigger.hover();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.move(5, 600);
    // Pinned, it stays open after the pointer leaves, well past the hover close delay (120 ms);
    // a click outside closes it.
    await page.clock.runFor(500);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.click(5, 600);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await trigger.click();
    await nav(page)
      .getByRole('link', { name: /For bedrifter/ })
      .click();
    await expect(page).toHaveURL(/\/bedrift-konsulent$/);
  });

  test('the dropdowns work with the keyboard alone', async ({ page }) => {
    await page.goto('/');
    const courses = nav(page).getByRole('button', { name: 'Nettkurs' });
    await courses.focus();
    await page.keyboard.press('Enter');
    await expect(courses).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(courses).toHaveAttribute('aria-expanded', 'false');
    await expect(courses).toBeFocused();

    await page.keyboard.press('Space');
    await expect(courses).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(nav(page).getByRole('link', { name: /KI Grunnkurs/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(nav(page).getByRole('link', { name: /KI for Kontoret/ })).toBeFocused();
    await page.keyboard.press('End');
    await expect(nav(page).getByRole('link', { name: /Live Nettkurs/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(nav(page).getByRole('link', { name: /KI Grunnkurs/ })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(nav(page).getByRole('link', { name: /Live Nettkurs/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(courses).toHaveAttribute('aria-expanded', 'false');
    await expect(courses).toBeFocused();

    await page.keyboard.press('ArrowRight');
    const business = nav(page).getByRole('button', { name: 'Bedriftskurs' });
    await expect(business).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(business).toHaveAttribute('aria-expanded', 'true');
    await expect(nav(page).getByRole('link', { name: /Nettbaserte Kurspakker/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/nettbasert-pakke$/);
  });

  test('tabbing out of an open dropdown closes it', async ({ page }) => {
    await page.goto('/');
    const resources = nav(page).getByRole('button', { name: 'KI-ressurser' });
    await resources.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(nav(page).getByRole('link', { name: 'Om oss' })).toBeFocused();
    await expect(resources).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('mobile navigation at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a side sheet with an accordion replaces the dropdowns', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Hovedmeny' })).toBeHidden();
    const open = page.getByRole('button', { name: 'Meny' });
    await open.click();
    const sheet = page.getByRole('dialog', { name: 'Meny' });
    await expect(sheet).toBeVisible();
    const box = await sheet.boundingBox();
    expect(box?.x ?? 0).toBeGreaterThan(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeCloseTo(375, 0);

    const courseLink = sheet.getByRole('link', { name: 'KI Grunnkurs' });
    await expect(courseLink).toBeHidden();
    await sheet.getByText('Nettkurs', { exact: true }).click();
    await expect(courseLink).toBeVisible();
    await expect(sheet.getByRole('link', { name: /Live Nettkurs/ })).toContainText('Kommer snart');
    // One section open at a time.
    await sheet.getByText('Konsulent', { exact: true }).click();
    await expect(sheet.getByRole('link', { name: 'For ledere' })).toBeVisible();
    await expect(courseLink).toBeHidden();

    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await sheet.getByRole('button', { name: 'Lukk meny' }).click();
    await expect(sheet).toBeHidden();

    await open.click();
    await sheet.getByText('KI-ressurser', { exact: true }).click();
    await sheet.getByRole('link', { name: 'KI-arbeidsflyter' }).click();
    await expect(page).toHaveURL(/\/ki-workflows$/);
  });
});

test.describe('course page learning outcomes', () => {
  const general = 'Forstå hvordan språkmodeller lager tekst, og hvorfor de av og til tar feil';

  test.describe('on a wide screen', () => {
    test.skip(({ isMobile }) => isMobile, 'desktop only');

    test('hover and focus show a module’s outcomes in place of the general list; Enter/Space toggle, Escape clears', async ({ page }) => {
      await page.goto('/grunnleggende-ki');
      const panel = page.locator('#utbytte-panel');
      const firstOutcome = 'Skille mellom regelbaserte systemer og systemer som lærer av data';
      await expect(panel.getByText(general)).toBeVisible();

      const module1 = page.getByRole('button', { name: /Modul 1: Hva er kunstig intelligens\?/ });
      await module1.hover();
      await expect(panel.getByText(firstOutcome)).toBeVisible();
      await expect(panel.getByText(general)).toBeHidden();
      await page.mouse.move(5, 5);
      await expect(panel.getByText(general)).toBeVisible();

      const module2 = page.getByRole('button', { name: /Modul 2:/ });
      await module2.focus();
      await expect(panel.getByText(/Modul 2:/)).toBeVisible();
      await expect(panel.getByText(general)).toBeHidden();

      await page.keyboard.press('Enter');
      await expect(module2).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Escape');
      await expect(module2).toHaveAttribute('aria-expanded', 'false');
      await expect(panel.getByText(general)).toBeVisible();

      await page.keyboard.press('Space');
      await expect(module2).toHaveAttribute('aria-expanded', 'true');
      await expect(panel.getByText(/Modul 2:/)).toBeVisible();
      await page.keyboard.press('Space');
      await expect(module2).toHaveAttribute('aria-expanded', 'false');

      // Focus on the next module previews it; a pinned module stays shown once focus leaves the list.
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: /Modul 3:/ })).toBeFocused();
      await expect(panel.getByText(/Modul 3:/)).toBeVisible();
      await page.getByRole('heading', { level: 1 }).click();
      await expect(panel.getByText(/Modul 2:/)).toBeVisible();
      await expect(module2).toHaveAttribute('aria-expanded', 'true');
    });
  });

  test.describe('on a small screen', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('outcomes expand inline under the module', async ({ page }) => {
      await page.goto('/grunnleggende-ki');
      const module1 = page.getByRole('button', { name: /Modul 1:/ });
      const inline = page.locator('#modul-1-utbytte');
      await expect(inline).toBeHidden();
      await module1.click();
      await expect(module1).toHaveAttribute('aria-expanded', 'true');
      await expect(inline).toBeVisible();
      await expect(inline.getByText('Skille mellom regelbaserte systemer og systemer som lærer av data')).toBeVisible();
      // The general list stays in place on small screens.
      await expect(page.locator('#utbytte-panel').getByText(general)).toBeVisible();
      await module1.click();
      await expect(inline).toBeHidden();
    });
  });
});

test.describe('booking buttons', () => {
  test('open the booking calendar in a new tab', async ({ page, context }) => {
    await context.route(`${new URL(site.bookingUrl).origin}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Booking</title><p>Kalender</p>' }),
    );
    for (const [route, name] of [
      ['/personlig-konsulent', /^Book møte om .*/],
      ['/dashboards', /^Book møte om .*/],
      ['/ki-verktoy', /Book 1-til-1 implementering/],
    ] as const) {
      await page.goto(route);
      const button = page.getByRole('link', { name }).first();
      await expect(button).toHaveAttribute('target', '_blank');
      await expect(button).toHaveAttribute('rel', /noopener/);
      const [popup] = await Promise.all([context.waitForEvent('page'), button.click()]);
      await popup.waitForLoadState();
      expect(popup.url()).toBe(site.bookingUrl);
      await popup.close();
    }
  });
});

test.describe('the landing page', () => {
  test("'Lær mer' scrolls to the courses", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Lær mer' }).click();
    await expect(page).toHaveURL(/#kurs$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Velg kurset som passer deg' })).toBeInViewport();
  });

  test('the intro video plays in a dialog, downloaded only on click, with captions on', async ({ page }) => {
    const media: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/media/')) media.push(request.url());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(media).toEqual([]);
    const play = page.getByRole('button', { name: /^Se introduksjonen · \d+:\d\d$/ });
    await play.click();
    const dialog = page.getByRole('dialog', { name: `Introduksjon til ${site.productName}` });
    await expect(dialog).toBeVisible();
    // Not through the dialog's role: it must stay reachable once the dialog is closed.
    const video = page.locator('#introvideo video');
    await expect(video).toHaveAttribute('src', '/media/demo-leksjon.mp4');
    await expect(video.locator('track[kind="captions"][srclang="nb"]')).toHaveAttribute('default', '');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode)).toBe('showing');
    // The video's metadata has arrived (on a busy machine that can take a while).
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(play).toBeFocused();
    // The dialog's 'close' event, which pauses the video, comes after the dialog is hidden.
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await play.click();
    await dialog.getByRole('button', { name: 'Lukk videoen' }).click();
    await expect(dialog).toBeHidden();
  });

  test('each course card and course page has its cover illustration, decorative and sized', async ({ page }) => {
    await page.goto('/');
    const covers = page.locator('#kurs svg[data-course-cover]');
    // The six courses and the live course.
    await expect(covers).toHaveCount(7);
    await expect(covers.first()).toHaveAttribute('aria-hidden', 'true');
    await expect(covers.first()).toHaveAttribute('width', '320');
    const ids = await covers.evaluateAll((els) => els.map((el) => el.getAttribute('data-course-cover')));
    expect(new Set(ids).size).toBe(7);
    await page.goto('/ki-filmproduksjon');
    await expect(page.locator('main svg[data-course-cover="ki-filmproduksjon"]')).toBeVisible();
  });
});

test.describe('wide screens', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop only');
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a course page's hero fills its width: the cover sits in the right half", async ({ page }) => {
    await page.goto('/ki-automatisering');
    const box = await page.locator('main svg[data-course-cover]').boundingBox();
    expect(box?.x ?? 0).toBeGreaterThan(640);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeGreaterThan(1000);
  });
});

test.describe('sample data (decision 16)', () => {
  test.skip(({ isMobile }) => isMobile, 'content checks run once');
  test.skip(site.sampleFacts.length === 0, 'this build has the real company facts');

  test('the footer marks the sample company facts on every page, /om-oss the founder, and each invented testimonial', async ({ page }) => {
    for (const route of ['/', '/vilkar', '/om-oss']) {
      await page.goto(route);
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByText(`Org.nr. ${site.orgNumber}`)).toBeVisible();
      await expect(footer.getByText('Eksempeldata: firmaopplysningene over er ikke ekte ennå.')).toBeVisible();
    }
    await expect(page.getByText(`${site.founderName}, Grunnlegger og daglig leder`)).toBeVisible();
    await expect(page.getByText('Eksempeldata: navnet er ikke ekte ennå.')).toBeVisible();
    for (const route of ['/dashboards', '/automatisering', '/nettbasert-pakke', '/trenings-pakke']) {
      await page.goto(route);
      await expect(page.getByRole('figure').getByText('Eksempel: ikke en ekte kundeuttalelse.'), route).toBeVisible();
    }
  });
});

test('/konsulent links each group without the doubled word', async ({ page }) => {
  await page.goto('/konsulent');
  await expect(page.getByRole('link', { name: 'Se alle pakkene for deg som leder' })).toHaveAttribute('href', '/personlig-konsulent');
  await expect(page.getByRole('link', { name: 'Se alle pakkene for bedriften' })).toHaveAttribute('href', '/bedrift-konsulent');
  await expect(page.getByText(/\bfor for\b/)).toHaveCount(0);
});
