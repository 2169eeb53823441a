import { desc, eq, sql } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { companies, orders } from '../../../db/schema';
import type { CompanyBody } from '../../schemas/company';
import { NotFoundError } from '../platform/errors';
import { companyPeople, companyRow } from './company.service';
import { companyTexts } from './messages';
import { SEAT_STATES, statesSql } from '../products/order-states';
import { lockCompanyRow } from './memberships';
import { approveCompany, orderSeatsSql, seatCounts, shownSeats } from './seats.service';
import { companyTrial } from './trials.service';

export async function listCompanies(db: Db) {
  const result = await db.execute(sql`
    SELECT c.id, c.name, c.org_number, c.created_at,
      (SELECT coalesce(sum(${orderSeatsSql}), 0)::int FROM orders o WHERE o.company_id = c.id AND o.status IN ${statesSql(SEAT_STATES)}) AS seats_total,
      (SELECT count(*)::int FROM company_seats s WHERE s.company_id = c.id AND s.revoked_at IS NULL) AS seats_used,
      (SELECT count(*)::int FROM company_memberships m WHERE m.company_id = c.id) AS people,
      c.approved_at IS NOT NULL AS approved
    FROM companies c ORDER BY c.name, c.id`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: r.id as string,
    name: r.name as string,
    orgNumber: (r.org_number as string | null) ?? null,
    seatsTotal: Number(r.seats_total),
    seatsUsed: Number(r.seats_used),
    people: Number(r.people),
    approved: r.approved === true,
    createdAt: new Date(r.created_at as string).toISOString(),
  }));
}

export async function createCompany(db: Db, body: CompanyBody) {
  const [row] = await db.insert(companies).values(body).returning({ id: companies.id });
  return companyRow(db, row!.id);
}

export async function updateCompany(db: Db, companyId: string, body: CompanyBody) {
  const [row] = await db
    .update(companies)
    .set({ ...body, poReference: body.poReference ?? null })
    .where(eq(companies.id, companyId))
    .returning({ id: companies.id });
  if (!row) throw new NotFoundError(companyTexts.companyNotFound);
  return companyRow(db, companyId);
}

export async function companyDetail(db: Db, companyId: string) {
  const company = await companyRow(db, companyId);
  const [seats, people, companyOrders] = await Promise.all([
    seatCounts(db, companyId),
    companyPeople(db, companyId),
    db
      .select({
        id: orders.id,
        reference: orders.reference,
        status: orders.status,
        quantity: orders.quantity,
        totalOre: orders.totalOre,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.companyId, companyId))
      .orderBy(desc(orders.createdAt)),
  ]);
  return {
    company,
    seats: shownSeats(seats),
    approved: seats.approved,
    trial: await companyTrial(db, companyId),
    people,
    orders: companyOrders.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
  };
}

export async function approveCompanyBySuperuser(db: Db, companyId: string, actorId: string) {
  await atomically(db, async (tx) => {
    await lockCompanyRow(tx, companyId);
    await approveCompany(tx, companyId, actorId, 'superuser');
  });
  return companyRow(db, companyId);
}
