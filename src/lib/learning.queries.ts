import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { currentUser } from '../schemas/auth';
import type {
  coursesResponse,
  enrollmentsResponse,
  learnerProgressResponse,
  moduleLessonsResponse,
  modulesWithProgressResponse,
} from '../schemas/learning';
import type { courseWithContentResponse } from '../schemas/player';
import { getQueryFn } from './api';

/** Query options of the learner app, keyed by URL parts (the default GET joins them with '/'). */

export const currentUserQuery = queryOptions({
  queryKey: ['/api/auth/user'],
  queryFn: getQueryFn<typeof currentUser>({ on401: 'returnNull' }),
});

export const enrollmentsQuery = queryOptions({
  queryKey: ['/api/users/me/enrollments'],
  queryFn: getQueryFn<typeof enrollmentsResponse>(),
});

/** The catalogue as the caller sees it: each course with its price and the caller's access. */
export const coursesQuery = queryOptions({
  queryKey: ['/api/courses'],
  queryFn: getQueryFn<typeof coursesResponse>(),
});

/** The dashboard's figures from the caller's own progress; completing a lesson invalidates it. */
export const learnerProgressQuery = queryOptions({
  queryKey: ['/api/users/me/progress'],
  queryFn: getQueryFn<typeof learnerProgressResponse>(),
});

/**
 * What completing a lesson (or buying a course) changes on the dashboard: the figures, the
 * enrollments, the catalogue's access and every course's module progress, and nothing else (the
 * player's course content stays). The player calls it after a completion, the dashboard when the
 * learner comes back to it (another tab, the back button).
 */
export function refreshLearnerProgress(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    predicate: ({ queryKey: [first, , last] }) =>
      first === '/api/users/me/progress' ||
      first === '/api/users/me/enrollments' ||
      (first === '/api/courses' && (last === undefined || last === 'modules-with-progress')),
  });
}

export const modulesWithProgressQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['/api/courses', courseId, 'modules-with-progress'],
    queryFn: getQueryFn<typeof modulesWithProgressResponse>(),
  });

export const moduleLessonsQuery = (moduleId: string) =>
  queryOptions({
    queryKey: ['/api/modules', moduleId, 'lessons'],
    queryFn: getQueryFn<typeof moduleLessonsResponse>(),
  });

/** A course with its modules and lessons: read by the player, and by the admin, which refreshes it after an edit. */
export const courseWithContentQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['/api/courses', courseId, 'with-content'],
    queryFn: getQueryFn<typeof courseWithContentResponse>(),
  });
