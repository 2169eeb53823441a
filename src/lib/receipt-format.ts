import { formatKronerOre, formatLongDateTime } from './format';

/** One function per fact, so no receipt format can print a number, amount or date its own way. */

export const receiptLabels = {
  title: 'Kvittering',
  number: 'Kvitteringsnummer',
  orderReference: 'Ordrenummer',
  paidAt: 'Salgsdato',
  paymentMethod: 'Betalingsmåte',
  seller: 'Selger',
  buyer: 'Kjøper',
  lines: 'Kjøpt',
  total: 'Totalt',
  currencyNote: 'Alle beløp er i norske kroner, inkludert merverdiavgift.',
  vat: 'Merverdiavgift',
  vatTotal: 'Sum merverdiavgift',
  payment: 'Betaling',
  refunded: 'Refundert',
  paidAfterRefund: 'Betalt etter refusjon',
  withdrawal: 'Angrerett',
} as const;

/** At least six digits, zero-padded: a fixed width sorts and reads alike in lists, file names and on paper. */
export function formatReceiptNumber(n: number | string): string {
  const value = typeof n === 'string' ? Number(n) : n;
  if (!Number.isSafeInteger(value) || value < 0 || (typeof n === 'string' && !/^\d+$/.test(n))) {
    throw new RangeError(`A receipt number is a whole number, got ${n}`);
  }
  return String(value).padStart(6, '0');
}

export function formatVatRate(rateBp: number): string {
  const whole = Math.floor(rateBp / 100);
  const rest = rateBp % 100;
  return `${whole}${rest ? `,${String(rest).padStart(2, '0').replace(/0$/, '')}` : ''}\u00a0%`;
}

export function lineVatText(rateBp: number): string {
  return rateBp === 0 ? 'fritatt for mva.' : `${formatVatRate(rateBp)} mva.`;
}

export function vatRateTitle(rateBp: number): string {
  return rateBp === 0 ? 'Fritatt for merverdiavgift' : `${formatVatRate(rateBp)} merverdiavgift`;
}

export function quantityText(quantity: number, unitPriceOre: number): string {
  return `${quantity} stk. à ${formatKronerOre(unitPriceOre)}`;
}

export function discountTitle(code: string): string {
  return `Rabatt (kode ${code})`;
}

export function formatPaidAt(iso: string): string {
  return formatLongDateTime(iso);
}

export function formatReceiptOrgNumber(orgNumber: string): string {
  const digits = orgNumber.replace(/[\s\u00a0]/g, '');
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 3)}\u00a0${digits.slice(3, 6)}\u00a0${digits.slice(6)}` : orgNumber;
}

export function sellerRegistration(seller: { orgNumber: string }): string {
  return `Org.nr. ${formatReceiptOrgNumber(seller.orgNumber)} MVA · Foretaksregisteret`;
}

export function paidWithText(paymentMethod: string): string {
  return `Betalt med ${paymentMethod}`;
}
