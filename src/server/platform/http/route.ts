import type { z } from 'zod';
import type { Db } from '../../../../db/client';
import type { SessionUser, ValidSession } from '../../auth/session';
import type { WebhookEventKey } from '../webhooks/events.service';
import type { WebhookVerifier } from '../webhooks/signatures';
import type { AnswerFor, ResponseContract } from './response-contract';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Role = SessionUser['role'];

export type Access = 'public' | 'user' | readonly Role[];

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
  cookies: string[];
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
  response?: RS;
  maxBodyBytes?: number;
  /** `false`: no database and no session (public routes only), for the health check, which reports an unreachable database itself. */
  database?: false;
  /** Runs after a 2xx/3xx (via `context.waitUntil` on Netlify); `sendQueuedMail` here keeps SMTP out of other functions' bundles. */
  afterResponse?: () => Promise<unknown>;
  webhook?: WebhookHandling;
  /** RFC 8058 one-click unsubscribe: the signed token is the proof, the origin check is skipped and the session never read. Idempotent routes only. */
  signedLink?: (url: URL) => boolean;
  // Method syntax on purpose: it lets routes with specific params, query and body fit `Routes`.
  handler(ctx: RouteContext<Infer<PS>, Infer<QS>, Infer<BS>, A>): Promise<AnswerFor<RS>> | AnswerFor<RS>;
}

export function route<
  A extends Access,
  PS extends Schema | undefined = undefined,
  QS extends Schema | undefined = undefined,
  BS extends Schema | undefined = undefined,
  RS extends ResponseContract | undefined = undefined,
>(definition: RouteDefinition<A, PS, QS, BS, RS> & { response: RS & ResponseContract }): RouteDefinition<A, PS, QS, BS, RS> {
  return definition;
}

export type Routes = Record<
  `${Method} /api/${string}`,
  RouteDefinition<Access, Schema | undefined, Schema | undefined, Schema | undefined, ResponseContract | undefined>
>;

export interface WebhookContext<B> {
  request: Request;
  /** Exactly as received: what the signature covers. */
  rawBody: Uint8Array;
  body: B;
  event: WebhookEventKey;
  /** The handler's writes commit with the event's record or not at all. */
  tx: Db;
  requestId: string;
}

export interface WebhookHandling {
  verifier: WebhookVerifier;
  eventId(body: unknown): string;
  handle(ctx: WebhookContext<unknown>): Promise<void>;
}
