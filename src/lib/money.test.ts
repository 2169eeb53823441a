import { describe, expect, it } from 'vitest';
import { containedVatOre } from './money';

describe('containedVatOre', () => {
  it('takes 25 % VAT out of a price that includes it', () => {
    expect(containedVatOre(199_000, 2500)).toBe(39_800);
    expect(containedVatOre(179_900, 2500)).toBe(35_980);
    expect(containedVatOre(125_000, 2500)).toBe(25_000);
  });

  it('rounds to the nearest øre, a half up', () => {
    expect(containedVatOre(62, 2500)).toBe(12); // 12.4
    expect(containedVatOre(63, 2500)).toBe(13); // 12.6
    // 25 % never lands on a half; a rate of 100 % shows the rule: 3 øre → 1.5 → 2.
    expect(containedVatOre(3, 10_000)).toBe(2);
    expect(containedVatOre(5, 10_000)).toBe(3);
  });

  it('is 0 for an exempt product', () => {
    expect(containedVatOre(199_000, 0)).toBe(0);
  });
});
