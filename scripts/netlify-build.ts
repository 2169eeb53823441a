// With a database URL, migrations and the catalogue seed run before Astro builds (demo accounts never); without one it builds from git alone.
// The company facts are checked first, so a production build with sample facts stops before it touches the database.
import { spawnSync } from 'node:child_process';
import { databaseUrl, migrationDatabaseUrl } from '../src/server/platform/env';
import { checkSiteConfig } from './check-site-config';

function run(script: string, ...args: string[]): void {
  const result = spawnSync('npm', ['run', script, ...(args.length > 0 ? ['--', ...args] : [])], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (checkSiteConfig() !== 0) process.exit(1);

if (databaseUrl || migrationDatabaseUrl) {
  run('db:migrate');
  run('db:seed', '--force', '--catalogue-only');
} else {
  console.log('No database URL: skipping migrations and the catalogue seed; the pages use the titles in git.');
}
// Arguments go to `astro build` (tests/hostile-build: `npm run build -- --outDir …`).
run('build:site', ...process.argv.slice(2));
