import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/**
 * Runs Netlify Functions v2 behind a Node HTTP server, routed the way Netlify
 * routes them (`config.path` with `:params`, `config.method`). Shared by the dev
 * server plugin (src/dev/functions-plugin.ts) and `npm run serve`.
 */

export type NetlifyHandler = (request: Request, context: object) => Promise<Response> | Response;

export interface FunctionModule {
  default: NetlifyHandler;
  config?: { path?: string | string[]; method?: string | string[] };
}

export interface FunctionRoute {
  name: string;
  patterns: URLPattern[];
  methods: string[] | null;
  handler: NetlifyHandler;
}

export function functionRoute(name: string, mod: FunctionModule): FunctionRoute {
  const paths = [mod.config?.path ?? []].flat();
  const methods = mod.config?.method ? [mod.config.method].flat() : null;
  return { name, patterns: paths.map((pathname) => new URLPattern({ pathname })), methods, handler: mod.default };
}

/** The first function that serves this method and path, with its URL params. */
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

export function toRequest(req: IncomingMessage, fallbackHost: string): Request {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? fallbackHost}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    // @ts-expect-error Node's fetch needs this for streamed request bodies
    duplex: hasBody ? 'half' : undefined,
  });
}

/** Writes a web Response; headers as flat pairs so that several Set-Cookie survive. */
export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: string[] = [];
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers.push(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) headers.push('Set-Cookie', cookie);
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    Readable.fromWeb(response.body as never)
      .on('error', reject)
      .pipe(res)
      .on('finish', resolve)
      .on('error', reject);
  });
}

/** Calls a matched function with the context Netlify would give it. */
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
