import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildReceipt,
  formatPaidAt,
  formatReceiptNumber,
  formatVatRate,
  type ReceiptInput,
  sellerRegistration,
  vatIncluded,
  vatSummary,
  withdrawalText,
} from './receipt-data';
import { formatKronerOre } from '../../lib/format';

const nbsp = '\u00a0';
const seller = { name: 'KI Akademiet AS', orgNumber: '923456789', address: 'Storgata 1, 0155 Oslo', email: 'kontakt@kiakademiet.no' };

/** The VAT in an inclusive amount by exact rational arithmetic: round half up of a·r / (10000 + r). */
function referenceVat(amountOre: number, rateBp: number): number {
  const numerator = BigInt(amountOre) * BigInt(rateBp);
  const denominator = BigInt(10_000 + rateBp);
  const floor = numerator / denominator;
  return Number(2n * (numerator % denominator) >= denominator ? floor + 1n : floor);
}

describe('vatIncluded', () => {
  it('takes the VAT out of a price that includes it', () => {
    expect(vatIncluded(199_000, 2500)).toBe(39_800);
    expect(vatIncluded(149_900, 2500)).toBe(29_980);
    expect(vatIncluded(125, 2500)).toBe(25);
    expect(vatIncluded(199_000, 0)).toBe(0);
    expect(vatIncluded(0, 2500)).toBe(0);
  });

  it('rounds half an øre up, and less than half down', () => {
    // 2 øre at 25 %: 0.4 øre → 0; 3 øre: 0.6 → 1; 10 øre at 25 %: exactly 2.
    expect(vatIncluded(2, 2500)).toBe(0);
    expect(vatIncluded(3, 2500)).toBe(1);
    expect(vatIncluded(10, 2500)).toBe(2);
    // 1 øre at 100 %: exactly 0.5 øre of VAT → 1.
    expect(vatIncluded(1, 10_000)).toBe(1);
    // 15 øre at 20 %: exactly 2.5 øre → 3; 33 øre at 10 %: exactly 3.
    expect(vatIncluded(15, 2000)).toBe(3);
    expect(vatIncluded(33, 1000)).toBe(3);
    // 7 øre at 25 %: 1.4 → 1; 8 øre: 1.6 → 2.
    expect(vatIncluded(7, 2500)).toBe(1);
    expect(vatIncluded(8, 2500)).toBe(2);
  });

  it('equals exact rational rounding for any amount up to a billion kroner and any rate (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (amount, rate) => {
        expect(vatIncluded(amount, rate)).toBe(referenceVat(amount, rate));
      }),
      { numRuns: 5000 },
    );
  });

  it('equals exact rounding for every amount up to 20 000 øre at 25 % and 12 %', () => {
    for (let amount = 0; amount <= 20_000; amount++) {
      expect(vatIncluded(amount, 2500)).toBe(referenceVat(amount, 2500));
      expect(vatIncluded(amount, 1200)).toBe(referenceVat(amount, 1200));
    }
  });

  it('refuses fractions of an øre, negative amounts and impossible rates', () => {
    expect(() => vatIncluded(1.5, 2500)).toThrow(RangeError);
    expect(() => vatIncluded(-100, 2500)).toThrow(RangeError);
    expect(() => vatIncluded(100, -1)).toThrow(RangeError);
    expect(() => vatIncluded(100, 25.5)).toThrow(RangeError);
  });
});

describe('vatSummary', () => {
  it('one rate: base + VAT = total', () => {
    expect(vatSummary([{ amountOre: 199_000, vatRateBp: 2500 }])).toEqual([{ rateBp: 2500, baseOre: 159_200, vatOre: 39_800 }]);
  });

  it('groups by rate, highest first; an exempt rate has no VAT', () => {
    const summary = vatSummary([
      { amountOre: 50_000, vatRateBp: 0 },
      { amountOre: 99_900, vatRateBp: 2500 },
      { amountOre: 100, vatRateBp: 2500 },
    ]);
    expect(summary).toEqual([
      { rateBp: 2500, baseOre: 80_000, vatOre: 20_000 },
      { rateBp: 0, baseOre: 50_000, vatOre: 0 },
    ]);
  });

  it('computes VAT once per rate, not per line', () => {
    // Three lines of 3 øre: 0.6 øre of VAT each. Per line that rounds to 3 øre, on the total (9 øre → 1.8) to 2.
    const lines = [1, 2, 3].map(() => ({ amountOre: 3, vatRateBp: 2500 }));
    expect(vatSummary(lines)).toEqual([{ rateBp: 2500, baseOre: 7, vatOre: 2 }]);
  });

  it('spreads a discount over the rates in proportion, to the øre', () => {
    const summary = vatSummary(
      [
        { amountOre: 30_000, vatRateBp: 2500 },
        { amountOre: 10_000, vatRateBp: 0 },
      ],
      10_000,
    );
    expect(summary).toEqual([
      { rateBp: 2500, baseOre: 18_000, vatOre: 4_500 },
      { rateBp: 0, baseOre: 7_500, vatOre: 0 },
    ]);
  });

  it('a discount equal to everything leaves nothing to pay, and one above it is refused', () => {
    expect(vatSummary([{ amountOre: 10_000, vatRateBp: 2500 }], 10_000)).toEqual([{ rateBp: 2500, baseOre: 0, vatOre: 0 }]);
    expect(() => vatSummary([{ amountOre: 10_000, vatRateBp: 2500 }], 10_001)).toThrow(RangeError);
  });

  it('always adds up: per rate base + VAT is what was paid at it, and the rates add up to lines less discount (property)', () => {
    const line = fc.record({ amountOre: fc.integer({ min: 0, max: 10_000_000 }), vatRateBp: fc.constantFrom(0, 2500, 1500, 1200) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), fc.double({ min: 0, max: 1, noNaN: true }), (lines, fraction) => {
        const subtotal = lines.reduce((sum, l) => sum + l.amountOre, 0);
        const discount = Math.floor(subtotal * fraction);
        const summary = vatSummary(lines, discount);
        expect(summary.reduce((sum, rate) => sum + rate.baseOre + rate.vatOre, 0)).toBe(subtotal - discount);
        expect(new Set(summary.map((rate) => rate.rateBp)).size).toBe(summary.length);
        for (const rate of summary) {
          const paid = rate.baseOre + rate.vatOre;
          const gross = lines.filter((l) => l.vatRateBp === rate.rateBp).reduce((sum, l) => sum + l.amountOre, 0);
          expect(paid).toBeLessThanOrEqual(gross);
          expect(rate.baseOre).toBeGreaterThanOrEqual(0);
          expect(rate.vatOre).toBe(vatIncluded(paid, rate.rateBp));
          // The discount's share of this rate differs from the exact proportion by less than one øre.
          if (subtotal > 0) expect(Math.abs(gross - paid - (discount * gross) / subtotal)).toBeLessThan(1);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('adds up for many plain random prices at 25 % (loop)', () => {
    let seed = 22;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    for (let i = 0; i < 10_000; i++) {
      const amount = next() % 5_000_000;
      const [rate] = vatSummary([{ amountOre: amount, vatRateBp: 2500 }]);
      expect(rate && rate.baseOre + rate.vatOre).toBe(amount);
      // At 25 % the VAT is a fifth of the price (never exactly half an øre).
      expect(rate?.vatOre).toBe(Math.round(amount / 5));
    }
  });
});

describe('buildReceipt', () => {
  const input: ReceiptInput = {
    receiptNumber: 42,
    orderReference: 'KA-1001',
    paidAt: '2026-11-25T12:00:00Z',
    seller,
    buyer: { name: 'Bjørn Ærlig Åsen', email: 'bjorn@example.no' },
    items: [
      { description: 'KI Grunnkurs', quantity: 2, unitPriceOre: 99_500, vatRateBp: 2500 },
      { description: 'Kurs med lærer', quantity: 1, unitPriceOre: 50_000, vatRateBp: 0 },
    ],
    discount: { code: 'VÅR2026', amountOre: 24_900 },
    paymentMethod: 'Vipps',
  };

  it('the lines, the discount, the VAT per rate and a total that adds up', () => {
    const receipt = buildReceipt(input);
    expect(receipt.lines).toEqual([
      { description: 'KI Grunnkurs', quantity: 2, unitPriceOre: 99_500, amountOre: 199_000, vatRateBp: 2500, vatOre: 39_800 },
      { description: 'Kurs med lærer', quantity: 1, unitPriceOre: 50_000, amountOre: 50_000, vatRateBp: 0, vatOre: 0 },
    ]);
    expect(receipt.totalOre).toBe(199_000 + 50_000 - 24_900);
    // 24 900 spread 199 000 : 50 000 → 19 900 and 5 000.
    expect(receipt.vatByRate).toEqual([
      { rateBp: 2500, baseOre: 143_280, vatOre: 35_820 },
      { rateBp: 0, baseOre: 45_000, vatOre: 0 },
    ]);
    expect(receipt.vatOre).toBe(35_820);
    expect(receipt.discount).toEqual({ code: 'VÅR2026', amountOre: 24_900 });
    expect(receipt.refundedOre).toBe(0);
  });

  it('a discount of nothing is no discount line', () => {
    expect(buildReceipt({ ...input, discount: { code: 'NULL', amountOre: 0 } }).discount).toBeNull();
  });

  it('refuses what cannot be a receipt', () => {
    expect(() => buildReceipt({ ...input, receiptNumber: 0 })).toThrow(RangeError);
    expect(() => buildReceipt({ ...input, paidAt: 'i går' })).toThrow(RangeError);
    expect(() => buildReceipt({ ...input, items: [{ description: 'x', quantity: 0, unitPriceOre: 1, vatRateBp: 2500 }] })).toThrow(RangeError);
    expect(() => buildReceipt({ ...input, refundedOre: 1_000_000 })).toThrow(RangeError);
  });
});

describe('formatting', () => {
  it('formatKronerOre: kroner with both decimals and no-break spaces', () => {
    expect(formatKronerOre(199_000)).toBe(`1${nbsp}990,00${nbsp}kr`);
    expect(formatKronerOre(29_980)).toBe(`299,80${nbsp}kr`);
    expect(formatKronerOre(5)).toBe(`0,05${nbsp}kr`);
    expect(formatKronerOre(0)).toBe(`0,00${nbsp}kr`);
    expect(formatKronerOre(123_456_789_01)).toBe(`123${nbsp}456${nbsp}789,01${nbsp}kr`);
    expect(formatKronerOre(-20_000)).toBe(`\u2212200,00${nbsp}kr`);
    expect(formatKronerOre(199_000).replace(/\u00a0/g, ' ')).toBe('1 990,00 kr');
    expect(formatKronerOre(199_000)).not.toMatch(/\u202f/);
    expect(() => formatKronerOre(1.5)).toThrow(RangeError);
  });

  it('formatKronerOre agrees with Intl for many amounts', () => {
    const intl = new Intl.NumberFormat('nb-NO', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (ore) => {
        const expected = `${intl.format(ore / 100)}\u00a0kr`.replace(/[\s\u202f]/g, ' ');
        expect(formatKronerOre(ore).replace(/\u00a0/g, ' ')).toBe(expected);
      }),
    );
  });

  it('formatReceiptNumber: six digits at least', () => {
    expect(formatReceiptNumber(42)).toBe('000042');
    expect(formatReceiptNumber(1)).toBe('000001');
    expect(formatReceiptNumber(123_456)).toBe('123456');
    expect(formatReceiptNumber(1_234_567)).toBe('1234567');
    expect(() => formatReceiptNumber(-1)).toThrow(RangeError);
  });

  it('formatVatRate', () => {
    expect(formatVatRate(2500)).toBe(`25${nbsp}%`);
    expect(formatVatRate(0)).toBe(`0${nbsp}%`);
    expect(formatVatRate(1110)).toBe(`11,1${nbsp}%`);
  });

  it('formatPaidAt: the date and time in Oslo', () => {
    expect(formatPaidAt('2026-11-25T12:00:00Z')).toMatch(/^25\. november 2026 kl\. 13:00$/);
    expect(formatPaidAt('2026-06-30T22:30:00Z')).toMatch(/^1\. juli 2026 kl\. 00:30$/);
  });

  it("sellerRegistration: the org number, 'MVA' and the register", () => {
    expect(sellerRegistration(seller).replace(/\u00a0/g, ' ')).toBe('Org.nr. 923 456 789 MVA · Foretaksregisteret');
    expect(sellerRegistration({ orgNumber: '923 456 789' })).toBe(sellerRegistration(seller));
  });

  it('withdrawalText: immediate delivery, the lost right of withdrawal, where to write', () => {
    const text = withdrawalText(seller);
    expect(text).toContain('med en gang');
    expect(text).toContain('angreretten går tapt');
    expect(text).toContain('§ 22 bokstav n');
    expect(text).toContain('kontakt@kiakademiet.no');
  });
});

describe('the one receipt model', () => {
  const base: ReceiptInput = {
    receiptNumber: 7,
    orderReference: 'KA-7',
    paidAt: '2026-11-25T12:00:00Z',
    seller,
    buyer: { name: 'Kari Kjøper', email: 'kari@example.no' },
    items: [{ description: 'Kurs', quantity: 1, unitPriceOre: 199_000, vatRateBp: 2500 }],
    discount: null,
    paymentMethod: 'Vipps',
  };

  it("carries the number as printed ('000007') and a consumer's withdrawal statement", () => {
    const receipt = buildReceipt(base);
    expect(receipt.receiptNumber).toBe('000007');
    expect(receipt.withdrawal).toBe(withdrawalText(seller));
    expect(receipt.withdrawal).toContain('angrerettloven § 22 bokstav n');
  });

  it("says a company's purchase has no right of withdrawal, without a consent it never gave", () => {
    const receipt = buildReceipt({ ...base, buyer: { ...base.buyer, company: { name: 'Fjordtech AS', orgNumber: '315999804', poReference: null } } });
    expect(receipt.withdrawal).toContain('Angrerettloven gjelder bare for forbrukere, så kjøpet har ingen angrerett');
    expect(receipt.withdrawal).not.toContain('§ 22');
    expect(receipt.withdrawal).toContain('kontakt@kiakademiet.no');
  });

  it('formatReceiptNumber leaves a printed number as it is', () => {
    expect(formatReceiptNumber('000042')).toBe('000042');
    expect(() => formatReceiptNumber('4a')).toThrow(RangeError);
  });
});
