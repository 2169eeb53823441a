import { readdirSync, readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { loadCatalogue } from '../../db/catalogue';
import { site } from '../../src/config/site';
import { openDashboard, signIn, waitForHydration } from './helpers';
import { publicRoutes } from './public-routes';

/**
 * Issue 29, point 6: Norwegian throughout, in Norwegian style. Every public page and every
 * signed-in state (a learner with courses and one without, a company admin, an admin, the
 * superuser) is read as a user reads it, and fails on:
 * - an English word from the list below (the superuser's technical figures may say 'tokens');
 * - Title Case in a heading, a button, a tab or a menu entry ('Start Gratis', 'Fullførte Oppgaver'):
 *   Språkrådet's rule is a capital for the first word and for proper nouns only;
 * - a missing space after a full stop ('våre.I').
 * The markup is the same at every width, so the desktop project reads it.
 */

/** Words of English UI that have a Norwegian one; case-sensitive, whole words. */
const ENGLISH = [
  'Dashboard',
  'Chat',
  'Loading',
  'Error',
  'Submit',
  'Cancel',
  'Save',
  'Delete',
  'Edit',
  'Settings',
  'Profile',
  'Logout',
  'Login',
  'Sign in',
  'Sign up',
  'Password',
  'Welcome',
  'Home',
  'Back',
  'Next',
  'Previous',
  'Close',
  'Search',
  'Unauthorized',
  'Failed',
  'Success',
  'Upload',
  'Download',
  'Untitled',
  'Please',
  'Try again',
  'Not found',
  'New chat',
  'Enroll',
  'Course',
  'Lesson',
  'Students',
  'tokens',
];

const catalogue = loadCatalogue();
const words = (text: string) => text.split(/[\s/(),«»"']+/).filter(Boolean);

/**
 * Words that keep their capital inside a sentence: the product and company, the course titles (the
 * catalogue's names), the tools the resources page names, the demo people, and a few places and brands.
 */
const properNouns = new Set<string>([
  ...words(site.productName),
  ...words(site.companyName),
  ...words(site.founderName),
  ...catalogue.flatMap((c) => [...words(c.title), ...c.modules.flatMap((m) => words(m.title))]),
  ...readdirSync('src/content/tools').flatMap((file) =>
    [...readFileSync(`src/content/tools/${file}`, 'utf8').matchAll(/^\s*- name: (.+)$/gm)].flatMap((m) => words(m[1]!)),
  ),
  // The consulting packages' names ('Book møte om Transformasjon').
  ...readdirSync('src/content/pages').flatMap((file) =>
    [...readFileSync(`src/content/pages/${file}`, 'utf8').matchAll(/- id: [a-z0-9-]+\n\s+title: (.+)$/gm)].flatMap((m) => words(m[1]!)),
  ),
  ...['Workspace', 'Looker', 'Studio', 'SharePoint', 'OneDrive', 'LinkedIn', 'TikTok', 'Meta', 'DaVinci', 'Resolve', 'Premiere', 'Pro'],
  ...['Runway', 'Sora', 'Pika', 'Kling', 'Chat', 'Copilot', 'Notion', 'Zapier', 'Make', 'Slack', 'HubSpot', 'Salesforce', 'Tripletex', 'Fiken'],
  // The data sources the dashboards and workflows pages name ('Excel og Google Sheets').
  ...['Sheets', 'PowerOffice', 'Go', 'Analytics', 'Ads', 'Shopify', 'WooCommerce', 'Lists', 'Builder'],
  ...[
    'Emma',
    'Larsen',
    'Jonas',
    'Berg',
    'Ingrid',
    'Solberg',
    'Lars',
    'Hansen',
    'Marte',
    'Johansen',
    'Knut',
    'Dahl',
    'Fjordtech',
    'Sofie',
    'Nilsen',
    'Henrik',
    'Moe',
  ],
  // Product names: the packages and the live course are named like the courses.
  ...['Live', 'Nettkurs', 'Nettbaserte', 'Fysiske', 'Kurspakker'],
  ...['Norge', 'Oslo', 'Europa', 'EU', 'Vipps', 'MobilePay', 'Stripe', 'Visa', 'Mastercard', 'Microsoft', 'Google', 'OpenAI'],
  ...['ChatGPT', 'Copilot', 'Excel', 'Word', 'PowerPoint', 'Outlook', 'Teams', 'Power', 'BI', 'Gemini', 'Claude', 'Datatilsynet', 'Forbrukerrådet'],
  // A session's device on /konto ('Chrome på Windows').
  ...['Chrome', 'Firefox', 'Safari', 'Edge', 'Opera', 'Windows', 'Linux', 'Android', 'iPhone', 'iPad', 'Mac', 'HeadlessChrome'],
  ...['Uutilsynet', 'Nkom', 'Brønnøysundregistrene', 'Foretaksregisteret', 'Kari', 'Nordmann', 'Ola'],
]);

interface Finding {
  rule: 'English word' | 'Title Case' | 'missing space after full stop';
  text: string;
}

/**
 * Reads the page as it shows (visible text), and the short texts of its headings, buttons, tabs,
 * menu entries and labels: each text node on its own (a name put into a label is its own node),
 * without what is hidden from everyone (`aria-hidden`, such as an avatar's initials).
 */
async function read(page: Page): Promise<{ body: string; labels: string[] }> {
  return page.evaluate(() => {
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return style.visibility !== 'hidden' && style.display !== 'none' && (box.width > 0 || box.height > 0);
    };
    // A button-looking link (the shared button look starts 'inline-flex … rounded-md font-semibold').
    const selector =
      'h1, h2, h3, h4, h5, h6, [role="heading"], button, [role="button"], [role="tab"], [role="menuitem"], a.inline-flex.rounded-md, summary, label, legend, th, dt, .rounded-full';
    const labels: string[] = [];
    for (const el of document.querySelectorAll(selector)) {
      if (!visible(el)) continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (text && !node.parentElement?.closest('[aria-hidden="true"]')) labels.push(text);
      }
    }
    return { body: document.body.innerText, labels };
  });
}

function findings({ body, labels }: { body: string; labels: string[] }, allowTokens: boolean): Finding[] {
  const found: Finding[] = [];
  for (const word of ENGLISH) {
    if (word === 'tokens' && allowTokens) continue;
    for (const match of body.matchAll(new RegExp(`(?<![\\p{L}\\p{N}-])${word}(?![\\p{L}\\p{N}-])`, 'gu'))) {
      // Part of a name ('Copilot Chat', Microsoft's product): not an English UI word.
      const before = /(\p{L}+)\s+$/u.exec(body.slice(Math.max(0, match.index - 40), match.index))?.[1];
      if (before && properNouns.has(before)) continue;
      found.push({ rule: 'English word', text: body.slice(Math.max(0, match.index - 30), match.index + word.length + 30).replace(/\s+/g, ' ') });
      break;
    }
  }
  for (const label of new Set(labels)) {
    // A label is short; a longer text (a description inside a button) is prose, read by the other rules.
    if (words(label).length > 8) continue;
    // Each sentence of a label starts with a capital; after that only proper nouns and acronyms do.
    for (const sentence of label.split(/(?<=[.:!?–—·|])\s+|\s+[–—·|]\s+/)) {
      const [, ...rest] = words(sentence);
      const capitalised = rest.filter((w) => {
        const bare = w.replace(/^[^\p{L}]+|[^\p{L}\p{N}]+$/gu, '');
        if (!/^\p{Lu}\p{Ll}/u.test(bare)) return false;
        return !bare.split('-').every((part) => properNouns.has(part) || !/^\p{Lu}\p{Ll}/u.test(part));
      });
      if (capitalised.length > 0) found.push({ rule: 'Title Case', text: `${label} (${capitalised.join(', ')})` });
    }
  }
  for (const token of body.split(/\s+/)) {
    if (/[@/]|www\.|\.no\b|\.com\b/.test(token)) continue;
    if (/\p{Ll}{2}\.\p{Lu}/u.test(token)) found.push({ rule: 'missing space after full stop', text: token });
  }
  return found;
}

async function expectNorwegian(page: Page, allowTokens = false) {
  await page.waitForLoadState('networkidle');
  expect(findings(await read(page), allowTokens)).toEqual([]);
}

function builtPages(): string[] {
  const built = readdirSync('dist')
    .filter((name) => name.endsWith('.html'))
    .map((name) => (name === 'index.html' ? '/' : `/${name.replace(/\.html$/, '')}`));
  return [...new Set<string>([...publicRoutes, ...built])].filter((route) => route !== '/404');
}

test.describe('Norwegian words', () => {
  test.skip(({ isMobile }) => isMobile, 'the words are the same at every width');
  // A signed-in state walks several pages, each read once the network is quiet.
  test.describe.configure({ timeout: 90_000 });

  for (const route of builtPages()) {
    test(`the public page ${route}`, async ({ page }) => {
      await page.goto(route);
      await expectNorwegian(page);
    });
  }

  test('the 404 page', async ({ page }) => {
    await page.goto('/finnes-ikke');
    await expectNorwegian(page);
  });

  test('a learner with courses: the dashboard, its user menu, an expanded course, the player, the account and the purchases', async ({ page }) => {
    await openDashboard(page, 'elev@demo.no', 'Emma');
    await page
      .getByRole('region', { name: 'Kurs' })
      .getByRole('button', { name: /Påmeldt\s*KI for Kontoret/ })
      .click();
    await expectNorwegian(page);
    await page.getByRole('button', { name: /^Brukermeny for / }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNorwegian(page);
    await page.keyboard.press('Escape');
    for (const path of ['/course/ki-for-kontoret', '/konto', '/kjop']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectNorwegian(page);
    }
  });

  test('a learner without courses: the empty dashboard and a locked course in the player', async ({ page }) => {
    await openDashboard(page, 'ny@demo.no', 'Jonas');
    await expectNorwegian(page);
    await page.goto('/course/ki-for-kontoret');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectNorwegian(page);
  });

  test("a company admin: the dashboard and the manager's view", async ({ page }) => {
    await openDashboard(page, 'bedrift@demo.no', 'Marte');
    await expectNorwegian(page);
    await page.goto('/bedrift');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectNorwegian(page);
  });

  test('an admin: the dashboard and the content management', async ({ page }) => {
    await openDashboard(page, 'admin@demo.no', 'Lars');
    await expectNorwegian(page);
    await page.goto('/admin');
    await waitForHydration(page);
    await expect(page.getByRole('tab').first()).toBeVisible();
    await expectNorwegian(page);
  });

  test("the superuser: every tab of /admin (the statistics' technical figures may say 'tokens')", async ({ page }) => {
    await signIn(page, 'superbruker@demo.no');
    await expect(page.getByRole('heading', { level: 1, name: /^Hei / })).toBeVisible();
    await expectNorwegian(page);
    await page.goto('/admin');
    await waitForHydration(page);
    // The page's own tabs (the first tab list); the content management's inner tabs are read with it.
    const tabs = page.getByRole('tablist').first().getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    for (const name of await tabs.allInnerTexts()) {
      const tab = page.getByRole('tab', { name, exact: true });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expectNorwegian(page, true);
    }
  });
});
