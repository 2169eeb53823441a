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

/** A lesson the caller may not read is 403, and its progress and notes stay stored. */
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
