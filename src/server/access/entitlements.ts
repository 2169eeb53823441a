import { and, desc, eq, inArray, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  accessGrants,
  companySeats,
  courses,
  type EnrollmentSource,
  enrollments,
  lessonProgress,
  lessons,
  modules,
  orders,
  productCourses,
  products,
  type Role,
  users,
} from '../../../db/schema';
import type { LessonContentValue, LessonType } from '../../schemas/lesson-content';
import type { AccessReason } from '../../schemas/player';
import { ForbiddenError, NotFoundError, PaymentRequiredError } from '../platform/errors';

export type { AccessReason };

/**
 * Entitlements (issue 21, decision 26): the one place that decides who may read a course's
 * lessons, and why. Every read and write of lesson content, progress, watch position, notes and
 * the assistant's retrieval asks this module; no other code decides.
 *
 * The rule, in order:
 * 1. admins and superusers read every lesson (`staff`: they edit the same content in /admin);
 * 2. an enrollment that is not revoked gives the course for its `source` (`free`, `purchase`,
 *    `seat`, `grant`);
 * 3. a course whose product costs 0 is free for every signed-in user (`free`);
 * 4. otherwise only the previews: the first lesson of the course (in the player's order) and the
 *    lessons an admin marked `is_preview`. A course without a product is not free (fail closed).
 *
 * Revoking (a refund, a seat taken back) sets `revoked_at`; the enrollment, the progress and the
 * notes stay, and granting again clears it, so the learner resumes where they were.
 */

export const accessMessages = {
  /** The 403 of a locked lesson's content, progress, watch position and notes. */
  lessonLocked: 'Du har ikke tilgang til denne leksjonen. Kjøp kurset for å åpne den.',
  /** The 402 of enrolling in a paid course. */
  paymentRequired: 'Kurset må kjøpes før du kan melde deg på.',
  courseNotFound: 'Fant ikke kurset',
  lessonNotFound: 'Fant ikke leksjonen',
} as const;

/** The facts one decision needs; every query that decides reads exactly these. */
export interface AccessFacts {
  role: Role | null;
  priceOre: number | null;
  enrollmentId: string | null;
  source: EnrollmentSource | null;
  revokedAt: Date | null;
}

/** Why the user may read every lesson of the course, or null: only the previews. */
export function accessReason(facts: AccessFacts): AccessReason | null {
  if (facts.role === 'admin' || facts.role === 'superuser') return 'staff';
  if (facts.enrollmentId !== null && facts.source !== null && facts.revokedAt === null) return facts.source;
  if (facts.priceOre === 0) return 'free';
  return null;
}

/** The rule lives with the public site's free start (a pure module the static pages read too). */
export { isPreviewLesson } from '../../lib/free-start';

/** The enrollment of `userId` in the course of the query (left-join condition over `courses.id`). */
export const enrollmentOf = (userId: SQLWrapper | string) => and(eq(enrollments.courseId, courses.id), eq(enrollments.userId, sql`${userId}`));

/**
 * The facts as columns of a query over `courses` left-joined with `enrollmentOf(userId)`. The
 * role and the price are scalar subqueries, so a query adds them without more joins.
 */
export const accessColumns = (userId: SQLWrapper | string) => ({
  role: sql<Role | null>`(SELECT ${users.role} FROM ${users} WHERE ${users.id} = ${userId})`,
  priceOre: sql<number | null>`(SELECT ${products.priceOre} FROM ${products} WHERE ${products.courseId} = ${courses.id})`.mapWith((v) =>
    v === null ? null : Number(v),
  ),
  enrollmentId: enrollments.id,
  source: enrollments.source,
  revokedAt: enrollments.revokedAt,
});

/**
 * SQL: the lesson is a preview of its course (the same rule as `isPreviewLesson`, for queries that
 * filter lessons): marked by an admin, or the first lesson in the player's order (modules, then
 * lessons, each by order, creation time and id).
 */
export function previewLessonCondition(lessonId: SQL, markedPreview: SQL, courseId: SQL): SQL {
  return sql`(${markedPreview} OR ${lessonId} = (
    SELECT fl.id FROM lessons fl JOIN modules fm ON fm.id = fl.module_id WHERE fm.course_id = ${courseId}
    ORDER BY fm.order_index, fm.created_at, fm.id, fl.order_index, fl.created_at, fl.id LIMIT 1))`;
}

export interface CourseAccess {
  courseId: string;
  reason: AccessReason | null;
  facts: AccessFacts;
}

/** The user's access to one course; 404 for an unknown course. One statement. */
export async function courseAccess(db: Db, userId: string, courseId: string): Promise<CourseAccess> {
  const [row] = await db
    .select({ id: courses.id, ...accessColumns(userId) })
    .from(courses)
    .leftJoin(enrollments, enrollmentOf(userId))
    .where(eq(courses.id, courseId));
  if (!row) throw new NotFoundError(accessMessages.courseNotFound);
  const { id, ...facts } = row;
  return { courseId: id, reason: accessReason(facts), facts };
}

/** The ids of the courses whose every lesson the user may read (the assistant's retrieval). One statement. */
export async function readableCourseIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: courses.id, ...accessColumns(userId) })
    .from(courses)
    .leftJoin(enrollments, enrollmentOf(userId));
  return rows.flatMap(({ id, ...facts }) => (accessReason(facts) ? [id] : []));
}

export interface LessonAccess {
  courseId: string;
  type: LessonType;
  content: LessonContentValue;
  reason: AccessReason | null;
  preview: boolean;
  facts: AccessFacts;
  /** The caller's progress on the lesson (null: none yet). */
  completed: boolean | null;
  furthest: number | null;
}

/**
 * The lesson, its course, the caller's access and progress, in one statement; 404 for an unknown
 * lesson, 403 (`accessMessages.lessonLocked`) when the caller may not read it.
 */
export async function requireReadableLesson(db: Db, userId: string, lessonId: string): Promise<LessonAccess> {
  const [row] = await db
    .select({
      type: lessons.type,
      content: lessons.content,
      courseId: courses.id,
      preview: sql<boolean>`${previewLessonCondition(sql`${lessons.id}`, sql`${lessons.isPreview}`, sql`${courses.id}`)}`,
      completed: lessonProgress.completed,
      furthest: lessonProgress.watchFurthestSeconds,
      ...accessColumns(userId),
    })
    .from(lessons)
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .leftJoin(enrollments, enrollmentOf(userId))
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(eq(lessons.id, lessonId));
  if (!row) throw new NotFoundError(accessMessages.lessonNotFound);
  const { type, content, courseId, preview, completed, furthest, ...facts } = row;
  const reason = accessReason(facts);
  if (reason === null && !preview) throw new ForbiddenError(accessMessages.lessonLocked);
  return { courseId, type, content, reason, preview: Boolean(preview), facts, completed, furthest };
}

// --- granting and revoking -------------------------------------------------------

export interface GrantResult {
  id: string;
  createdAt: Date;
  completedAt: Date | null;
  /** True when a new enrollment was written (not one that already gave access, nor a resumed one). */
  created: boolean;
}

/**
 * Gives the user the course for `source` (with what granted it). An enrollment that already gives
 * access is kept as it is; a revoked one is resumed with the new source: its progress and notes
 * were never removed. One statement (plus a read when the enrollment already gave access).
 */
export async function grantCourse(
  db: Db,
  input: { userId: string; courseId: string; source: EnrollmentSource; sourceRef?: string | null },
): Promise<GrantResult> {
  const { userId, courseId, source } = input;
  const sourceRef = input.sourceRef ?? null;
  const returned = {
    id: enrollments.id,
    createdAt: enrollments.createdAt,
    completedAt: enrollments.completedAt,
    created: sql<boolean>`(xmax = 0)`,
  };
  const [written] = await db
    .insert(enrollments)
    .values({ userId, courseId, source, sourceRef })
    .onConflictDoUpdate({
      target: [enrollments.userId, enrollments.courseId],
      set: { source, sourceRef, revokedAt: null, updatedAt: sql`now()` },
      setWhere: sql`${enrollments.revokedAt} IS NOT NULL`,
    })
    .returning(returned);
  if (written) return { ...written, created: Boolean(written.created) };
  const [existing] = await db
    .select({ id: enrollments.id, createdAt: enrollments.createdAt, completedAt: enrollments.completedAt })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
  if (!existing) throw new Error('enrollment vanished between insert and select');
  return { ...existing, created: false };
}

/** The standing hand grant of the course to the user, if any. */
async function standingGrant(db: Db, userId: string, courseId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: accessGrants.id })
    .from(accessGrants)
    .where(and(eq(accessGrants.userId, userId), eq(accessGrants.courseId, courseId), isNull(accessGrants.revokedAt)));
  return row?.id ?? null;
}

/**
 * Ends the user's access to the course's lessons (only the access `onlySourceRef` gave, when set); the enrollment, progress and notes stay. True when it changed.
 * A standing hand grant outlives the order or seat that is ending: the enrollment is handed over to it instead.
 */
export async function revokeCourse(db: Db, userId: string, courseId: string, onlySourceRef?: string): Promise<boolean> {
  const grantId = await standingGrant(db, userId, courseId);
  if (grantId !== null) {
    await db
      .update(enrollments)
      .set({ source: 'grant', sourceRef: grantId, updatedAt: sql`now()` })
      .where(
        and(
          eq(enrollments.userId, userId),
          eq(enrollments.courseId, courseId),
          sql`${enrollments.revokedAt} IS NULL`,
          onlySourceRef === undefined ? undefined : eq(enrollments.sourceRef, onlySourceRef),
        ),
      );
    return false;
  }
  const rows = await db
    .update(enrollments)
    .set({ revokedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(enrollments.userId, userId),
        eq(enrollments.courseId, courseId),
        sql`${enrollments.revokedAt} IS NULL`,
        // A refund ends only the access its own order gave, not a later grant or seat.
        onlySourceRef === undefined ? undefined : eq(enrollments.sourceRef, onlySourceRef),
      ),
    )
    .returning({ id: enrollments.id });
  return rows.length > 0;
}

// --- access given by hand ------------------------------------------------------------

/** What else gives the user the course: a paid order (not fully refunded) or a seat they hold, newest first. */
async function otherAccess(db: Db, userId: string, courseId: string): Promise<{ source: EnrollmentSource; sourceRef: string } | null> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.courseId, courseId), inArray(orders.status, ['paid', 'partly_refunded'])))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (order) return { source: 'purchase', sourceRef: order.id };
  const [seat] = await db
    .select({ id: companySeats.id })
    .from(companySeats)
    .innerJoin(productCourses, eq(productCourses.productId, companySeats.productId))
    .where(and(eq(companySeats.userId, userId), isNull(companySeats.revokedAt), eq(productCourses.courseId, courseId)))
    .orderBy(desc(companySeats.assignedAt))
    .limit(1);
  if (seat) return { source: 'seat', sourceRef: seat.id };
  return null;
}

/**
 * A superuser gives the user the course by hand, with a reason: a standing grant is recorded, and
 * the enrollment gives access (an enrollment that already does keeps its source: the grant waits
 * behind it and takes over if that order or seat ends). Null when a grant already stands.
 * Runs in the caller's transaction.
 */
export async function grantByHand(
  tx: Db,
  input: { userId: string; courseId: string; actorId: string; reason: string },
): Promise<{ grantId: string } | null> {
  const [grant] = await tx
    .insert(accessGrants)
    .values({ userId: input.userId, courseId: input.courseId, grantedBy: input.actorId, reason: input.reason })
    .onConflictDoNothing()
    .returning({ id: accessGrants.id });
  if (!grant) return null;
  await grantCourse(tx, { userId: input.userId, courseId: input.courseId, source: 'grant', sourceRef: grant.id });
  return { grantId: grant.id };
}

/**
 * Takes access given by hand back: the standing grant ends (with who and why), and an enrollment
 * that rests on a grant is handed over to a paid order or a seat that still gives the course, or
 * ends. An enrollment from an order or a seat is left alone. Null when there was nothing given by
 * hand to take back. Runs in the caller's transaction.
 */
export async function takeBackByHand(
  tx: Db,
  input: { userId: string; courseId: string; actorId: string; reason: string },
): Promise<{ stillHasAccess: boolean } | null> {
  const { userId, courseId } = input;
  const [grant] = await tx
    .update(accessGrants)
    .set({ revokedAt: sql`now()`, revokedBy: input.actorId, revokedReason: input.reason })
    .where(and(eq(accessGrants.userId, userId), eq(accessGrants.courseId, courseId), isNull(accessGrants.revokedAt)))
    .returning({ id: accessGrants.id });
  const [enrollment] = await tx
    .select({ source: enrollments.source, revokedAt: enrollments.revokedAt })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
    .for('update');
  const active = enrollment !== undefined && enrollment.revokedAt === null;
  const restsOnGrant = active && enrollment.source === 'grant';
  if (!grant && !restsOnGrant) return null;
  if (!restsOnGrant) return { stillHasAccess: active };
  const other = await otherAccess(tx, userId, courseId);
  if (other) {
    await tx
      .update(enrollments)
      .set({ ...other, updatedAt: sql`now()` })
      .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
    return { stillHasAccess: true };
  }
  await tx
    .update(enrollments)
    .set({ revokedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
  return { stillHasAccess: false };
}

// --- the course's product ------------------------------------------------------------

/** Where a learner buys the course: its checkout page. */
export const purchasePagePath = (courseId: string) => `/kasse/${courseId}`;

/**
 * Enrolling as the learner asks (POST /api/enrollments): an enrollment that gives access is
 * returned as it is, a free course enrolls (source `free`, resuming a revoked enrollment), a paid
 * course is a 402 with its product and where to buy it.
 */
export async function enrollAsLearner(db: Db, userId: string, courseId: string): Promise<GrantResult> {
  const access = await courseAccess(db, userId, courseId);
  const { facts } = access;
  if (facts.enrollmentId !== null && facts.revokedAt === null) return grantCourse(db, { userId, courseId, source: facts.source ?? 'free' });
  if (facts.priceOre === 0) return grantCourse(db, { userId, courseId, source: 'free' });
  const [product] = await db
    .select({ id: products.id, priceOre: products.priceOre, currency: products.currency, vat: products.vat, onSale: products.onSale })
    .from(products)
    .where(eq(products.courseId, courseId));
  throw new PaymentRequiredError(accessMessages.paymentRequired, {
    product: product ? { ...product, courseId } : null,
    checkoutPath: purchasePagePath(courseId),
  });
}
