import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { functionRoute, handleNodeRequest, invokeFunction, matchFunction, matchScheduledFunction } from './node-bridge';

/**
 * A real node:http server driven by handleNodeRequest, the per-request handling that
 * `npm run serve` (scripts/serve.ts) and the dev server's functions plugin share,
 * sent raw HTTP over a socket so that requests a `fetch` client would refuse to send
 * (TRACE, a malformed Host) reach it.
 */
const routes = [
  functionRoute('health', {
    default: () => Response.json({ ok: true }),
    config: { path: '/api/health', method: ['GET', 'HEAD'] },
  }),
];
const log = vi.fn<(line: string) => void>();
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) =>
    handleNodeRequest(req, res, {
      fallbackHost: 'localhost:8888',
      log,
      async handle(request, requestId) {
        const { pathname } = new URL(request.url);
        if (pathname === '/kaboom') throw new Error('boom');
        const match = matchFunction(routes, request.method, pathname);
        if (match) return invokeFunction(req, res, request, match, requestId);
        res.writeHead(404).end();
      },
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `lines` as one HTTP/1.1 request (Connection: close) and parses the answer. */
function raw(...lines: string[]): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      let body = rest.join('\r\n\r\n');
      if (headers['transfer-encoding'] === 'chunked') {
        let decoded = '';
        for (let at = 0; ;) {
          const eol = body.indexOf('\r\n', at);
          const size = Number.parseInt(body.slice(at, eol), 16);
          if (!size) break;
          decoded += body.slice(eol + 2, eol + 2 + size);
          at = eol + 2 + size + 2;
        }
        body = decoded;
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(`${[...lines, 'Connection: close'].join('\r\n')}\r\n\r\n`);
  });
}

function expectJsonError(response: RawResponse, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(JSON.parse(response.body)).toEqual({ error });
}

describe('handleNodeRequest over a real socket', () => {
  it('serves a matched function', async () => {
    const response = await raw('GET /api/health HTTP/1.1', 'Host: localhost');
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ ok: true });
  });

  it('regression: TRACE, which a web Request cannot carry, is a JSON 405 with Allow, not a 500', async () => {
    const response = await raw('TRACE /api/health HTTP/1.1', 'Host: localhost');
    expectJsonError(response, 405, 'Metoden er ikke tillatt');
    expect(response.headers.allow).toContain('GET');
  });

  it.each(['exa mple', '[::1', 'a/b', 'user@evil.example', 'a\\b', 'a?b', 'a#b', 'a%2fb', 'localhost:port', 'localhost:99999'])(
    'regression: a malformed Host header %j is a JSON 400, not a 500',
    async (host) => {
      expectJsonError(await raw('GET /api/health HTTP/1.1', `Host: ${host}`), 400, 'Ugyldig forespørsel');
    },
  );

  it('accepts well-formed Host headers', async () => {
    for (const host of ['localhost', 'localhost:8888', '127.0.0.1:8888', '[::1]:8888', 'Example.NO']) {
      expect((await raw('GET /api/health HTTP/1.1', `Host: ${host}`)).status).toBe(200);
    }
  });

  it('answers any other failure with a JSON 500 and logs only id, method, pathname and message', async () => {
    log.mockClear();
    const response = await raw('GET /kaboom?token=secret HTTP/1.1', 'Host: localhost', 'Cookie: session=secret');
    expectJsonError(response, 500, 'Noe gikk galt på serveren. Prøv igjen om litt.');
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toMatch(/^\[[0-9a-f-]{36}\] GET \/kaboom failed: boom$/);
  });
});

describe('matchScheduledFunction', () => {
  const scheduled = [
    ...routes,
    functionRoute('learning-reminders', { default: () => Response.json({ queued: 0 }), config: { schedule: '0 7 * * *' } }),
  ];
  it('runs a scheduled function by hand with POST /.netlify/functions/<name>, as netlify dev does', () => {
    expect(matchScheduledFunction(scheduled, 'POST', '/.netlify/functions/learning-reminders')?.name).toBe('learning-reminders');
  });
  it('only scheduled functions, only POST, only that path', () => {
    expect(matchScheduledFunction(scheduled, 'GET', '/.netlify/functions/learning-reminders')).toBeNull();
    expect(matchScheduledFunction(scheduled, 'POST', '/.netlify/functions/health')).toBeNull();
    expect(matchScheduledFunction(scheduled, 'POST', '/.netlify/functions/learning-reminders/x')).toBeNull();
    expect(matchScheduledFunction(scheduled, 'POST', '/api/learning-reminders')).toBeNull();
  });
});

describe('sendResponse compresses as the CDN does', () => {
  const payload = { lessons: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Leksjon ${i}` })) };
  const compressRoutes = [
    functionRoute('json', { default: () => Response.json(payload), config: { path: '/json' } }),
    functionRoute('events', {
      default: () => new Response('data: hei\n\n', { headers: { 'Content-Type': 'text/event-stream', Vary: 'Cookie' } }),
      config: { path: '/events' },
    }),
    functionRoute('pdf', { default: () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }), config: { path: '/pdf' } }),
  ];
  // Served by the file's one server (beforeAll above), beside its other routes.
  routes.push(...compressRoutes);

  function get(path: string, acceptEncoding?: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      request({ host: '127.0.0.1', port, path, headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
  }

  it('gzips a JSON answer for a client that accepts gzip, and adds Vary', async () => {
    const { headers, body } = await get('/json', 'gzip, deflate, br');
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers.vary).toContain('Accept-Encoding');
    expect(JSON.parse(gunzipSync(body).toString('utf8'))).toEqual(payload);
    expect(body.byteLength).toBeLessThan(JSON.stringify(payload).length / 3);
  });

  it('sends it as it is to a client that does not accept gzip', async () => {
    const { headers, body } = await get('/json');
    expect(headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(body.toString('utf8'))).toEqual(payload);
  });

  it('never buffers an event stream or compresses a PDF', async () => {
    const events = await get('/events', 'gzip');
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.headers.vary).toBe('Cookie');
    expect(events.body.toString('utf8')).toBe('data: hei\n\n');
    const pdf = await get('/pdf', 'gzip');
    expect(pdf.headers['content-encoding']).toBeUndefined();
  });
});
