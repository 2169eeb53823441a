/** Mod-11 check digit over the first eight digits; a remainder of 1 would need 10, so no valid number has it. */
const WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;

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

export function formatOrgNumber(value: string): string {
  const digits = orgNumberDigits(value);
  return digits ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : value;
}
