import type { ProductVat } from '../../../db/schema';
import { vatIncluded } from '../receipts/receipt-data';
import { formatKroner } from '../../lib/format';

/**
 * Money arithmetic of the checkout: integer øre only, VAT included in every price.
 * The server decides every figure; the browser never sends one.
 */

/** The VAT rate of a product's treatment, in basis points (2500 = 25 %). */
export function vatRateBp(vat: ProductVat): number {
  return vat === 'standard_25' ? 2500 : 0;
}

export interface CouponTerms {
  kind: 'percent' | 'amount';
  percentOff: number | null;
  amountOffOre: number | null;
}

/** The lowest amount we ask a provider to charge (Stripe's minimum for NOK is 3 kr). */
export const MIN_CHARGE_ORE = 300;

/** The discount a coupon gives on `listPriceOre` (never more than the price), rounded half up for percentages. */
export function couponDiscount(listPriceOre: number, coupon: CouponTerms): number {
  const raw = coupon.kind === 'percent' ? Math.floor(((coupon.percentOff ?? 0) * listPriceOre * 2 + 100) / 200) : (coupon.amountOffOre ?? 0);
  return Math.min(Math.max(raw, 0), listPriceOre);
}

/** '20 % rabatt', '200 kr rabatt' (whole kroner without decimals, else with: `formatKroner`). */
export function couponLabel(coupon: CouponTerms): string {
  if (coupon.kind === 'percent') return `${coupon.percentOff} % rabatt`;
  return `${formatKroner(coupon.amountOffOre ?? 0)} rabatt`;
}

export interface Price {
  listPriceOre: number;
  discountOre: number;
  totalOre: number;
  vatRateBp: number;
  vatOre: number;
}

export function priceFor(listPriceOre: number, vat: ProductVat, coupon: CouponTerms | null): Price {
  const discountOre = coupon ? couponDiscount(listPriceOre, coupon) : 0;
  const totalOre = listPriceOre - discountOre;
  const rate = vatRateBp(vat);
  return { listPriceOre, discountOre, totalOre, vatRateBp: rate, vatOre: vatIncluded(totalOre, rate) };
}
