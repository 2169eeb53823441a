import { env } from '../../src/server/platform/env';

/** Debian's Chromium (or PLAYWRIGHT_CHROMIUM_PATH): Playwright's own browser downloads are unavailable here. */
export function chromiumPath(): string {
  return env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** Flags for a closed network: no background connections, no sandbox as root, no GPU. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
