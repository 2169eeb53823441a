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

/**
 * The first view of the signed-in pages rendered on demand (the course player, /admin, the
 * dashboard on '/'), read in
 * the page's own request: the session exactly as the API pipeline checks it
 * (src/server/platform/http/access.ts: `validateSessionToken`, the same renewal and clearing of cookies), then the
 * same services the API routes call, with the same access rules. The page renders what this
 * returns and hands it to its island as react-query's initial data, so the island asks nothing
 * again on hydration.
 *
 * What a page gets back:
 * - `redirect`: no valid session (absent, expired, deactivated user): 302 to sign-in and back,
 *   with the stale cookies cleared, before any markup;
 * - `not-found` / `forbidden`: the service's 404 / 403 (an unknown course; a learner on /admin);
 * - `unavailable`: the database did not answer (503, the API's own sentence);
 * - `ok`: the signed-in user and the page's data, as JSON would carry it (dates as strings), so the
 *   island's cache holds what `/api/*` would have answered.
 */
export type PageData<T> =
  | { kind: 'ok'; user: SessionUser; data: T }
  | { kind: 'redirect'; response: Response }
  | { kind: 'not-found'; message: string }
  | { kind: 'forbidden'; message: string }
  | { kind: 'unavailable'; message: string };

/** The 302 to sign-in and back to this page (as `guardAppPage` sends without a cookie), with `cookies` set. */
function signInRedirect(astro: AstroGlobal, cookies: string[]): Response {
  const next = astro.url.pathname + astro.url.search;
  const headers = new Headers({ Location: `/api/login?next=${encodeURIComponent(next)}`, 'Cache-Control': 'private, no-store' });
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 302, headers });
}

/** JSON's view of a value: what the API would have sent (a Date becomes its ISO string). */
function asJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * Reads the session of the page's request and runs `load` with the database and the user. Call
 * it after `guardAppPage(Astro)` (which answers a request without a cookie and sets the headers).
 */
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

/** The player's first view: what `GET /api/courses/:courseId/with-content` and `…/progress` answer the user. */
export interface PlayerPageData {
  course: CourseWithContent;
  progress: CourseProgress;
  /** The current lesson's saved answers (`GET /api/lessons/:id/answers`), when it is an open task lesson. */
  taskAnswers?: { lessonId: string; answers: TaskAnswers };
  /** The caller's certificates (`GET /api/certificates`), when the current lesson is the course's last (it offers the certificate). */
  certificates?: MyCertificate[];
}

/**
 * Which lesson the page shows and whether it is the course's last: the player's own rule
 * (src/features/player/player-lessons.ts), handed in by the page, which may use browser code.
 */
export type CurrentLessonOf = (course: CourseWithContent) => { lesson: PlayerLesson; last: boolean } | undefined;

/**
 * The course with the caller's progress and watch state; the entitlements (inside
 * `courseWithContent`) leave a locked lesson without its body, video URL and captions. A course id
 * the API would refuse as malformed (400) is, for a page, a course that does not exist. What the
 * current lesson reads when it opens (a task's saved answers, the last lesson's certificate) is
 * read here too, so the island asks the API nothing while it hydrates.
 */
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

/** Who may open /admin: the roles of the admin API's routes (netlify/functions/admin.ts). */
const ADMIN_ROLES: readonly SessionUser['role'][] = ['admin', 'superuser'];

export const adminPageMessages = {
  noAccess: 'Kun administratorer og superbrukere har tilgang til administrasjonsdashboardet.',
} as const;

/**
 * The admin page's first tab (Innholdsbehandling › Kurs): what `GET /api/admin/courses` answers, and
 * the publishing status above the tabs: what `GET /api/admin/publishing` answers.
 */
export interface AdminPageData {
  courses: AdminCourse[];
  publishing: PublishingState;
}

export async function adminPageData(db: Db, user: SessionUser): Promise<AdminPageData> {
  if (!ADMIN_ROLES.includes(user.role)) throw new ForbiddenError(adminPageMessages.noAccess);
  const [courses, publishing] = await Promise.all([listAdminCourses(db), publishingState(db)]);
  return { courses, publishing };
}

/**
 * The dashboard's first view on '/': what its island asks when it opens, each as its route answers
 * it: `GET /api/users/me/enrollments`, `GET /api/courses`, `GET /api/users/me/progress`,
 * `GET /api/certificates` and `GET /api/courses/:courseId/modules-with-progress` for the courses
 * whose module progress the dashboard shows at once.
 */
export interface DashboardPageData {
  enrollments: ListedEnrollment[];
  courses: CatalogueCourse[];
  figures: LearnerProgress;
  certificates: MyCertificate[];
  /** Module progress per course id, for the courses `progressIdsOf` picks. */
  modules: { courseId: string; modules: ModuleWithProgress[] }[];
}

/**
 * Reads the dashboard's first view for `user`. Which enrolled courses get their module progress
 * read at once is the dashboard's own rule (src/features/dashboard/dashboard-stats.ts), handed in
 * by the page, since src/server imports no browser code.
 */
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
