import { describe, expect, it } from 'vitest';
import { pagingMessages } from '../../schemas/issues';
import { auditCursor } from './audit-timeline.service';
import { pageQuery } from '../platform/paging';

const id = '0b6f3c2e-1d4a-4f5b-8c9d-0e1f2a3b4c5d';
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const query = pageQuery(auditCursor);

describe('the change timeline’s cursor (the paged lists’ codec)', () => {
  it('round-trips a time to the microsecond and an id', () => {
    const key = ['2026-11-23T10:15:00.123456Z', id] as const;
    expect(auditCursor.decode(auditCursor.encode([...key]))).toEqual([...key]);
  });

  it('refuses anything this list did not make', () => {
    for (const raw of [
      '',
      'abc',
      'ab+/',
      encode(['audit', '2026-11-23T10:15:00.123456Z', id, 'x']),
      encode(['notes', '2026-11-23T10:15:00.123456Z', id]),
      encode(['audit', '2026-11-23T10:15:00.123Z', id]),
      encode(['audit', '2026-02-31T10:15:00.000000Z', id]),
      encode(['audit', '2026-13-01T10:15:00.000000Z', id]),
      encode(['audit', '0000-01-01T00:00:00.000000Z', id]),
      encode(['audit', '2026-11-23T10:15:00.123456Z', 'ikke-en-id']),
    ]) {
      expect(auditCursor.decode(raw), raw).toBeNull();
    }
  });

  it('is a 400 issue in Norwegian in the query, as is a limit outside 1–100', () => {
    expect(query.safeParse({ cursor: 'abc' }).error?.issues[0]?.message).toBe(pagingMessages.cursor);
    for (const limit of ['0', '101', '-1', '1.5', 'ti', '']) {
      expect(query.safeParse({ limit }).error?.issues[0]?.message, limit).toBe(pagingMessages.limit);
    }
    expect(query.parse({ limit: '100' })).toEqual({ limit: 100 });
  });
});
