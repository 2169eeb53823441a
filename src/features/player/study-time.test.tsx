import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STUDY_HEARTBEAT_MS } from '../../schemas/player-rules';
import { fetchMock, requested } from '../../testing/fetch';
import { useStudyTime } from './study-time';

const beats = () => requested().filter((r) => r === 'POST /api/lessons/l1/study-time').length;
let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  fetchMock.mockResolvedValue(Response.json({ studySeconds: 0 }));
  vi.stubGlobal('navigator', { ...navigator, sendBeacon: undefined });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

describe('useStudyTime', () => {
  it('reports when the lesson opens, every heartbeat while in view, and nothing while hidden', () => {
    const { unmount } = renderHook(() => useStudyTime('l1'));
    expect(beats()).toBe(1);
    vi.advanceTimersByTime(STUDY_HEARTBEAT_MS * 2);
    expect(beats()).toBe(3);
    // Hidden: one last report, then silence however long.
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beats()).toBe(4);
    vi.advanceTimersByTime(STUDY_HEARTBEAT_MS * 20);
    expect(beats()).toBe(4);
    // Back in view: the clock starts again.
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beats()).toBe(5);
    // Leaving the lesson reports the last stretch, then stops.
    unmount();
    expect(beats()).toBe(6);
    vi.advanceTimersByTime(STUDY_HEARTBEAT_MS * 5);
    expect(beats()).toBe(6);
  });

  it('reports nothing for a lesson it should not count (a video, a locked lesson)', () => {
    renderHook(() => useStudyTime(null));
    vi.advanceTimersByTime(STUDY_HEARTBEAT_MS * 3);
    expect(requested()).toEqual([]);
  });
});
