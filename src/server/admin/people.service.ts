import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { atomically, type Db } from '../../../db/client';
import { accessGrants, companies, companyInvitations, companyMemberships, courses, enrollments, orders, users } from '../../../db/schema';
import type { PersonCompany, PersonDetail, PersonSummary } from '../../schemas/admin-shop';
import { grantByHand, takeBackByHand } from '../access/entitlements';
import { auditCreate, auditUpdate } from './content-audit.service';
import { ConflictError, NotFoundError } from '../platform/errors';

export const peopleTexts = {
  notFound: 'Fant ikke brukeren.',
  courseNotFound: 'Fant ikke kurset.',
  alreadyGranted: 'Personen har allerede fått tilgang til dette kurset for hånd.',
  nothingToTakeBack: 'Personen har ingen tilgang gitt for hånd til dette kurset.',
} as const;

const LIST_MAX = 50;
const ORDER_MAX = 100;

const fullName = sql<string>`btrim(${users.firstName} || ' ' || ${users.lastName})`;

async function companiesOf(db: Db, people: { id: string; email: string }[]): Promise<Map<string, PersonCompany[]>> {
  const byUser = new Map<string, PersonCompany[]>();
  if (people.length === 0) return byUser;
  const memberships = await db
    .select({ userId: companyMemberships.userId, id: companies.id, name: companies.name, role: companyMemberships.role })
    .from(companyMemberships)
    .innerJoin(companies, eq(companies.id, companyMemberships.companyId))
    .where(
      inArray(
        companyMemberships.userId,
        people.map((p) => p.id),
      ),
    )
    .orderBy(asc(companies.name));
  for (const m of memberships) byUser.set(m.userId, [...(byUser.get(m.userId) ?? []), { id: m.id, name: m.name, role: m.role }]);
  const idByEmail = new Map(people.map((p) => [p.email, p.id]));
  const invited = await db
    .select({ email: companyInvitations.email, id: companies.id, name: companies.name })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(
      and(
        eq(companyInvitations.status, 'pending'),
        inArray(
          companyInvitations.email,
          people.map((p) => p.email),
        ),
      ),
    )
    .orderBy(asc(companies.name));
  for (const i of invited) {
    const userId = idByEmail.get(i.email);
    if (!userId) continue;
    const list = byUser.get(userId) ?? [];
    if (!list.some((c) => c.id === i.id)) byUser.set(userId, [...list, { id: i.id, name: i.name, role: 'invited' }]);
  }
  return byUser;
}

const summaryColumns = {
  id: users.id,
  name: fullName,
  email: users.email,
  role: users.role,
  isActive: users.isActive,
  createdAt: users.createdAt,
};

export async function searchPeople(db: Db, q: string | undefined): Promise<PersonSummary[]> {
  const term = q?.trim() ?? '';
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const inCompany = sql`EXISTS (SELECT 1 FROM ${companyMemberships} cm JOIN ${companies} co ON co.id = cm.company_id
      WHERE cm.user_id = ${users.id} AND co.name ILIKE ${like})
    OR EXISTS (SELECT 1 FROM ${companyInvitations} ci JOIN ${companies} co ON co.id = ci.company_id
      WHERE ci.email = ${users.email} AND ci.status = 'pending' AND co.name ILIKE ${like})`;
  const rows = await db
    .select(summaryColumns)
    .from(users)
    .where(term === '' ? undefined : or(ilike(users.email, like), ilike(fullName, like), inCompany))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(LIST_MAX);
  const byUser = await companiesOf(db, rows);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), companies: byUser.get(r.id) ?? [] }));
}

const granters = alias(users, 'granter');
const revokers = alias(users, 'revoker');
const actorName = (a: { firstName: SQLWrapper; lastName: SQLWrapper }) =>
  sql<string | null>`nullif(btrim(${a.firstName} || ' ' || ${a.lastName}), '')`;

export async function personDetail(db: Db, userId: string): Promise<PersonDetail> {
  const [row] = await db.select(summaryColumns).from(users).where(eq(users.id, userId));
  if (!row) throw new NotFoundError(peopleTexts.notFound);
  const byUser = await companiesOf(db, [row]);
  const standing = alias(accessGrants, 'standing');
  const courseRows = await db
    .select({
      courseId: courses.id,
      title: courses.title,
      source: enrollments.source,
      revokedAt: enrollments.revokedAt,
      completedAt: enrollments.completedAt,
      grantReason: standing.reason,
      grantCreatedAt: standing.createdAt,
      grantedBy: actorName(granters),
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .leftJoin(standing, and(eq(standing.userId, enrollments.userId), eq(standing.courseId, enrollments.courseId), isNull(standing.revokedAt)))
    .leftJoin(granters, eq(granters.id, standing.grantedBy))
    .where(eq(enrollments.userId, userId))
    .orderBy(asc(courses.orderIndex), asc(courses.id));
  const orderRows = await db
    .select({
      id: orders.id,
      reference: orders.reference,
      receiptNumber: orders.receiptNumber,
      title: orders.title,
      status: orders.status,
      totalOre: orders.totalOre,
      couponCode: orders.couponCode,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDER_MAX);
  const grantRows = await db
    .select({
      id: accessGrants.id,
      courseTitle: courses.title,
      reason: accessGrants.reason,
      grantedBy: actorName(granters),
      createdAt: accessGrants.createdAt,
      revokedAt: accessGrants.revokedAt,
      revokedBy: actorName(revokers),
      revokedReason: accessGrants.revokedReason,
    })
    .from(accessGrants)
    .innerJoin(courses, eq(courses.id, accessGrants.courseId))
    .leftJoin(granters, eq(granters.id, accessGrants.grantedBy))
    .leftJoin(revokers, eq(revokers.id, accessGrants.revokedBy))
    .where(eq(accessGrants.userId, userId))
    .orderBy(desc(accessGrants.createdAt), desc(accessGrants.id));
  const catalogue = await db.select({ id: courses.id, title: courses.title }).from(courses).orderBy(asc(courses.orderIndex), asc(courses.id));
  return {
    person: { ...row, createdAt: row.createdAt.toISOString(), companies: byUser.get(row.id) ?? [] },
    courses: courseRows.map((c) => ({
      courseId: c.courseId,
      title: c.title,
      source: c.revokedAt === null ? c.source : null,
      revokedAt: c.revokedAt?.toISOString() ?? null,
      completedAt: c.completedAt?.toISOString() ?? null,
      grant: c.grantCreatedAt ? { reason: c.grantReason!, grantedBy: c.grantedBy, createdAt: c.grantCreatedAt.toISOString() } : null,
    })),
    orders: orderRows.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    grants: grantRows.map((g) => ({ ...g, createdAt: g.createdAt.toISOString(), revokedAt: g.revokedAt?.toISOString() ?? null })),
    catalogue,
  };
}

async function personAndCourse(tx: Db, userId: string, courseId: string): Promise<string> {
  const [person] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if (!person) throw new NotFoundError(peopleTexts.notFound);
  const [course] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw new NotFoundError(peopleTexts.courseNotFound);
  return course.title;
}

export async function grantAccess(db: Db, actorId: string, userId: string, courseId: string, reason: string): Promise<PersonDetail> {
  await atomically(db, async (tx) => {
    const title = await personAndCourse(tx, userId, courseId);
    const granted = await grantByHand(tx, { userId, courseId, actorId, reason });
    if (!granted) throw new ConflictError(peopleTexts.alreadyGranted, 'already_granted');
    await auditCreate(tx, { actorId, action: 'access.grant', targetType: 'user', targetId: userId }, { access: title, reason });
  });
  return personDetail(db, userId);
}

/** Only access given by hand ends; what an order or a seat gives stays. */
export async function takeBackAccess(db: Db, actorId: string, userId: string, courseId: string, reason: string): Promise<PersonDetail> {
  await atomically(db, async (tx) => {
    const title = await personAndCourse(tx, userId, courseId);
    const taken = await takeBackByHand(tx, { userId, courseId, actorId, reason });
    if (!taken) throw new ConflictError(peopleTexts.nothingToTakeBack, 'nothing_to_take_back');
    await auditUpdate(
      tx,
      { actorId, action: 'access.revoke', targetType: 'user', targetId: userId },
      { access: title, reason: null },
      { access: null, reason, stillHasAccess: taken.stillHasAccess },
    );
  });
  return personDetail(db, userId);
}
