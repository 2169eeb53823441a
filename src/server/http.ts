import { parseCookie } from 'cookie';
import { z } from 'zod';
import { atomically, type Db } from '../../db/client';
import '../schemas/text';
import { acquireAppDb } from './db';
import { databaseUnavailableMessage, isDatabaseUnavailable } from './db-errors';
import { checksResponseContracts, env } from './env';
import { jsonNestsDeeperThan } from './json-depth';
import { BadRequestError, ConflictError, DomainError, type DomainErrorCode, PaymentRequiredError, ThrottledError } from './errors';
import { logRequestError } from './log';
import { type AnswerFor, contractProblem, type ResponseContract } from './response-contract';
import { apiSecurityHeaders } from './security-headers';
import { claimWebhookEvent, markWebhookEventProcessed, type WebhookEventKey } from './webhooks.service';
import type { WebhookVerifier } from './webhooks';
import { clearedSessionCookies, SESSION_COOKIE, type SessionUser, sessionCookies, type ValidSession, validateSessionToken } from './session';

/**
 * The request pipeline every /api function uses. A function file declares its
 * routes; `createHandler` matches method and path (URLPattern), checks that a
 * mutating request comes from our own origin, enforces the body-size limit,
 * validates params, query and JSON body with zod, looks up the session, applies
 * the route's access rule, and turns every failure into a JSON error. Handlers
 * only do their own work: parse → authorise → call a service → respond.
 *
 * A webhook route (`webhookRoute`) is the one exception to the origin and session rules: a
 * provider's server calls it, so it proves itself with a signature over the raw body instead
 * (decision 27).
 */

// URLPattern is global from Node 24 on, the runtime netlify.toml and package.json pin.
if (typeof URLPattern === 'undefined') {
  throw new Error('The API needs Node.js 24 or newer (URLPattern). Check NODE_VERSION / AWS_LAMBDA_JS_RUNTIME on Netlify.');
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Role = SessionUser['role'];

/** Who may call a route: anyone, any signed-in user, or signed-in users with one of these roles. */
export type Access = 'public' | 'user' | readonly Role[];

/** The parts of Netlify's context the pipeline uses (tests pass just `params`, or nothing). */
export interface FunctionContext {
  params?: Record<string, string>;
  ip?: string;
  requestId?: string;
  waitUntil?: (promise: Promise<unknown>) => void;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * The pipeline's own error texts. Every body a person may read is Norwegian; the 401
 * keeps the word 'Unauthorized' in `error`, which the islands' `isUnauthorizedError`
 * reads (spec, learner side, section 7), with a Norwegian sentence beside it.
 */
export const httpMessages = {
  unauthorized: 'Du må logge inn for å fortsette.',
  forbidden: 'Du har ikke tilgang til dette.',
  crossSite: 'Forespørselen ble avvist fordi den ikke kom fra dette nettstedet.',
  notFound: 'Fant ikke det du ba om.',
  methodNotAllowed: 'Denne metoden er ikke tillatt her.',
  tooLarge: 'Forespørselen er for stor',
  invalid: 'Ugyldig forespørsel',
  invalidJson: 'Ugyldig JSON',
  tooDeep: 'Forespørselen er for dypt nestet.',
  notJson: 'Forespørselen må være JSON (Content-Type: application/json)',
  internal: 'Noe gikk galt hos oss. Prøv igjen om litt.',
  badSignature: 'Ugyldig eller utløpt signatur.',
  badLink: 'Lenken er ugyldig eller ufullstendig.',
} as const;

export const unauthorized = () => new HttpError(401, 'Unauthorized', { message: httpMessages.unauthorized });
export const forbidden = (message: string = httpMessages.forbidden) => new HttpError(403, message);
export const notFound = (message: string = httpMessages.notFound) => new HttpError(404, message);

/** The status of each service error (src/server/errors.ts); a new kind must be added here. */
const domainErrorStatus: Record<DomainErrorCode, number> = {
  bad_request: 400,
  not_found: 404,
  conflict: 409,
  forbidden: 403,
  payment_required: 402,
  account_inactive: 403,
  invalid_credentials: 401,
  sign_in_required: 401,
  throttled: 429,
  unavailable: 503,
};

/** A service's error as the response the API gives: its status, its Norwegian text, and `Retry-After` when throttled. */
export function httpErrorFromDomain(error: DomainError): HttpError {
  const status = domainErrorStatus[error.code];
  if (error instanceof ThrottledError) {
    const seconds = Math.max(1, Math.ceil(error.retryAfterSeconds));
    return new HttpError(status, error.message, { retryAfter: seconds }, { 'Retry-After': String(seconds) });
  }
  if (error instanceof ConflictError && error.errorType)
    return new HttpError(status, error.message, { errorType: error.errorType, ...error.details });
  if (error instanceof PaymentRequiredError) return new HttpError(status, error.message, { errorType: 'payment_required', ...error.details });
  if (error instanceof BadRequestError && error.field) return invalidRequest([{ path: error.field, message: error.message }]);
  return new HttpError(status, error.message);
}

type Schema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
type UserFor<A extends Access> = A extends 'public' ? SessionUser | null : SessionUser;

export interface RouteContext<P, Q, B, A extends Access> {
  request: Request;
  url: URL;
  params: P;
  query: Q;
  body: B;
  db: Db;
  user: UserFor<A>;
  session: A extends 'public' ? ValidSession | null : ValidSession;
  ip: string;
  requestId: string;
  /** Set-Cookie values to send with the response. */
  cookies: string[];
  /**
   * Work to run once this request has been answered with a 2xx or 3xx, like the route's
   * `afterResponse` but decided by the handler (the return page sends mail only when it paid).
   */
  defer(work: () => Promise<unknown>): void;
}

export interface RouteDefinition<
  A extends Access = Access,
  PS extends Schema | undefined = undefined,
  QS extends Schema | undefined = undefined,
  BS extends Schema | undefined = undefined,
  RS extends ResponseContract | undefined = undefined,
> {
  access: A;
  params?: PS;
  query?: QS;
  body?: BS;
  /**
   * What a successful answer is (./response-contract.ts): a zod schema of its JSON body, which
   * types the handler's `jsonOf`/`pageOf` and is checked against every answer under vitest, or
   * a marker for an answer that is not JSON data (`noContent`, `redirectOnly`, `file(…)`, …).
   */
  response?: RS;
  /** Overrides MAX_BODY_BYTES for this route. */
  maxBodyBytes?: number;
  /**
   * `false`: the pipeline opens no database and reads no session (public routes
   * only); the handler gets `db` undefined. For the health check, which must
   * report an unreachable database itself.
   */
  database?: false;
  /**
   * Work to run once the handler has answered with a 2xx or 3xx (its transaction committed):
   * on Netlify through `context.waitUntil`, so the response is not delayed; elsewhere awaited.
   * A route that queues mail sets `sendQueuedMail` (src/server/mail/sender.ts, decision 28), so
   * only the functions that send mail ship the SMTP client and the templates.
   */
  afterResponse?: () => Promise<unknown>;
  /** Set by `webhookRoute()`: the pipeline verifies, records and runs the event itself. */
  webhook?: WebhookHandling;
  /**
   * A link from a mail that a mail provider's server may call, not only our pages: the RFC 8058
   * one-click unsubscribe (decision 33). The proof is a signed token in the URL, checked before
   * anything else (401 without it); the same-origin check is skipped and the session never read.
   * Only for public routes that do nothing but what the link's owner asked for, idempotently.
   */
  signedLink?: (url: URL) => boolean;
  // Method syntax on purpose: it lets routes with specific params, query and body fit `Routes`.
  handler(ctx: RouteContext<Infer<PS>, Infer<QS>, Infer<BS>, A>): Promise<AnswerFor<RS>> | AnswerFor<RS>;
}

/** Declares a route with full type inference for params, query, body and user. */
export function route<
  A extends Access,
  PS extends Schema | undefined = undefined,
  QS extends Schema | undefined = undefined,
  BS extends Schema | undefined = undefined,
  RS extends ResponseContract | undefined = undefined,
>(definition: RouteDefinition<A, PS, QS, BS, RS>): RouteDefinition<A, PS, QS, BS, RS> {
  return definition;
}

/** What a webhook's handler gets: the verified event, and the transaction that records it. */
export interface WebhookContext<B> {
  request: Request;
  /** The body exactly as received (what the signature covers). */
  rawBody: Uint8Array;
  /** The parsed, validated body. */
  body: B;
  /** The provider and the event's id, as recorded in `webhook_events`. */
  event: WebhookEventKey;
  /** The transaction the event is recorded in: the handler's writes commit with it or not at all. */
  tx: Db;
  requestId: string;
}

/** Every delivery's answer: handled now, or handled before. */
export const webhookAnswer = z.object({ ok: z.literal(true), duplicate: z.literal(true).optional() });

interface WebhookHandling {
  verifier: WebhookVerifier;
  eventId(body: unknown): string;
  handle(ctx: WebhookContext<unknown>): Promise<void>;
}

export interface WebhookDefinition<BS extends Schema> {
  /** Checks the provider's signature over the raw body; a delivery it refuses gets 401. */
  verifier: WebhookVerifier;
  /** The event's JSON body. */
  body: BS;
  /** The provider's id of the event: deliveries with the same id are one event. */
  eventId(body: z.infer<BS>): string;
  /** Overrides MAX_BODY_BYTES. */
  maxBodyBytes?: number;
  /** As a route's: work after a 2xx answer (a paid order's receipt mail, `sendQueuedMail`). */
  afterResponse?: () => Promise<unknown>;
  /**
   * Handles an event the first time it arrives, inside the transaction that records it. It
   * answers nothing (the pipeline answers 200); to refuse, it throws, which rolls its work and
   * the record back, so the provider's next delivery tries again.
   */
  handler(ctx: WebhookContext<z.infer<BS>>): Promise<void>;
}

/**
 * Declares a webhook: a route a provider calls (decision 27). The pipeline then skips the
 * same-origin check and never reads the session cookie; it reads the raw body (413 over the
 * limit), lets the verifier check the signature before anything else (401 `{error}` when it
 * fails), validates the JSON, and in one transaction records the event (`webhook_events`,
 * unique per provider and event id) and runs the handler, only for the event's first
 * successful delivery. Every delivery of a handled event, however many and however
 * concurrent, gets 200 `{ok: true}` (`duplicate: true` after the first).
 */
export function webhookRoute<BS extends Schema>(
  definition: WebhookDefinition<BS>,
): RouteDefinition<'public', undefined, undefined, BS, typeof webhookAnswer> {
  return {
    access: 'public',
    body: definition.body,
    response: webhookAnswer,
    ...(definition.maxBodyBytes === undefined ? {} : { maxBodyBytes: definition.maxBodyBytes }),
    ...(definition.afterResponse === undefined ? {} : { afterResponse: definition.afterResponse }),
    webhook: {
      verifier: definition.verifier,
      eventId: (body) => definition.eventId(body as z.infer<BS>),
      handle: (ctx) => definition.handler(ctx as WebhookContext<z.infer<BS>>),
    },
    handler() {
      throw new Error('A webhook route is run by the pipeline (webhookRoute)');
    },
  };
}

/** `'GET /api/things/:id'` → route. Paths use Netlify's `:name` syntax, as in `config.path`. */
export type Routes = Record<
  `${Method} /api/${string}`,
  RouteDefinition<Access, Schema | undefined, Schema | undefined, Schema | undefined, ResponseContract | undefined>
>;

// --- responses ----------------------------------------------------------------

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(data), { ...init, headers });
}

/**
 * One page of a list (src/server/paging.ts): the items as a JSON list, and while more follow,
 * the next page's cursor in `X-Next-Cursor` and as a `Link` to the next page (with the same `limit`).
 */
export function pageResponse(url: URL, page: { items: unknown[]; nextCursor: string | null }): Response {
  const headers = new Headers();
  if (page.nextCursor) {
    const next = new URLSearchParams();
    const limit = url.searchParams.get('limit');
    if (limit !== null) next.set('limit', limit);
    next.set('cursor', page.nextCursor);
    headers.set('X-Next-Cursor', page.nextCursor);
    headers.set('Link', `<${url.pathname}?${next.toString()}>; rel="next"`);
  }
  return json(page.items, { headers });
}

export function redirect(location: string, status: 302 | 303 = 302): Response {
  return new Response(null, { status, headers: { Location: location } });
}

function errorResponse(error: HttpError): Response {
  return json({ error: error.message, ...error.extra }, { status: error.status, headers: error.headers });
}

function withApiHeaders(response: Response, cookies: string[]): Response {
  // Copy into a fresh Response: bodies from fetch()/Response.json() may have immutable headers.
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(apiSecurityHeaders)) {
    // A response may bring a stricter or page-specific policy of its own (the sign-out page).
    if (name === 'Content-Security-Policy' && headers.has(name)) continue;
    headers.set(name, value);
  }
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

// --- request checks -----------------------------------------------------------

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for JSON APIs: a state-changing request must come from our own
 * origin. Browsers send `Sec-Fetch-Site`; older ones fall back to `Origin`.
 * A request that proves neither is refused.
 */
export function isSameOrigin(request: Request): boolean {
  const site = request.headers.get('Sec-Fetch-Site');
  if (site) return site === 'same-origin';
  const origin = request.headers.get('Origin');
  if (!origin) return false;
  return origin === new URL(request.url).origin || origin === new URL(env.SITE_URL).origin;
}

/** The body's bytes, exactly as sent; 413 past `limit` (declared or streamed). */
async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > limit) throw new HttpError(413, httpMessages.tooLarge);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new HttpError(413, httpMessages.tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export interface Issue {
  path: string;
  message: string;
}

/**
 * A 400 `{error, issues}`. `error` is the first issue's own sentence ('Tidspunkt må være 0
 * sekunder eller mer'), since it is what a toast shows (the chat panel's 'Feil' toast shows
 * `error`); `issues` lists every field's message for the forms.
 */
export function invalidRequest(issues: Issue[]): HttpError {
  const [first] = issues;
  if (!first) return new HttpError(400, httpMessages.invalid, { issues });
  const more = issues.length - 1;
  return new HttpError(400, more === 0 ? first.message : `${first.message} (og ${more} feil til)`, { issues });
}

function validation<S extends Schema>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalidRequest(result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
}

function requireJson(request: Request): void {
  const contentType = request.headers.get('Content-Type') ?? '';
  if (!/^application\/json\b/i.test(contentType)) {
    throw new HttpError(415, httpMessages.notJson);
  }
}

/**
 * The body as JSON, validated. The nesting is measured on the text first, so neither the parse
 * nor anything after it that walks the value recursively can run out of stack (a 500).
 */
function parseJson(bytes: Uint8Array, schema: Schema): unknown {
  const text = new TextDecoder().decode(bytes);
  if (jsonNestsDeeperThan(text)) throw new HttpError(400, httpMessages.tooDeep);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new HttpError(400, httpMessages.invalidJson);
  }
  return validation(schema, data);
}

async function parseBody(request: Request, schema: Schema, limit: number): Promise<unknown> {
  requireJson(request);
  return parseJson(await readBodyBytes(request, limit), schema);
}

/**
 * A webhook delivery after its signature passed: the JSON body, then one transaction that
 * claims the event (src/server/webhooks.service.ts) and, for its first delivery, runs the
 * handler and marks it processed.
 */
async function runWebhook(
  db: Db,
  webhook: WebhookHandling,
  schema: Schema,
  request: Request,
  rawBody: Uint8Array,
  requestId: string,
): Promise<Response> {
  requireJson(request);
  const body = parseJson(rawBody, schema);
  const event = { provider: webhook.verifier.provider, eventId: webhook.eventId(body) };
  const handled = await atomically(db, async (tx) => {
    if (!(await claimWebhookEvent(tx, event))) return false;
    await webhook.handle({ request, rawBody, body, event, tx, requestId });
    await markWebhookEventProcessed(tx, event);
    return true;
  });
  return json(handled ? { ok: true } : { ok: true, duplicate: true });
}

/**
 * True for a navigation the user started on our own pages or in the address bar
 * (`Sec-Fetch-Site: same-origin` or `none`, and no foreign `Origin`). Requests
 * without fetch metadata prove nothing and are not such a navigation.
 */
export function isUserNavigation(request: Request): boolean {
  const site = request.headers.get('Sec-Fetch-Site');
  if (site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.get('Origin');
  return !origin || origin === new URL(request.url).origin || origin === new URL(env.SITE_URL).origin;
}

/** A minimal page that asks before signing out: its button POSTs to /api/logout. */
export function signOutPage(): Response {
  const html = `<!doctype html>
<html lang="nb">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Logg ut – KI Akademiet</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#111}button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#4338ca;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #111;outline-offset:2px}a{color:#3730a3}</style>
</head>
<body>
<main>
<h1>Vil du logge ut?</h1>
<p>Bekreft at du vil logge ut av KI Akademiet på denne enheten.</p>
<form method="post" action="/api/logout"><button type="submit">Logg ut</button></form>
<p><a href="/">Nei, gå tilbake til forsiden</a></p>
</main>
</body>
</html>`;
  return new Response(html, {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    },
  });
}

function clientIp(request: Request, context: FunctionContext): string {
  return context.ip ?? request.headers.get('x-nf-client-connection-ip') ?? request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? 'unknown';
}

// --- streamed responses -------------------------------------------------------

/** A response whose body is produced while it is sent (server-sent events). */
function isStreamed(response: Response): boolean {
  return response.body !== null && /^text\/event-stream\b/i.test(response.headers.get('Content-Type') ?? '');
}

/** The same response, with `done` called once its body has ended, failed or been cancelled. */
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
      // The client went away: stop the producer, then give the database back.
      await reader.cancel(reason).catch(() => {});
      finish();
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** Runs a route's `afterResponse` work; a failure is one log line (the scheduled sender catches up). */
async function runAfterResponse(work: () => Promise<unknown>, requestId: string, routeName: string, context: FunctionContext): Promise<void> {
  const done = work().then(
    () => {},
    (e: unknown) => logRequestError(requestId, `${routeName} (after the response)`, e),
  );
  if (context.waitUntil) context.waitUntil(done);
  else await done;
}

/** Gives the request's database back; a failure is one log line, never the response's problem. */
async function releaseDatabase(release: () => Promise<void>, requestId: string, routeName: string, context: FunctionContext): Promise<void> {
  const done = release().catch((e: unknown) => logRequestError(requestId, `${routeName} (releasing the database)`, e));
  if (context.waitUntil) context.waitUntil(done);
  else await done;
}

// --- the handler --------------------------------------------------------------

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
        // A provider's server, not a browser: no origin to check and no session to read. The
        // signature over the exact bytes decides, before the database is even opened.
        const rawBody = await readBodyBytes(request, definition.maxBodyBytes ?? env.MAX_BODY_BYTES);
        if (!webhook.verifier.verify(request, rawBody)) throw new HttpError(401, httpMessages.badSignature);
        const acquired = await acquireAppDb();
        release = acquired.release;
        const answered = await runWebhook(acquired.db, webhook, definition.body!, request, rawBody, requestId);
        if (definition.afterResponse) await runAfterResponse(definition.afterResponse, requestId, routeName, context);
        return withApiHeaders(answered, []);
      }

      const { signedLink } = definition;
      if (signedLink) {
        // A mail provider's server, or our own page: the signed token in the URL decides, not the origin.
        if (!signedLink(url)) throw new HttpError(401, httpMessages.badLink);
      } else if (!SAFE_METHODS.has(request.method) && !isSameOrigin(request)) throw forbidden(httpMessages.crossSite);

      const acquired = definition.database === false ? null : await acquireAppDb();
      release = acquired?.release;
      const db = acquired?.db;

      const token = db && !signedLink ? (parseCookie(request.headers.get('Cookie') ?? '')[SESSION_COOKIE] ?? null) : null;
      const auth = db && token ? await validateSessionToken(db, token) : null;
      if (token && !auth) cookies.push(...clearedSessionCookies(request.url));
      if (auth?.session.renewed && token) cookies.push(...sessionCookies(request.url, token, auth.session.expiresAt));

      const { access } = definition;
      if (access !== 'public') {
        if (!auth) throw unauthorized();
        if (access !== 'user' && !access.includes(auth.user.role)) throw forbidden();
      }

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
        // A streamed body (server-sent events) still writes to the database after the handler
        // returns, and on Neon `release` ends the request's Pool: release when the body ends.
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
  // The declared routes, so tests can check them against the function's literal `config`
  // and fuzz every route with its own schemas.
  return Object.assign(handler, { routes: Object.keys(routes) as (keyof Routes)[], definitions: routes });
}
