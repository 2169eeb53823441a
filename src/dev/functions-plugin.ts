import { readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import {
  type FunctionModule,
  type FunctionRoute,
  functionRoute,
  handleNodeRequest,
  invokeFunction,
  matchFunction,
  sendUnmatchedApi,
} from './node-bridge';

export interface FunctionsMiddlewareOptions {
  /** The current function routes (the dev server reloads them on every request). */
  routes: () => Promise<FunctionRoute[]>;
  /** Host for a request without a Host header. */
  fallbackHost: string;
  log?: (line: string) => void;
}

/**
 * Connect middleware for /api/*: a request a function serves goes to that function;
 * any other /api/ request is a JSON 404 (or 405 with Allow) and never reaches Astro.
 */
export function functionsMiddleware(options: FunctionsMiddlewareOptions) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (!req.url?.startsWith('/api/')) return next();
    void handleNodeRequest(req, res, {
      fallbackHost: options.fallbackHost,
      log: options.log,
      async handle(request, requestId) {
        const routes = await options.routes();
        const { pathname } = new URL(request.url);
        const match = matchFunction(routes, request.method, pathname);
        // Astro would answer GET with an HTML page and leave other methods hanging.
        if (!match) return sendUnmatchedApi(res, routes, pathname);
        await invokeFunction(req, res, request, match, requestId);
      },
    });
  };
}

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
      files().map(async (file) => functionRoute(file.replace(/\.\w+$/, ''), (await server.ssrLoadModule(join(dir, file))) as FunctionModule)),
    );
  }

  return {
    name: 'ki-akademiet:netlify-functions-dev',
    apply: 'serve',
    enforce: 'pre',
    configureServer(server) {
      server.middlewares.use(
        functionsMiddleware({
          routes: () => routes(server),
          fallbackHost: 'localhost:4321',
          log: (line) => server.config.logger.error(line),
        }),
      );
    },
  };
}
