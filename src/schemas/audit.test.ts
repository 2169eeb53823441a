import { describe, expect, it } from 'vitest';
import { auditMessages, auditQuery, decodeAuditCursor, encodeAuditCursor } from './audit';

const id = '0b6f3c2e-1d4a-4f5b-8c9d-0e1f2a3b4c5d';
const encode = (text: string) => Buffer.from(text).toString('base64url');

describe('the audit cursor', () => {
  it('round-trips a time to the microsecond and an id', () => {
    const cursor = { at: '2026-11-23T10:15:00.123456Z', id };
    expect(decodeAuditCursor(encodeAuditCursor(cursor))).toEqual(cursor);
  });

  it('refuses anything this server did not make', () => {
    for (const raw of [
      '',
      'abc',
      'a'.repeat(201),
      'ab+/',
      encode(`2026-11-23T10:15:00.123456Z|${id}|x`),
      encode(`2026-11-23T10:15:00.123Z|${id}`),
      encode(`2026-02-31T10:15:00.000000Z|${id}`),
      encode(`2026-13-01T10:15:00.000000Z|${id}`),
      encode(`0000-01-01T00:00:00.000000Z|${id}`),
      encode(`2026-11-23T10:15:00.123456Z|${id.toUpperCase()}`),
      encode('2026-11-23T10:15:00.123456Z|ikke-en-id'),
    ]) {
      expect(decodeAuditCursor(raw), raw).toBeNull();
    }
  });

  it('is a 400 issue in Norwegian in the query, as is a limit outside 1–100', () => {
    expect(auditQuery.safeParse({ cursor: 'abc' }).error?.issues[0]?.message).toBe(auditMessages.cursor);
    for (const limit of ['0', '101', '-1', '1.5', 'ti', '']) {
      expect(auditQuery.safeParse({ limit }).error?.issues[0]?.message, limit).toBe(auditMessages.limit);
    }
    expect(auditQuery.parse({ limit: '100' })).toEqual({ limit: 100 });
  });
});
