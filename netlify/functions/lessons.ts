import type { Config } from '@netlify/functions';
import {
  lessonParams,
  progressBody,
  progressResponse,
  studyTimeBody,
  studyTimeResponse,
  videoNotesResponse,
  watchPositionBody,
  watchStateResponse,
} from '../../src/schemas/player';
import { createHandler, route } from '../../src/server/platform/http';
import { listNotes, noteCursor } from '../../src/server/notes/notes.service';
import { pageQuery } from '../../src/server/platform/paging';
import { recordStudyTime, saveWatchPosition, setLessonProgress } from '../../src/server/learning/player.service';
import { jsonOf, pageOf } from '../../src/server/platform/http/respond';

/**
 * A learner's work on one lesson.
 * Every route asks the entitlements: a lesson the caller may not read is a 403 with a
 * Norwegian `error` (its progress and notes stay stored).
 *   POST /api/lessons/:id/progress         signed in   {completed} → ProgressResult; idempotent; completes the course;
 *                                                      409 {errorType: 'video_not_watched'} for an unwatched video; 404
 *   POST /api/lessons/:id/watch-position   signed in   {positionSeconds} → WatchState (video lessons; else 400); 403 locked;
 *                                                      also sent by sendBeacon / keepalive fetch when the page is left
 *   POST /api/lessons/:id/study-time       signed in   {} → StudyTime: a heartbeat of an open text/task/HTML lesson; the
 *                                                      server counts the time since the last one (bounded, capped per
 *                                                      lesson); video lessons 400; 403 locked; also sent by sendBeacon
 *   GET  /api/lessons/:id/video-notes      signed in   a page of the caller's notes on the lesson, by timestamp; 404;
 *                                                      ?limit= (1–100, default 50), ?cursor= from X-Next-Cursor
 * Anonymous callers get 401 {"error":"Unauthorized"}; malformed ids and bodies 400.
 */
export default createHandler({
  'POST /api/lessons/:id/progress': route({
    access: 'user',
    params: lessonParams,
    body: progressBody,
    response: progressResponse,
    async handler({ db, user, params, body }) {
      return jsonOf(progressResponse, await setLessonProgress(db, user.id, params.id, body.completed));
    },
  }),

  'POST /api/lessons/:id/watch-position': route({
    access: 'user',
    params: lessonParams,
    body: watchPositionBody,
    response: watchStateResponse,
    async handler({ db, user, params, body }) {
      return jsonOf(watchStateResponse, await saveWatchPosition(db, user.id, params.id, body.positionSeconds));
    },
  }),

  'POST /api/lessons/:id/study-time': route({
    access: 'user',
    params: lessonParams,
    body: studyTimeBody,
    response: studyTimeResponse,
    async handler({ db, user, params }) {
      return jsonOf(studyTimeResponse, await recordStudyTime(db, user.id, params.id));
    },
  }),

  'GET /api/lessons/:id/video-notes': route({
    access: 'user',
    params: lessonParams,
    query: pageQuery(noteCursor),
    response: videoNotesResponse,
    async handler({ db, user, params, query, url }) {
      return pageOf(videoNotesResponse, url, await listNotes(db, user.id, params.id, query));
    },
  }),
});

export const config: Config = {
  path: ['/api/lessons/:id/progress', '/api/lessons/:id/watch-position', '/api/lessons/:id/study-time', '/api/lessons/:id/video-notes'],
  method: ['GET', 'POST'],
};
