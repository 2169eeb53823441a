import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { companies, companySeats, productCourses, users } from '../../../db/schema';
import { grantCourse, revokeCourse } from '../access/entitlements';
import { ConflictError, NotFoundError } from '../errors';
import { forgetCompanyView } from './company.service';
import { companyTexts } from './messages';
import { PACKAGE_PRODUCT } from '../../lib/company-package';

/**
 * Seats (issue 24, decision 32). A company's seats are the sum of its package orders that are paid
 * or invoiced; a seat is held by a `company_seats` row, whose courses are granted with source
 * 'seat' and the row as `source_ref`. Every change of who holds a seat locks the company's row
 * first, so concurrent acceptances are counted one after the other: never more holders than seats.
 */

export { PACKAGE_PRODUCT };

/** Orders whose seats count: paid (also when partly refunded) or on invoice. */
const SEAT_ORDER_STATES = sql`('paid', 'invoiced', 'partly_refunded')`;

export async function seatCounts(db: Db, companyId: string): Promise<{ total: number; used: number; free: number }> {
  const result = await db.execute(sql`
    SELECT
      (SELECT coalesce(sum(quantity), 0)::int FROM orders WHERE company_id = ${companyId} AND status IN ${SEAT_ORDER_STATES}) AS total,
      (SELECT count(*)::int FROM company_seats WHERE company_id = ${companyId} AND revoked_at IS NULL) AS used`);
  const row = (result as unknown as { rows: { total: number; used: number }[] }).rows[0]!;
  const total = Number(row.total);
  const used = Number(row.used);
  return { total, used, free: Math.max(0, total - used) };
}

/** Locks the company's row until the transaction ends: the one queue for its seats. */
export async function lockCompany(tx: Db, companyId: string): Promise<{ id: string; name: string }> {
  const [row] = await tx.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, companyId)).for('update');
  if (!row) throw new NotFoundError(companyTexts.companyNotFound);
  return row;
}

export async function packageCourseIds(db: Db, productId = PACKAGE_PRODUCT): Promise<string[]> {
  const rows = await db.select({ courseId: productCourses.courseId }).from(productCourses).where(eq(productCourses.productId, productId));
  return rows.map((r) => r.courseId);
}

/**
 * Gives `userId` a seat of the (locked) company: refused when every seat is taken; the same seat
 * again when the person holds one already. The person is tied to the company and granted every
 * course of the package.
 */
export async function assignSeat(tx: Db, company: { id: string; name: string }, userId: string): Promise<{ seatId: string; created: boolean }> {
  const [held] = await tx
    .select({ id: companySeats.id })
    .from(companySeats)
    .where(and(eq(companySeats.companyId, company.id), eq(companySeats.userId, userId), isNull(companySeats.revokedAt)));
  if (held) return { seatId: held.id, created: false };
  const { free } = await seatCounts(tx, company.id);
  if (free <= 0) throw new ConflictError(companyTexts.noFreeSeats(company.name), 'no_free_seats');
  const [seat] = await tx
    .insert(companySeats)
    .values({ companyId: company.id, userId, productId: PACKAGE_PRODUCT })
    .returning({ id: companySeats.id });
  for (const courseId of await packageCourseIds(tx)) await grantCourse(tx, { userId, courseId, source: 'seat', sourceRef: seat!.id });
  await tx.update(users).set({ companyId: company.id }).where(eq(users.id, userId));
  await forgetCompanyView(tx, company.id);
  return { seatId: seat!.id, created: true };
}

/** Takes a seat back: its grants end (not a purchase or a grant of another kind), the progress stays, the seat is free. */
export async function revokeSeat(tx: Db, companyId: string, seatId: string, now = new Date()): Promise<{ userId: string }> {
  const [seat] = await tx
    .update(companySeats)
    .set({ revokedAt: now })
    .where(and(eq(companySeats.id, seatId), eq(companySeats.companyId, companyId), isNull(companySeats.revokedAt)))
    .returning({ userId: companySeats.userId });
  if (!seat) throw new NotFoundError(companyTexts.seatNotFound);
  for (const courseId of await packageCourseIds(tx)) await revokeCourse(tx, seat.userId, courseId, seatId);
  // Still the company's person only while they hold a seat of it; a company admin stays tied to their company.
  await tx
    .update(users)
    .set({ companyId: null })
    .where(and(eq(users.id, seat.userId), eq(users.companyId, companyId), sql`${users.role} <> 'company_admin'`));
  await forgetCompanyView(tx, companyId);
  return { userId: seat.userId };
}

/** After an invoice is cancelled: the newest seats beyond the remaining total are taken back. */
export async function takeBackExcessSeats(tx: Db, companyId: string): Promise<number> {
  const { total, used } = await seatCounts(tx, companyId);
  if (used <= total) return 0;
  const newest = await tx
    .select({ id: companySeats.id })
    .from(companySeats)
    .where(and(eq(companySeats.companyId, companyId), isNull(companySeats.revokedAt)))
    .orderBy(desc(companySeats.assignedAt), desc(companySeats.id))
    .limit(used - total);
  for (const seat of newest) await revokeSeat(tx, companyId, seat.id);
  return newest.length;
}
