import { desc, eq, sql } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { coupons, courses, orders, products } from '../../../db/schema';
import type { AdminCoupon, AdminCouponDetail, AdminCouponList, CreateCouponBody, EditCouponBody } from '../../schemas/admin-shop';
import { normaliseCouponCode } from '../checkout/checkout.service';
import { auditCreate, auditUpdate } from './content-audit.service';
import { BadRequestError, ConflictError, NotFoundError } from '../platform/errors';

/** Codes are stored upper-case, so they are unique whatever their case; the window is whole days in Oslo. */

export const couponTexts = {
  notFound: 'Fant ikke rabattkoden.',
  taken: (code: string) => `Rabattkoden ${code} finnes allerede.`,
  unknownProduct: 'Fant ikke produktet.',
  belowUses: (used: number) => `Maks antall bruk kan ikke være lavere enn bruken så langt (${used}).`,
  windowOrder: 'Gyldig til kan ikke være før gyldig fra',
} as const;

const ORDER_LIST_MAX = 200;

const osloDay = (column: unknown) => sql<string>`to_char(${column} AT TIME ZONE 'Europe/Oslo', 'YYYY-MM-DD')`;
const dayStart = (date: string) => sql`(${date}::date::timestamp AT TIME ZONE 'Europe/Oslo')`;
const dayEnd = (date: string) => sql`((${date}::date + 1)::timestamp AT TIME ZONE 'Europe/Oslo')`;

const productTitle = sql<
  string | null
>`coalesce(${products.title}, (SELECT ${courses.title} FROM ${courses} WHERE ${courses.id} = ${products.courseId}))`;

const columns = {
  id: coupons.id,
  code: coupons.code,
  kind: coupons.kind,
  percentOff: coupons.percentOff,
  amountOffOre: coupons.amountOffOre,
  productId: coupons.productId,
  productTitle,
  validFrom: coupons.validFrom,
  validFromDate: osloDay(coupons.validFrom),
  validUntil: coupons.validUntil,
  // The last day it works: the day of the moment just before it stops.
  validUntilDate: sql<string | null>`to_char((${coupons.validUntil} - interval '1 microsecond') AT TIME ZONE 'Europe/Oslo', 'YYYY-MM-DD')`,
  maxUses: coupons.maxUses,
  usedCount: coupons.usedCount,
  active: coupons.active,
  orderCount: sql<number>`(SELECT count(*) FROM ${orders} WHERE ${orders.couponId} = ${coupons.id})`.mapWith(Number),
  createdAt: coupons.createdAt,
};

type Row = { [K in keyof typeof columns]: unknown } & {
  validFrom: Date;
  validUntil: Date | null;
  createdAt: Date;
};

function adminCoupon(row: Row): AdminCoupon {
  return {
    ...(row as unknown as AdminCoupon),
    validFrom: row.validFrom.toISOString(),
    validUntil: row.validUntil?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function couponRows(db: Db, id?: string): Promise<AdminCoupon[]> {
  const rows = await db
    .select(columns)
    .from(coupons)
    .leftJoin(products, eq(products.id, coupons.productId))
    .where(id ? eq(coupons.id, id) : undefined)
    .orderBy(desc(coupons.createdAt), desc(coupons.id));
  return rows.map((row) => adminCoupon(row as Row));
}

export async function listCoupons(db: Db): Promise<AdminCouponList> {
  const list = await couponRows(db);
  const productRows = await db
    .select({ id: products.id, title: productTitle })
    .from(products)
    .leftJoin(courses, eq(courses.id, products.courseId))
    .orderBy(sql`coalesce(${courses.orderIndex}, 2147483647)`, products.id);
  return { coupons: list, products: productRows.map((p) => ({ id: p.id, title: p.title ?? p.id })) };
}

export async function couponDetail(db: Db, couponId: string): Promise<AdminCouponDetail> {
  const [coupon] = await couponRows(db, couponId);
  if (!coupon) throw new NotFoundError(couponTexts.notFound);
  const rows = await db
    .select({
      id: orders.id,
      reference: orders.reference,
      receiptNumber: orders.receiptNumber,
      buyerEmail: orders.buyerEmail,
      title: orders.title,
      status: orders.status,
      discountOre: orders.discountOre,
      totalOre: orders.totalOre,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.couponId, couponId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDER_LIST_MAX);
  return { coupon, orders: rows.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })) };
}

const auditFields = (c: AdminCoupon) => ({
  code: c.code,
  kind: c.kind,
  percentOff: c.percentOff,
  amountOffOre: c.amountOffOre,
  productId: c.productId,
  validFrom: c.validFromDate,
  validUntil: c.validUntilDate,
  maxUses: c.maxUses,
  active: c.active,
});

export async function createCoupon(db: Db, actorId: string, body: CreateCouponBody): Promise<AdminCoupon> {
  const code = normaliseCouponCode(body.code);
  const id = await atomically(db, async (tx) => {
    if (body.productId) {
      const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, body.productId));
      if (!product) throw new BadRequestError(couponTexts.unknownProduct, 'productId');
    }
    const [row] = await tx
      .insert(coupons)
      .values({
        code,
        kind: body.kind,
        percentOff: body.kind === 'percent' ? (body.percentOff ?? null) : null,
        amountOffOre: body.kind === 'amount' ? (body.amountOffOre ?? null) : null,
        productId: body.productId ?? null,
        validFrom: body.validFrom ? dayStart(body.validFrom) : sql`now()`,
        validUntil: body.validUntil ? dayEnd(body.validUntil) : null,
        maxUses: body.maxUses ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: coupons.id });
    if (!row) throw new ConflictError(couponTexts.taken(code), 'coupon_code_taken');
    const [made] = await couponRows(tx, row.id);
    await auditCreate(tx, { actorId, action: 'coupon.create', targetType: 'coupon', targetId: row.id }, auditFields(made!));
    return row.id;
  });
  const [made] = await couponRows(db, id);
  return made!;
}

export async function editCoupon(db: Db, actorId: string, couponId: string, body: EditCouponBody): Promise<AdminCoupon> {
  await atomically(db, async (tx) => {
    const [locked] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, couponId)).for('update');
    if (!locked) throw new NotFoundError(couponTexts.notFound);
    const [before] = await couponRows(tx, couponId);
    if (body.maxUses != null && body.maxUses < before!.usedCount) throw new ConflictError(couponTexts.belowUses(before!.usedCount), 'below_uses');
    const set: Partial<typeof coupons.$inferInsert> = {};
    if (body.validFrom !== undefined) set.validFrom = dayStart(body.validFrom) as unknown as Date;
    if (body.validUntil !== undefined) set.validUntil = (body.validUntil === null ? null : dayEnd(body.validUntil)) as unknown as Date | null;
    if (body.maxUses !== undefined) set.maxUses = body.maxUses;
    if (body.active !== undefined) set.active = body.active;
    await tx.update(coupons).set(set).where(eq(coupons.id, couponId));
    const [after] = await couponRows(tx, couponId);
    if (after!.validUntil !== null && after!.validUntil <= after!.validFrom) throw new BadRequestError(couponTexts.windowOrder, 'validUntil');
    await auditUpdate(tx, { actorId, action: 'coupon.update', targetType: 'coupon', targetId: couponId }, auditFields(before!), auditFields(after!));
  });
  const [edited] = await couponRows(db, couponId);
  return edited!;
}
