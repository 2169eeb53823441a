import { describe, expect, it } from 'vitest';
import { vippsIdempotencyKey } from './vipps';

describe('Vipps idempotency keys', () => {
  const samples = [
    'create:0f14ebca-b0ec-4b29-ae0c-b90d91b4a84a',
    'capture:0f14ebca-b0ec-4b29-ae0c-b90d91b4a84a',
    'refund:0f14ebca-b0ec-4b29-ae0c-b90d91b4a84a:2',
    'x'.repeat(500),
    'æøå:ÆØÅ',
    ':',
    'create:1',
    'create-1',
    'create_1',
  ];

  it('sends a key that already fits as it is', () => {
    expect(vippsIdempotencyKey('create-1')).toBe('create-1');
    expect(vippsIdempotencyKey('A'.repeat(50))).toBe('A'.repeat(50));
  });

  it('maps every other key deterministically into at most 50 of [a-zA-Z0-9-]', () => {
    for (const key of samples) {
      const mapped = vippsIdempotencyKey(key);
      expect(mapped, key).toMatch(/^[a-zA-Z0-9-]{1,50}$/);
      expect(vippsIdempotencyKey(key)).toBe(mapped);
    }
    expect(vippsIdempotencyKey('capture:0f14ebca-b0ec-4b29-ae0c-b90d91b4a84a')).toMatch(/^capture-0f14ebca-[0-9a-f]{32}$/);
  });

  it('keeps different keys different', () => {
    const mapped = samples.map(vippsIdempotencyKey);
    expect(new Set(mapped).size).toBe(samples.length);
    expect(vippsIdempotencyKey('x'.repeat(500))).not.toBe(vippsIdempotencyKey('x'.repeat(501)));
  });
});
