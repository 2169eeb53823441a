import type { ProductVat } from '../../../db/schema';
import { vatIncluded } from '../receipts/receipt-data';
import { formatKroner } from '../../lib/format';

/** Integer øre only, VAT included; the server decides every figure, never the browser. */

/** Basis points (2500 = 25 %). */
export function vatRateBp(vat: ProductVat): number {
  return vat === 'standard_25' ? 2500 : 0;
}

export interface CouponTerms {
  kind: 'percent' | 'amount';
  percentOff: number | null;
  amountOffOre: number | null;
}

/** Stripe's minimum for NOK is 3 kr. */
export const MIN_CHARGE_ORE = 300;

/** Never more than the price; percentages round half up. */
export function couponDiscount(listPriceOre: number, coupon: CouponTerms): number {
  const raw = coupon.kind === 'percent' ? Math.floor(((coupon.percentOff ?? 0) * listPriceOre * 2 + 100) / 200) : (coupon.amountOffOre ?? 0);
  return Math.min(Math.max(raw, 0), listPriceOre);
}

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
