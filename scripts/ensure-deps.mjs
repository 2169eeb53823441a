// Runs first in `npm start` and `npm test`, on whatever Node the machine has
// (plain JavaScript, Node 20 compatible): installs dependencies when node_modules
// is missing or older than package.json / package-lock.json. `npm install`, not
// `npm ci`: lockfiles made against this registry lack other platforms' optional
// binaries, which `npm ci` rejects.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const stampFile = 'node_modules/.install-stamp';

function manifestHash() {
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json']) {
    if (existsSync(file)) hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

const upToDate = existsSync('node_modules/.bin/node') && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === manifestHash();

if (!upToDate) {
  console.log('Installing dependencies (npm install)…');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm install failed. Check the network access to the npm registry and try again.');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, manifestHash());
}
