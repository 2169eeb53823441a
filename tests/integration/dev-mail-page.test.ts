import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { ViteDevServer } from 'vite';
import { atomically } from '../../db/client';
import { devMailPreview } from '../../src/dev/mail-preview';
import { acquireAppDb } from '../../src/server/platform/db';
import { env } from '../../src/server/platform/env';
import * as devPage from '../../src/server/mail/dev-page';
import { queueMail } from '../../src/server/mail/outbox';

/**
 * The development page /dev/e-post (decision 28): without SMTP_URL the mails are kept, and the
 * page shows them with their links clickable. The plugin that serves it is the dev server's
 * only (its absence from the production build: tests/e2e/dev-mail-page.spec.ts).
 */

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** The plugin's middleware, mounted on a stand-in for Vite's dev server. */
function mountedMiddleware(): { path: string; handle: Middleware } {
  let mounted: { path: string; handle: Middleware } | undefined;
  const server = {
    middlewares: { use: (path: string, handle: Middleware) => (mounted = { path, handle }) },
    ssrLoadModule: async () => devPage,
    config: { logger: { error: (line: string) => console.error(line) } },
  } as unknown as ViteDevServer;
  // The hook as Vite calls it (a plain function here: the plugin uses no plugin context).
  const configureServer = devMailPreview().configureServer as (s: ViteDevServer) => void;
  configureServer(server);
  return mounted!;
}

/** What the middleware answers to a GET. */
async function get(handle: Middleware): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve) => {
    const res = Object.assign(new EventEmitter(), {
      status: 0,
      headers: {} as Record<string, string>,
      writeHead(status: number, headers: Record<string, string>) {
        this.status = status;
        this.headers = headers;
      },
      end(body?: string) {
        resolve({ status: this.status, headers: this.headers, body: body ?? '' });
      },
    });
    handle({ method: 'GET', url: '/' } as IncomingMessage, res as unknown as ServerResponse, () => resolve({ status: 404, headers: {}, body: '' }));
  });
}

describe('/dev/e-post (development only)', () => {
  it('exists only in the dev server: the plugin applies to `serve`, never to a build', () => {
    expect(devMailPreview().apply).toBe('serve');
    expect(mountedMiddleware().path).toBe('/dev/e-post');
  });

  it('shows a kept mail with its reset link clickable and everything from the data escaped', async () => {
    expect(env.SMTP_URL).toBeUndefined();
    const { db } = await acquireAppDb();
    const resetUrl = 'http://localhost:4321/nytt-passord?token=abc&x=1';
    await atomically(db, (tx) =>
      queueMail(tx, { to: 'ny@demo.no', template: 'password-reset', props: { firstName: '<b>Ny</b>', resetUrl, validMinutes: 60 } }),
    );
    const page = await get(mountedMiddleware().handle);
    expect(page.status).toBe(200);
    expect(page.headers['Content-Security-Policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<h2>Tilbakestill passordet ditt</h2>');
    expect(page.body).toContain('Til ny@demo.no · beholdt (ikke sendt)');
    expect(page.body).toContain(`<a href="http://localhost:4321/nytt-passord?token=abc&amp;x=1" target="_blank" rel="noreferrer">`);
    expect(page.body).toContain('<iframe sandbox srcdoc="');
    // The name is text everywhere: in the plain text, and inside the frame's (escaped) document.
    expect(page.body).not.toContain('<b>Ny</b>');
    expect(page.body).toContain('Hei &lt;b&gt;Ny&lt;/b&gt;,');
  });
});
