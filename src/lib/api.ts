import type { QueryFunction } from '@tanstack/react-query';
import type { z } from 'zod';

export interface ApiIssue {
  path: string;
  message: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly text: string,
    readonly body: unknown,
    readonly headers: Headers = new Headers(),
  ) {
    super(`${status}: ${text}`);
  }

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

  get bodyError(): string | undefined {
    return isRecord(this.body) && typeof this.body.error === 'string' ? this.body.error : undefined;
  }

  get errorType(): string | undefined {
    return isRecord(this.body) && typeof this.body.errorType === 'string' ? this.body.errorType : undefined;
  }

  bodyField(name: string): unknown {
    return isRecord(this.body) ? this.body[name] : undefined;
  }

  get issues(): ApiIssue[] {
    const issues = isRecord(this.body) ? this.body.issues : undefined;
    if (!Array.isArray(issues)) return [];
    return issues.filter((i): i is ApiIssue => isRecord(i) && typeof i.path === 'string' && typeof i.message === 'string');
  }

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

/** Types only: no schema is bundled or run here. */
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

export async function apiJson<C>(method: string, url: string, data?: unknown): Promise<Answer<C>> {
  return readAnswer<C>(await apiRequest(method, url, data));
}

export async function getJson<C>(url: string, signal?: AbortSignal): Promise<Answer<C>> {
  const response = await fetch(url, { credentials: 'include', signal });
  await throwIfNotOk(response);
  return readAnswer<C>(response);
}

export function isUnauthorizedError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 401;
  return error instanceof Error && error.message.startsWith('401: ') && error.message.includes('Unauthorized');
}

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

export interface ApiPage<T> {
  items: T[];
  nextCursor: string | null;
}

export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

export async function getPage<C>(url: string, cursor: string | null, signal?: AbortSignal): Promise<ApiPage<PageItem<C>>> {
  const response = await fetch(cursor ? `${url}?cursor=${encodeURIComponent(cursor)}` : url, { credentials: 'include', signal });
  await throwIfNotOk(response);
  return { items: await readAnswer<PageItem<C>[]>(response), nextCursor: response.headers.get(NEXT_CURSOR_HEADER) || null };
}

type PageItem<C> = C extends z.ZodArray ? z.output<C>[number] : C;
