import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/e2e/chromium';

/**
 * `npm run test:dev-server` (part of `npm run test:e2e`, before the production build): starts
 * `npm start`'s dev server itself, twice (tests/dev-server/, decision 35). Its own run, because
 * `astro dev` and `astro sync` empty the adapter's function output (.netlify/v1/functions): run
 * beside the production build's tests it would take the on-demand pages from `npm run serve`.
 */
export default defineConfig({
  testDir: 'tests/dev-server',
  workers: 1,
  reporter: [['list']],
  // Two starts of the dev server and two first visits: minutes on a busy 2-core machine.
  timeout: 10 * 60_000,
  expect: { timeout: 15_000 },
  use: {
    ...devices['Desktop Chrome'],
    channel: undefined,
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
});
