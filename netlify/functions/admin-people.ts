import type { Config } from '@netlify/functions';
import {
  grantAccessBody,
  peopleQuery,
  peopleResponse,
  personCourseParams,
  personDetailResponse,
  personParams,
  takeBackAccessBody,
} from '../../src/schemas/admin-shop';
import { grantAccess, personDetail, searchPeople, takeBackAccess } from '../../src/server/admin/people.service';
import { createHandler, route } from '../../src/server/platform/http';
import { jsonOf } from '../../src/server/platform/http/respond';

/** Grants by hand never touch what an order or a seat gives, and a refund never ends a grant by hand. */
const S = ['superuser'] as const;

export default createHandler({
  'GET /api/admin/people': route({
    access: S,
    query: peopleQuery,
    response: peopleResponse,
    async handler({ db, query }) {
      return jsonOf(peopleResponse, await searchPeople(db, query.q));
    },
  }),

  'GET /api/admin/people/:userId': route({
    access: S,
    params: personParams,
    response: personDetailResponse,
    async handler({ db, params }) {
      return jsonOf(personDetailResponse, await personDetail(db, params.userId));
    },
  }),

  'POST /api/admin/people/:userId/access': route({
    access: S,
    params: personParams,
    body: grantAccessBody,
    response: personDetailResponse,
    async handler({ db, user, params, body }) {
      return jsonOf(personDetailResponse, await grantAccess(db, user.id, params.userId, body.courseId, body.reason), { status: 201 });
    },
  }),

  'POST /api/admin/people/:userId/access/:courseId/revoke': route({
    access: S,
    params: personCourseParams,
    body: takeBackAccessBody,
    response: personDetailResponse,
    async handler({ db, user, params, body }) {
      return jsonOf(personDetailResponse, await takeBackAccess(db, user.id, params.userId, params.courseId, body.reason));
    },
  }),
});

export const config: Config = {
  path: ['/api/admin/people', '/api/admin/people/:userId', '/api/admin/people/:userId/access', '/api/admin/people/:userId/access/:courseId/revoke'],
  method: ['GET', 'POST'],
};
