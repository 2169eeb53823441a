import { MONEY_BACK_GUARANTEE_DAYS } from '../../config/site';
import { containedVatOre } from '../../lib/money';
import { formatReceiptNumber } from '../../lib/receipt-format';

export { formatPaidAt, formatReceiptNumber, formatVatRate, sellerRegistration } from '../../lib/receipt-format';

/**
 * The one model every receipt format renders, so none can leave out the number or the withdrawal statement
 * (bokføringsforskriften § 5-1-1). Money is integer øre, VAT included. Pure: no I/O, no clock.
 */

export interface ReceiptLine {
  description: string;
  quantity: number;
  unitPriceOre: number;
  amountOre: number;
  /** 2500 (25 %) or 0 (exempt, merverdiavgiftsloven § 3-5). */
  vatRateBp: number;
  /** Before any discount; the receipt's VAT is `vatByRate`. */
  vatOre: number;
}

export interface VatByRate {
  rateBp: number;
  baseOre: number;
  vatOre: number;
}

export interface ReceiptCompany {
  name: string;
  orgNumber: string;
  poReference: string | null;
}

export interface ReceiptData {
  receiptNumber: string;
  orderReference: string;
  paidAt: string;
  seller: { name: string; orgNumber: string; address: string; email: string };
  buyer: { name: string; email: string; company?: ReceiptCompany | null };
  lines: ReceiptLine[];
  discount: { code: string; amountOre: number } | null;
  totalOre: number;
  vatOre: number;
  vatByRate: VatByRate[];
  paymentMethod: string;
  refundedOre: number;
  withdrawal: string;
}

const BP = 10_000;

function assertOre(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative whole number of øre, got ${value}`);
}

function assertRate(rateBp: number): void {
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > BP) throw new RangeError(`A VAT rate is 0–10000 basis points, got ${rateBp}`);
}

/** Rounded half up in exact integers: with d = 10 000 + rate, round(a·r/d) = ⌊(2·a·r + d) / (2·d)⌋. */
export function vatIncluded(amountOre: number, rateBp: number): number {
  assertOre(amountOre, 'An amount');
  assertRate(rateBp);
  // Shared with the checkout page (src/lib/money.ts); exact in doubles up to about 10^11 øre.
  if (amountOre > 1e11) throw new RangeError('An amount above a billion kroner');
  return containedVatOre(amountOre, rateBp);
}

/** The discount is spread by largest remainder and each rate's VAT computed once on its total, so all adds up to the øre. */
export function vatSummary(lines: Pick<ReceiptLine, 'amountOre' | 'vatRateBp'>[], discountOre = 0): VatByRate[] {
  const gross = new Map<number, number>();
  for (const line of lines) {
    assertOre(line.amountOre, 'A line amount');
    assertRate(line.vatRateBp);
    gross.set(line.vatRateBp, (gross.get(line.vatRateBp) ?? 0) + line.amountOre);
  }
  const rates = [...gross.keys()].sort((a, b) => b - a);
  const subtotal = rates.reduce((sum, rate) => sum + (gross.get(rate) ?? 0), 0);
  assertOre(discountOre, 'A discount');
  if (discountOre > subtotal) throw new RangeError(`The discount (${discountOre} øre) is more than the lines (${subtotal} øre)`);

  const shares = rates.map((rate) => {
    const amount = gross.get(rate) ?? 0;
    if (subtotal === 0) return { rate, amount, part: 0, remainder: 0n };
    const exact = BigInt(discountOre) * BigInt(amount);
    return { rate, amount, part: Number(exact / BigInt(subtotal)), remainder: exact % BigInt(subtotal) };
  });
  let left = discountOre - shares.reduce((sum, share) => sum + share.part, 0);
  // Ties go to the higher rate, so the result is deterministic.
  for (const share of [...shares].sort((a, b) => (a.remainder === b.remainder ? 0 : a.remainder > b.remainder ? -1 : 1))) {
    if (left === 0) break;
    share.part += 1;
    left -= 1;
  }

  return shares.map(({ rate, amount, part }) => {
    const paid = amount - part;
    const vatOre = vatIncluded(paid, rate);
    return { rateBp: rate, baseOre: paid - vatOre, vatOre };
  });
}

export interface ReceiptInput {
  receiptNumber: number;
  orderReference: string;
  paidAt: string;
  seller: ReceiptData['seller'];
  buyer: ReceiptData['buyer'];
  items: { description: string; quantity: number; unitPriceOre: number; vatRateBp: number }[];
  discount: ReceiptData['discount'];
  paymentMethod: string;
  refundedOre?: number;
}

export function buildReceipt(input: ReceiptInput): ReceiptData {
  if (!Number.isSafeInteger(input.receiptNumber) || input.receiptNumber < 1) throw new RangeError('A receipt number is a whole number from 1');
  if (Number.isNaN(Date.parse(input.paidAt))) throw new RangeError(`paidAt is not a date: ${input.paidAt}`);
  const lines = input.items.map((item): ReceiptLine => {
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) throw new RangeError('A quantity is a whole number from 1');
    assertOre(item.unitPriceOre, 'A unit price');
    const amountOre = item.unitPriceOre * item.quantity;
    return { ...item, amountOre, vatOre: vatIncluded(amountOre, item.vatRateBp) };
  });
  const discount = input.discount && input.discount.amountOre > 0 ? input.discount : null;
  const vatByRate = vatSummary(lines, discount?.amountOre ?? 0);
  const totalOre = vatByRate.reduce((sum, rate) => sum + rate.baseOre + rate.vatOre, 0);
  const refundedOre = input.refundedOre ?? 0;
  assertOre(refundedOre, 'A refund');
  if (refundedOre > totalOre) throw new RangeError('More was refunded than paid');
  return {
    receiptNumber: formatReceiptNumber(input.receiptNumber),
    orderReference: input.orderReference,
    paidAt: input.paidAt,
    seller: input.seller,
    buyer: input.buyer,
    lines,
    discount,
    totalOre,
    vatOre: vatByRate.reduce((sum, rate) => sum + rate.vatOre, 0),
    vatByRate,
    paymentMethod: input.paymentMethod,
    refundedOre,
    withdrawal: withdrawalText(input.seller, { business: Boolean(input.buyer.company) }),
  };
}

/** Angrerettloven § 18 and § 22 n; a company has no right of withdrawal (§ 1), so its receipt says so instead of quoting a consent. */
export function withdrawalText(seller: Pick<ReceiptData['seller'], 'name' | 'email'>, options: { business?: boolean } = {}): string {
  if (options.business) {
    return (
      'Kjøpet er gjort på vegne av en bedrift. Angrerettloven gjelder bare for forbrukere, så kjøpet har ingen angrerett; ' +
      'avtalen og vilkårene gjelder. ' +
      `Har du spørsmål om kjøpet eller vil du klage, kan du skrive til ${seller.name} på ${seller.email}.`
    );
  }
  return (
    'Du ba om å få tilgang til det digitale innholdet med en gang, og bekreftet at angreretten går tapt når leveringen har begynt ' +
    '(angrerettloven § 22 bokstav n). Leveringen begynte da kjøpet ble betalt, så angreretten gjelder ikke for dette kjøpet. ' +
    `Uavhengig av angreretten har du ${MONEY_BACK_GUARANTEE_DAYS} dagers pengene-tilbake-garanti (se vilkårene). ` +
    `Har du spørsmål om kjøpet eller vil du klage, kan du skrive til ${seller.name} på ${seller.email}.`
  );
}
