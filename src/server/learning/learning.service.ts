import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { type Db, preparedPer } from '../../../db/client';
import { courses, enrollments, lessonProgress, lessons, modules, productCourses, products } from '../../../db/schema';
import { PACKAGE_PRODUCT } from '../../lib/company-package';
import {
  type CatalogueCourse,
  type Enrollment,
  type ListedEnrollment,
  type LearnerProgress,
  type LessonSummary,
  type ModuleWithProgress,
  percentage,
} from '../../schemas/learning';
import { accessColumns, accessReason, enrollAsLearner, enrollmentOf, previewLessonCondition } from '../access/entitlements';
import { NotFoundError } from '../platform/errors';

export const COURSE_NOT_FOUND = 'Fant ikke kurset';
export const MODULE_NOT_FOUND = 'Fant ikke modulen';

const coursesQuery = preparedPer((db) =>
  db
    .select({
      id: courses.id,
      title: courses.title,
      description: courses.description,
      duration: courses.duration,
      level: courses.level,
      orderIndex: courses.orderIndex,
      ...accessColumns(sql.placeholder('userId')),
      onSale: sql<boolean | null>`(SELECT ${products.onSale} FROM ${products} WHERE ${products.courseId} = ${courses.id})`,
      previewLessons: sql<number>`(
        SELECT count(*)::int FROM lessons pl JOIN modules pm ON pm.id = pl.module_id
        WHERE pm.course_id = ${courses.id} AND ${previewLessonCondition(sql`pl.id`, sql`pl.is_preview`, sql`${courses.id}`)}
      )`.mapWith(Number),
    })
    .from(courses)
    .leftJoin(enrollments, enrollmentOf(sql.placeholder('userId')))
    .orderBy(asc(courses.orderIndex), asc(courses.id))
    .prepare('list_courses'),
);

export async function listCourses(db: Db, userId: string): Promise<CatalogueCourse[]> {
  const rows = await coursesQuery(db).execute({ userId });
  return rows.map(({ role, priceOre, enrollmentId, source, revokedAt, onSale, ...course }) => ({
    ...course,
    priceOre,
    onSale: onSale ?? false,
    access: accessReason({ role, priceOre, enrollmentId, source, revokedAt }),
  }));
}

const playerOrder = sql`m.order_index, m.created_at, m.id, l.order_index, l.created_at, l.id`;

const enrollmentsQuery = preparedPer((db) =>
  db
    .select({
      id: enrollments.id,
      courseId: enrollments.courseId,
      enrolledAt: enrollments.createdAt,
      completedAt: enrollments.completedAt,
      lessonsTotal: sql<number>`(
        SELECT count(*)::int FROM lessons l JOIN modules m ON m.id = l.module_id WHERE m.course_id = ${enrollments.courseId}
      )`.mapWith(Number),
      lessonsCompleted: sql<number>`(
        SELECT count(*)::int FROM lesson_progress lp JOIN lessons l ON l.id = lp.lesson_id JOIN modules m ON m.id = l.module_id
        WHERE m.course_id = ${enrollments.courseId} AND lp.user_id = ${enrollments.userId} AND lp.completed
      )`.mapWith(Number),
      nextLessonId: sql<string | null>`(
        SELECT l.id FROM lessons l JOIN modules m ON m.id = l.module_id
        LEFT JOIN lesson_progress lp ON lp.lesson_id = l.id AND lp.user_id = ${enrollments.userId}
        WHERE m.course_id = ${enrollments.courseId}
        ORDER BY (lp.completed IS TRUE), ${playerOrder} LIMIT 1
      )`,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .leftJoin(
      productCourses,
      and(eq(enrollments.source, 'seat'), eq(productCourses.productId, PACKAGE_PRODUCT), eq(productCourses.courseId, enrollments.courseId)),
    )
    // A revoked enrollment leaves the dashboard; its progress stays.
    .where(and(eq(enrollments.userId, sql.placeholder('userId')), isNull(enrollments.revokedAt)))
    .orderBy(asc(enrollments.createdAt), sql`${productCourses.position} NULLS LAST`, asc(courses.orderIndex), asc(enrollments.id))
    .prepare('list_enrollments'),
);

export async function listEnrollments(db: Db, userId: string): Promise<ListedEnrollment[]> {
  const rows = await enrollmentsQuery(db).execute({ userId });
  return rows.map((r) => ({ ...r, enrolledAt: r.enrolledAt.toISOString(), completedAt: r.completedAt?.toISOString() ?? null }));
}

export async function enroll(db: Db, userId: string, courseId: string): Promise<{ enrollment: Enrollment; created: boolean }> {
  const row = await enrollAsLearner(db, userId, courseId);
  return {
    created: row.created,
    enrollment: { id: row.id, courseId, enrolledAt: row.createdAt.toISOString(), completedAt: row.completedAt?.toISOString() ?? null },
  };
}

/** Left join: an unknown course gives no row, a course without modules one row with no module. */
const modulesWithProgressQuery = preparedPer((db) =>
  db
    .select({
      id: modules.id,
      title: modules.title,
      orderIndex: modules.orderIndex,
      total: count(lessons.id),
      completed: sql<number>`count(${lessonProgress.id}) filter (where ${lessonProgress.completed})`.mapWith(Number),
    })
    .from(courses)
    .leftJoin(modules, eq(modules.courseId, courses.id))
    .leftJoin(lessons, eq(lessons.moduleId, modules.id))
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, sql.placeholder('userId'))))
    .where(eq(courses.id, sql.placeholder('courseId')))
    .groupBy(courses.id, modules.id)
    .orderBy(asc(modules.orderIndex), asc(modules.id))
    .prepare('modules_with_progress'),
);

export async function modulesWithProgress(db: Db, userId: string, courseId: string): Promise<ModuleWithProgress[]> {
  const rows = await modulesWithProgressQuery(db).execute({ userId, courseId });
  if (!rows.length) throw new NotFoundError(COURSE_NOT_FOUND);
  return rows.flatMap((r) =>
    r.id === null || r.title === null || r.orderIndex === null
      ? []
      : [
          {
            module: { id: r.id, title: r.title, orderIndex: r.orderIndex },
            progress: { completed: r.completed, total: r.total, percentage: percentage(r.completed, r.total) },
          },
        ],
  );
}

export async function moduleLessons(db: Db, moduleId: string): Promise<LessonSummary[]> {
  const [module] = await db.select({ id: modules.id }).from(modules).where(eq(modules.id, moduleId));
  if (!module) throw new NotFoundError(MODULE_NOT_FOUND);
  return db
    .select({
      id: lessons.id,
      moduleId: lessons.moduleId,
      title: lessons.title,
      description: lessons.description,
      orderIndex: lessons.orderIndex,
      contentType: lessons.type,
      estimatedMinutes: lessons.estimatedMinutes,
    })
    .from(lessons)
    .where(eq(lessons.moduleId, moduleId))
    .orderBy(asc(lessons.orderIndex), asc(lessons.id));
}

/** Minutes are time actually spent: video seconds the server accepted plus heartbeat-measured seconds on other lessons. */
const learnerProgressQuery = preparedPer((db) =>
  db
    .select({
      completedLessons: sql<number>`(
        SELECT count(*)::int FROM lesson_progress cp WHERE cp.user_id = ${sql.placeholder('userId')} AND cp.completed
      )`,
      completedTasks: sql<number>`(
        SELECT count(*)::int FROM (
          SELECT tl.id FROM task_answers ta JOIN lessons tl ON tl.id = ta.lesson_id
          WHERE ta.user_id = ${sql.placeholder('userId')} AND tl.type = 'task'
          GROUP BY tl.id
          HAVING count(*) FILTER (
            WHERE ta.question BETWEEN 1 AND jsonb_array_length(coalesce(tl.content -> 'questions', '[]'::jsonb))
               OR (ta.question = 0 AND tl.content -> 'placeholder' IS NOT NULL)
          ) >= jsonb_array_length(coalesce(tl.content -> 'questions', '[]'::jsonb)) + (CASE WHEN tl.content -> 'placeholder' IS NOT NULL THEN 1 ELSE 0 END)
        ) answered
      )`,
      secondsSpent: sql<number>`(
        SELECT coalesce(sum(CASE WHEN sl.type = 'video' THEN sp.watch_furthest_seconds ELSE sp.study_seconds END), 0)::float8
        FROM lesson_progress sp JOIN lessons sl ON sl.id = sp.lesson_id
        WHERE sp.user_id = ${sql.placeholder('userId')}
      )`,
      modulesCompleted: sql<number>`(
        SELECT count(*)::int FROM (
          SELECT l.module_id FROM lessons l
          LEFT JOIN lesson_progress p ON p.lesson_id = l.id AND p.user_id = ${sql.placeholder('userId')} AND p.completed
          WHERE l.module_id IN (
            SELECT dl.module_id FROM lesson_progress dp JOIN lessons dl ON dl.id = dp.lesson_id
            WHERE dp.user_id = ${sql.placeholder('userId')} AND dp.completed
          )
          GROUP BY l.module_id
          HAVING count(p.id) = count(l.id)
        ) done_modules
      )`,
    })
    .from(sql`(SELECT 1) one`)
    .prepare('learner_progress'),
);

export async function learnerProgress(db: Db, userId: string): Promise<LearnerProgress> {
  const [row] = await learnerProgressQuery(db).execute({ userId });
  return {
    completedLessons: Number(row?.completedLessons ?? 0),
    completedTasks: Number(row?.completedTasks ?? 0),
    minutesStudied: Math.floor(Number(row?.secondsSpent ?? 0) / 60),
    modulesCompleted: Number(row?.modulesCompleted ?? 0),
  };
}
