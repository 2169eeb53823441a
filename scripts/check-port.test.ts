import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { devPort, portInUse } from '../src/dev/dev-port';

let occupant: Server | undefined;

/** Occupies a free loopback port, as a second `npm start` would. */
async function occupyPort(): Promise<number> {
  occupant = createServer();
  await new Promise<void>((resolve) => occupant?.listen(0, '127.0.0.1', resolve));
  return (occupant.address() as { port: number }).port;
}

afterEach(() => new Promise<void>((resolve) => (occupant ? occupant.close(() => resolve()) : resolve())));

function checkPort(port: number) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-port.ts'], {
    encoding: 'utf8',
    env: { ...process.env, SITE_URL: `http://localhost:${port}` },
    timeout: 30_000,
  });
}

describe('scripts/check-port.ts (before astro dev)', () => {
  it('regression: fails with a message naming the port when it is taken', async () => {
    const port = await occupyPort();
    const result = checkPort(port);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Port ${port} is in use`);
    expect(result.stderr).toContain('SITE_URL');
  });

  it('passes when the port is free', async () => {
    const port = await occupyPort();
    await new Promise<void>((resolve) => occupant?.close(() => resolve()));
    occupant = undefined;
    const result = checkPort(port);
    expect(result.stderr).not.toContain('in use');
    expect(result.status).toBe(0);
  });
});

describe('devPort', () => {
  it('follows a local SITE_URL and is 4321 otherwise', () => {
    expect(devPort('http://localhost:4321')).toBe(4321);
    expect(devPort('http://localhost:4400')).toBe(4400);
    expect(devPort('http://127.0.0.1:5000/')).toBe(5000);
    expect(devPort('https://kiakademiet.no')).toBe(4321);
    expect(devPort('http://localhost')).toBe(4321);
  });

  it('portInUse sees an IPv4 listener', async () => {
    const port = await occupyPort();
    expect(await portInUse(port)).toBe(true);
  });
});
