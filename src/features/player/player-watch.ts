import { MAX_PLAYBACK_RATE, WATCHED_THRESHOLD } from '../../schemas/player-rules';

/**
 * Watched-fraction bookkeeping for a video lesson. Only the furthest point reached by
 * playing on from already watched ground counts: a seek ahead moves the playhead but
 * not the furthest point, and playing on from there counts only once it joins up.
 * The server keeps its own count (WatchState) and has the last word.
 */

/** The largest step between two `timeupdate` events that still counts as playing (seconds of media time). */
export const MAX_PLAY_STEP_SECONDS = 1.5 * MAX_PLAYBACK_RATE;

export interface WatchTracker {
  /** The furthest point played, in seconds. */
  readonly furthest: number;
  /** The playhead moved while playing (a `timeupdate`); returns the new furthest point. */
  played(time: number): number;
  /** The playhead jumped (a seek, a resume); nothing counts as played. */
  jumped(time: number): void;
}

export function createWatchTracker(startFurthest = 0, startAt = 0): WatchTracker {
  let furthest = Math.max(0, startFurthest);
  let last = Math.max(0, startAt);
  return {
    get furthest() {
      return furthest;
    },
    played(time) {
      const step = time - last;
      // Continuous play that starts inside the watched part pushes the furthest point on.
      if (step >= 0 && step <= MAX_PLAY_STEP_SECONDS && last <= furthest + 0.5) furthest = Math.max(furthest, time);
      last = time;
      return furthest;
    },
    jumped(time) {
      last = time;
    },
  };
}

/** True when `furthest` is at least 95 % of `duration` (a video without a known length is never watched). */
export function isWatched(furthest: number, duration: number): boolean {
  return duration > 0 && furthest >= duration * WATCHED_THRESHOLD;
}

/** The share watched, 0 to 100, for display. */
export function watchedPercent(furthest: number, duration: number): number {
  if (!(duration > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((100 * furthest) / duration)));
}

/** Where to resume: the saved position, unless it is at the very start or the very end. */
export function resumePosition(positionSeconds: number | undefined, duration: number): number {
  if (positionSeconds === undefined || !(positionSeconds > 0)) return 0;
  if (duration > 0 && positionSeconds >= duration - 1) return 0;
  return positionSeconds;
}

// --- playback speed -----------------------------------------------------------

export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** The localStorage key of a learner's playback speed. */
export const playbackRateKey = (userId: string) => `ki-akademiet:avspillingshastighet:${userId}`;

/** A stored value as a supported speed; anything else is 1. */
export function parsePlaybackRate(value: string | null): number {
  const n = Number(value);
  return (PLAYBACK_RATES as readonly number[]).includes(n) ? n : 1;
}

/** The next speed up (+1) or down (-1), staying within 0.75–2. */
export function stepPlaybackRate(current: number, direction: 1 | -1): number {
  const i = PLAYBACK_RATES.findIndex((r) => r >= current);
  const at = i < 0 ? PLAYBACK_RATES.length - 1 : i;
  return PLAYBACK_RATES[Math.min(PLAYBACK_RATES.length - 1, Math.max(0, at + direction))] ?? 1;
}

/** Reads a learner's speed from storage (missing or blocked storage: 1). */
export function loadPlaybackRate(storage: Pick<Storage, 'getItem'> | undefined, userId: string): number {
  try {
    return parsePlaybackRate(storage?.getItem(playbackRateKey(userId)) ?? null);
  } catch {
    return 1;
  }
}

export function savePlaybackRate(storage: Pick<Storage, 'setItem'> | undefined, userId: string, rate: number): void {
  try {
    storage?.setItem(playbackRateKey(userId), String(rate));
  } catch {
    // Private mode or full storage: the speed is simply not remembered.
  }
}

/** The playback speed as shown: 1.25 → '1,25×'. */
export function formatRate(rate: number): string {
  return `${String(rate).replace('.', ',')}×`;
}
