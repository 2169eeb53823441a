import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatCalendarDay,
  formatCalendarDayShort,
  formatClock,
  formatCount,
  formatKroner,
  formatKronerOre,
  formatLongDate,
  formatLongDateTime,
  formatMonth,
  formatNok,
  formatNumber,
  formatNumericDate,
  formatPrice,
  formatShortDate,
  formatShortDateTime,
  formatShortDateTimeSeconds,
  formatTimestamp,
  osloIsoDate,
  osloYearMonth,
  pluralNoun,
  segmentSentences,
  spokenTimestamp,
} from './format';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('numbers and counts', () => {
  it('agrees the noun with the count by bokmål rules', () => {
    expect(countOf(0, 'student', 'studenter')).toBe('0 studenter');
    expect(countOf(1, 'student', 'studenter')).toBe('1 student');
    expect(countOf(2, 'leksjon', 'leksjoner')).toBe('2 leksjoner');
    expect(countOf(1290, 'minutt', 'minutter')).toBe('1\u00a0290 minutter');
    expect(pluralNoun(1, 'modul', 'moduler')).toBe('modul');
  });

  it('writes every count as Intl.NumberFormat does for nb-NO, building it only from 1 000 on', () => {
    const intl = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0 });
    for (const count of [...Array.from({ length: 1001 }, (_, i) => i), 1290, 12_345, 1_000_000, -1, -1290, 2.5, 999.6]) {
      expect(formatCount(count), String(count)).toBe(intl.format(count));
    }
  });

  it('writes other numbers with up to three decimals', () => {
    expect(plain(formatNumber(1290.5))).toBe('1 290,5');
    expect(formatNumber(7)).toBe('7');
  });
});

describe('money', () => {
  it('writes whole NOK amounts the Norwegian way, unbreakable', () => {
    expect(plain(formatNok(7500))).toBe('7 500 kr');
    expect(plain(formatNok(125000))).toBe('125 000 kr');
    expect(plain(formatNok(990))).toBe('990 kr');
    expect(formatNok(7500)).not.toContain(' ');
  });

  it("prefixes starting prices with 'Fra'", () => {
    expect(plain(formatPrice(15900, true))).toBe('Fra 15 900 kr');
    expect(plain(formatPrice(1290, true, 'fra'))).toBe('fra 1 290 kr');
    expect(plain(formatPrice(1799, false))).toBe('1 799 kr');
  });

  it('formatKroner: whole kroner as the course pages print them, øre only when there are some', () => {
    expect(formatKroner(199_000)).toBe('1\u00a0990\u00a0kr');
    expect(formatKroner(39_800)).toBe('398\u00a0kr');
    expect(formatKroner(35_980)).toBe('359,80\u00a0kr');
    expect(formatKroner(0)).toBe('0\u00a0kr');
  });

  it('formatKronerOre: always kroner and øre, as a receipt states them', () => {
    expect(formatKronerOre(199_000)).toBe('1\u00a0990,00\u00a0kr');
    expect(formatKronerOre(-20_000)).toBe('\u2212200,00\u00a0kr');
    expect(() => formatKronerOre(1.5)).toThrow(RangeError);
  });
});

describe('dates and times', () => {
  const moment = '2026-11-23T09:15:42Z';

  it('writes dates in the Norwegian long form', () => {
    expect(formatLongDate(new Date('2025-09-29'))).toBe('29. september 2025');
    expect(formatLongDate('2025-09-29T12:00:00Z')).toBe('29. september 2025');
  });

  it('writes a moment as the long date and the time in Oslo, without narrow spaces', () => {
    expect(plain(formatLongDateTime(new Date('2026-11-25T10:00:00Z')))).toBe('25. november 2026 kl. 11:00');
    expect(plain(formatLongDateTime(new Date('2026-07-01T21:30:00Z')))).toBe('1. juli 2026 kl. 23:30');
    expect(formatLongDateTime(moment)).not.toMatch(/\u202f/);
  });

  it('writes the short and numeric forms in Oslo time', () => {
    expect(formatShortDate('2025-09-14T23:30:00.000Z')).toMatch(/^15\. sep\.? 2025$/);
    expect(formatShortDate(moment)).toBe('23. nov. 2026');
    expect(formatNumericDate(moment)).toBe('23.11.2026');
    expect(formatNumericDate('2026-03-05T12:00:00Z')).toBe('5.3.2026');
    expect(formatShortDateTime(moment)).toBe('23.11.2026, 10:15');
    expect(formatShortDateTimeSeconds(moment)).toBe('23.11.2026, 10:15:42');
    expect(formatClock(moment)).toBe('10:15');
  });

  it('writes calendar days and months without shifting them by a time zone', () => {
    expect(formatCalendarDay('2026-12-01')).toBe('1. des. 2026');
    expect(formatCalendarDayShort('2026-12-01')).toBe('1. des.');
    expect(formatMonth('2026-11')).toBe('november 2026');
    expect(formatMonth('2027-01')).toBe('januar 2027');
    expect(formatMonth('snart')).toBe('snart');
  });

  it("finds the day, month and year on Norway's calendar", () => {
    expect(osloIsoDate('2025-12-31T23:30:00Z')).toBe('2026-01-01');
    expect(osloYearMonth(new Date('2025-12-31T23:30:00Z'))).toEqual({ year: 2026, month: 1 });
    expect(osloYearMonth('2026-06-15T12:00:00Z')).toEqual({ year: 2026, month: 6 });
  });
});

describe('durations', () => {
  it('writes mm:ss, with hours only when needed', () => {
    expect(formatTimestamp(0)).toBe('00:00');
    expect(formatTimestamp(4)).toBe('00:04');
    expect(formatTimestamp(83.9)).toBe('01:23');
    expect(formatTimestamp(600)).toBe('10:00');
    expect(formatTimestamp(3725)).toBe('1:02:05');
  });

  it('treats negative and non-finite values as 0', () => {
    expect(formatTimestamp(-3)).toBe('00:00');
    expect(formatTimestamp(Number.NaN)).toBe('00:00');
  });

  it('says minutes and seconds in Norwegian', () => {
    expect(spokenTimestamp(1)).toBe('1 sekund');
    expect(spokenTimestamp(21)).toBe('21 sekunder');
    expect(spokenTimestamp(61)).toBe('1 minutt og 1 sekund');
    expect(spokenTimestamp(125)).toBe('2 minutter og 5 sekunder');
  });
});

describe('text', () => {
  it('splits a Norwegian text into its sentences', () => {
    const parts = [...segmentSentences('Første setning. Andre setning!')].map((s) => s.segment.trim());
    expect(parts).toEqual(['Første setning.', 'Andre setning!']);
  });
});
