// Plain JavaScript, Node 20 compatible: it runs on whatever Node the machine has, before the npm package `node` is installed.
// `npm install`, not `npm ci`, keeps what is installed; EBADENGINE warnings on an older system Node are harmless and summed up in one line.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const stampFile = 'node_modules/.install-stamp';

function manifestHash() {
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json']) {
    if (existsSync(file)) hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

async function npmInstall() {
  const olderNode = Number(process.versions.node.split('.')[0]) < 24;
  const child = spawn('npm', ['install', '--no-audit', '--no-fund'], { stdio: ['inherit', 'inherit', olderNode ? 'pipe' : 'inherit'] });
  let engineWarnings = 0;
  if (olderNode && child.stderr) {
    createInterface({ input: child.stderr }).on('line', (line) => {
      if (!line.includes('EBADENGINE')) process.stderr.write(`${line}\n`);
      else if (line.includes('Unsupported engine')) engineWarnings += 1;
    });
  }
  const status = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  if (engineWarnings > 0) {
    console.log(
      `(npm found ${engineWarnings} packages asking for a newer Node than this machine's ${process.version} (EBADENGINE); ` +
        'expected: the scripts run on Node 24 from the npm package `node`. See the README.)',
    );
  }
  return status;
}

const upToDate = existsSync('node_modules/.bin/node') && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === manifestHash();

if (!upToDate) {
  console.log('Installing dependencies (npm install)…');
  const status = await npmInstall();
  if (status !== 0) {
    console.error('npm install failed. Check the network access to the npm registry and try again.');
    process.exit(status);
  }
  writeFileSync(stampFile, manifestHash());
}
