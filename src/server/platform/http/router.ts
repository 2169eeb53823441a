import '../../../schemas/text';
import { acquireAppDb } from '../db';
import { databaseUnavailableMessage, isDatabaseUnavailable } from '../db-errors';
import { checksResponseContracts, env } from '../env';
import { DomainError } from '../errors';
import { logRequestError } from '../log';
import { checkAccess, checkOrigin, clientIp, readSession } from './access';
import { parseBody, readBodyBytes, validation } from './body';
import { HttpError, httpErrorFromDomain, httpMessages, notFound } from './errors';
import { errorResponse, json, withApiHeaders } from './responses';
import { contractProblem, type ResponseContract } from './response-contract';
import type { Access, FunctionContext, Method, RouteDefinition, Routes, Schema } from './route';
import { runWebhook } from './webhook';

/** Webhook routes skip the origin and session rules: a provider proves itself with a signature over the raw body. */

// URLPattern is global from Node 24 on, the runtime netlify.toml and package.json pin.
if (typeof URLPattern === 'undefined') {
  throw new Error('The API needs Node.js 24 or newer (URLPattern). Check NODE_VERSION / AWS_LAMBDA_JS_RUNTIME on Netlify.');
}

function isStreamed(response: Response): boolean {
  return response.body !== null && /^text\/event-stream\b/i.test(response.headers.get('Content-Type') ?? '');
}

function releasingWhenDone(response: Response, done: () => Promise<void>): Response {
  const reader = response.body!.getReader();
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    void done();
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: ended, value } = await reader.read();
        if (ended) {
          controller.close();
          finish();
        } else {
          controller.enqueue(value);
        }
      } catch (error) {
        controller.error(error);
        finish();
      }
    },
    async cancel(reason) {
      await reader.cancel(reason).catch(() => {});
      finish();
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

async function runAfterResponse(work: () => Promise<unknown>, requestId: string, routeName: string, context: FunctionContext): Promise<void> {
  const done = work().then(
    () => {},
    (e: unknown) => logRequestError(requestId, `${routeName} (after the response)`, e),
  );
  if (context.waitUntil) context.waitUntil(done);
  else await done;
}

async function releaseDatabase(release: () => Promise<void>, requestId: string, routeName: string, context: FunctionContext): Promise<void> {
  const done = release().catch((e: unknown) => logRequestError(requestId, `${routeName} (releasing the database)`, e));
  if (context.waitUntil) context.waitUntil(done);
  else await done;
}

interface CompiledRoute {
  key: string;
  method: Method;
  pattern: URLPattern;
  definition: RouteDefinition<Access, Schema | undefined, Schema | undefined, Schema | undefined, ResponseContract | undefined>;
}

export function createHandler(routes: Routes) {
  const compiled: CompiledRoute[] = Object.entries(routes).map(([key, definition]) => {
    const [method, path] = key.split(' ') as [Method, string];
    return { key, method, pattern: new URLPattern({ pathname: path }), definition };
  });

  const handler = async (request: Request, context: FunctionContext = {}): Promise<Response> => {
    const requestId = context.requestId ?? crypto.randomUUID();
    const cookies: string[] = [];
    const deferred: (() => Promise<unknown>)[] = [];
    // What the log calls this request: the matched route, never the query string.
    let routeName = request.method;
    let release: (() => Promise<void>) | undefined;
    try {
      const url = new URL(request.url);
      routeName = `${request.method} ${url.pathname}`;
      const matches = compiled.filter((r) => r.pattern.test({ pathname: url.pathname }));
      if (matches.length === 0) throw notFound();
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const match = matches.find((r) => r.method === method);
      if (!match) {
        throw new HttpError(405, httpMessages.methodNotAllowed, {}, { Allow: [...new Set(matches.map((r) => r.method))].join(', ') });
      }
      const { definition } = match;
      routeName = match.key;

      const { webhook } = definition;
      if (webhook) {
        // A provider's server: the signature over the exact bytes decides, before the database is opened.
        const rawBody = await readBodyBytes(request, definition.maxBodyBytes ?? env.MAX_BODY_BYTES);
        if (!webhook.verifier.verify(request, rawBody)) throw new HttpError(401, httpMessages.badSignature);
        const acquired = await acquireAppDb();
        release = acquired.release;
        const answered = await runWebhook(acquired.db, webhook, definition.body!, request, rawBody, requestId);
        if (definition.afterResponse) await runAfterResponse(definition.afterResponse, requestId, routeName, context);
        return withApiHeaders(answered, []);
      }

      checkOrigin(request, url, definition);

      const acquired = definition.database === false ? null : await acquireAppDb();
      release = acquired?.release;
      const db = acquired?.db;

      const auth = await readSession(db, request, !definition.signedLink, cookies);
      checkAccess(definition.access, auth);

      // Validation comes after the access check, so anonymous callers learn nothing about the route.
      const rawParams = match.pattern.exec({ pathname: url.pathname })?.pathname.groups ?? {};
      const params = definition.params ? validation(definition.params, rawParams) : undefined;
      const query = definition.query ? validation(definition.query, Object.fromEntries(url.searchParams)) : undefined;
      const body = definition.body ? await parseBody(request, definition.body, definition.maxBodyBytes ?? env.MAX_BODY_BYTES) : undefined;

      const response = await definition.handler({
        request,
        url,
        params,
        query,
        body,
        db,
        user: auth?.user ?? null,
        session: auth?.session ?? null,
        ip: clientIp(request, context),
        requestId,
        cookies,
        defer: (work: () => Promise<unknown>) => deferred.push(work),
      } as never);
      if (checksResponseContracts && definition.response) {
        const problem = await contractProblem(definition.response, response);
        if (problem) throw new Error(`${routeName} answered outside its response contract: ${problem}`);
      }
      if (release && isStreamed(response)) {
        // A streamed body still writes after the handler returns, and on Neon `release` ends the Pool: release when the body ends.
        const releaseLater = release;
        release = undefined;
        return withApiHeaders(
          releasingWhenDone(response, () => releaseDatabase(releaseLater, requestId, routeName, context)),
          cookies,
        );
      }
      if (definition.afterResponse && response.status < 400) await runAfterResponse(definition.afterResponse, requestId, routeName, context);
      if (response.status < 400) for (const work of deferred) await runAfterResponse(work, requestId, routeName, context);
      return withApiHeaders(response, cookies);
    } catch (error) {
      if (error instanceof HttpError) return withApiHeaders(errorResponse(error), cookies);
      if (error instanceof DomainError) return withApiHeaders(errorResponse(httpErrorFromDomain(error)), cookies);
      logRequestError(requestId, routeName, error);
      if (isDatabaseUnavailable(error)) {
        return withApiHeaders(json({ error: databaseUnavailableMessage }, { status: 503, headers: { 'Retry-After': '5' } }), []);
      }
      return withApiHeaders(json({ error: httpMessages.internal, requestId }, { status: 500 }), []);
    } finally {
      if (release) await releaseDatabase(release, requestId, routeName, context);
    }
  };
  return Object.assign(handler, { routes: Object.keys(routes) as (keyof Routes)[], definitions: routes });
}
