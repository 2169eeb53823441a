/**
 * Money as the checkout and the receipts count it: integer øre, VAT included. Browser-safe. How
 * an amount is written is src/lib/format.ts's (`formatKroner`, `formatKronerOre`).
 */

/**
 * The VAT contained in a price that includes it, in øre: price × rate / (1 + rate), rounded half up
 * (rate in basis points: 2500 = 25 %). 199000 at 2500 → 39800 (398 kr); 0 for an exempt product.
 */
export function containedVatOre(priceOre: number, rateBp: number): number {
  if (rateBp <= 0 || priceOre <= 0) return 0;
  const denominator = 10_000 + rateBp;
  return Math.floor((2 * priceOre * rateBp + denominator) / (2 * denominator));
}
