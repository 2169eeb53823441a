import { onFirstUse } from './intl';

/** 83 → '01:23'; 3725 → '1:02:05'. Negative or non-finite values count as 0. */
export function formatTimestamp(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

/** A spoken form for screen readers: 83 → '1 minutt og 23 sekunder'. */
export function spokenTimestamp(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const m = Math.floor(total / 60);
  const s = total % 60;
  const sec = `${s} ${s === 1 ? 'sekund' : 'sekunder'}`;
  if (m === 0) return sec;
  return `${m} ${m === 1 ? 'minutt' : 'minutter'} og ${sec}`;
}

const noteDate = onFirstUse(() => new Intl.DateTimeFormat('nb-NO', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Oslo' }));

/** An ISO time as a Norwegian date, e.g. '23. nov. 2026'. */
export function formatNoteDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return noteDate().format(date);
}
