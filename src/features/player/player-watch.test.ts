import { describe, expect, it, vi } from 'vitest';
import {
  createWatchTracker,
  formatRate,
  isWatched,
  loadPlaybackRate,
  parsePlaybackRate,
  playbackRateKey,
  resumePosition,
  savePlaybackRate,
  stepPlaybackRate,
  watchedPercent,
} from './player-watch';

/** Plays from `from` to `to` in timeupdate-sized steps. */
function play(tracker: ReturnType<typeof createWatchTracker>, from: number, to: number, step = 0.25) {
  for (let t = from; t <= to + 1e-9; t += step) tracker.played(Math.min(t, to));
}

describe('createWatchTracker', () => {
  it('counts continuous play', () => {
    const tracker = createWatchTracker();
    play(tracker, 0, 10);
    expect(tracker.furthest).toBe(10);
  });

  it('does not count a seek ahead, nor play that starts after it', () => {
    const tracker = createWatchTracker();
    play(tracker, 0, 5);
    tracker.jumped(25);
    play(tracker, 25, 28);
    expect(tracker.furthest).toBe(5);
  });

  it('does not count a jump that arrives as a timeupdate', () => {
    const tracker = createWatchTracker();
    play(tracker, 0, 2);
    tracker.played(27);
    tracker.played(27.25);
    expect(tracker.furthest).toBe(2);
  });

  it('counts again after seeking back into watched ground and playing on', () => {
    const tracker = createWatchTracker();
    play(tracker, 0, 10);
    tracker.jumped(4);
    play(tracker, 4, 12);
    expect(tracker.furthest).toBe(12);
  });

  it('counts play at 2× (half-second steps)', () => {
    const tracker = createWatchTracker();
    play(tracker, 0, 28, 0.5);
    expect(tracker.furthest).toBe(28);
  });

  it("starts from the server's furthest point and resumes from the saved position", () => {
    const tracker = createWatchTracker(20, 18);
    play(tracker, 18, 22);
    expect(tracker.furthest).toBe(22);
    const ahead = createWatchTracker(5, 15);
    play(ahead, 15, 20);
    expect(ahead.furthest).toBe(5);
  });
});

describe('isWatched and watchedPercent', () => {
  it('needs 95 % of a known length', () => {
    expect(isWatched(26.6, 28)).toBe(true);
    expect(isWatched(26.5, 28)).toBe(false);
    expect(isWatched(10, 0)).toBe(false);
    expect(watchedPercent(14, 28)).toBe(50);
    expect(watchedPercent(40, 28)).toBe(100);
    expect(watchedPercent(5, Number.NaN)).toBe(0);
  });
});

describe('resumePosition', () => {
  it('resumes inside the video only', () => {
    expect(resumePosition(12.5, 28)).toBe(12.5);
    expect(resumePosition(undefined, 28)).toBe(0);
    expect(resumePosition(0, 28)).toBe(0);
    expect(resumePosition(27.5, 28)).toBe(0);
  });
});

describe('playback speed', () => {
  it('accepts only the offered speeds', () => {
    expect(parsePlaybackRate('1.5')).toBe(1.5);
    expect(parsePlaybackRate('3')).toBe(1);
    expect(parsePlaybackRate(null)).toBe(1);
  });
  it('steps within 0.75–2×', () => {
    expect(stepPlaybackRate(1, 1)).toBe(1.25);
    expect(stepPlaybackRate(2, 1)).toBe(2);
    expect(stepPlaybackRate(0.75, -1)).toBe(0.75);
    expect(stepPlaybackRate(1.25, -1)).toBe(1);
  });
  it('is remembered per learner', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    savePlaybackRate(storage, 'u1', 1.75);
    expect(store.get(playbackRateKey('u1'))).toBe('1.75');
    expect(loadPlaybackRate(storage, 'u1')).toBe(1.75);
    expect(loadPlaybackRate(storage, 'u2')).toBe(1);
  });
  it('survives storage that throws', () => {
    const broken = {
      getItem: vi.fn(() => {
        throw new Error('blocked');
      }),
      setItem: vi.fn(() => {
        throw new Error('blocked');
      }),
    };
    expect(loadPlaybackRate(broken, 'u1')).toBe(1);
    expect(() => savePlaybackRate(broken, 'u1', 2)).not.toThrow();
    expect(formatRate(1.25)).toBe('1,25×');
  });
});
