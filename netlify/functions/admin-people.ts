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

/**
 * People and access by hand for superusers ('Brukere' in /admin); admins get 403.
 *   GET  /api/admin/people?q=                                  S  the newest 50 matching a name, e-mail or company, with their companies
 *   GET  /api/admin/people/:userId                             S  {person, courses, orders, grants, catalogue}
 *   POST /api/admin/people/:userId/access                      S  {courseId, reason} → 201 the person; 409 `already_granted`
 *   POST /api/admin/people/:userId/access/:courseId/revoke     S  {reason} → the person; 409 `nothing_to_take_back`
 * Giving and taking back are audited ('access.grant', 'access.revoke'); what an order or a seat
 * gives is never taken back here, and a refund or a seat taken back never ends a grant by hand.
 */
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
