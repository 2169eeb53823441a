import { infiniteQueryOptions, mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { CurrentUser } from '../../schemas/auth';
import type {
  AdminCourse,
  AdminLessonListItem,
  AdminStatistics,
  AdminUser,
  AdminVideo,
  AuditEntry,
  PublishingOutcome,
  PublishingState,
  adminUserResponse,
  adminUsersResponse,
  adminVideoResponse,
  adminVideosResponse,
  orderedItemsResponse,
  publishingOutcomeResponse,
  renameResponse,
  adminCoursesResponse,
  adminLessonResponse,
  adminLessonsResponse,
  adminModuleResponse,
  adminStatisticsResponse,
} from '../../schemas/admin';
import type { LessonType } from '../../schemas/lesson-content';
import type { AdminAuditEntry, AdminAuditPage, adminAuditResponse } from '../../schemas/audit';
import { ApiError, apiJson, apiRequest, getJson, getQueryFn, isUnauthorizedError } from '../../lib/api';
import { courseWithContentQuery } from '../../lib/learning.queries';
import { type BrowserEffects, browserEffects, sessionExpired } from '../../lib/session-expired';

/**
 * Queries, mutations and toasts of the admin page, keyed by URL parts like
 * learning.queries.ts. The answer types come from src/schemas/admin.ts (type imports
 * only: no zod reaches the browser).
 */

export type Role = CurrentUser['role'];
export type {
  AdminAuditEntry,
  AdminAuditPage,
  AdminCourse,
  AdminLessonListItem,
  AdminStatistics,
  AdminUser,
  AdminVideo,
  AuditEntry,
  PublishingOutcome,
  PublishingState,
};
export type AssistantUsage = AdminStatistics['assistant'];

// --- reads ----------------------------------------------------------------------

export const adminCoursesQuery = queryOptions({ queryKey: ['/api/admin/courses'], queryFn: getQueryFn<typeof adminCoursesResponse>() });
export const adminVideosQuery = queryOptions({ queryKey: ['/api/admin/videos'], queryFn: getQueryFn<typeof adminVideosResponse>() });
export const adminStatisticsQuery = queryOptions({ queryKey: ['/api/admin/statistics'], queryFn: getQueryFn<typeof adminStatisticsResponse>() });
export const adminUsersQuery = queryOptions({ queryKey: ['/api/admin/users'], queryFn: getQueryFn<typeof adminUsersResponse>() });
export { courseWithContentQuery };

/** The 'Leksjoner' tab's filters: empty means every course or every type. */
export interface LessonFilter {
  courseId: string;
  type: LessonType | '';
}

const ADMIN_LESSONS = '/api/admin/lessons';

/** Every lesson (or one course's, or one type's) with its module and course. */
export const adminLessonsQuery = (filter: LessonFilter) =>
  queryOptions({
    queryKey: [ADMIN_LESSONS, filter],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ ...(filter.courseId ? { courseId: filter.courseId } : {}), ...(filter.type ? { type: filter.type } : {}) });
      const search = query.toString();
      return getJson<typeof adminLessonsResponse>(search ? `${ADMIN_LESSONS}?${search}` : ADMIN_LESSONS, signal);
    },
  });

/**
 * Publishing the public pages after an edit they show: the last rebuild request
 * (`GET /api/admin/publishing`), replaced by what a rename or 'Prøv igjen' answers. `changedAt`
 * marks an outcome of this visit (an edit saved, a request made) rather than the last one on record.
 */
export interface PublishingView extends PublishingState {
  changedAt?: string;
}

export const publishingQuery = queryOptions({ queryKey: ['/api/admin/publishing'], queryFn: getQueryFn<PublishingView>() });

/** The view after an edit or a new request answered `outcome`. */
export function publishingAfter(previous: PublishingView | undefined, outcome: PublishingOutcome): PublishingView {
  if (outcome.status === 'skipped') return { hookConfigured: false, last: previous?.last ?? null, changedAt: outcome.at };
  return { hookConfigured: true, last: { status: outcome.status, at: outcome.at }, changedAt: outcome.at };
}

const showPublishing = (client: QueryClient, outcome: PublishingOutcome) =>
  client.setQueryData<PublishingView>(publishingQuery.queryKey, (previous) => publishingAfter(previous, outcome));

/** How many entries 'Siste endringer' shows at first and adds per 'Vis flere'. */
export const AUDIT_PAGE_SIZE = 10;

/** The superuser's change timeline, newest first; each next page starts at the previous page's cursor. */
export const adminAuditQuery = infiniteQueryOptions({
  queryKey: ['/api/admin/audit'],
  initialPageParam: null as string | null,
  queryFn: async ({ pageParam, signal }) => {
    const query = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) });
    return getJson<typeof adminAuditResponse>(`/api/admin/audit?${query}`, signal);
  },
  getNextPageParam: (last) => last.nextCursor,
});

/** Every write is audited: the timeline is stale after any of them. */
const invalidateAudit = (client: QueryClient) => client.invalidateQueries({ queryKey: adminAuditQuery.queryKey });

// --- toasts (spec, section 8) ------------------------------------------------------

type ToastInput = Parameters<BrowserEffects['toast']>[0];
export const failed = (description: string): ToastInput => ({ title: 'Feil', description, variant: 'destructive' });

export const adminToasts = {
  courseRenamed: { title: 'Kursnavn oppdatert' },
  courseRenameFailed: failed('Kunne ikke oppdatere kursnavn.'),
  moduleRenamed: { title: 'Modulnavn oppdatert' },
  moduleRenameFailed: failed('Kunne ikke oppdatere modulnavn.'),
  moduleCreated: { title: 'Modul opprettet' },
  moduleCreateFailed: failed('Kunne ikke opprette modul.'),
  lessonCreated: { title: 'Leksjon opprettet' },
  lessonCreateFailed: failed('Kunne ikke opprette leksjon.'),
  lessonUpdated: { title: 'Leksjon oppdatert' },
  lessonUpdateFailed: failed('Kunne ikke oppdatere leksjon.'),
  videoRegistered: { title: 'Video registrert' },
  videoRegisterFailed: failed('Kunne ikke registrere video.'),
  videoMissing: failed('Video URL og tittel er påkrevd.'),
  videoDeleted: { title: 'Video slettet' },
  videoDeleteFailed: failed('Kunne ikke slette videoen.'),
  moveFailed: failed('Kunne ikke endre rekkefølgen.'),
  userActivated: { title: 'Bruker aktivert' },
  userDeactivated: { title: 'Bruker deaktivert' },
  roleChanged: { title: 'Rolle endret' },
  userUpdateFailed: failed('Kunne ikke endre brukeren.'),
  statisticsRefreshFailed: failed('Kunne ikke oppdatere statistikken.'),
  publishingRequested: { title: 'Ny publisering bestilt' },
  publishingFailed: failed('Kunne ikke be om ny publisering.'),
} satisfies Record<string, ToastInput>;

/** A failure: an expired session goes to sign-in, anything else shows `fallback`. */
export function reportFailure(error: unknown, fallback: ToastInput, effects: BrowserEffects): void {
  if (isUnauthorizedError(error)) return sessionExpired(effects);
  effects.toast(fallback);
}

/** The server's Norwegian sentence for a refused user change (409 own account / last superuser), else the fallback. */
function userFailure(error: unknown): ToastInput {
  const message = (error as Partial<ApiError> | null)?.bodyError;
  const status = (error as Partial<ApiError> | null)?.status;
  return status === 409 && message ? failed(message) : adminToasts.userUpdateFailed;
}

/** The 'Leksjoner' list shows lesson, module and course titles and the order: stale after any content write. */
const invalidateLessons = (client: QueryClient) => client.invalidateQueries({ queryKey: [ADMIN_LESSONS] });
const invalidateCourses = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: adminCoursesQuery.queryKey }), invalidateLessons(client), invalidateAudit(client)]);
const invalidateCourse = (client: QueryClient, courseId: string) =>
  Promise.all([
    client.invalidateQueries({ queryKey: courseWithContentQuery(courseId).queryKey }),
    invalidateLessons(client),
    invalidateAudit(client),
  ]);
const invalidateVideos = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: adminVideosQuery.queryKey }), invalidateAudit(client)]);

// --- content mutations -------------------------------------------------------------

export function renameCourseMutation(client: QueryClient, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async ({ courseId, name }: { courseId: string; name: string }) =>
      apiJson<typeof renameResponse>('PUT', `/api/admin/courses/${courseId}/name`, { name }),
    onSuccess: async (result, { courseId }) => {
      effects.toast(adminToasts.courseRenamed);
      showPublishing(client, result.publishing);
      await Promise.all([invalidateCourses(client), invalidateCourse(client, courseId)]);
    },
    onError: (error) => reportFailure(error, adminToasts.courseRenameFailed, effects),
  });
}

export function renameModuleMutation(client: QueryClient, courseId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async ({ moduleId, name }: { moduleId: string; name: string }) =>
      apiJson<typeof renameResponse>('PUT', `/api/admin/modules/${moduleId}/name`, { name }),
    onSuccess: async (result) => {
      effects.toast(adminToasts.moduleRenamed);
      showPublishing(client, result.publishing);
      await invalidateCourse(client, courseId);
    },
    onError: (error) => reportFailure(error, adminToasts.moduleRenameFailed, effects),
  });
}

export interface CreateModuleInput {
  title: string;
  description: string;
}

export function createModuleMutation(client: QueryClient, courseId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    // The spec's client sends orderIndex 0; the server places the module last.
    mutationFn: async (input: CreateModuleInput) =>
      apiJson<typeof adminModuleResponse>('POST', `/api/admin/courses/${courseId}/modules`, { ...input, orderIndex: 0 }),
    onSuccess: async () => {
      effects.toast(adminToasts.moduleCreated);
      await Promise.all([invalidateCourse(client, courseId), invalidateCourses(client)]);
    },
    onError: (error) => reportFailure(error, adminToasts.moduleCreateFailed, effects),
  });
}

export interface CreateLessonInput {
  title: string;
  lessonType: 'text' | 'html' | 'video';
  content: Record<string, unknown>;
  videoUrl: string | null;
  durationSeconds?: number;
}

export function createLessonMutation(client: QueryClient, courseId: string, moduleId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (input: CreateLessonInput) =>
      apiJson<typeof adminLessonResponse>('POST', `/api/admin/modules/${moduleId}/lessons`, { ...input, orderIndex: 0 }),
    onSuccess: async () => {
      effects.toast(adminToasts.lessonCreated);
      await invalidateCourse(client, courseId);
    },
    onError: (error) => reportFailure(error, adminToasts.lessonCreateFailed, effects),
  });
}

export interface UpdateLessonInput {
  title?: string;
  content: Record<string, unknown>;
  videoUrl: string | null;
  durationSeconds?: number;
  /** Open to every signed-in user; sent only when changed. */
  isPreview?: boolean;
}

export function updateLessonMutation(client: QueryClient, courseId: string, lessonId: string, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (input: UpdateLessonInput) => apiJson<typeof adminLessonResponse>('PUT', `/api/admin/lessons/${lessonId}/content`, input),
    onSuccess: async () => {
      effects.toast(adminToasts.lessonUpdated);
      await invalidateCourse(client, courseId);
    },
    onError: (error) => reportFailure(error, adminToasts.lessonUpdateFailed, effects),
  });
}

export type Direction = 'up' | 'down';

/** Moves a module (within its course) or a lesson (within its module) one place up or down. */
export function moveMutation(client: QueryClient, courseId: string, kind: 'modules' | 'lessons', effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async ({ id, direction }: { id: string; direction: Direction }) =>
      apiJson<typeof orderedItemsResponse>('POST', `/api/admin/${kind}/${id}/move`, { direction }),
    onSuccess: () => invalidateCourse(client, courseId),
    onError: (error) => reportFailure(error, adminToasts.moveFailed, effects),
  });
}

/** 'Prøv igjen': asks Netlify for a new build of the public pages; the outcome replaces the shown one. */
export function publishAgainMutation(client: QueryClient, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async () => apiJson<typeof publishingOutcomeResponse>('POST', '/api/admin/publishing'),
    onSuccess: async (outcome) => {
      showPublishing(client, outcome);
      if (outcome.status === 'requested') effects.toast(adminToasts.publishingRequested);
      await invalidateAudit(client);
    },
    onError: (error) => reportFailure(error, adminToasts.publishingFailed, effects),
  });
}

// --- video library -------------------------------------------------------------------

export interface RegisterVideoInput {
  title: string;
  url: string;
  description?: string;
  durationSeconds?: number;
}

export function registerVideoMutation(client: QueryClient, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (input: RegisterVideoInput) => apiJson<typeof adminVideoResponse>('POST', '/api/admin/videos', input),
    onSuccess: async () => {
      effects.toast(adminToasts.videoRegistered);
      await invalidateVideos(client);
    },
    onError: (error) => reportFailure(error, adminToasts.videoRegisterFailed, effects),
  });
}

export function deleteVideoMutation(client: QueryClient, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `/api/admin/videos/${id}`);
    },
    onSuccess: async () => {
      effects.toast(adminToasts.videoDeleted);
      await invalidateVideos(client);
    },
    onError: (error) => reportFailure(error, adminToasts.videoDeleteFailed, effects),
  });
}

// --- users (superuser) -------------------------------------------------------------------

const invalidateUsers = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: adminUsersQuery.queryKey }),
    client.invalidateQueries({ queryKey: adminStatisticsQuery.queryKey }),
    invalidateAudit(client),
  ]);

export function userStatusMutation(client: QueryClient, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async ({ userId, isActive }: { userId: string; isActive: boolean }) =>
      apiJson<typeof adminUserResponse>('PUT', `/api/admin/users/${userId}/status`, { isActive }),
    onSuccess: async (user) => {
      effects.toast(user.isActive ? adminToasts.userActivated : adminToasts.userDeactivated);
      await invalidateUsers(client);
    },
    onError: (error) => reportFailure(error, userFailure(error), effects),
  });
}

export function userRoleMutation(client: QueryClient, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async ({ userId, role }: { userId: string; role: Role }) =>
      apiJson<typeof adminUserResponse>('PUT', `/api/admin/users/${userId}/role`, { role }),
    onSuccess: async () => {
      effects.toast(adminToasts.roleChanged);
      await invalidateUsers(client);
    },
    onError: (error) => reportFailure(error, userFailure(error), effects),
  });
}

/**
 * 'Oppdater tall': the statistics computed now (`?fresh=1`) instead of the server's snapshot
 * (at most `ADMIN_STATS_MAX_AGE_SECONDS` old), put straight into the statistics query.
 */
export function refreshStatisticsMutation(client: QueryClient, effects: BrowserEffects = browserEffects) {
  return mutationOptions({
    mutationFn: async () => apiJson<typeof adminStatisticsResponse>('GET', '/api/admin/statistics?fresh=1'),
    onSuccess: (stats) => client.setQueryData(adminStatisticsQuery.queryKey, stats),
    onError: (error) => reportFailure(error, adminToasts.statisticsRefreshFailed, effects),
  });
}
