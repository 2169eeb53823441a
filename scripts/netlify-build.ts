// `npm run build`: on Netlify (or anywhere a database URL is set) the committed
// migrations run first, then Astro builds the static site and the adapter output.
// Without a database URL it only builds, so a local build needs no database.
import { spawnSync } from 'node:child_process';
import { databaseUrl, migrationDatabaseUrl } from '../src/server/env';

function run(script: string): void {
  const result = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (databaseUrl || migrationDatabaseUrl) run('db:migrate');
else console.log('No database URL: skipping migrations.');
run('build:site');
