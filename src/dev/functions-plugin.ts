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
  routes: () => Promise<FunctionRoute[]>;
  fallbackHost: string;
  log?: (line: string) => void;
}

/** Any /api/ request no function serves is a JSON 404 or 405 and never reaches Astro. */
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

/** Served in the dev process through Vite: Netlify's emulation runs each call in a new worker thread, which cannot share the embedded PGlite and keeps only the last Set-Cookie. */
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
