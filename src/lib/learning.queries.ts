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

export const currentUserQuery = queryOptions({
  queryKey: ['/api/auth/user'],
  queryFn: getQueryFn<typeof currentUser>({ on401: 'returnNull' }),
});

export const enrollmentsQuery = queryOptions({
  queryKey: ['/api/users/me/enrollments'],
  queryFn: getQueryFn<typeof enrollmentsResponse>(),
});

export const coursesQuery = queryOptions({
  queryKey: ['/api/courses'],
  queryFn: getQueryFn<typeof coursesResponse>(),
});

export const learnerProgressQuery = queryOptions({
  queryKey: ['/api/users/me/progress'],
  queryFn: getQueryFn<typeof learnerProgressResponse>(),
});

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

export const courseWithContentQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['/api/courses', courseId, 'with-content'],
    queryFn: getQueryFn<typeof courseWithContentResponse>(),
  });
