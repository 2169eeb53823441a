import type { Config } from '@netlify/functions';
import {
  adminCourseParams,
  adminCoursesResponse,
  adminLessonParams,
  adminLessonResponse,
  adminLessonsQuery,
  adminLessonsResponse,
  adminModuleParams,
  adminModuleResponse,
  adminStatisticsResponse,
  adminUserParams,
  adminUserResponse,
  adminUsersResponse,
  adminVideoParams,
  adminVideoResponse,
  adminVideosResponse,
  createLessonBody,
  createModuleBody,
  createVideoBody,
  editLessonBody,
  moveBody,
  orderedItemsResponse,
  publishingOutcomeResponse,
  publishingStateResponse,
  renameBody,
  renameResponse,
  userRoleBody,
  userStatusBody,
  videoDeletedResponse,
} from '../../src/schemas/admin';
import { z } from 'zod';
import { adminStatistics } from '../../src/server/statistics/stats.service';
import { auditCursor, auditTimeline } from '../../src/server/admin/audit-timeline.service';
import { pageQuery } from '../../src/server/platform/paging';
import { env } from '../../src/server/platform/env';
import {
  createLesson,
  createModule,
  createVideo,
  deleteVideo,
  listAdminCourses,
  listAdminLessons,
  listVideos,
  moveLesson,
  moveModule,
  updateLessonContent,
} from '../../src/server/admin/admin.service';
import { renameCourse, renameModule } from '../../src/server/admin/content.service';
import { createHandler, route } from '../../src/server/platform/http';
import {
  publishingReasons,
  publishingState,
  requestPublishing,
  requestPublishingAgain,
  startSiteBuild,
} from '../../src/server/admin/publishing.service';
import { listUsers, setUserRole, setUserStatus } from '../../src/server/admin/users.service';
import { jsonOf } from '../../src/server/platform/http/respond';
import { adminAuditResponse } from '../../src/schemas/audit';

/** Each content write is audited in its own transaction; a committed rename then asks Netlify to rebuild the public pages. */

const A = ['admin', 'superuser'] as const;
const S = ['superuser'] as const;

export default createHandler({
  'GET /api/admin/courses': route({
    access: A,
    response: adminCoursesResponse,
    async handler({ db }) {
      return jsonOf(adminCoursesResponse, await listAdminCourses(db));
    },
  }),

  'PUT /api/admin/courses/:courseId/name': route({
    access: A,
    params: adminCourseParams,
    body: renameBody,
    response: renameResponse,
    async handler({ db, user, params, body }) {
      const course = await renameCourse(db, user.id, params.courseId, body.name);
      const publishing = await requestPublishing(db, user.id, publishingReasons.courseRenamed(course.title));
      return jsonOf(renameResponse, { ...course, publishing });
    },
  }),

  'PUT /api/admin/modules/:moduleId/name': route({
    access: A,
    params: adminModuleParams,
    body: renameBody,
    response: renameResponse,
    async handler({ db, user, params, body }) {
      const module = await renameModule(db, user.id, params.moduleId, body.name);
      const publishing = await requestPublishing(db, user.id, publishingReasons.moduleRenamed(module.title));
      return jsonOf(renameResponse, { ...module, publishing });
    },
  }),

  'GET /api/admin/publishing': route({
    access: A,
    response: publishingStateResponse,
    async handler({ db }) {
      return jsonOf(publishingStateResponse, await publishingState(db));
    },
  }),

  'POST /api/admin/publishing': route({
    access: A,
    response: publishingOutcomeResponse,
    async handler({ db, user }) {
      return jsonOf(publishingOutcomeResponse, await requestPublishingAgain(db, user.id));
    },
  }),

  'POST /api/admin/publishing/build': route({
    access: S,
    response: publishingOutcomeResponse,
    async handler({ db, user }) {
      return jsonOf(publishingOutcomeResponse, await startSiteBuild(db, user.id));
    },
  }),

  'GET /api/admin/lessons': route({
    access: A,
    query: adminLessonsQuery,
    response: adminLessonsResponse,
    async handler({ db, query }) {
      return jsonOf(adminLessonsResponse, await listAdminLessons(db, query));
    },
  }),

  'POST /api/admin/courses/:courseId/modules': route({
    access: A,
    params: adminCourseParams,
    body: createModuleBody,
    response: adminModuleResponse,
    async handler({ db, user, params, body }) {
      return jsonOf(adminModuleResponse, await createModule(db, user.id, params.courseId, body), { status: 201 });
    },
  }),

  'POST /api/admin/modules/:moduleId/lessons': route({
    access: A,
    params: adminModuleParams,
    body: createLessonBody,
    response: adminLessonResponse,
    async handler({ db, user, params, body }) {
      return jsonOf(adminLessonResponse, await createLesson(db, user.id, params.moduleId, body), { status: 201 });
    },
  }),

  'PUT /api/admin/lessons/:lessonId/content': route({
    access: A,
    params: adminLessonParams,
    body: editLessonBody,
    response: adminLessonResponse,
    async handler({ db, user, params, body }) {
      return jsonOf(adminLessonResponse, await updateLessonContent(db, user.id, params.lessonId, body));
    },
  }),

  'POST /api/admin/modules/:moduleId/move': route({
    access: A,
    params: adminModuleParams,
    body: moveBody,
    response: orderedItemsResponse,
    async handler({ db, user, params, body }) {
      return jsonOf(orderedItemsResponse, await moveModule(db, user.id, params.moduleId, body.direction));
    },
  }),

  'POST /api/admin/lessons/:lessonId/move': route({
    access: A,
    params: adminLessonParams,
    body: moveBody,
    response: orderedItemsResponse,
    async handler({ db, user, params, body }) {
      return jsonOf(orderedItemsResponse, await moveLesson(db, user.id, params.lessonId, body.direction));
    },
  }),

  'GET /api/admin/videos': route({
    access: A,
    response: adminVideosResponse,
    async handler({ db }) {
      return jsonOf(adminVideosResponse, await listVideos(db));
    },
  }),

  'POST /api/admin/videos': route({
    access: A,
    body: createVideoBody,
    response: adminVideoResponse,
    async handler({ db, user, body }) {
      return jsonOf(adminVideoResponse, await createVideo(db, user.id, body), { status: 201 });
    },
  }),

  'DELETE /api/admin/videos/:id': route({
    access: A,
    params: adminVideoParams,
    response: videoDeletedResponse,
    async handler({ db, user, params }) {
      await deleteVideo(db, user.id, params.id);
      return jsonOf(videoDeletedResponse, { ok: true });
    },
  }),

  'GET /api/admin/statistics': route({
    access: S,
    // ?fresh=1: recompute now (the dashboard's 'Oppdater tall'); otherwise a snapshot at most ADMIN_STATS_MAX_AGE_SECONDS old.
    query: z.object({ fresh: z.enum(['0', '1'], { error: 'Parameteren fresh må være 0 eller 1' }).optional() }),
    response: adminStatisticsResponse,
    async handler({ db, query }) {
      return jsonOf(
        adminStatisticsResponse,
        await adminStatistics(db, { maxAgeSeconds: env.ADMIN_STATS_MAX_AGE_SECONDS, fresh: query.fresh === '1' }),
      );
    },
  }),

  'GET /api/admin/users': route({
    access: S,
    response: adminUsersResponse,
    async handler({ db }) {
      return jsonOf(adminUsersResponse, await listUsers(db));
    },
  }),

  'PUT /api/admin/users/:userId/status': route({
    access: S,
    params: adminUserParams,
    body: userStatusBody,
    response: adminUserResponse,
    async handler({ db, user, params, body }) {
      return jsonOf(adminUserResponse, await setUserStatus(db, user.id, params.userId, body.isActive));
    },
  }),

  'PUT /api/admin/users/:userId/role': route({
    access: S,
    params: adminUserParams,
    body: userRoleBody,
    response: adminUserResponse,
    async handler({ db, user, params, body }) {
      return jsonOf(adminUserResponse, await setUserRole(db, user.id, params.userId, body.role));
    },
  }),

  'GET /api/admin/audit': route({
    access: S,
    query: pageQuery(auditCursor),
    response: adminAuditResponse,
    async handler({ db, query }) {
      return jsonOf(adminAuditResponse, await auditTimeline(db, query));
    },
  }),
});

export const config: Config = {
  path: [
    '/api/admin/courses',
    '/api/admin/courses/:courseId/name',
    '/api/admin/modules/:moduleId/name',
    '/api/admin/publishing',
    '/api/admin/publishing/build',
    '/api/admin/lessons',
    '/api/admin/courses/:courseId/modules',
    '/api/admin/modules/:moduleId/lessons',
    '/api/admin/lessons/:lessonId/content',
    '/api/admin/modules/:moduleId/move',
    '/api/admin/lessons/:lessonId/move',
    '/api/admin/videos',
    '/api/admin/videos/:id',
    '/api/admin/statistics',
    '/api/admin/users',
    '/api/admin/users/:userId/status',
    '/api/admin/users/:userId/role',
    '/api/admin/audit',
  ],
  method: ['GET', 'PUT', 'POST', 'DELETE'],
};
