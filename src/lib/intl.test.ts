import { describe, expect, it, vi } from 'vitest';
import { onFirstUse } from './intl';

describe('onFirstUse', () => {
  it('builds nothing until asked, then builds once and keeps it', () => {
    const make = vi.fn(() => new Intl.NumberFormat('nb-NO'));
    const format = onFirstUse(make);
    expect(make).not.toHaveBeenCalled();
    expect(format().format(10000)).toBe('10\u00a0000');
    expect(format()).toBe(format());
    expect(make).toHaveBeenCalledTimes(1);
  });
});
