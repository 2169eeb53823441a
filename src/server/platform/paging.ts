import { type Column, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PAGE_LIMIT_MAX, pagingMessages } from '../../schemas/issues';

/** A cursor needs no signature: every query stays scoped to the caller. Timestamps keep microseconds, so no row is skipped or repeated. */

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
  position: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 1_000_000,
};

export interface CursorCodec<P extends readonly Part[]> {
  encode(values: CursorValues<P>): string;
  decode(text: string): CursorValues<P> | null;
}

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

export interface PageRequest<V> {
  limit?: number | undefined;
  cursor?: V | undefined;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export const fetchSize = (page: PageRequest<unknown>) => (page.limit ?? PAGE_LIMIT_DEFAULT) + 1;

export function toPage<R, T>(rows: R[], page: PageRequest<unknown>, item: (row: R) => T, cursorOf: (row: R) => string): Page<T> {
  const limit = page.limit ?? PAGE_LIMIT_DEFAULT;
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { items: shown.map(item), nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}

export const microsIso = (column: Column | SQL): SQL<string> => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
