/** Norwegian formatting for prices and dates (browser-safe). */
import { onFirstUse } from './intl';

const nokFormat = onFirstUse(() => new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0 }));
const longDate = onFirstUse(() => new Intl.DateTimeFormat('nb-NO', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Oslo' }));
const longDateTime = onFirstUse(() => new Intl.DateTimeFormat('nb-NO', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Oslo' }));

/** 7500 → '7 500 kr' (non-breaking spaces, so a price never wraps). */
export function formatNok(amount: number): string {
  return `${nokFormat().format(amount)}\u00a0kr`;
}

/** A price as the price lists write it: 'Fra 7 500 kr', or just '1 799 kr'. */
export function formatPrice(amount: number, from: boolean, fromWord = 'Fra'): string {
  return from ? `${fromWord} ${formatNok(amount)}` : formatNok(amount);
}

/** 2025-09-29 → '29. september 2025'. */
export function formatLongDate(date: Date): string {
  return longDate().format(date);
}

/** 2026-11-25T10:00Z → '25. november 2026 kl. 11:00' (Oslo time). */
export function formatLongDateTime(date: Date): string {
  return longDateTime().format(date);
}
