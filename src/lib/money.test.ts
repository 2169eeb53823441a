import { describe, expect, it } from 'vitest';
import { containedVatOre, formatOre, formatRate } from './money';

describe('formatOre', () => {
  it('prints whole kroner as the course pages do, øre only when there are some', () => {
    expect(formatOre(199_000)).toBe('1\u00a0990\u00a0kr');
    expect(formatOre(39_800)).toBe('398\u00a0kr');
    expect(formatOre(35_980)).toBe('359,80\u00a0kr');
    expect(formatOre(0)).toBe('0\u00a0kr');
  });
});

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

describe('formatRate', () => {
  it('prints basis points as a percentage', () => {
    expect(formatRate(2500)).toBe('25\u00a0%');
    expect(formatRate(1500)).toBe('15\u00a0%');
  });
});
