import { formatKronerOre, formatLongDateTime } from './format';

/**
 * How a receipt prints its facts, in every format: the web receipt, the mail, the PDF and the admin's
 * order list. Browser-safe (the web receipt and the admin's tables use it); the server's receipt
 * model (src/server/receipts/receipt-data.ts) re-exports it. One function per fact, so no format
 * can print a number, an amount or a date its own way; amounts are `formatKronerOre`'s
 * (src/lib/format.ts), always with both decimals.
 */

/** The headings and fixed sentences of a receipt. */
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

/**
 * A receipt number as printed: six digits at least, zero-padded: 42 → '000042'. Six because the
 * series is unbroken and grows one a sale: a fixed width sorts and reads alike in a list, in a file
 * name and on paper, and a million sales fit before it widens. A number given already padded stays
 * as it is.
 */
export function formatReceiptNumber(n: number | string): string {
  const value = typeof n === 'string' ? Number(n) : n;
  if (!Number.isSafeInteger(value) || value < 0 || (typeof n === 'string' && !/^\d+$/.test(n))) {
    throw new RangeError(`A receipt number is a whole number, got ${n}`);
  }
  return String(value).padStart(6, '0');
}

/** A VAT rate as printed: 2500 → '25 %', 1200 → '12 %', 1111 → '11,11 %'. */
export function formatVatRate(rateBp: number): string {
  const whole = Math.floor(rateBp / 100);
  const rest = rateBp % 100;
  return `${whole}${rest ? `,${String(rest).padStart(2, '0').replace(/0$/, '')}` : ''}\u00a0%`;
}

/** A line's or a rate's VAT as the receipt names it: '25 % mva.' or 'fritatt for mva.'. */
export function lineVatText(rateBp: number): string {
  return rateBp === 0 ? 'fritatt for mva.' : `${formatVatRate(rateBp)} mva.`;
}

/** A VAT rate's row: '25 % merverdiavgift' or 'Fritatt for merverdiavgift'. */
export function vatRateTitle(rateBp: number): string {
  return rateBp === 0 ? 'Fritatt for merverdiavgift' : `${formatVatRate(rateBp)} merverdiavgift`;
}

/** A line's quantity and unit price: '1 stk. à 1 990,00 kr'. */
export function quantityText(quantity: number, unitPriceOre: number): string {
  return `${quantity} stk. à ${formatKronerOre(unitPriceOre)}`;
}

/** A discount's line: 'Rabatt (kode HOST25)'. */
export function discountTitle(code: string): string {
  return `Rabatt (kode ${code})`;
}

/** The date and time of the sale in Norway's time zone: '25. november 2026 kl. 13:00'. */
export function formatPaidAt(iso: string): string {
  return formatLongDateTime(iso);
}

/** '923456789' or '923 456 789' → '923 456 789' (no-break spaces); anything else as given. */
export function formatReceiptOrgNumber(orgNumber: string): string {
  const digits = orgNumber.replace(/[\s\u00a0]/g, '');
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 3)}\u00a0${digits.slice(3, 6)}\u00a0${digits.slice(6)}` : orgNumber;
}

/** The seller's registration as a receipt states it: 'Org.nr. 923 456 789 MVA · Foretaksregisteret'. */
export function sellerRegistration(seller: { orgNumber: string }): string {
  return `Org.nr. ${formatReceiptOrgNumber(seller.orgNumber)} MVA · Foretaksregisteret`;
}

/** The payment's line: 'Betalt med Vipps'. */
export function paidWithText(paymentMethod: string): string {
  return `Betalt med ${paymentMethod}`;
}
