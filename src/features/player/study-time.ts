import { useEffect } from 'react';
import { STUDY_HEARTBEAT_MS } from '../../schemas/player-rules';

/**
 * The time a learner spends on a text, task or HTML lesson (the dashboard's minutes): while the
 * lesson is open and the page in view, the player reports it to the server, which measures the
 * time between reports with its own clock, bounded per report and capped per lesson
 * (POST /api/lessons/:id/study-time). A report goes when the lesson opens or the page comes
 * back into view (the server starts counting), every STUDY_HEARTBEAT_MS while in view, and when
 * the page is hidden, left or the learner moves to another lesson (the last stretch counts).
 * A hidden page sends nothing, so a tab in the background earns nothing.
 */

export const studyTimeUrl = (lessonId: string) => `/api/lessons/${lessonId}/study-time`;

/**
 * One report, never waited for: `sendBeacon` when the page is going away (a keepalive fetch if that
 * fails), else an ordinary fetch.
 */
export function reportStudyTime(lessonId: string, leaving = false): void {
  const url = studyTimeUrl(lessonId);
  const body = '{}';
  try {
    if (leaving && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // Fall through to fetch.
  }
  // The answer is read to its end (an unread body keeps the request open in the browser, so the
  // page never looks idle), and a failed report is dropped: the next one counts from the server's clock.
  void Promise.resolve(
    fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, credentials: 'include', keepalive: leaving }),
  )
    .then((response) => response.text())
    .catch(() => {});
}

/** Reports the time on `lessonId` while it is shown; null (a video, a locked lesson, none) reports nothing. */
export function useStudyTime(lessonId: string | null): void {
  useEffect(() => {
    if (!lessonId) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      reportStudyTime(lessonId);
      clearInterval(timer);
      timer = setInterval(() => reportStudyTime(lessonId), STUDY_HEARTBEAT_MS);
    };
    const stop = (leaving: boolean) => {
      clearInterval(timer);
      timer = undefined;
      reportStudyTime(lessonId, leaving);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') start();
      else if (timer !== undefined) stop(true);
    };
    const onPageHide = () => {
      if (timer !== undefined) stop(true);
    };
    if (document.visibilityState === 'visible') start();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      // Another lesson in the same page: the page stays, so an ordinary request.
      if (timer !== undefined) stop(false);
    };
  }, [lessonId]);
}
