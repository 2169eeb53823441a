import { MONEY_BACK_GUARANTEE_DAYS } from '../../config/site';
import { containedVatOre } from '../../lib/money';
import { formatReceiptNumber } from '../../lib/receipt-format';

export { formatPaidAt, formatReceiptNumber, formatVatRate, sellerRegistration } from '../../lib/receipt-format';

/**
 * A receipt as data: the one model every format renders (the web receipt through the API, the order
 * confirmation mail in mail/templates/receipt.tsx, the PDF in receipt-pdf.ts), with the receipt
 * number as printed and the withdrawal statement in it, so no format can leave either out or print
 * it its own way. Each format prints the facts with the functions of src/lib/receipt-format.ts.
 * Pure: no I/O, no clock.
 *
 * What a Norwegian receipt must say (bokføringsforskriften § 5-1-1, shared NORWAY.md): a number from
 * an unbroken series, the date, the seller's name, org number followed by 'MVA' and address, the
 * buyer, what was sold, the price and the VAT per rate. All money is integer øre; every amount is
 * VAT-inclusive (consumer prices), and the VAT is the part of it that is VAT.
 */

export interface ReceiptLine {
  description: string;
  quantity: number;
  unitPriceOre: number;
  /** quantity × unit price, VAT included, before any discount. */
  amountOre: number;
  /** VAT rate in basis points: 2500 (25 %) or 0 (exempt, merverdiavgiftsloven § 3-5). */
  vatRateBp: number;
  /** The VAT contained in `amountOre` (before any discount; the receipt's VAT is `vatByRate`). */
  vatOre: number;
}

export interface VatByRate {
  rateBp: number;
  /** The amount without VAT (grunnlag); baseOre + vatOre is what was paid at this rate. */
  baseOre: number;
  vatOre: number;
}

export interface ReceiptCompany {
  name: string;
  orgNumber: string;
  /** The company's purchase-order reference ('Deres ref.'). */
  poReference: string | null;
}

export interface ReceiptData {
  /** The receipt's number in the unbroken series, as printed: '000042' (formatReceiptNumber). */
  receiptNumber: string;
  /** The order's reference as the buyer and the payment provider see it. */
  orderReference: string;
  /** ISO date-time of the sale (the payment). */
  paidAt: string;
  seller: { name: string; orgNumber: string; address: string; email: string };
  /** The person who bought, and for a company's purchase the company (its organisation number as nine digits). */
  buyer: { name: string; email: string; company?: ReceiptCompany | null };
  lines: ReceiptLine[];
  /** A coupon's discount, VAT included, shown as its own line. */
  discount: { code: string; amountOre: number } | null;
  /** What was paid: the lines less the discount. */
  totalOre: number;
  /** The VAT in the total (the sum of `vatByRate`). */
  vatOre: number;
  /** One entry per rate, highest rate first; their bases and VAT add up to the total. */
  vatByRate: VatByRate[];
  /** The payment provider's label: 'Vipps', 'Kort', 'Testbetaling'. */
  paymentMethod: string;
  /** Refunded so far, in øre (0 when nothing was). */
  refundedOre: number;
  /** The statement on the right of withdrawal (withdrawalText): a consumer's lost right, or none for a company. */
  withdrawal: string;
}

const BP = 10_000;

function assertOre(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative whole number of øre, got ${value}`);
}

function assertRate(rateBp: number): void {
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > BP) throw new RangeError(`A VAT rate is 0–10000 basis points, got ${rateBp}`);
}

/**
 * The VAT contained in a VAT-inclusive amount, in whole øre, rounded half up:
 * amount × rate / (1 + rate). 199 000 øre at 25 % → 39 800 øre.
 * Exact integer arithmetic: with d = 10 000 + rate, round(a·r/d) = ⌊(2·a·r + d) / (2·d)⌋.
 */
export function vatIncluded(amountOre: number, rateBp: number): number {
  assertOre(amountOre, 'An amount');
  assertRate(rateBp);
  // The one formula, shared with the checkout page (src/lib/money.ts); exact in doubles for any
  // amount up to about 10^11 øre (a billion kroner).
  if (amountOre > 1e11) throw new RangeError('An amount above a billion kroner');
  return containedVatOre(amountOre, rateBp);
}

/**
 * The VAT per rate of some lines, less a discount spread over the rates in proportion to what each
 * rate's lines cost (largest remainder, so the parts add up to the discount to the øre). The VAT of
 * a rate is computed once on the rate's total, not summed per line, and the base is the rest, so
 * base + VAT is exactly what was paid at that rate, and the rates add up to the total.
 */
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
  // Ties go to the higher rate (the order of `shares`): deterministic, and a sort is stable.
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

/** The receipt of an order: each line's amount and VAT, the discount, the VAT per rate and the total. */
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

/**
 * The receipt's words on the right of withdrawal (angrerettloven § 18, § 22 n): a consumer asked
 * for the digital content at once and accepted that the right of withdrawal is lost when delivery
 * starts. A company's purchase (a buyer with an organisation number) has no right of withdrawal:
 * the law covers consumers only (§ 1), and no § 22 n consent was asked for, so the statement says
 * that instead of quoting a consent that was never given. Both say where to write.
 */
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
