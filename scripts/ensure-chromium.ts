// Playwright cannot download browsers on these machines: install Debian's Chromium when root, else stop with an instruction.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from '../tests/e2e/chromium';

const path = chromiumPath();
if (!existsSync(path)) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canInstall) {
    console.log('Chromium not found: installing Debian’s chromium package…');
    const apt = (args: string[]) => spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    apt(['update', '-qq']);
    apt(['install', '-y', '-qq', 'chromium']);
  }
  if (!existsSync(path)) {
    console.error(`Chromium not found at ${path}: run \`sudo apt-get install -y chromium\` or set PLAYWRIGHT_CHROMIUM_PATH.`);
    process.exit(1);
  }
}
