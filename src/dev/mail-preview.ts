import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** `apply: 'serve'` keeps /dev/e-post out of every production build. */
export function devMailPreview(): Plugin {
  return {
    name: 'ki-akademiet:dev-mail-preview',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/dev/e-post', (req, res, next) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        void (async () => {
          try {
            const page = (await server.ssrLoadModule(resolve('src/server/mail/dev-page.ts'))) as typeof import('../server/mail/dev-page');
            const html = await page.devMailPage();
            res.writeHead(200, {
              'Content-Type': 'text/html; charset=utf-8',
              'Cache-Control': 'no-store',
              'Content-Security-Policy': page.devMailPageCsp,
            });
            res.end(req.method === 'HEAD' ? undefined : html);
          } catch (error) {
            server.config.logger.error(`/dev/e-post failed: ${String(error)}`);
            res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
            res.end('Kunne ikke vise e-postene. Se loggen til utviklingsserveren.');
          }
        })();
      });
    },
  };
}
