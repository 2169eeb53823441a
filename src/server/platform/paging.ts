import { type Column, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PAGE_LIMIT_MAX, pagingMessages } from '../../schemas/issues';

/**
 * Keyset paging of the lists that grow with what a user stores: a video lesson's
 * notes, the conversations, a conversation's messages. A page is a JSON list of at most `limit`
 * items (the spec's response shape stays a list); the next page's cursor comes in the
 * `X-Next-Cursor` header (and `Link: <…>; rel="next"`), absent on the last page.
 *
 * A cursor is opaque to clients: base64url of `[kind, ...sort key of the page's last item]`.
 * It only says where in the caller's own list to continue (every query stays scoped to the
 * caller), so it needs no signature; a malformed one, or another list's, is a Norwegian 400.
 * Timestamps travel with microseconds, as Postgres stores them, so rows created in the same
 * millisecond are neither skipped nor repeated.
 */

export const PAGE_LIMIT_DEFAULT = 50;
export { PAGE_LIMIT_MAX, pagingMessages };

type Part = 'seconds' | 'time' | 'uuid' | 'position';
type PartValue<P extends Part> = P extends 'seconds' | 'position' ? number : string;
export type CursorValues<P extends readonly Part[]> = { -readonly [K in keyof P]: PartValue<P[K]> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIME = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const BASE64URL = /^[A-Za-z0-9_-]{1,400}$/;

function validTime(value: string): boolean {
  if (!TIME.test(value)) return false;
  const date = new Date(`${value.slice(0, 23)}Z`);
  // A calendar date that exists (no 30 February): Postgres would refuse it with an error.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === value.slice(0, 19);
}

const validPart: Record<Part, (value: unknown) => boolean> = {
  seconds: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 86_400,
  time: (v) => typeof v === 'string' && validTime(v),
  uuid: (v) => typeof v === 'string' && UUID.test(v),
  /** A row's place in a stored list, from 1. */
  position: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 1_000_000,
};

export interface CursorCodec<P extends readonly Part[]> {
  encode(values: CursorValues<P>): string;
  /** The sort key, or null for anything this list did not issue. */
  decode(text: string): CursorValues<P> | null;
}

/** A cursor for one list: `kind` tells the lists apart, `parts` is its sort key. */
export function cursorCodec<const P extends readonly Part[]>(kind: string, parts: P): CursorCodec<P> {
  return {
    encode: (values) => Buffer.from(JSON.stringify([kind, ...values])).toString('base64url'),
    decode(text) {
      if (!BASE64URL.test(text)) return null;
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (!Array.isArray(decoded) || decoded.length !== parts.length + 1 || decoded[0] !== kind) return null;
      const values = decoded.slice(1);
      return parts.every((part, i) => validPart[part](values[i])) ? (values as CursorValues<P>) : null;
    },
  };
}

/** `?limit=&cursor=` of a paged list; unknown parameters are ignored, as on every route. */
export function pageQuery<P extends readonly Part[]>(codec: CursorCodec<P>) {
  return z.object({
    limit: z
      .string({ error: pagingMessages.limit })
      .transform((text, ctx) => {
        const n = /^[1-9]\d{0,2}$/.test(text) ? Number(text) : Number.NaN;
        if (n >= 1 && n <= PAGE_LIMIT_MAX) return n;
        ctx.addIssue({ code: 'custom', message: pagingMessages.limit });
        return z.NEVER;
      })
      .optional(),
    cursor: z
      .string({ error: pagingMessages.cursor })
      .transform((text, ctx) => {
        const values = codec.decode(text);
        if (values) return values;
        ctx.addIssue({ code: 'custom', message: pagingMessages.cursor });
        return z.NEVER;
      })
      .optional(),
  });
}

/** What a service is asked for: a page size (default 50) and where the previous page ended. */
export interface PageRequest<V> {
  limit?: number | undefined;
  cursor?: V | undefined;
}

/** A page of a list and the cursor of the next one (null: this was the last page). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** The rows to fetch for a page: one more than it shows, to know whether another follows. */
export const fetchSize = (page: PageRequest<unknown>) => (page.limit ?? PAGE_LIMIT_DEFAULT) + 1;

/** Cuts the fetched rows to the page and makes the next cursor from its last row. */
export function toPage<R, T>(rows: R[], page: PageRequest<unknown>, item: (row: R) => T, cursorOf: (row: R) => string): Page<T> {
  const limit = page.limit ?? PAGE_LIMIT_DEFAULT;
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { items: shown.map(item), nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}

/** A timestamp column as UTC ISO 8601 with microseconds: exact, and read back by `::timestamptz`. */
export const microsIso = (column: Column | SQL): SQL<string> => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
