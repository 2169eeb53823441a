import { createServer } from 'node:http';
import { env } from '../../src/server/platform/env';

/**
 * TEST SETUP ONLY. A stand-in for Netlify's build hook (issue 29, point 8; decision 38): the site
 * under test POSTs here after a rename (`NETLIFY_BUILD_HOOK_URL`, playwright.config.ts). Both
 * projects and every spec share it, so a test scripts the answers for the requests whose deploy
 * title (`trigger_title`, which names the renamed title) contains a text of its own:
 *   POST /plan {match, statuses}   the next requests matching `match` get these statuses in turn
 *   POST /build_hooks/<id>         a rebuild request: the planned status, else 200
 *   GET  /requests?match=          the deploy titles received so far that contain `match`
 * Started once for the run by playwright.config.ts (`npx tsx tests/e2e/build-hook.ts`).
 */

/** Beside the site's port, like the mail catcher and the media host (SERVE_PORT + 69 … 72). */
export const BUILD_HOOK_PORT = env.SERVE_PORT + 72;
export const BUILD_HOOK_URL = `http://127.0.0.1:${BUILD_HOOK_PORT}/build_hooks/e2e-site`;
const base = `http://127.0.0.1:${BUILD_HOOK_PORT}`;

/** The next requests whose deploy title contains `match` are answered with `statuses`, in order. */
export async function planBuildHook(match: string, statuses: number[]): Promise<void> {
  const response = await fetch(`${base}/plan`, { method: 'POST', body: JSON.stringify({ match, statuses }) });
  if (!response.ok) throw new Error(`planning the build hook failed: ${response.status}`);
}

/** The deploy titles received so far that contain `match`. */
export async function buildHookRequests(match: string): Promise<string[]> {
  return (await (await fetch(`${base}/requests?match=${encodeURIComponent(match)}`)).json()) as string[];
}

if (process.argv[1]?.endsWith('build-hook.ts')) {
  const plans: { match: string; statuses: number[] }[] = [];
  const received: string[] = [];
  createServer((request, response) => {
    const url = new URL(request.url ?? '/', base);
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && url.pathname === '/plan') {
        plans.push(JSON.parse(body) as { match: string; statuses: number[] });
        return void response.writeHead(204).end();
      }
      if (request.method === 'GET' && url.pathname === '/requests') {
        const match = url.searchParams.get('match') ?? '';
        response.writeHead(200, { 'Content-Type': 'application/json' });
        return void response.end(JSON.stringify(received.filter((title) => title.includes(match))));
      }
      if (request.method === 'POST' && url.pathname.startsWith('/build_hooks/')) {
        const title = url.searchParams.get('trigger_title') ?? '';
        received.push(title);
        const plan = plans.find((p) => p.statuses.length > 0 && title.includes(p.match));
        return void response.writeHead(plan?.statuses.shift() ?? 200).end();
      }
      response.writeHead(404).end();
    });
  }).listen(BUILD_HOOK_PORT, '127.0.0.1', () => console.log(`Build hook stand-in on ${base}`));
}
