/**
 * The one line a test run prints first: which database projects run and which are
 * skipped, and why, so a run without TEST_DATABASE_URL never looks like full coverage.
 */

export interface DatabaseSetup {
  /** TEST_DATABASE_URL (empty: PostgreSQL and Neon are skipped). */
  testDatabaseUrl: string | undefined;
  /** PostgreSQL server binaries for the fault tests (undefined: not installed). */
  postgresBinDir: string | undefined;
  /** The `--project` filters of this run (empty: every project). */
  projectFilters: readonly string[];
}

/** `--project a --project=b` → ['a', 'b']. */
export function projectFilters(argv: readonly string[]): string[] {
  const filters: string[] = [];
  argv.forEach((arg, i) => {
    if (arg === '--project' && argv[i + 1]) filters.push(argv[i + 1]!);
    else if (arg.startsWith('--project=')) filters.push(arg.slice('--project='.length));
  });
  return filters;
}

function selected(name: string, filters: readonly string[]): boolean {
  if (filters.length === 0) return true;
  return filters.some((filter) =>
    new RegExp(
      `^${filter
        .split('*')
        .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    ).test(name),
  );
}

function serverOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}`;
}

export function databaseSummary(setup: DatabaseSetup): string {
  const { testDatabaseUrl, postgresBinDir, projectFilters: filters } = setup;
  const entries: [project: string, label: string, skipReason: string | null][] = [
    ['integration', 'PGlite (integration)', null],
    [
      'integration-pg',
      testDatabaseUrl ? `PostgreSQL at ${serverOf(testDatabaseUrl)} (integration-pg)` : 'PostgreSQL (integration-pg)',
      testDatabaseUrl ? null : 'TEST_DATABASE_URL is not set',
    ],
    ['neon', 'Neon driver via a local WebSocket proxy (neon)', testDatabaseUrl ? null : 'TEST_DATABASE_URL is not set'],
    ['faults', 'faults on a throwaway PostgreSQL (faults)', postgresBinDir ? null : 'no PostgreSQL server binaries under /usr/lib/postgresql'],
  ];
  const running: string[] = [];
  const skipped: string[] = [];
  for (const [project, label, reason] of entries) {
    if (reason) skipped.push(`${label}: ${reason}`);
    else if (!selected(project, filters)) skipped.push(`${label}: not selected by --project`);
    else running.push(label);
  }
  const run = running.length > 0 ? running.join(', ') : 'none';
  const skip = skipped.length > 0 ? ` | skipped: ${skipped.join('; ')}` : '';
  return `Databases: ${run}${skip}`;
}
