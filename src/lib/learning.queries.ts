import { queryOptions } from '@tanstack/react-query';
import type { CurrentUser } from '../schemas/auth';
import type { Course, Enrollment, LessonSummary, ModuleWithProgress } from '../schemas/learning';
import type { CourseWithContent } from '../schemas/player';
import { getQueryFn } from './api';

/** Query options of the learner app, keyed by URL parts (the default GET joins them with '/'). */

export const currentUserQuery = queryOptions({
  queryKey: ['/api/auth/user'],
  queryFn: getQueryFn<CurrentUser | null>({ on401: 'returnNull' }),
});

export const enrollmentsQuery = queryOptions({
  queryKey: ['/api/users/me/enrollments'],
  queryFn: getQueryFn<Enrollment[]>(),
});

export const coursesQuery = queryOptions({
  queryKey: ['/api/courses'],
  queryFn: getQueryFn<Course[]>(),
});

export const modulesWithProgressQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['/api/courses', courseId, 'modules-with-progress'],
    queryFn: getQueryFn<ModuleWithProgress[]>(),
  });

export const moduleLessonsQuery = (moduleId: string) =>
  queryOptions({
    queryKey: ['/api/modules', moduleId, 'lessons'],
    queryFn: getQueryFn<LessonSummary[]>(),
  });

/** A course with its modules and lessons: read by the player, and by the admin, which refreshes it after an edit. */
export const courseWithContentQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['/api/courses', courseId, 'with-content'],
    queryFn: getQueryFn<CourseWithContent>(),
  });
