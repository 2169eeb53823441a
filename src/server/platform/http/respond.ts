import type { z } from 'zod';
import { json, pageResponse } from './responses';
import type { JsonAnswer } from './response-contract';

/** Typed by the schema only; tests run the schema, so production pays nothing for it. */
export function jsonOf<S extends z.ZodType>(_schema: S, data: z.input<S>, init?: ResponseInit): JsonAnswer<z.input<S>> {
  return json(data, init) as JsonAnswer<z.input<S>>;
}

export function pageOf<S extends z.ZodArray>(_schema: S, url: URL, page: { items: z.input<S>; nextCursor: string | null }): JsonAnswer<z.input<S>> {
  return pageResponse(url, page) as JsonAnswer<z.input<S>>;
}

export function jsonText<S extends z.ZodType>(_schema: S, text: string, init: ResponseInit = {}): JsonAnswer<z.input<S>> {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(text, { ...init, headers }) as JsonAnswer<z.input<S>>;
}
