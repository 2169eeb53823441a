import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requestSiteRebuild } from './site-rebuild';

/** A stand-in for Netlify's build hook endpoint on 127.0.0.1. */
let server: Server;
let base: string;
let status = 200;
const received: { method: string; url: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', body });
      response.statusCode = status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('requestSiteRebuild', () => {
  it('POSTs to the build hook with a deploy title', async () => {
    received.length = 0;
    status = 200;
    expect(await requestSiteRebuild({ hookUrl: `${base}/build_hooks/abc123`, reason: 'Kurs omdøpt' })).toBe('requested');
    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call?.method).toBe('POST');
    const url = new URL(call?.url ?? '', base);
    expect(url.pathname).toBe('/build_hooks/abc123');
    expect(url.searchParams.get('trigger_title')).toBe('Kurs omdøpt');
  });

  it('does nothing without a hook URL (NETLIFY_BUILD_HOOK_URL empty)', async () => {
    received.length = 0;
    expect(await requestSiteRebuild({ hookUrl: undefined })).toBe('skipped');
    // The default comes from the env module, empty in tests.
    expect(await requestSiteRebuild()).toBe('skipped');
    expect(received).toHaveLength(0);
  });

  it('reports a refused or unreachable hook in one log line without the URL, and never throws', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      status = 500;
      expect(await requestSiteRebuild({ hookUrl: `${base}/build_hooks/secret-id` })).toBe('failed');
      // A port nothing listens on.
      expect(await requestSiteRebuild({ hookUrl: 'http://127.0.0.1:9/build_hooks/secret-id', timeoutMs: 2_000 })).toBe('failed');
      const lines = log.mock.calls.map((c) => c.map(String).join(' '));
      expect(lines).toHaveLength(2);
      expect(lines[0]).toContain('HTTP 500');
      for (const line of lines) expect(line).not.toContain('secret-id');
    } finally {
      log.mockRestore();
      status = 200;
    }
  });
});
