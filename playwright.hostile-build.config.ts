import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/e2e/chromium';

/**
 * `npm run test:hostile-build` (part of `npm run test:e2e`): builds the site once more, into its
 * own out dir, from a database that holds hostile course and module titles, and opens the built
 * pages in Chromium (tests/hostile-build/). No server: the spec serves the files itself.
 */
export default defineConfig({
  testDir: 'tests/hostile-build',
  globalSetup: './tests/hostile-build/global-setup.ts',
  workers: 1,
  reporter: [['list']],
  // The same budgets as playwright.config.ts: a busy 2-core machine (issue 29, point 14).
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    ...devices['Desktop Chrome'],
    channel: undefined,
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
});
