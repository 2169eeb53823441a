import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { apiSecurityHeaders } from '../server/platform/security-headers';

export type NetlifyHandler = (request: Request, context: object) => Promise<Response> | Response;

export interface FunctionModule {
  default: NetlifyHandler;
  config?: { path?: string | string[]; method?: string | string[]; schedule?: string };
}

export interface FunctionRoute {
  name: string;
  patterns: URLPattern[];
  methods: string[] | null;
  handler: NetlifyHandler;
  schedule: string | null;
}

export function functionRoute(name: string, mod: FunctionModule): FunctionRoute {
  const paths = [mod.config?.path ?? []].flat();
  const methods = mod.config?.method ? [mod.config.method].flat() : null;
  return {
    name,
    patterns: paths.map((pathname) => new URLPattern({ pathname })),
    methods,
    handler: mod.default,
    schedule: mod.config?.schedule ?? null,
  };
}

/** `POST /.netlify/functions/<name>` runs a scheduled function by hand, as `netlify dev` allows. */
export function matchScheduledFunction(routes: FunctionRoute[], method: string, pathname: string): FunctionRoute | null {
  const name = /^\/\.netlify\/functions\/([\w-]+)$/.exec(pathname)?.[1];
  if (method !== 'POST' || !name) return null;
  return routes.find((route) => route.name === name && route.schedule !== null) ?? null;
}

export function matchFunction(
  routes: FunctionRoute[],
  method: string,
  pathname: string,
): { route: FunctionRoute; params: Record<string, string> } | null {
  for (const route of routes) {
    const pattern = route.patterns.find((p) => p.test({ pathname }));
    if (!pattern || (route.methods && !route.methods.includes(method))) continue;
    const groups = pattern.exec({ pathname })?.pathname.groups ?? {};
    return { route, params: Object.fromEntries(Object.entries(groups).filter((e): e is [string, string] => e[1] !== undefined)) };
  }
  return null;
}

function unmatchedReason(routes: FunctionRoute[], pathname: string): { status: 404 } | { status: 405; allow: string } {
  const allow = new Set<string>();
  for (const route of routes) {
    if (route.patterns.some((p) => p.test({ pathname }))) for (const method of route.methods ?? []) allow.add(method);
  }
  return allow.size ? { status: 405, allow: [...allow].join(', ') } : { status: 404 };
}

/** A test keeps these words equal to `httpMessages` in src/server/platform/http/errors.ts. */
export function sendUnmatchedApi(res: ServerResponse, routes: FunctionRoute[], pathname: string): void {
  const reason = unmatchedReason(routes, pathname);
  if (reason.status === 405) sendJsonError(res, 405, 'Denne metoden er ikke tillatt her.', { Allow: reason.allow });
  else sendJsonError(res, 404, 'Fant ikke det du ba om.');
}

/** The client's fault, answered with `status` as Netlify would rather than a 500. */
class BadRequestError extends Error {
  constructor(
    readonly status: 400 | 405,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'BadRequestError';
  }
}

/** Methods the Fetch standard forbids, so `new Request` throws on them. */
const forbiddenMethods = new Set(['CONNECT', 'TRACE', 'TRACK']);
const allowedMethods = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/** No URL delimiters, or the URL parser would read `a/b` as host `a` and `u@h` as credentials. */
const hostHeader = /^(?:\[[0-9A-Fa-f:.]+\]|[^\x00-\x20\x7f/\\?#@[\]:%]+)(?::(\d{1,5}))?$/;

function requestUrl(target: string, host: string): URL {
  const parts = hostHeader.exec(host);
  if (!parts || Number(parts[1] ?? 0) > 65535) throw new BadRequestError(400, 'Malformed Host header');
  try {
    return new URL(target, `http://${host}`);
  } catch {
    throw new BadRequestError(400, 'Malformed request target or Host header');
  }
}

function toRequest(req: IncomingMessage, fallbackHost: string): Request {
  const method = req.method ?? 'GET';
  if (forbiddenMethods.has(method.toUpperCase())) {
    throw new BadRequestError(405, `Method ${method} cannot be represented`, { Allow: allowedMethods });
  }
  const url = requestUrl(req.url ?? '/', req.headers.host ?? fallbackHost);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = method !== 'GET' && method !== 'HEAD';
  try {
    return new Request(url, {
      method,
      headers,
      body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
      // @ts-expect-error Node's fetch needs this for streamed request bodies
      duplex: hasBody ? 'half' : undefined,
    });
  } catch (error) {
    // Everything in it came from the client, so whatever undici refuses is a bad request.
    throw new BadRequestError(400, error instanceof Error ? error.message : String(error));
  }
}

/** Text the CDN compresses; an event stream is left alone so that each event reaches the browser at once. */
const compressible = /^(text\/(?!event-stream)|application\/(json|xml|javascript)|image\/svg)/;

/** Gzipped as Netlify's CDN does, so local measurements see the bytes a phone downloads. */
export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: string[] = [];
  const gzip =
    response.body !== null &&
    !response.headers.has('content-encoding') &&
    compressible.test(response.headers.get('content-type') ?? '') &&
    /\bgzip\b/.test(String(res.req?.headers['accept-encoding'] ?? ''));
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || (gzip && name === 'content-length')) return;
    if (gzip && name === 'vary') return;
    headers.push(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) headers.push('Set-Cookie', cookie);
  if (gzip) {
    const vary = response.headers.get('vary');
    headers.push('Content-Encoding', 'gzip', 'Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as never);
  await new Promise<void>((resolve, reject) => {
    (gzip ? body.on('error', reject).pipe(createGzip()) : body).on('error', reject).pipe(res).on('finish', resolve).on('error', reject);
  });
}

export async function invokeFunction(
  req: IncomingMessage,
  res: ServerResponse,
  request: Request,
  match: { route: FunctionRoute; params: Record<string, string> },
  requestId: string,
): Promise<void> {
  const pending: Promise<unknown>[] = [];
  const response = await match.route.handler(request, {
    params: match.params,
    ip: req.socket.remoteAddress ?? '127.0.0.1',
    requestId,
    waitUntil: (p: Promise<unknown>) => pending.push(p),
  });
  await sendResponse(res, response);
  await Promise.allSettled(pending);
}

function sendJsonError(res: ServerResponse, status: number, error: string, extra: Record<string, string> = {}): void {
  const body = JSON.stringify({ error });
  res.writeHead(status, {
    ...apiSecurityHeaders,
    ...extra,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

const errorMessages: Record<BadRequestError['status'], string> = {
  400: 'Ugyldig forespørsel',
  405: 'Metoden er ikke tillatt',
};

/** The path alone: query strings may carry tokens, so they never reach the log. */
function loggablePath(target: string | undefined): string {
  try {
    return new URL(target ?? '/', 'http://log.invalid').pathname;
  } catch {
    return (target ?? '/').split(/[?#]/, 1)[0] ?? '/';
  }
}

export interface NodeRequestOptions {
  fallbackHost: string;
  handle: (request: Request, requestId: string) => Promise<void> | void;
  log?: (line: string) => void;
}

/** The log line carries only the error's message: the query string, headers, body or error object might hold request data. */
export async function handleNodeRequest(req: IncomingMessage, res: ServerResponse, options: NodeRequestOptions): Promise<void> {
  const requestId = randomUUID();
  try {
    const request = toRequest(req, options.fallbackHost);
    await options.handle(request, requestId);
  } catch (error) {
    if (error instanceof BadRequestError) {
      if (res.headersSent) res.destroy();
      else sendJsonError(res, error.status, errorMessages[error.status], error.headers);
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    (options.log ?? console.error)(`[${requestId}] ${req.method} ${loggablePath(req.url)} failed: ${message}`);
    // A half-sent response cannot become an error any more; cut it off rather than append to it.
    if (res.headersSent) res.destroy();
    else sendJsonError(res, 500, 'Noe gikk galt på serveren. Prøv igjen om litt.');
  }
}
