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
 * The one place that decides who may read a course's lessons. Staff read everything, a non-revoked enrollment gives the
 * course, a price of 0 makes it free, otherwise only previews; a course without a product is not free (fail closed).
 * Revoking keeps the enrollment, progress and notes, so granting again resumes where the learner was.
 */

export const accessMessages = {
  lessonLocked: 'Du har ikke tilgang til denne leksjonen. Kjøp kurset for å åpne den.',
  paymentRequired: 'Kurset må kjøpes før du kan melde deg på.',
  courseNotFound: 'Fant ikke kurset',
  lessonNotFound: 'Fant ikke leksjonen',
} as const;

export interface AccessFacts {
  role: Role | null;
  priceOre: number | null;
  enrollmentId: string | null;
  source: EnrollmentSource | null;
  revokedAt: Date | null;
}

export function accessReason(facts: AccessFacts): AccessReason | null {
  if (facts.role === 'admin' || facts.role === 'superuser') return 'staff';
  if (facts.enrollmentId !== null && facts.source !== null && facts.revokedAt === null) return facts.source;
  if (facts.priceOre === 0) return 'free';
  return null;
}

export { isPreviewLesson } from '../../lib/free-start';

export const enrollmentOf = (userId: SQLWrapper | string) => and(eq(enrollments.courseId, courses.id), eq(enrollments.userId, sql`${userId}`));

/** Scalar subqueries, so a query adds the facts without more joins. */
export const accessColumns = (userId: SQLWrapper | string) => ({
  role: sql<Role | null>`(SELECT ${users.role} FROM ${users} WHERE ${users.id} = ${userId})`,
  priceOre: sql<number | null>`(SELECT ${products.priceOre} FROM ${products} WHERE ${products.courseId} = ${courses.id})`.mapWith((v) =>
    v === null ? null : Number(v),
  ),
  enrollmentId: enrollments.id,
  source: enrollments.source,
  revokedAt: enrollments.revokedAt,
});

/** The SQL twin of `isPreviewLesson`. */
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
  completed: boolean | null;
  furthest: number | null;
}

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

export interface GrantResult {
  id: string;
  createdAt: Date;
  completedAt: Date | null;
  /** False for a resumed enrollment too. */
  created: boolean;
}

/** A revoked enrollment is resumed with the new source: its progress and notes were never removed. */
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

async function standingGrant(db: Db, userId: string, courseId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: accessGrants.id })
    .from(accessGrants)
    .where(and(eq(accessGrants.userId, userId), eq(accessGrants.courseId, courseId), isNull(accessGrants.revokedAt)));
  return row?.id ?? null;
}

/** A standing hand grant outlives the ending order or seat: the enrollment is handed over to it instead. */
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

/** An enrollment that already gives access keeps its source; the grant waits behind it and takes over if that ends. */
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

/** An enrollment resting on the grant moves to a paid order or seat that still gives the course, or ends. */
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

export const purchasePagePath = (courseId: string) => `/kasse/${courseId}`;

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
