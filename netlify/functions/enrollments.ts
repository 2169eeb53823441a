import type { Config } from '@netlify/functions';
import { enrollBody, enrollmentResponse, enrollmentsResponse, learnerProgressResponse } from '../../src/schemas/learning';
import { createHandler, route } from '../../src/server/platform/http';
import { enroll, learnerProgress, listEnrollments } from '../../src/server/learning/learning.service';
import { jsonOf } from '../../src/server/platform/http/respond';

export default createHandler({
  'GET /api/users/me/enrollments': route({
    access: 'user',
    response: enrollmentsResponse,
    async handler({ db, user }) {
      return jsonOf(enrollmentsResponse, await listEnrollments(db, user.id));
    },
  }),

  'GET /api/users/me/progress': route({
    access: 'user',
    response: learnerProgressResponse,
    async handler({ db, user }) {
      return jsonOf(learnerProgressResponse, await learnerProgress(db, user.id));
    },
  }),

  'POST /api/enrollments': route({
    access: 'user',
    body: enrollBody,
    response: enrollmentResponse,
    async handler({ db, user, body }) {
      const { enrollment, created } = await enroll(db, user.id, body.courseId);
      return jsonOf(enrollmentResponse, enrollment, { status: created ? 201 : 200 });
    },
  }),
});

export const config: Config = {
  path: ['/api/users/me/enrollments', '/api/users/me/progress', '/api/enrollments'],
  method: ['GET', 'POST'],
};
