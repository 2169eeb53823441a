import { describe, expect, it } from 'vitest';
import { formatOrgNumber, isValidOrgNumber, orgNumberDigits } from './org-number';

describe('organisation numbers', () => {
  it('accepts real ones, with or without spaces', () => {
    // Brønnøysundregistrene, DNB Bank ASA, Equinor ASA.
    for (const valid of ['974760673', '984 851 006', '923609016']) expect(isValidOrgNumber(valid), valid).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length and letters', () => {
    for (const invalid of ['974760674', '97476067', '9747606730', '97476067a', '', '123 456 789 0'])
      expect(isValidOrgNumber(invalid), invalid).toBe(false);
  });

  it('keeps the digits and writes them in groups of three', () => {
    expect(orgNumberDigits(' 974 760 673 ')).toBe('974760673');
    expect(orgNumberDigits('97476067')).toBeNull();
    expect(formatOrgNumber('974760673')).toBe('974 760 673');
    expect(formatOrgNumber('974 760673')).toBe('974 760 673');
    expect(formatOrgNumber('12345')).toBe('12345');
  });
});
