/** Nothing else builds an `Intl` object (src/lib/format-guard.test.ts); each is built on first use. */
import { onFirstUse } from './intl';

const OSLO = 'Europe/Oslo';

/** Intl may group thousands and join 'kl.' with narrow no-break spaces (U+202F), which the PDF's font lacks. */
const noNarrowSpaces = (text: string) => text.replace(/\u202f/g, '\u00a0');

const wholeNumber = onFirstUse(() => new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0 }));
const plainNumber = onFirstUse(() => new Intl.NumberFormat('nb-NO'));
const pluralRules = onFirstUse(() => new Intl.PluralRules('nb'));

/** 0–999 skip the number format, so views with only small counts never build it. */
export function formatCount(count: number): string {
  return Number.isInteger(count) && count >= 0 && count < 1000 ? String(count) : wholeNumber().format(count);
}

export function formatNumber(value: number): string {
  return plainNumber().format(value);
}

export function pluralNoun(count: number, one: string, other: string): string {
  return pluralRules().select(count) === 'one' ? one : other;
}

export function countOf(count: number, one: string, other: string): string {
  return `${formatCount(count)} ${pluralNoun(count, one, other)}`;
}

const kronerWithOre = onFirstUse(() => new Intl.NumberFormat('nb-NO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** No-break spaces, so a price never wraps. */
export function formatNok(amount: number): string {
  return `${wholeNumber().format(amount)}\u00a0kr`;
}

export function formatPrice(amount: number, from: boolean, fromWord = 'Fra'): string {
  return from ? `${fromWord} ${formatNok(amount)}` : formatNok(amount);
}

/** Integer øre: 199000 → '1 990 kr', 35980 → '359,80 kr'. */
export function formatKroner(ore: number): string {
  if (ore % 100 === 0) return formatNok(ore / 100);
  return `${kronerWithOre().format(ore / 100)}\u00a0kr`;
}

/** Integer øre with both decimals, as bookkeeping wants on a receipt; exact, no floating-point division. */
export function formatKronerOre(ore: number): string {
  if (!Number.isSafeInteger(ore)) throw new RangeError(`Øre are whole numbers, got ${ore}`);
  const abs = Math.abs(ore);
  const kroner = wholeNumber()
    .format(Math.floor(abs / 100))
    .replace(/[\s\u202f]/g, '\u00a0');
  return `${ore < 0 ? '\u2212' : ''}${kroner},${String(abs % 100).padStart(2, '0')}\u00a0kr`;
}

// On Norway's clock unless a calendar day is given.

const longDate = onFirstUse(() => new Intl.DateTimeFormat('nb-NO', { day: 'numeric', month: 'long', year: 'numeric', timeZone: OSLO }));
const shortDate = onFirstUse(() => new Intl.DateTimeFormat('nb-NO', { day: 'numeric', month: 'short', year: 'numeric', timeZone: OSLO }));
const numericDate = onFirstUse(() => new Intl.DateTimeFormat('nb-NO', { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: OSLO }));
const longDateTime = onFirstUse(() => new Intl.DateTimeFormat('nb-NO', { dateStyle: 'long', timeStyle: 'short', timeZone: OSLO }));
const shortDateTime = onFirstUse(() => new Intl.DateTimeFormat('nb-NO', { dateStyle: 'short', timeStyle: 'short', timeZone: OSLO }));
const shortDateTimeSeconds = onFirstUse(() => new Intl.DateTimeFormat('nb-NO', { dateStyle: 'short', timeStyle: 'medium', timeZone: OSLO }));
const clock = onFirstUse(() => new Intl.DateTimeFormat('nb-NO', { hour: '2-digit', minute: '2-digit', timeZone: OSLO }));
const calendarDay = onFirstUse(() => new Intl.DateTimeFormat('nb-NO', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }));
const calendarDayNoYear = onFirstUse(() => new Intl.DateTimeFormat('nb-NO', { day: 'numeric', month: 'short', timeZone: 'UTC' }));
const calendarMonth = onFirstUse(() => new Intl.DateTimeFormat('nb-NO', { month: 'long', year: 'numeric', timeZone: 'UTC' }));
/** en-CA writes a date as ISO does (YYYY-MM-DD): the one locale whose parts need no reordering. */
const osloIso = onFirstUse(() => new Intl.DateTimeFormat('en-CA', { timeZone: OSLO, year: 'numeric', month: '2-digit', day: '2-digit' }));

type Moment = Date | string;
const toDate = (moment: Moment) => (typeof moment === 'string' ? new Date(moment) : moment);

export function formatLongDate(moment: Moment): string {
  return longDate().format(toDate(moment));
}

export function formatShortDate(moment: Moment): string {
  return shortDate().format(toDate(moment));
}

export function formatNumericDate(moment: Moment): string {
  return numericDate().format(toDate(moment));
}

export function formatLongDateTime(moment: Moment): string {
  return noNarrowSpaces(longDateTime().format(toDate(moment)));
}

export function formatShortDateTime(moment: Moment): string {
  return shortDateTime().format(toDate(moment));
}

export function formatShortDateTimeSeconds(moment: Moment): string {
  return shortDateTimeSeconds().format(toDate(moment));
}

export function formatClock(moment: Moment): string {
  return clock().format(toDate(moment));
}

export function formatCalendarDay(day: string): string {
  return calendarDay().format(new Date(`${day}T00:00:00Z`));
}

export function formatCalendarDayShort(day: string): string {
  return calendarDayNoYear().format(new Date(`${day}T00:00:00Z`));
}

export function formatMonth(month: string): string {
  return /^\d{4}-\d{2}$/.test(month) ? calendarMonth().format(new Date(`${month}-01T00:00:00Z`)) : month;
}

export function osloIsoDate(moment: Moment): string {
  return osloIso().format(toDate(moment));
}

export function osloYearMonth(moment: Moment): { year: number; month: number } {
  const [year, month] = osloIsoDate(moment).split('-');
  return { year: Number(year), month: Number(month) };
}

const wholeSeconds = (seconds: number) => (Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0);

export function formatTimestamp(seconds: number): string {
  const total = wholeSeconds(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

export function spokenTimestamp(seconds: number): string {
  const total = wholeSeconds(seconds);
  const m = Math.floor(total / 60);
  const s = total % 60;
  const sec = `${s} ${s === 1 ? 'sekund' : 'sekunder'}`;
  if (m === 0) return sec;
  return `${m} ${m === 1 ? 'minutt' : 'minutter'} og ${sec}`;
}

const sentenceSegmenter = onFirstUse(() => new Intl.Segmenter('nb', { granularity: 'sentence' }));

export function segmentSentences(text: string): Intl.Segments {
  return sentenceSegmenter().segment(text);
}
