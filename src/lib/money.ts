/** Integer øre, VAT included. */

/** Rounded half up; rate in basis points (2500 = 25 %). */
export function containedVatOre(priceOre: number, rateBp: number): number {
  if (rateBp <= 0 || priceOre <= 0) return 0;
  const denominator = 10_000 + rateBp;
  return Math.floor((2 * priceOre * rateBp + denominator) / (2 * denominator));
}
