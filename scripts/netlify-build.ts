// `npm run build`: on Netlify (or anywhere a database URL is set) the committed migrations
// run first, then the catalogue seed (git's fields reach the database, an admin's edits stay:
// decision 10; demo accounts never), then Astro builds the static site and the adapter
// output, reading the admin-owned titles from that database. Without a database URL it only
// builds, from git alone, so a local build or CI needs no database. Before anything, the
// company facts and testimonials are checked (scripts/check-site-config.ts): a production
// build with sample facts stops here, before it touches the database.
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
