/**
 * Norwegian organisation numbers (Enhetsregisteret): nine digits, the last a mod-11 check digit
 * over the first eight with the weights 3, 2, 7, 6, 5, 4, 3, 2. A remainder of 0 gives the check
 * digit 0; a remainder of 1 would need 10, so no number has it. Spaces are allowed when typed.
 */
const WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;

/** The nine digits without spaces, or null when there are not nine digits. */
export function orgNumberDigits(value: string): string | null {
  const digits = value.replace(/[\s\u00a0]/g, '');
  return /^\d{9}$/.test(digits) ? digits : null;
}

export function isValidOrgNumber(value: string): boolean {
  const digits = orgNumberDigits(value);
  if (!digits) return false;
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const remainder = sum % 11;
  const check = remainder === 0 ? 0 : 11 - remainder;
  return check !== 10 && check === Number(digits[8]);
}

/** '923456789' (or typed with spaces) → '923 456 789', as Norwegians write it; anything that is not nine digits as it is. */
export function formatOrgNumber(value: string): string {
  const digits = orgNumberDigits(value);
  return digits ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : value;
}
