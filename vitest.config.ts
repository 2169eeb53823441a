import { configDefaults, defineConfig } from 'vitest/config';
import { env } from './src/server/platform/env.ts';
import { databaseSummary, projectFilters } from './tests/setup/database-summary.ts';
import { postgresBinDir } from './tests/setup/throwaway-pg.ts';

/**
 * Projects:
 *   unit              pure logic next to its code (src/**, db/**, scripts/**, tests/setup/**)
 *   components        React components in a simulated DOM (happy-dom, Testing Library)
 *   integration       function handlers called with real Requests against PGlite
 *   integration-pages pages rendered on demand (tests/integration/*-ssr.test.ts) through Astro's
 *                     container API, against PGlite: vitest.pages.config.ts (Astro's Vite config)
 *   integration-pg    the same tests against the PostgreSQL server in TEST_DATABASE_URL
 *   neon              the Neon serverless driver against that server, through a WebSocket proxy
 *   faults            outages (a PostgreSQL restart) against a throwaway server of each test's own
 * integration-pg and neon run only when TEST_DATABASE_URL is set (CI sets it); faults only
 * where PostgreSQL's server binaries are installed (CI has them), once per run.
 */

// One line before anything else: which databases this run covers, and what it skips and why.
// (Only when Vitest itself loads this file, not when another tool such as knip reads it.)
const summaryPrinted = globalThis as { __kiaDatabaseSummary?: boolean };
if (process.env.VITEST && !summaryPrinted.__kiaDatabaseSummary) {
  summaryPrinted.__kiaDatabaseSummary = true;
  console.log(
    databaseSummary({
      testDatabaseUrl: env.TEST_DATABASE_URL,
      postgresBinDir: postgresBinDir(),
      projectFilters: projectFilters(process.argv),
    }),
  );
}

const integration = {
  include: ['tests/integration/**/*.test.ts'],
  // The pages' tests need Astro's Vite config: the integration-pages project runs them.
  exclude: [...configDefaults.exclude, 'tests/integration/**/*-ssr.test.ts'],
  setupFiles: ['tests/setup/database.ts'],
};

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      'vitest.pages.config.ts',
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/setup/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'components', include: ['src/**/*.test.tsx'], environment: 'happy-dom' },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          ...integration,
          globalSetup: ['tests/setup/pglite-template.ts'],
          provide: { databaseKind: 'pglite' },
        },
      },
      ...(env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'integration-pg',
                ...integration,
                globalSetup: ['tests/setup/pg-template.ts'],
                provide: { databaseKind: 'pg' as const },
              },
            },
            {
              extends: true as const,
              test: {
                name: 'neon',
                include: ['tests/neon/**/*.test.ts'],
                setupFiles: ['tests/setup/database.ts'],
                globalSetup: ['tests/setup/pg-template.ts'],
                provide: { databaseKind: 'neon' as const },
              },
            },
          ]
        : []),
      ...(postgresBinDir()
        ? [
            {
              extends: true as const,
              test: {
                name: 'faults',
                include: ['tests/faults/**/*.test.ts'],
                // The normal per-file setup runs (its PGlite copy goes unused); each file then
                // points the app at its own server before importing app modules.
                setupFiles: ['tests/setup/database.ts'],
                globalSetup: ['tests/setup/pglite-template.ts'],
                provide: { databaseKind: 'pglite' as const },
              },
            },
          ]
        : []),
    ],
  },
});
