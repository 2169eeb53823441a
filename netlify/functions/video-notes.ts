import type { Config } from '@netlify/functions';
import { createNoteBody, noteParams, okResponse, updateNoteBody, videoNoteResponse } from '../../src/schemas/player';
import { createHandler, route } from '../../src/server/platform/http';
import { createNote, deleteNote, updateNote } from '../../src/server/notes/notes.service';
import { jsonOf } from '../../src/server/platform/http/respond';

/** Another user's note is 404, never 403; one's own note can be deleted even on a locked lesson. */
export default createHandler({
  'POST /api/video-notes': route({
    access: 'user',
    body: createNoteBody,
    response: videoNoteResponse,
    async handler({ db, user, body }) {
      return jsonOf(videoNoteResponse, await createNote(db, user.id, body), { status: 201 });
    },
  }),

  'PUT /api/video-notes/:id': route({
    access: 'user',
    params: noteParams,
    body: updateNoteBody,
    response: videoNoteResponse,
    async handler({ db, user, params, body }) {
      return jsonOf(videoNoteResponse, await updateNote(db, user.id, params.id, body.noteText));
    },
  }),

  'DELETE /api/video-notes/:id': route({
    access: 'user',
    params: noteParams,
    response: okResponse,
    async handler({ db, user, params }) {
      await deleteNote(db, user.id, params.id);
      return jsonOf(okResponse, { ok: true });
    },
  }),
});

export const config: Config = {
  path: ['/api/video-notes', '/api/video-notes/:id'],
  method: ['POST', 'PUT', 'DELETE'],
};
