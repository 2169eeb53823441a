import type { QueryFunction } from '@tanstack/react-query';
import type { z } from 'zod';

/**
 * The one fetch helper of the islands and the sign-in page (spec, learner side,
 * section 7): credentials always included, a JSON body only when there is one, and
 * any non-OK response turned into an `ApiError` whose message is
 * "{status}: {body text or status text}". Browser-safe and free of React (only
 * types come from react-query), so a plain page script can use it.
 */

/** A field problem as the API reports it in a 400 body (`src/server/platform/http/errors.ts`). */
export interface ApiIssue {
  path: string;
  message: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Seconds from a `Retry-After` header: delta-seconds or an HTTP date. */
function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** A non-OK answer from the API: the spec's message plus what a caller needs to react to it. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** The body as text, or the status text when the body is empty. */
    readonly text: string,
    /** The body parsed as JSON, or null when it is empty or not JSON. */
    readonly body: unknown,
    readonly headers: Headers = new Headers(),
  ) {
    super(`${status}: ${text}`);
  }

  /** Reads a response that is not OK (consumes its body). */
  static async fromResponse(response: Response): Promise<ApiError> {
    const raw = await response.text().catch(() => '');
    let body: unknown = null;
    try {
      body = raw ? (JSON.parse(raw) as unknown) : null;
    } catch {
      body = null;
    }
    return new ApiError(response.status, raw || response.statusText, body, response.headers);
  }

  /** The body's `error` text (the API's Norwegian message), if it has one. */
  get bodyError(): string | undefined {
    return isRecord(this.body) && typeof this.body.error === 'string' ? this.body.error : undefined;
  }

  /** The body's `errorType` (e.g. the chat's 'quota_exceeded' or 'rate_limit'). */
  get errorType(): string | undefined {
    return isRecord(this.body) && typeof this.body.errorType === 'string' ? this.body.errorType : undefined;
  }

  /** One field of an error body (`code`, `checkoutPath`, `provider`…), unknown until the caller narrows it. */
  bodyField(name: string): unknown {
    return isRecord(this.body) ? this.body[name] : undefined;
  }

  /** Field problems of a rejected request body; empty when there are none. */
  get issues(): ApiIssue[] {
    const issues = isRecord(this.body) ? this.body.issues : undefined;
    if (!Array.isArray(issues)) return [];
    return issues.filter((i): i is ApiIssue => isRecord(i) && typeof i.path === 'string' && typeof i.message === 'string');
  }

  /** Seconds to wait before trying again: the body's `retryAfter`, else the `Retry-After` header. */
  get retryAfter(): number | undefined {
    const fromBody = isRecord(this.body) ? this.body.retryAfter : undefined;
    if (typeof fromBody === 'number' && Number.isFinite(fromBody) && fromBody >= 0) return fromBody;
    return parseRetryAfter(this.headers.get('Retry-After'));
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  throw await ApiError.fromResponse(response);
}

/**
 * What a successful answer holds: `C` is the route's response schema (`typeof ordersResponse`, from
 * src/schemas), so the browser reads the same contract the server's handler is typed and tested
 * with. Types only: no schema is bundled or run here.
 */
export type Answer<C> = C extends z.ZodType ? z.output<C> : C;

/** The one place the browser trusts the API's JSON: the server's tests hold every answer to its contract. */
export async function readAnswer<C>(response: Response): Promise<Answer<C>> {
  const data: unknown = await response.json();
  return data as Answer<C>;
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: data === undefined ? {} : { 'Content-Type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

/** `apiRequest`, then the answer's JSON typed by the route's response schema `C`. */
export async function apiJson<C>(method: string, url: string, data?: unknown): Promise<Answer<C>> {
  return readAnswer<C>(await apiRequest(method, url, data));
}

/** A GET of `url` (abortable), its answer typed by the route's response schema `C`. */
export async function getJson<C>(url: string, signal?: AbortSignal): Promise<Answer<C>> {
  const response = await fetch(url, { credentials: 'include', signal });
  await throwIfNotOk(response);
  return readAnswer<C>(response);
}

/**
 * An error from `apiRequest` or a query that means the session is gone: an
 * `ApiError` with status 401, or any Error with the spec's message
 * ("401: …Unauthorized…").
 */
export function isUnauthorizedError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 401;
  return error instanceof Error && error.message.startsWith('401: ') && error.message.includes('Unauthorized');
}

/**
 * The default read: GET on the query key's parts joined with '/', parsed as JSON.
 * `on401: 'returnNull'` answers null instead of throwing (the current-user query).
 */
export function getQueryFn<C>(options?: { on401: 'throw' }): QueryFunction<Answer<C>>;
export function getQueryFn<C>(options: { on401: 'returnNull' }): QueryFunction<Answer<C> | null>;
export function getQueryFn<C>(options: { on401: 'throw' | 'returnNull' } = { on401: 'throw' }): QueryFunction<Answer<C> | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return readAnswer<C>(response);
  };
}

/** One page of a paged list: its items, and the cursor of the next page (null: the last). */
export interface ApiPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** The header a paged list sends the next page's cursor in. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/**
 * Reads one page of a list: `url` itself for the first page (the server's default page size),
 * `url?cursor=…` for the next ones; the next cursor comes from `X-Next-Cursor`.
 */
export async function getPage<C>(url: string, cursor: string | null, signal?: AbortSignal): Promise<ApiPage<PageItem<C>>> {
  const response = await fetch(cursor ? `${url}?cursor=${encodeURIComponent(cursor)}` : url, { credentials: 'include', signal });
  await throwIfNotOk(response);
  return { items: await readAnswer<PageItem<C>[]>(response), nextCursor: response.headers.get(NEXT_CURSOR_HEADER) || null };
}

/** One item of a paged list whose contract `C` is a list schema (or, while a list has no schema yet, the item type). */
type PageItem<C> = C extends z.ZodArray ? z.output<C>[number] : C;
