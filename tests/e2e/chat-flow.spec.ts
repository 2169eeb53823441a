import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { axeViolations } from './helpers';

/**
 * The chat flows of issue 29, point 4, as a learner meets them on the production build, on a
 * desktop and a 390 px phone, against the offline assistant (no model configured): the first
 * question starts a conversation and names it; the learner renames and deletes it with the
 * keyboard; a question about prices or contact gets an honest answer with the right page; quotes
 * from the lessons are whole sentences. Each test registers a learner of its own, so the tests
 * and the two projects never see each other's conversations.
 */

const panel = (page: Page) => page.getByRole('complementary', { name: 'KI-assistent' });
const messageLog = (page: Page) => panel(page).getByRole('log', { name: 'Meldinger' });
const messageInput = (page: Page) => panel(page).getByPlaceholder('Skriv en melding...');
const conversationList = (page: Page) => panel(page).getByRole('list', { name: 'Samtaler' });
const errorToasts = (page: Page) =>
  page
    .getByRole('region', { name: /^Varsler/ })
    .getByRole('listitem')
    .filter({ hasText: 'Feil' });
const replies = (page: Page) => messageLog(page).locator('[data-role="assistant"]');

/** A new learner through /registrer, signed in on the dashboard. */
async function newLearner(page: Page, testInfo: TestInfo, what: string) {
  await page.goto('/registrer');
  await page.getByLabel('Fornavn').fill('Siri');
  await page.getByLabel('Etternavn').fill('Samtale');
  await page.getByLabel('E-post').fill(`chat-${what}-${testInfo.project.name}-${Date.now()}@example.no`);
  await page.getByLabel('Passord').fill('en lang og god passordsetning');
  await page.getByRole('button', { name: 'Opprett konto' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Hei Siri/ })).toBeVisible();
}

/** Opens the panel from the dashboard's 'KI-assistent' button. */
async function openChat(page: Page) {
  await page.getByRole('button', { name: 'KI-assistent', exact: true }).click();
  await expect(panel(page).getByRole('heading', { name: 'KI-assistent' })).toBeFocused();
}

/** Asks a question with Enter and waits for the reply number `n` (1-based). */
async function ask(page: Page, question: string, n: number) {
  await messageInput(page).fill(question);
  await messageInput(page).press('Enter');
  await expect(messageLog(page).getByText(question)).toBeVisible();
  await expect(replies(page)).toHaveCount(n);
  await expect(messageLog(page).getByText('Tenker...')).toHaveCount(0);
}

test('the first question starts a conversation named after it; rename and delete it with the keyboard', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await newLearner(page, testInfo, 'flyt');
  await openChat(page);
  await expect(messageLog(page).getByText('Skriv et spørsmål nedenfor, så starter en ny samtale.')).toBeVisible();
  await expect(panel(page).getByRole('button', { name: /^Samtaler/ })).toHaveCount(0);

  // No 'Ny samtale' pressed: the question itself starts the conversation, with no error.
  await ask(page, 'hvordan skriver jeg en god prompt?', 1);
  await expect(errorToasts(page)).toHaveCount(0);
  await expect(panel(page).getByRole('button', { name: 'Samtaler (1)' })).toBeVisible();
  const named = conversationList(page).getByRole('button', { name: 'Hvordan skriver jeg en god prompt?', exact: true });
  await expect(named).toHaveAttribute('aria-current', 'true');

  // Rename with the keyboard: Enter on 'Gi nytt navn', type, Enter; focus comes back to the button.
  const renameButton = panel(page).getByRole('button', { name: 'Gi nytt navn til samtalen Hvordan skriver jeg en god prompt?' });
  await renameButton.focus();
  await page.keyboard.press('Enter');
  const nameField = panel(page).getByRole('textbox', { name: 'Nytt navn på samtalen' });
  await expect(nameField).toBeFocused();
  await expect(nameField).toHaveValue('Hvordan skriver jeg en god prompt?');
  // Escape cancels the edit and keeps the panel open.
  await page.keyboard.press('Escape');
  await expect(nameField).toHaveCount(0);
  await expect(panel(page)).toBeVisible();
  await expect(renameButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(nameField).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Gode prompter');
  await page.keyboard.press('Enter');
  await expect(conversationList(page).getByRole('button', { name: 'Gode prompter', exact: true })).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Gi nytt navn til samtalen Gode prompter' })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);

  // The name is the server's: it is there after a reload, and a second question keeps it.
  await page.reload();
  await openChat(page);
  await conversationList(page).getByRole('button', { name: 'Gode prompter', exact: true }).click();
  await expect(replies(page)).toHaveCount(1);
  await ask(page, 'Hva er en systemprompt?', 2);
  await expect(conversationList(page).getByRole('button', { name: 'Gode prompter', exact: true })).toBeVisible();

  // Delete asks first; Escape in the question closes only the question.
  const deleteButton = panel(page).getByRole('button', { name: 'Slett samtale Gode prompter' });
  await deleteButton.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Slette samtalen?' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('«Gode prompter» og alle meldingene i den blir slettet.');
  await expect(confirm.getByRole('button', { name: 'Avbryt' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(panel(page)).toBeVisible();
  await expect(deleteButton).toBeFocused();
  await page.keyboard.press('Enter');
  await confirm.getByRole('button', { name: 'Slett samtalen' }).focus();
  await page.keyboard.press('Enter');
  await expect(panel(page).getByRole('button', { name: /^Samtaler/ })).toHaveCount(0);
  await expect(messageLog(page).getByText('Skriv et spørsmål nedenfor, så starter en ny samtale.')).toBeVisible();
  await expect(panel(page).getByRole('heading', { name: 'KI-assistent' })).toBeFocused();
  expect(await (await page.request.get('/api/chat/conversations')).json()).toEqual([]);
});

test('offline, a question about prices or contact gets an honest answer with the right page; quotes are whole sentences', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await newLearner(page, testInfo, 'sider');
  await openChat(page);

  await ask(page, 'Hva koster kurset?', 1);
  const price = replies(page).nth(0);
  await expect(price).toContainText('Kursinnholdet handler ikke om priser');
  await expect(price.getByRole('link', { name: 'Nettbaserte kurspakker' })).toHaveAttribute('href', '/nettbasert-pakke');
  await expect(price.getByRole('link', { name: 'kursoversikten' })).toHaveAttribute('href', '/#kurs');
  // No lesson is offered for a question the lessons do not answer.
  await expect(price.locator('a[href^="/course/"]')).toHaveCount(0);

  await ask(page, 'Hvordan kontakter jeg dere?', 2);
  const contact = replies(page).nth(1);
  await expect(contact.getByRole('link', { name: 'Kontakt oss' })).toHaveAttribute('href', '/kontakt');
  await expect(contact.locator('a[href^="/course/"]')).toHaveCount(0);

  // A question the lessons answer: each quote is whole sentences, ending at a sentence end.
  await ask(page, 'Hvordan skriver jeg bedre instruksjoner til ChatGPT?', 3);
  const quotes = await replies(page).nth(2).locator('blockquote').allTextContents();
  expect(quotes.length).toBeGreaterThan(0);
  for (const quote of quotes) expect(quote.trim()).toMatch(/[.!?:][»”")]*$/u);
  expect(await axeViolations(page)).toEqual([]);

  // The page link works as a link.
  await price.getByRole('link', { name: 'Nettbaserte kurspakker' }).click();
  await expect(page).toHaveURL(/\/nettbasert-pakke$/);
});
