import type { AstroGlobal } from 'astro';
import type { Db } from '../../../db/client';
import type { AdminCourse, PublishingState } from '../../schemas/admin';
import {
  type CatalogueCourse,
  courseParams,
  type Enrollment,
  type ListedEnrollment,
  type LearnerProgress,
  type ModuleWithProgress,
} from '../../schemas/learning';
import type { MyCertificate } from '../../schemas/certificates';
import type { CourseProgress, CourseWithContent, PlayerLesson } from '../../schemas/player';
import type { TaskAnswers } from '../../schemas/task-answers';
import { listAdminCourses } from '../admin/admin.service';
import { publishingState } from '../admin/publishing.service';
import { listTaskAnswers } from './task-answers.service';
import { listMyCertificates } from '../certificates/certificates.service';
import { courseWithContent } from './course-content.service';
import { learnerProgress, listCourses, listEnrollments, modulesWithProgress } from './learning.service';
import { acquireAppDb } from '../platform/db';
import { databaseUnavailableMessage, isDatabaseUnavailable } from '../platform/db-errors';
import { DomainError, ForbiddenError, NotFoundError, UnavailableError } from '../platform/errors';
import { logRequestError } from '../platform/log';
import { courseProgress, playerMessages } from './player.service';
import { clearedSessionCookies, SESSION_COOKIE, type SessionUser, sessionCookies, validateSessionToken } from '../auth/session';

/** The session is checked exactly as the API pipeline does; `ok` data is JSON-shaped (dates as strings) to seed react-query. */
export type PageData<T> =
  | { kind: 'ok'; user: SessionUser; data: T }
  | { kind: 'redirect'; response: Response }
  | { kind: 'not-found'; message: string }
  | { kind: 'forbidden'; message: string }
  | { kind: 'unavailable'; message: string };

function signInRedirect(astro: AstroGlobal, cookies: string[]): Response {
  const next = astro.url.pathname + astro.url.search;
  const headers = new Headers({ Location: `/api/login?next=${encodeURIComponent(next)}`, 'Cache-Control': 'private, no-store' });
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 302, headers });
}

function asJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Call after `guardAppPage(Astro)`, which answers a request without a cookie and sets the headers. */
export async function loadPageData<T>(astro: AstroGlobal, load: (db: Db, user: SessionUser) => Promise<T>): Promise<PageData<T>> {
  const requestId = crypto.randomUUID();
  const route = `page ${astro.url.pathname}`;
  let release: (() => Promise<void>) | undefined;
  try {
    const token = astro.cookies.get(SESSION_COOKIE)?.value ?? '';
    const acquired = await acquireAppDb();
    release = acquired.release;
    const auth = token ? await validateSessionToken(acquired.db, token) : null;
    if (!auth) return { kind: 'redirect', response: signInRedirect(astro, clearedSessionCookies(astro.request.url)) };
    if (auth.session.renewed) {
      for (const cookie of sessionCookies(astro.request.url, token, auth.session.expiresAt)) astro.response.headers.append('Set-Cookie', cookie);
    }
    const data = await load(acquired.db, auth.user);
    return { kind: 'ok', user: asJson(auth.user), data: asJson(data) };
  } catch (error) {
    if (error instanceof NotFoundError) return { kind: 'not-found', message: error.message };
    if (error instanceof ForbiddenError) return { kind: 'forbidden', message: error.message };
    if (error instanceof UnavailableError) return { kind: 'unavailable', message: error.message };
    if (error instanceof DomainError) throw error;
    logRequestError(requestId, route, error);
    if (isDatabaseUnavailable(error)) return { kind: 'unavailable', message: databaseUnavailableMessage };
    throw error;
  } finally {
    await release?.().catch((e: unknown) => logRequestError(requestId, `${route} (releasing the database)`, e));
  }
}

export interface PlayerPageData {
  course: CourseWithContent;
  progress: CourseProgress;
  taskAnswers?: { lessonId: string; answers: TaskAnswers };
  certificates?: MyCertificate[];
}

/** The player's own rule, handed in by the page since src/server imports no browser code. */
export type CurrentLessonOf = (course: CourseWithContent) => { lesson: PlayerLesson; last: boolean } | undefined;

/** A malformed course id is, for a page, a course that does not exist. */
export async function playerPageData(db: Db, user: SessionUser, courseId: string, currentOf: CurrentLessonOf): Promise<PlayerPageData> {
  if (!courseParams.safeParse({ courseId }).success) throw new NotFoundError(playerMessages.courseNotFound);
  const course = await courseWithContent(db, user.id, courseId);
  const progress = await courseProgress(db, user.id, courseId);
  const data: PlayerPageData = { course, progress };
  const current = currentOf(course);
  if (current && !current.lesson.locked && current.lesson.contentType === 'task') {
    data.taskAnswers = { lessonId: current.lesson.id, answers: await listTaskAnswers(db, user.id, current.lesson.id) };
  }
  if (current?.last) data.certificates = await listMyCertificates(db, user.id);
  return data;
}

const ADMIN_ROLES: readonly SessionUser['role'][] = ['admin', 'superuser'];

export const adminPageMessages = {
  noAccess: 'Kun administratorer og superbrukere har tilgang til administrasjonsdashboardet.',
} as const;

export interface AdminPageData {
  courses: AdminCourse[];
  publishing: PublishingState;
}

export async function adminPageData(db: Db, user: SessionUser): Promise<AdminPageData> {
  if (!ADMIN_ROLES.includes(user.role)) throw new ForbiddenError(adminPageMessages.noAccess);
  const [courses, publishing] = await Promise.all([listAdminCourses(db), publishingState(db)]);
  return { courses, publishing };
}

export interface DashboardPageData {
  enrollments: ListedEnrollment[];
  courses: CatalogueCourse[];
  figures: LearnerProgress;
  certificates: MyCertificate[];
  modules: { courseId: string; modules: ModuleWithProgress[] }[];
}

export async function dashboardPageData(
  db: Db,
  user: SessionUser,
  progressIdsOf: (enrollments: Enrollment[]) => string[],
): Promise<DashboardPageData> {
  const enrollments = await listEnrollments(db, user.id);
  const courses = await listCourses(db, user.id);
  const figures = await learnerProgress(db, user.id);
  const certificates = await listMyCertificates(db, user.id);
  const modules = [];
  for (const courseId of progressIdsOf(enrollments)) modules.push({ courseId, modules: await modulesWithProgress(db, user.id, courseId) });
  return { enrollments, courses, figures, certificates, modules };
}
