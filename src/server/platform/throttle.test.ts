import { describe, expect, it } from 'vitest';
import { delayAfter, policies } from './throttle';

describe('delayAfter', () => {
  const policy = policies.loginAccountIp;

  it('lets the first failures through, then blocks with a doubling delay', () => {
    expect([1, 2, 3, 4].map((n) => delayAfter(n, policy))).toEqual([0, 0, 0, 0]);
    expect(delayAfter(5, policy)).toBe(15_000);
    expect(delayAfter(6, policy)).toBe(30_000);
    expect(delayAfter(7, policy)).toBe(60_000);
  });

  it('never waits longer than the maximum', () => {
    expect(delayAfter(50, policy)).toBe(policy.maxDelayMs);
    expect(delayAfter(10_000, policy)).toBe(policy.maxDelayMs);
  });
});
