import { expect, type Page } from '@playwright/test';

/** Signs in through /logg-inn as a user would. */
export async function signIn(page: Page, email: string, password = 'demo1234') {
  await page.goto('/logg-inn');
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Passord').fill(password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
}

/** Signs in and waits for the dashboard on '/'. */
export async function openDashboard(page: Page, email: string, firstName: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: `Hei ${firstName}, klar for å fortsette læringen?` })).toBeVisible();
}
