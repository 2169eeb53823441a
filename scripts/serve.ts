// `npm run serve [-- --fresh]`: serves the production build on one port the way Netlify routes it. Run `npm run build` first.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { acquireDb } from '../db/client';
import { prepareEmbeddedDatabase } from '../db/prepare';
import {
  type FunctionModule,
  type FunctionRoute,
  functionRoute,
  handleNodeRequest,
  invokeFunction,
  matchFunction,
  matchScheduledFunction,
  type NetlifyHandler,
  sendResponse,
} from '../src/dev/node-bridge';
import { appDatabaseOptions, appDriver } from '../src/server/platform/db';
import { env, isProduction } from '../src/server/platform/env';
import { sharedSecurityHeaders, staticCsp } from '../src/server/platform/security-headers';

// As deployed: React's production build (both React users load it lazily, after this line).
process.env.NODE_ENV ??= 'production';

const dist = resolve('dist');
const ssrEntry = resolve('.netlify/v1/functions/ssr/ssr.mjs');
if (!existsSync(join(dist, '404.html'))) {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(1);
}
// The Netlify adapter empties this folder when Astro loads its config outside a build; every on-demand page would answer 404.
if (!existsSync(ssrEntry)) {
  console.error(
    '.netlify/v1/functions/ssr/ is empty, so the pages rendered on demand (the course player, /admin) cannot be served: ' +
      'run `npm run build` again (astro check, astro sync and the integration-pages tests empty that folder).',
  );
  process.exit(1);
}

if (appDriver() === 'pglite') {
  await prepareEmbeddedDatabase(appDatabaseOptions(), { fresh: process.argv.includes('--fresh') });
  // Open the shared embedded database now: the SSR function's bundle has no embedded driver to open it itself.
  await acquireDb(appDatabaseOptions());
}

async function loadFunctions(): Promise<FunctionRoute[]> {
  const dir = resolve('netlify/functions');
  const entries = readdirSync(dir).filter((f) => /\.(ts|mts|js|mjs)$/.test(f) && !f.includes('.test.'));
  const outdir = resolve('.netlify/serve-functions');
  await build({
    entryPoints: entries.map((f) => join(dir, f)),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  return Promise.all(
    entries.map(async (file) => {
      const name = file.replace(/\.\w+$/, '');
      return functionRoute(name, (await import(pathToFileURL(join(outdir, `${name}.mjs`)).href)) as FunctionModule);
    }),
  );
}

const functions = await loadFunctions();
let ssr: NetlifyHandler | undefined;
async function ssrHandler(): Promise<NetlifyHandler> {
  ssr ??= ((await import(pathToFileURL(ssrEntry).href)) as { default: NetlifyHandler }).default;
  return ssr;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.vtt': 'text/vtt; charset=utf-8',
  '.woff2': 'font/woff2',
};

function staticFile(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const base = normalize(join(dist, decoded));
  if (!base.startsWith(dist)) return null;
  for (const candidate of [base, join(base, 'index.html'), `${base}.html`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const staticHeaders = { ...sharedSecurityHeaders, 'Content-Security-Policy': staticCsp };

const compressible = /^(text\/|application\/(json|xml)|image\/svg)/;
const gzipCache = new Map<string, Buffer>();

function byteRange(header: string | undefined, size: number): [number, number] | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start <= end && start < size ? [start, end] : null;
}

/** Gzipped as Netlify's CDN compresses, or the `Range` part (a video can only seek with ranges). */
function sendFile(res: ServerResponse, file: string, status = 200, method = 'GET', acceptEncoding = '', range?: string): void {
  const type = types[extname(file)] ?? 'application/octet-stream';
  let body: Buffer = readFileSync(file);
  const gzip = compressible.test(type) && /\bgzip\b/.test(acceptEncoding);
  if (gzip) {
    const cached = gzipCache.get(file);
    body = cached ?? gzipSync(body);
    if (!cached) gzipCache.set(file, body);
  }
  const size = body.byteLength;
  const part = !gzip && status === 200 ? byteRange(range, size) : null;
  if (part) {
    body = body.subarray(part[0], part[1] + 1);
    status = 206;
  }
  res.writeHead(status, {
    ...staticHeaders,
    ...(gzip ? {} : { 'Accept-Ranges': 'bytes' }),
    ...(part ? { 'Content-Range': `bytes ${part[0]}-${part[1]}/${size}` } : {}),
    'Content-Type': type,
    'Content-Length': body.byteLength,
    ...(gzip ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
    'Cache-Control': file.includes(`${dist}/_astro/`) ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
  });
  res.end(method === 'HEAD' ? undefined : body);
}

const server = createServer((req, res) =>
  handleNodeRequest(req, res, {
    fallbackHost: `localhost:${env.SERVE_PORT}`,
    async handle(request, requestId) {
      const { pathname } = new URL(request.url);
      const match = matchFunction(functions, request.method, pathname);
      if (match) return await invokeFunction(req, res, request, match, requestId);
      // Outside production a scheduled function can be run by hand, as with `netlify dev` (tests/e2e run the reminders so).
      const scheduled = isProduction ? null : matchScheduledFunction(functions, request.method, pathname);
      if (scheduled) return await invokeFunction(req, res, request, { route: scheduled, params: {} }, requestId);
      if (req.method === 'GET' || req.method === 'HEAD') {
        const file = staticFile(pathname);
        if (file) return sendFile(res, file, 200, req.method, req.headers['accept-encoding'], req.headers.range);
      }
      const render = await ssrHandler();
      const response = await render(request, { params: {}, ip: req.socket.remoteAddress, requestId, waitUntil: () => {} });
      // The adapter's bare 404 (only Content-Type) gets dist/404.html; a page's own 404 is sent as it is, as Netlify sends it.
      const bareNotFound = response.status === 404 && [...response.headers.keys()].every((name) => name === 'content-type');
      if (!bareNotFound) return sendResponse(res, response);
      sendFile(res, join(dist, '404.html'), 404, req.method, req.headers['accept-encoding']);
    },
  }),
);

server.listen(env.SERVE_PORT, '127.0.0.1', () => {
  console.log(`Serving the production build on http://localhost:${env.SERVE_PORT} (${functions.length} functions)`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    process.exit(0);
  });
}
