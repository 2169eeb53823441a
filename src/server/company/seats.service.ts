import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { companies, companySeats, productCourses } from '../../../db/schema';
import { grantCourse, revokeCourse } from '../access/entitlements';
import { env } from '../platform/env';
import { ConflictError, NotFoundError } from '../platform/errors';
import { PAID_STATES, SEAT_STATES, statesSql } from '../products/order-states';
import { addMembership, auditCompany, endMemberMembership, forgetCompanyView, lockCompanyRow } from './memberships';
import { companyTexts } from './messages';
import { PACKAGE_PRODUCT } from '../../lib/company-package';

/**
 * Every change of who holds a seat locks the company's row first, so holders never exceed seats. A company nobody has
 * vouched for may use at most COMPANY_UNAPPROVED_SEAT_LIMIT seats of unpaid invoices.
 */

export { PACKAGE_PRODUCT };

/** A partial refund takes back floor(refunded / price per seat) seats. */
export const orderSeatsSql = sql.raw(
  `CASE WHEN o.total_ore > 0 THEN o.quantity - (o.refunded_ore::bigint * o.quantity / o.total_ore)::int ELSE o.quantity END`,
);

export interface SeatCounts {
  total: number;
  used: number;
  free: number;
  heldBack: number;
}

export async function seatCounts(db: Db, companyId: string): Promise<SeatCounts & { approved: boolean; bought: number; trial: number }> {
  const result = await db.execute(sql`
    SELECT
      (SELECT coalesce(sum(${orderSeatsSql}), 0)::int FROM orders o WHERE o.company_id = ${companyId} AND o.status IN ${statesSql(SEAT_STATES)}) AS total,
      (SELECT coalesce(sum(${orderSeatsSql}), 0)::int FROM orders o WHERE o.company_id = ${companyId} AND o.status IN ${statesSql(PAID_STATES)}) AS paid,
      (SELECT count(*)::int FROM company_seats WHERE company_id = ${companyId} AND revoked_at IS NULL) AS used,
      (SELECT coalesce(sum(seats), 0)::int FROM company_trials WHERE company_id = ${companyId} AND status = 'active' AND ends_at > now()) AS trial,
      (SELECT approved_at IS NOT NULL FROM companies WHERE id = ${companyId}) AS approved`);
  const row = (result as unknown as { rows: { total: number; paid: number; used: number; trial: number; approved: boolean | null }[] }).rows[0]!;
  const bought = Number(row.total);
  const paid = Number(row.paid);
  const used = Number(row.used);
  const trial = Number(row.trial);
  const approved = row.approved === true;
  const usable = approved ? bought : Math.min(bought, Math.max(paid, env.COMPANY_UNAPPROVED_SEAT_LIMIT));
  // A trial's seats cost nothing to take back, so approval does not limit them.
  return { total: bought + trial, used, free: Math.max(0, usable + trial - used), heldBack: bought - usable, approved, bought, trial };
}

export const shownSeats = ({ total, used, free, heldBack }: SeatCounts): SeatCounts => ({ total, used, free, heldBack });

export async function lockCompany(tx: Db, companyId: string): Promise<{ id: string; name: string }> {
  const row = await lockCompanyRow(tx, companyId);
  return { id: row.id, name: row.name };
}

export async function packageCourseIds(db: Db, productId = PACKAGE_PRODUCT): Promise<string[]> {
  const rows = await db.select({ courseId: productCourses.courseId }).from(productCourses).where(eq(productCourses.productId, productId));
  return rows.map((r) => r.courseId);
}

export async function assignSeat(
  tx: Db,
  company: { id: string; name: string },
  userId: string,
  addedBy: string | null = null,
): Promise<{ seatId: string; created: boolean }> {
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
  await addMembership(tx, { companyId: company.id, userId, role: 'member', addedBy });
  await forgetCompanyView(tx, company.id);
  return { seatId: seat!.id, created: true };
}

/** Only the seat's grants end (not a purchase's); progress stays. */
export async function revokeSeat(
  tx: Db,
  companyId: string,
  seatId: string,
  actorId: string | null = null,
  now = new Date(),
): Promise<{ userId: string }> {
  const [seat] = await tx
    .update(companySeats)
    .set({ revokedAt: now })
    .where(and(eq(companySeats.id, seatId), eq(companySeats.companyId, companyId), isNull(companySeats.revokedAt)))
    .returning({ userId: companySeats.userId });
  if (!seat) throw new NotFoundError(companyTexts.seatNotFound);
  for (const courseId of await packageCourseIds(tx)) await revokeCourse(tx, seat.userId, courseId, seatId);
  await endMemberMembership(tx, companyId, seat.userId, actorId);
  await auditCompany(tx, { companyId, actorId, subjectId: seat.userId, action: 'seat_revoked', detail: { seatId } });
  await forgetCompanyView(tx, companyId);
  return { userId: seat.userId };
}

export async function takeBackExcessSeats(tx: Db, companyId: string, actorId: string | null = null): Promise<number> {
  await lockCompanyRow(tx, companyId);
  const { total, heldBack } = await seatCounts(tx, companyId);
  return takeBackBeyond(tx, companyId, total - heldBack, actorId);
}

export async function takeBackBeyond(tx: Db, companyId: string, keep: number, actorId: string | null = null): Promise<number> {
  const { used } = await seatCounts(tx, companyId);
  const usable = Math.max(0, keep);
  if (used <= usable) return 0;
  const newest = await tx
    .select({ id: companySeats.id })
    .from(companySeats)
    .where(and(eq(companySeats.companyId, companyId), isNull(companySeats.revokedAt)))
    .orderBy(desc(companySeats.assignedAt), desc(companySeats.id))
    .limit(used - usable);
  for (const seat of newest) await revokeSeat(tx, companyId, seat.id, actorId);
  return newest.length;
}

export async function approveCompany(tx: Db, companyId: string, actorId: string | null, reason: 'superuser' | 'payment'): Promise<boolean> {
  const [approved] = await tx
    .update(companies)
    .set({ approvedAt: sql`now()` })
    .where(and(eq(companies.id, companyId), isNull(companies.approvedAt)))
    .returning({ id: companies.id });
  if (!approved) return false;
  await auditCompany(tx, { companyId, actorId, action: 'approved', detail: { reason } });
  await forgetCompanyView(tx, companyId);
  return true;
}
