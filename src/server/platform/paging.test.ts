import { describe, expect, it } from 'vitest';
import { cursorCodec, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, pageQuery, pagingMessages, toPage } from './paging';

const ID = '0b6f2a3e-9c1d-4e5f-8a7b-1c2d3e4f5a6b';
const TIME = '2026-11-23T10:00:00.123456Z';
const notes = cursorCodec('n', ['seconds', 'time', 'uuid'] as const);
const messages = cursorCodec('m', ['time', 'uuid'] as const);

describe('cursors', () => {
  it('round-trip their sort key and stay opaque (base64url)', () => {
    const cursor = notes.encode([12, TIME, ID]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(notes.decode(cursor)).toEqual([12, TIME, ID]);
  });

  it("refuse another list's cursor, a wrong shape and values Postgres would reject", () => {
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(notes.decode(messages.encode([TIME, ID]))).toBeNull();
    for (const bad of [
      '',
      'a b',
      'x'.repeat(401),
      forged(['n', 12, TIME]),
      forged(['n', 12.5, TIME, ID]),
      forged(['n', -1, TIME, ID]),
      forged(['n', 86_401, TIME, ID]),
      forged(['n', '12', TIME, ID]),
      forged(['n', 12, '2026-02-30T00:00:00.000000Z', ID]),
      forged(['n', 12, '0000-01-01T00:00:00.000000Z', ID]),
      forged(['n', 12, '2026-11-23T10:00:00.123Z', ID]),
      forged(['n', 12, TIME, 'not-a-uuid']),
      forged({ kind: 'n' }),
      Buffer.from('{"ikke json').toString('base64url'),
    ]) {
      expect(notes.decode(bad), bad).toBeNull();
    }
  });
});

describe('pageQuery', () => {
  const schema = pageQuery(notes);

  it(`takes a limit of 1–${PAGE_LIMIT_MAX} and a cursor of its own list; both optional`, () => {
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ limit: '1', cursor: notes.encode([0, TIME, ID]) })).toEqual({ limit: 1, cursor: [0, TIME, ID] });
    expect(schema.parse({ limit: String(PAGE_LIMIT_MAX), other: 'x' })).toEqual({ limit: PAGE_LIMIT_MAX });
  });

  it('answers one Norwegian issue per bad parameter', () => {
    const result = schema.safeParse({ limit: '0', cursor: 'nei' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['limit', pagingMessages.limit],
      ['cursor', pagingMessages.cursor],
    ]);
  });
});

describe('toPage', () => {
  const rows = Array.from({ length: 7 }, (_, i) => i);

  it('shows the limit and makes the next cursor from the last row shown when more were fetched', () => {
    expect(
      toPage(
        rows.slice(0, 4),
        { limit: 3 },
        (r) => r * 10,
        (r) => `c${r}`,
      ),
    ).toEqual({ items: [0, 10, 20], nextCursor: 'c2' });
    expect(
      toPage(
        rows.slice(0, 3),
        { limit: 3 },
        (r) => r,
        (r) => `c${r}`,
      ),
    ).toEqual({ items: [0, 1, 2], nextCursor: null });
    expect(toPage(rows, {}, (r) => r, String).items).toHaveLength(Math.min(rows.length, PAGE_LIMIT_DEFAULT));
  });
});
