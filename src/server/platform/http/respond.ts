import type { z } from 'zod';
import { json, pageResponse } from './responses';
import type { JsonAnswer } from './response-contract';

/**
 * A JSON answer typed by the route's response schema: a field the schema does not know, or a
 * missing one, is a compile error in the handler. The schema is not run here (it is in tests,
 * by the pipeline), so production pays nothing for it.
 */
export function jsonOf<S extends z.ZodType>(_schema: S, data: z.input<S>, init?: ResponseInit): JsonAnswer<z.input<S>> {
  return json(data, init) as JsonAnswer<z.input<S>>;
}

/** One page of a paged list (`pageResponse`), its items typed by the route's list schema. */
export function pageOf<S extends z.ZodArray>(_schema: S, url: URL, page: { items: z.input<S>; nextCursor: string | null }): JsonAnswer<z.input<S>> {
  return pageResponse(url, page) as JsonAnswer<z.input<S>>;
}

/** JSON that is already text (a stored snapshot), typed by the route's schema, which tests check it against. */
export function jsonText<S extends z.ZodType>(_schema: S, text: string, init: ResponseInit = {}): JsonAnswer<z.input<S>> {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(text, { ...init, headers }) as JsonAnswer<z.input<S>>;
}
