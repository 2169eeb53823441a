import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { env } from '../../src/server/platform/env';
import { signIn } from '../e2e/helpers';

/**
 * `npm start`'s dev server (issue 29, point 12; decision 35): two starts in a row, with `astro
 * sync` between them as `npm run check` runs it, and the first visit after each start gets a
 * hydrated dashboard. The first start begins without pre-bundled dependencies; the second reuses
 * them: it logs no re-optimization, and neither start swaps its bundles under an open page (Vite's
 * 'optimized dependencies changed' reload, whose stale modules answer '504 Outdated Optimize Dep').
 * The dev server runs on SERVE_PORT + 72 with a database of its own under .data/e2e/dev-db; its own
 * Playwright run (playwright.dev-server.config.ts), before the production build: `astro dev` empties
 * the build's function output.
 */

const port = env.SERVE_PORT + 72;
const origin = `http://localhost:${port}`;

/** What Vite logs when it bundles the dependencies again, or swaps them under a running page. */
const reoptimized = /Re-optimizing dependencies|Forced re-optimization|new dependencies optimized|optimized dependencies changed/;

interface DevServer {
  process: ChildProcess;
  output: () => string;
}

async function startDevServer(): Promise<DevServer> {
  let output = '';
  // Its own process group, so stopping it stops astro too (npm → sh → node).
  const child = spawn('npm', ['run', 'dev'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      SITE_URL: origin,
      PGLITE_DATA_DIR: '.data/e2e/dev-db',
      DATABASE_URL: '',
      DATABASE_DRIVER: 'pglite',
      APP_ENV: 'development',
      NO_COLOR: '1',
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server = { process: child, output: () => output };
  // Ready when the API answers (the dev server serves the functions itself, decision 4).
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the dev server stopped (${child.exitCode}):\n${output}`);
        return fetch(`${origin}/api/health`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 180_000, intervals: [1000] },
    )
    .toBe(200);
  return server;
}

async function stopDevServer(server: DevServer) {
  if (server.process.exitCode !== null || server.process.pid === undefined) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  process.kill(-server.process.pid, 'SIGTERM');
  await exited;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'ignore' });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

test('two starts of the dev server in a row: no re-optimization the second time, and a hydrated dashboard on the first visit after each', async ({
  browser,
}) => {
  // The first start bundles the dependencies from scratch.
  rmSync('.data/vite', { recursive: true, force: true });

  for (const start of ['first', 'second'] as const) {
    const server = await startDevServer();
    try {
      const context = await browser.newContext({ baseURL: origin });
      const page = await context.newPage();
      const outdated: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 504) outdated.push(response.url());
      });
      await test.step(`${start} start: the first visit signs in and the dashboard hydrates`, async () => {
        // The first visit compiles the pages and the islands on demand: it gets time, not a retry.
        await signIn(page, 'elev@demo.no');
        await expect(page).toHaveURL(`${origin}/`, { timeout: 120_000 });
        // The dashboard island's greeting: there only once the island has hydrated.
        await expect(page.getByRole('heading', { level: 1, name: /Emma/ })).toBeVisible({ timeout: 120_000 });
      });
      expect(outdated, `${start} start: modules answered 504`).toEqual([]);
      await context.close();
      if (start === 'second') expect(server.output()).not.toMatch(reoptimized);
      else expect(server.output()).not.toMatch(/optimized dependencies changed/);
    } finally {
      await stopDevServer(server);
    }
    // What `npm run check` runs between two starts (it used to rewrite the dev server's cache).
    if (start === 'first') await run('npm', ['exec', '--', 'astro', 'sync']);
  }
});
