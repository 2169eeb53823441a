import { formatNok } from './format';
import { onFirstUse } from './intl';

/**
 * Money as the checkout and the receipts state it: integer øre (VAT included), shown in kroner.
 * Browser-safe, shared by the checkout page (build time), its islands and the withdrawal form.
 */

const oreFormat = onFirstUse(() => new Intl.NumberFormat('nb-NO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** 199000 → '1 990 kr'; 35980 → '359,80 kr' (øre shown only when there are some). */
export function formatOre(ore: number): string {
  if (ore % 100 === 0) return formatNok(ore / 100);
  return `${oreFormat().format(ore / 100)}\u00a0kr`;
}

/**
 * The VAT contained in a price that includes it, in øre: price × rate / (1 + rate), rounded half up
 * (rate in basis points: 2500 = 25 %). 199000 at 2500 → 39800 (398 kr); 0 for an exempt product.
 */
export function containedVatOre(priceOre: number, rateBp: number): number {
  if (rateBp <= 0 || priceOre <= 0) return 0;
  const denominator = 10_000 + rateBp;
  return Math.floor((2 * priceOre * rateBp + denominator) / (2 * denominator));
}

/** 2500 → '25 %'. */
export function formatRate(rateBp: number): string {
  return `${new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 2 }).format(rateBp / 100)}\u00a0%`;
}
