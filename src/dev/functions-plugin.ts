import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { type FunctionModule, functionRoute, handleNodeRequest, invokeFunction, matchFunction } from './node-bridge';

/**
 * Dev server only: serves /api/* from netlify/functions in the dev process itself,
 * loaded through Vite (so edits reload), routed by each function's config.path and
 * config.method exactly as on Netlify. The adapter's Netlify emulation runs every
 * invocation in a new worker thread, which cannot share the embedded PGlite
 * database (each request opened another instance of it, taking seconds) and keeps
 * only the last Set-Cookie header. See docs/decisions/0004-dev-functions.md.
 */
export function netlifyFunctionsDev(directory = 'netlify/functions'): Plugin {
  const dir = resolve(directory);
  const files = () => readdirSync(dir).filter((f) => /\.(ts|mts|js|mjs)$/.test(f) && !f.includes('.test.'));

  async function routes(server: ViteDevServer) {
    return Promise.all(
      files().map(async (file) =>
        functionRoute(file.replace(/\.\w+$/, ''), (await server.ssrLoadModule(join(dir, file))) as FunctionModule),
      ),
    );
  }

  return {
    name: 'ki-akademiet:netlify-functions-dev',
    apply: 'serve',
    enforce: 'pre',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith('/api/')) return next();
        return handleNodeRequest(req, res, {
          fallbackHost: 'localhost:4321',
          log: (line) => server.config.logger.error(line),
          async handle(request, requestId) {
            const match = matchFunction(await routes(server), request.method, new URL(request.url).pathname);
            if (!match) return next();
            await invokeFunction(req, res, request, match, requestId);
          },
        });
      });
    },
  };
}
