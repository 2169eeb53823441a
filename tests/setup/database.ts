/**
 * Runs before every integration test file: gives the file a database of its own,
 * already migrated and seeded, and points the env module at it. Files never
 * share data, so they can run in parallel and in any order.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, inject, vi } from 'vitest';
import { databaseUrl } from './pg-url';

const kind = inject('databaseKind');

// The app's settings for this file, set before any app module reads them.
process.env.APP_ENV = 'test';
process.env.SITE_URL = 'http://localhost:4321';
// The test provider's own webhook deliveries: the tests deliver theirs, signed (tests/integration/checkout.test.ts).
process.env.PAYMENT_TEST_WEBHOOK_URL = 'off';
// Vipps and Stripe are configured with known test secrets, so their webhook routes verify what the
// tests sign (tests/helpers.ts `webhookSignature`), and their APIs point at a closed local port, so a
// call that reaches them fails at once (ProviderUnavailableError) instead of going out. Tests of the
// flows put providers talking to fake servers in place (tests/integration/checkout-providers.test.ts).
// With them set, the test provider is 'auto'-off: it is switched on explicitly.
const UNREACHABLE = 'http://127.0.0.1:9';
Object.assign(process.env, {
  PAYMENT_TEST_PROVIDER: 'on',
  VIPPS_CLIENT_ID: 'test-vipps-client-id',
  VIPPS_CLIENT_SECRET: 'test-vipps-client-secret',
  VIPPS_SUBSCRIPTION_KEY: 'test-vipps-subscription-key',
  VIPPS_MSN: '123456',
  VIPPS_WEBHOOK_SECRET: 'test-vipps-webhook-secret',
  VIPPS_BASE_URL: UNREACHABLE,
  STRIPE_SECRET_KEY: 'sk_test_integration_tests',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_integration_tests',
  STRIPE_API_URL: UNREACHABLE,
});
for (const name of ['NETLIFY_DATABASE_URL', 'NETLIFY_DATABASE_URL_UNPOOLED', 'DATABASE_URL_UNPOOLED', 'CONTEXT']) {
  delete process.env[name];
}

let cleanup: () => Promise<void>;

if (kind === 'pglite') {
  const dir = mkdtempSync(join(resolve('.data'), 'test-run-'));
  cpSync(inject('pgliteTemplate'), join(dir, 'db'), { recursive: true });
  delete process.env.DATABASE_URL;
  process.env.DATABASE_DRIVER = 'pglite';
  process.env.PGLITE_DATA_DIR = join(dir, 'db');
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
} else {
  const adminUrl = inject('pgAdminUrl');
  const name = `${inject('pgTemplateDatabase').replace(/_tpl$/, '')}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // Two files cloning the same template at once can collide; try again briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplateDatabase')}"`);
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  process.env.DATABASE_URL = databaseUrl(adminUrl, name);
  process.env.DATABASE_DRIVER = kind;

  let closeProxy = async () => {};
  if (kind === 'neon') {
    const { neonConfig } = await import('@neondatabase/serverless');
    const { startNeonProxy } = await import('./neon-proxy');
    const proxy = await startNeonProxy();
    neonConfig.wsProxy = (host, port) => `127.0.0.1:${proxy.port}/v1?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineConnect = false;
    neonConfig.pipelineTLS = false;
    closeProxy = proxy.close;
  }

  cleanup = async () => {
    await closeProxy();
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  };
}

afterAll(async () => {
  const { closeSharedDatabases } = await import('../../db/client');
  await closeSharedDatabases();
  await cleanup();
});

// A test fails on an unexpected console.error (a swallowed 500, a failed release…).
// Tests that provoke one on purpose call `allowConsoleErrors()` from tests/helpers.ts.
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  (globalThis as { __allowConsoleErrors?: boolean }).__allowConsoleErrors = false;
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const allowed = (globalThis as { __allowConsoleErrors?: boolean }).__allowConsoleErrors;
  const calls = errorSpy.mock.calls as unknown[][];
  errorSpy.mockRestore();
  if (!allowed && calls.length > 0) {
    throw new Error(`Unexpected console.error:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
  }
});
