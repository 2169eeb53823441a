/**
 * Every number, amount, date and duration the platform shows, written the Norwegian way (nb-NO),
 * in one place: the islands, the static pages, the server's mails, receipts and PDFs all call
 * these, and nothing else builds an `Intl` object (src/lib/format-guard.test.ts fails if
 * something does). Browser-safe.
 *
 * Each Intl object is built on first use (`onFirstUse`, src/lib/intl.ts): the first one a page
 * builds costs the main thread the locale's data, which must not land in an island's first
 * script evaluation when the view shows no date or amount.
 */
import { onFirstUse } from './intl';

const OSLO = 'Europe/Oslo';

/** Intl may group thousands and join 'kl.' with narrow no-break spaces (U+202F), which the PDF's font lacks. */
const noNarrowSpaces = (text: string) => text.replace(/\u202f/g, '\u00a0');

// Numbers and counts

const wholeNumber = onFirstUse(() => new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0 }));
const plainNumber = onFirstUse(() => new Intl.NumberFormat('nb-NO'));
const pluralRules = onFirstUse(() => new Intl.PluralRules('nb'));

/**
 * A count as Norwegian writes it: '1 290' (a no-break space between thousands). A whole number
 * from 0 to 999 has nothing to group and is its digits, so the views that show only small counts
 * (/admin's course list) never build the number format.
 */
export function formatCount(count: number): string {
  return Number.isInteger(count) && count >= 0 && count < 1000 ? String(count) : wholeNumber().format(count);
}

/** Any number with up to three decimals: 1290.5 → '1 290,5'. For values that are not counts. */
export function formatNumber(value: number): string {
  return plainNumber().format(value);
}

/** The noun alone, by bokmål's plural rules: `one` for a count of one, else `other`. */
export function pluralNoun(count: number, one: string, other: string): string {
  return pluralRules().select(count) === 'one' ? one : other;
}

/** The count (digits grouped the Norwegian way) and its noun: '1 leksjon', '1 290 leksjoner', never '1 leksjoner'. */
export function countOf(count: number, one: string, other: string): string {
  return `${formatCount(count)} ${pluralNoun(count, one, other)}`;
}

// Money

const kronerWithOre = onFirstUse(() => new Intl.NumberFormat('nb-NO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** Whole kroner, as the price lists state them: 7500 → '7 500 kr' (no-break spaces, so a price never wraps). */
export function formatNok(amount: number): string {
  return `${wholeNumber().format(amount)}\u00a0kr`;
}

/** A price as the price lists write it: 'Fra 7 500 kr', or just '1 799 kr'. */
export function formatPrice(amount: number, from: boolean, fromWord = 'Fra'): string {
  return from ? `${fromWord} ${formatNok(amount)}` : formatNok(amount);
}

/**
 * Integer øre as the pages and the checkout show them, øre only when there are some:
 * 199000 → '1 990 kr', 35980 → '359,80 kr'.
 */
export function formatKroner(ore: number): string {
  if (ore % 100 === 0) return formatNok(ore / 100);
  return `${kronerWithOre().format(ore / 100)}\u00a0kr`;
}

/**
 * Integer øre as a receipt states them, always with both decimals: 199000 → '1 990,00 kr',
 * -20000 → '−200,00 kr'. The bookkeeping rules want every amount of a receipt in kroner and øre,
 * so the web receipt, its mail, its PDF and the refunds print this one. Exact (kroner and øre
 * apart, no division in floating point); only no-break spaces (U+00A0).
 */
export function formatKronerOre(ore: number): string {
  if (!Number.isSafeInteger(ore)) throw new RangeError(`Øre are whole numbers, got ${ore}`);
  const abs = Math.abs(ore);
  const kroner = wholeNumber()
    .format(Math.floor(abs / 100))
    .replace(/[\s\u202f]/g, '\u00a0');
  return `${ore < 0 ? '\u2212' : ''}${kroner},${String(abs % 100).padStart(2, '0')}\u00a0kr`;
}

// Dates and times, on Norway's clock unless a calendar day is given

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

/** '29. september 2025'. */
export function formatLongDate(moment: Moment): string {
  return longDate().format(toDate(moment));
}

/** '23. nov. 2026'. */
export function formatShortDate(moment: Moment): string {
  return shortDate().format(toDate(moment));
}

/** '23.11.2026'. */
export function formatNumericDate(moment: Moment): string {
  return numericDate().format(toDate(moment));
}

/** '25. november 2026 kl. 11:00'. */
export function formatLongDateTime(moment: Moment): string {
  return noNarrowSpaces(longDateTime().format(toDate(moment)));
}

/** '23.11.2026, 10:15'. */
export function formatShortDateTime(moment: Moment): string {
  return shortDateTime().format(toDate(moment));
}

/** '23.11.2026, 10:15:42'. */
export function formatShortDateTimeSeconds(moment: Moment): string {
  return shortDateTimeSeconds().format(toDate(moment));
}

/** The time of day: '10:15'. */
export function formatClock(moment: Moment): string {
  return clock().format(toDate(moment));
}

/** A calendar day ('2026-11-23', no time zone to shift it) as '23. nov. 2026'. */
export function formatCalendarDay(day: string): string {
  return calendarDay().format(new Date(`${day}T00:00:00Z`));
}

/** A calendar day ('2026-11-23') as '23. nov.'. */
export function formatCalendarDayShort(day: string): string {
  return calendarDayNoYear().format(new Date(`${day}T00:00:00Z`));
}

/** A calendar month: '2026-11' → 'november 2026'; anything else as given. */
export function formatMonth(month: string): string {
  return /^\d{4}-\d{2}$/.test(month) ? calendarMonth().format(new Date(`${month}-01T00:00:00Z`)) : month;
}

/** The day a moment falls on in Norway, as ISO writes it (what a date field wants): '2026-11-23'. */
export function osloIsoDate(moment: Moment): string {
  return osloIso().format(toDate(moment));
}

/** The year and month (1–12) a moment falls in, in Norway. */
export function osloYearMonth(moment: Moment): { year: number; month: number } {
  const [year, month] = osloIsoDate(moment).split('-');
  return { year: Number(year), month: Number(month) };
}

// Durations

const wholeSeconds = (seconds: number) => (Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0);

/** A video's position: 83 → '01:23'; 3725 → '1:02:05'. Negative or non-finite values count as 0. */
export function formatTimestamp(seconds: number): string {
  const total = wholeSeconds(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

/** The same position spoken, for screen readers: 83 → '1 minutt og 23 sekunder'. */
export function spokenTimestamp(seconds: number): string {
  const total = wholeSeconds(seconds);
  const m = Math.floor(total / 60);
  const s = total % 60;
  const sec = `${s} ${s === 1 ? 'sekund' : 'sekunder'}`;
  if (m === 0) return sec;
  return `${m} ${m === 1 ? 'minutt' : 'minutter'} og ${sec}`;
}

// Text

const sentenceSegmenter = onFirstUse(() => new Intl.Segmenter('nb', { granularity: 'sentence' }));

/** A Norwegian text's sentences as Intl.Segmenter finds them (each with its index in the text). */
export function segmentSentences(text: string): Intl.Segments {
  return sentenceSegmenter().segment(text);
}
