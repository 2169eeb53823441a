import type { Config } from '@netlify/functions';
import { courseParams } from '../../src/schemas/learning';
import { courseWithContent } from '../../src/server/learning/course-content.service';
import { createHandler, route } from '../../src/server/platform/http';
import { courseWithContentResponse } from '../../src/schemas/player';
import { jsonOf } from '../../src/server/platform/http/respond';

/**
 * The course player's data, in a function of its own: it is the one that needs the HTML
 * sanitiser, which the catalogue's function then does not ship (decision record 0018).
 *   GET /api/courses/:courseId/with-content   signed in   modules, lessons with content (HTML sanitised),
 *                                                         the caller's state; 404 unknown course
 * Any signed-in user may open any course.
 * Anonymous callers get 401 {"error":"Unauthorized"}; malformed ids 400.
 */
export default createHandler({
  'GET /api/courses/:courseId/with-content': route({
    access: 'user',
    params: courseParams,
    response: courseWithContentResponse,
    async handler({ db, user, params }) {
      return jsonOf(courseWithContentResponse, await courseWithContent(db, user.id, params.courseId));
    },
  }),
});

export const config: Config = {
  path: ['/api/courses/:courseId/with-content'],
  method: ['GET'],
};
