import { getViteConfig } from 'astro/config';

/**
 * The integration tests of pages rendered on demand (tests/integration/*-ssr.test.ts, decision 34):
 * the same per-file database as the other integration tests (tests/setup/database.ts), but with
 * Astro's own Vite config, so `.astro` pages compile and render through Astro's container API.
 * vitest.config.ts lists this file as its `integration-pages` project and leaves these files out
 * of `integration`.
 */
export default getViteConfig({
  test: {
    name: 'integration-pages',
    include: ['tests/integration/**/*-ssr.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    setupFiles: ['tests/setup/database.ts'],
    globalSetup: ['tests/setup/pglite-template.ts'],
    provide: { databaseKind: 'pglite' },
  },
});
