import type { Config } from '@netlify/functions';
import { courseParams, coursesResponse, moduleLessonsResponse, moduleParams, modulesWithProgressResponse } from '../../src/schemas/learning';
import { createHandler, route } from '../../src/server/platform/http';
import { listCourses, moduleLessons, modulesWithProgress } from '../../src/server/learning/learning.service';
import { courseProgress } from '../../src/server/learning/player.service';
import { jsonOf } from '../../src/server/platform/http/respond';
import { courseProgressResponse } from '../../src/schemas/player';

/** Prices in øre. */
export default createHandler({
  'GET /api/courses': route({
    access: 'user',
    response: coursesResponse,
    async handler({ db, user }) {
      return jsonOf(coursesResponse, await listCourses(db, user.id));
    },
  }),

  'GET /api/courses/:courseId/modules-with-progress': route({
    access: 'user',
    params: courseParams,
    response: modulesWithProgressResponse,
    async handler({ db, user, params }) {
      return jsonOf(modulesWithProgressResponse, await modulesWithProgress(db, user.id, params.courseId));
    },
  }),

  'GET /api/courses/:courseId/progress': route({
    access: 'user',
    params: courseParams,
    response: courseProgressResponse,
    async handler({ db, user, params }) {
      return jsonOf(courseProgressResponse, await courseProgress(db, user.id, params.courseId));
    },
  }),

  'GET /api/modules/:moduleId/lessons': route({
    access: 'user',
    params: moduleParams,
    response: moduleLessonsResponse,
    async handler({ db, params }) {
      return jsonOf(moduleLessonsResponse, await moduleLessons(db, params.moduleId));
    },
  }),
});

export const config: Config = {
  path: ['/api/courses', '/api/courses/:courseId/modules-with-progress', '/api/courses/:courseId/progress', '/api/modules/:moduleId/lessons'],
  method: ['GET'],
};
