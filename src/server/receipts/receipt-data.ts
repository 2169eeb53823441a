import { MONEY_BACK_GUARANTEE_DAYS } from '../../config/site';
import { containedVatOre } from '../../lib/money';
/**
 * A receipt as data (issue 22): what the PDF (receipt-pdf.ts) and the order confirmation mail
 * (mail/templates/receipt.tsx) both show, so the two never disagree. Pure: no I/O, no clock.
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
  /** The receipt's number in the unbroken series. */
  receiptNumber: number;
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
    receiptNumber: input.receiptNumber,
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
  };
}

const groupedKroner = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0 });

/**
 * Øre as kroner the Norwegian way, with both decimals: 199000 → '1 990,00 kr', -20000 → '−200,00 kr'.
 * Exact (kroner and øre apart, no division in floating point). The spaces are no-break spaces
 * (U+00A0): Intl may give narrow ones (U+202F), which the receipt's font lacks.
 */
export function formatOre(ore: number): string {
  if (!Number.isSafeInteger(ore)) throw new RangeError(`Øre are whole numbers, got ${ore}`);
  const abs = Math.abs(ore);
  const kroner = groupedKroner.format(Math.floor(abs / 100)).replace(/[\s\u202f]/g, '\u00a0');
  return `${ore < 0 ? '\u2212' : ''}${kroner},${String(abs % 100).padStart(2, '0')}\u00a0kr`;
}

/** A receipt number as printed: at least six digits, zero-padded: 42 → '000042'. */
export function formatReceiptNumber(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`A receipt number is a whole number, got ${n}`);
  return String(n).padStart(6, '0');
}

/** A VAT rate as printed: 2500 → '25 %', 1200 → '12 %', 1111 → '11,11 %'. */
export function formatVatRate(rateBp: number): string {
  const whole = Math.floor(rateBp / 100);
  const rest = rateBp % 100;
  return `${whole}${rest ? `,${String(rest).padStart(2, '0').replace(/0$/, '')}` : ''}\u00a0%`;
}

/** The date and time of the sale in Norway's time zone: '25. november 2026 kl. 13:00'. */
export function formatPaidAt(iso: string): string {
  const text = new Intl.DateTimeFormat('nb-NO', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Oslo' }).format(new Date(iso));
  return text.replace(/\u202f/g, '\u00a0');
}

/** '923456789' or '923 456 789' → '923 456 789' (no-break spaces); anything else as given. */
function formatOrgNumber(orgNumber: string): string {
  const digits = orgNumber.replace(/\s/g, '');
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 3)}\u00a0${digits.slice(3, 6)}\u00a0${digits.slice(6)}` : orgNumber;
}

/** The seller's registration as a receipt states it: 'Org.nr. 923 456 789 MVA · Foretaksregisteret'. */
export function sellerRegistration(seller: Pick<ReceiptData['seller'], 'orgNumber'>): string {
  return `Org.nr. ${formatOrgNumber(seller.orgNumber)} MVA · Foretaksregisteret`;
}

/**
 * The order confirmation's words on the right of withdrawal (angrerettloven § 18, § 22 n): the
 * buyer asked for the digital content at once and accepted that the right of withdrawal is lost
 * when delivery starts, and where to write.
 */
export function withdrawalText(seller: Pick<ReceiptData['seller'], 'name' | 'email'>): string {
  return (
    'Du ba om å få tilgang til det digitale innholdet med en gang, og bekreftet at angreretten går tapt når leveringen har begynt ' +
    '(angrerettloven § 22 bokstav n). Leveringen begynte da kjøpet ble betalt, så angreretten gjelder ikke for dette kjøpet. ' +
    `Uavhengig av angreretten har du ${MONEY_BACK_GUARANTEE_DAYS} dagers pengene-tilbake-garanti (se vilkårene). ` +
    `Har du spørsmål om kjøpet eller vil du klage, kan du skrive til ${seller.name} på ${seller.email}.`
  );
}
