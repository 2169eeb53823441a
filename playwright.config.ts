import { defineConfig, devices } from '@playwright/test';
import { env } from './src/server/platform/env';
import { chromiumArgs, chromiumPath } from './tests/e2e/chromium';
import { MAIL_READER_PORT, SMTP_PORT } from './tests/e2e/mail-catcher';
import { MEDIA_HOST_ORIGIN } from './tests/e2e/media-host';
import { BUILD_HOOK_PORT, BUILD_HOOK_URL } from './tests/e2e/build-hook';

/**
 * End-to-end tests drive Debian's Chromium against the production build served by
 * `npm run serve` (run `npm run build` first; `npm run test:e2e` does), with a fresh
 * embedded database seeded with the demo accounts (and a few test-only rows).
 */
const port = env.SERVE_PORT;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: env.CI,
  retries: env.CI ? 1 : 0,
  reporter: [['list']],
  // Budgets that fit a busy 2-core machine (issue 29, point 14): a test waits for states, and a
  // state may come late there. Tests that do more set their own, longer time.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'mobile', use: { ...devices['Pixel 7'], channel: undefined } },
  ],
  webServer: [
    {
      // A fresh database with the seed plus the course player's test rows (tests/e2e/prepare-db.ts), then the server.
      command: 'npx tsx tests/e2e/prepare-db.ts && npm run serve',
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        SERVE_PORT: String(port),
        PGLITE_DATA_DIR: '.data/e2e/db',
        DATABASE_URL: '',
        DATABASE_DRIVER: 'pglite',
        APP_ENV: 'test',
        // Every browser of the suite registers from 127.0.0.1; the sign-up throttle itself is
        // tested in tests/integration/sign-in-protection.test.ts.
        SIGNUP_LIMIT_PER_HOUR: '1000',
        // Lessons may take media from the test media host below (issue 20, point 3; media-host.spec.ts).
        MEDIA_HOSTS: MEDIA_HOST_ORIGIN,
        // The checkout (issue 22): providers send the buyer back to this site, the test provider's
        // webhooks come here, and mail goes to the suite's SMTP server (tests/e2e/mail-catcher.ts).
        SITE_URL: `http://localhost:${port}`,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        PAYMENT_TEST_PROVIDER: 'on',
        // After a rename the site asks the build hook stand-in to rebuild the public pages (issue 29, point 8).
        NETLIFY_BUILD_HOOK_URL: BUILD_HOOK_URL,
      },
    },
    {
      // The mail the site sends (receipts): a real SMTP server, read by the tests over HTTP.
      command: 'npx tsx tests/e2e/mail-catcher.ts',
      url: `http://127.0.0.1:${MAIL_READER_PORT}/mail`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      // An external media host (another origin, https with a self-signed certificate): tests/e2e/media-host.ts.
      command: 'npx tsx tests/e2e/media-host-server.ts',
      url: `${MEDIA_HOST_ORIGIN}/kurs/ekstern-video.vtt`,
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      // Netlify's build hook, scripted by the tests (tests/e2e/build-hook.ts).
      command: 'npx tsx tests/e2e/build-hook.ts',
      url: `http://127.0.0.1:${BUILD_HOOK_PORT}/requests`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
  ],
});
