import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpMessages } from '../server/platform/http';
import { functionsMiddleware } from './functions-plugin';
import { functionRoute } from './node-bridge';

/**
 * The dev server's /api middleware behind a real node:http server. Whatever it passes
 * on (`next`) stands for Astro, which answered GET with a 404 page and left a POST
 * hanging: an /api request must never get there.
 */
const routes = [
  functionRoute('health', { default: () => Response.json({ ok: true }), config: { path: '/api/health', method: ['GET', 'HEAD'] } }),
  functionRoute('enrollments', {
    default: () => Response.json({ created: true }, { status: 201 }),
    config: { path: ['/api/enrollments', '/api/users/:id/enrollments'], method: ['POST'] },
  }),
];
let server: Server;
let base: string;

beforeAll(async () => {
  const middleware = functionsMiddleware({ routes: async () => routes, fallbackHost: 'localhost:4321' });
  server = createServer((req, res) => middleware(req, res, () => res.writeHead(299).end('passed on to Astro')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function expectJsonError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(await response.json()).toEqual({ error });
}

describe('the dev server functions middleware', () => {
  it('serves a function by path and method', async () => {
    const response = await fetch(`${base}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect((await fetch(`${base}/api/enrollments`, { method: 'POST', body: '{}' })).status).toBe(201);
  });

  it('passes everything outside /api/ on to Astro', async () => {
    const response = await fetch(`${base}/om-oss`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(299);
  });

  it.each(['GET', 'POST', 'PUT', 'DELETE'])(
    'regression: %s to an unknown /api path is the JSON 404 at once, not a page or a hang',
    async (method) => {
      const response = await fetch(`${base}/api/finnes-ikke/heller-ikke`, {
        method,
        body: method === 'GET' ? undefined : '{}',
        signal: AbortSignal.timeout(3000),
      });
      await expectJsonError(response, 404, httpMessages.notFound);
    },
  );

  it('answers a known /api path with another method with a JSON 405 and Allow', async () => {
    const response = await fetch(`${base}/api/users/7/enrollments`, { signal: AbortSignal.timeout(3000) });
    await expectJsonError(response, 405, httpMessages.methodNotAllowed);
    expect(response.headers.get('allow')).toBe('POST');
    const health = await fetch(`${base}/api/health`, { method: 'DELETE', signal: AbortSignal.timeout(3000) });
    await expectJsonError(health, 405, httpMessages.methodNotAllowed);
    expect(health.headers.get('allow')).toBe('GET, HEAD');
  });
});
