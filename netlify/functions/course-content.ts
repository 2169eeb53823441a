import type { Config } from '@netlify/functions';
import { courseParams } from '../../src/schemas/learning';
import { courseWithContent } from '../../src/server/learning/course-content.service';
import { createHandler, route } from '../../src/server/platform/http';
import { courseWithContentResponse } from '../../src/schemas/player';
import { jsonOf } from '../../src/server/platform/http/respond';

/** A function of its own because it alone needs the HTML sanitiser, which the catalogue's function then does not ship. */
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
