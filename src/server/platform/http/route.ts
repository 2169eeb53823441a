import type { z } from 'zod';
import type { Db } from '../../../../db/client';
import type { SessionUser, ValidSession } from '../../auth/session';
import type { WebhookEventKey } from '../webhooks/events.service';
import type { WebhookVerifier } from '../webhooks/signatures';
import type { AnswerFor, ResponseContract } from './response-contract';

/**
 * What a function file declares: its routes, each with its access rule, its schemas and its
 * handler. `createHandler` (router.ts) runs them; `route()` gives each its types.
 */

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

export type Schema = z.ZodType;
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
   * What a successful answer is (response-contract.ts): a zod schema of its JSON body, which
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
   * A route that queues mail sets `sendQueuedMail` (src/server/mail/sender.ts), so
   * only the functions that send mail ship the SMTP client and the templates.
   */
  afterResponse?: () => Promise<unknown>;
  /** Set by `webhookRoute()` (webhook.ts): the pipeline verifies, records and runs the event itself. */
  webhook?: WebhookHandling;
  /**
   * A link from a mail that a mail provider's server may call, not only our pages: the RFC 8058
   * one-click unsubscribe. The proof is a signed token in the URL, checked before
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

/** `'GET /api/things/:id'` → route. Paths use Netlify's `:name` syntax, as in `config.path`. */
export type Routes = Record<
  `${Method} /api/${string}`,
  RouteDefinition<Access, Schema | undefined, Schema | undefined, Schema | undefined, ResponseContract | undefined>
>;

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

/** A webhook route's own part, which the pipeline runs instead of `handler`. */
export interface WebhookHandling {
  verifier: WebhookVerifier;
  eventId(body: unknown): string;
  handle(ctx: WebhookContext<unknown>): Promise<void>;
}
