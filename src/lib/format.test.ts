import { describe, expect, it } from 'vitest';
import { formatLongDate, formatLongDateTime, formatNok, formatPrice } from './format';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('format', () => {
  it('writes NOK amounts the Norwegian way, unbreakable', () => {
    expect(plain(formatNok(7500))).toBe('7 500 kr');
    expect(plain(formatNok(125000))).toBe('125 000 kr');
    expect(plain(formatNok(990))).toBe('990 kr');
    expect(formatNok(7500)).not.toContain(' ');
  });

  it("prefixes starting prices with 'Fra'", () => {
    expect(plain(formatPrice(15900, true))).toBe('Fra 15 900 kr');
    expect(plain(formatPrice(1290, true, 'fra'))).toBe('fra 1 290 kr');
    expect(plain(formatPrice(1799, false))).toBe('1 799 kr');
  });

  it('writes dates in the Norwegian long form', () => {
    expect(formatLongDate(new Date('2025-09-29'))).toBe('29. september 2025');
  });

  it('writes a moment as the long date and the time in Oslo', () => {
    expect(plain(formatLongDateTime(new Date('2026-11-25T10:00:00Z')))).toBe('25. november 2026 kl. 11:00');
    expect(plain(formatLongDateTime(new Date('2026-07-01T21:30:00Z')))).toBe('1. juli 2026 kl. 23:30');
  });
});
