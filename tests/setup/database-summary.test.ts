import { describe, expect, it } from 'vitest';
import { databaseSummary, projectFilters } from './database-summary';

describe('the database line a test run prints first', () => {
  it('names PGlite only, and says why PostgreSQL, Neon and faults are skipped, without TEST_DATABASE_URL', () => {
    expect(databaseSummary({ testDatabaseUrl: undefined, postgresBinDir: undefined, projectFilters: [] })).toBe(
      'Databases: PGlite (integration) | skipped: PostgreSQL (integration-pg): TEST_DATABASE_URL is not set; ' +
        'Neon driver via a local WebSocket proxy (neon): TEST_DATABASE_URL is not set; ' +
        'faults on a throwaway PostgreSQL (faults): no PostgreSQL server binaries under /usr/lib/postgresql',
    );
  });

  it('names the PostgreSQL server and every project when all run', () => {
    const line = databaseSummary({
      testDatabaseUrl: 'postgres://postgres@127.0.0.1:55432/postgres',
      postgresBinDir: '/usr/lib/postgresql/15/bin',
      projectFilters: [],
    });
    expect(line).toBe(
      'Databases: PGlite (integration), PostgreSQL at 127.0.0.1:55432 (integration-pg), ' +
        'Neon driver via a local WebSocket proxy (neon), faults on a throwaway PostgreSQL (faults)',
    );
  });

  it('marks projects left out by --project, wildcards included', () => {
    expect(projectFilters(['vitest', 'run', '--project', 'unit', '--project=integration*'])).toEqual(['unit', 'integration*']);
    const line = databaseSummary({
      testDatabaseUrl: 'postgres://db.example:5433/x',
      postgresBinDir: '/usr/lib/postgresql/15/bin',
      projectFilters: ['integration*'],
    });
    expect(line).toBe(
      'Databases: PGlite (integration), PostgreSQL at db.example:5433 (integration-pg) | skipped: ' +
        'Neon driver via a local WebSocket proxy (neon): not selected by --project; faults on a throwaway PostgreSQL (faults): not selected by --project',
    );
  });
});
