import { and, asc, eq, sql } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { companies, companyAuditLog, companyMemberships, companySeats, users } from '../../../db/schema';
import { ConflictError, NotFoundError } from '../platform/errors';
import type { SessionUser } from '../auth/session';
import { companyTexts } from './messages';

/**
 * A manager's rights come only from a manager membership of the company the route names, never from the user's role, so
 * belonging to one company can never reach another. `users.role = 'company_admin'` is only a label.
 */

export type CompanyRole = 'manager' | 'member';

export type CompanyAction =
  | 'member_added'
  | 'member_removed'
  | 'manager_added'
  | 'manager_removed'
  | 'seat_revoked'
  | 'approved'
  | 'created'
  | 'trial_started'
  | 'trial_converted'
  | 'trial_ended';

export async function auditCompany(
  tx: Db,
  entry: { companyId: string; actorId: string | null; subjectId?: string | null; action: CompanyAction; detail?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(companyAuditLog).values({
    companyId: entry.companyId,
    actorId: entry.actorId,
    subjectId: entry.subjectId ?? null,
    action: entry.action,
    detail: entry.detail ?? null,
  });
}

/** 404 as for a company that does not exist, so nobody can tell which companies exist. */
export async function requireManager(db: Db, user: SessionUser, companyId: string): Promise<string> {
  const [row] = await db
    .select({ id: companyMemberships.id })
    .from(companyMemberships)
    .where(and(eq(companyMemberships.companyId, companyId), eq(companyMemberships.userId, user.id), eq(companyMemberships.role, 'manager')));
  if (!row) throw new NotFoundError(companyTexts.companyNotFound);
  return companyId;
}

export async function myCompanies(db: Db, userId: string) {
  return db
    .select({ id: companies.id, name: companies.name, orgNumber: companies.orgNumber, role: companyMemberships.role })
    .from(companyMemberships)
    .innerJoin(companies, eq(companies.id, companyMemberships.companyId))
    .where(eq(companyMemberships.userId, userId))
    .orderBy(sql`${companyMemberships.role} = 'manager' DESC`, asc(companies.name), asc(companies.id));
}

export async function syncRoleLabel(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE users SET role = CASE
      WHEN EXISTS (SELECT 1 FROM company_memberships m WHERE m.user_id = users.id AND m.role = 'manager') THEN 'company_admin'::user_role
      ELSE 'individual'::user_role END
    WHERE id = ${userId} AND role IN ('individual', 'company_admin')`);
}

/** An existing membership is left as it is: joining as a member never demotes a manager. */
export async function addMembership(
  tx: Db,
  input: { companyId: string; userId: string; role: CompanyRole; addedBy: string | null },
): Promise<boolean> {
  const [made] = await tx
    .insert(companyMemberships)
    .values({ companyId: input.companyId, userId: input.userId, role: input.role, addedBy: input.addedBy })
    .onConflictDoNothing({ target: [companyMemberships.companyId, companyMemberships.userId] })
    .returning({ id: companyMemberships.id });
  if (!made) return false;
  await auditCompany(tx, {
    companyId: input.companyId,
    actorId: input.addedBy,
    subjectId: input.userId,
    action: input.role === 'manager' ? 'manager_added' : 'member_added',
  });
  if (input.role === 'manager') await syncRoleLabel(tx, input.userId);
  return true;
}

export async function endMemberMembership(tx: Db, companyId: string, userId: string, actorId: string | null): Promise<void> {
  const [ended] = await tx
    .delete(companyMemberships)
    .where(and(eq(companyMemberships.companyId, companyId), eq(companyMemberships.userId, userId), eq(companyMemberships.role, 'member')))
    .returning({ id: companyMemberships.id });
  if (ended) await auditCompany(tx, { companyId, actorId, subjectId: userId, action: 'member_removed' });
}

/** The one queue for the company's seats and managers. */
export async function lockCompanyRow(tx: Db, companyId: string): Promise<{ id: string; name: string; approvedAt: Date | null }> {
  const [row] = await tx
    .select({ id: companies.id, name: companies.name, approvedAt: companies.approvedAt })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  if (!row) throw new NotFoundError(companyTexts.companyNotFound);
  return row;
}

export const managerTexts = {
  personNotFound: 'Fant ikke personen i bedriften.',
  lastManager: 'Bedriften må ha minst én leder.',
  added: (name: string) => `${name} er nå leder i bedriften.`,
  removed: (name: string) => `${name} er ikke lenger leder i bedriften.`,
  alreadyManager: (name: string) => `${name} er allerede leder i bedriften.`,
} as const;

export async function listManagers(db: Db, companyId: string) {
  const rows = await db
    .select({
      userId: companyMemberships.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      addedAt: companyMemberships.updatedAt,
      addedBy: sql<string | null>`(SELECT a.first_name || ' ' || a.last_name FROM users a WHERE a.id = ${companyMemberships.addedBy})`,
    })
    .from(companyMemberships)
    .innerJoin(users, eq(users.id, companyMemberships.userId))
    .where(and(eq(companyMemberships.companyId, companyId), eq(companyMemberships.role, 'manager')))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
  return rows.map((r) => ({
    userId: r.userId,
    name: `${r.firstName} ${r.lastName}`.trim(),
    email: r.email,
    addedAt: r.addedAt.toISOString(),
    addedBy: r.addedBy,
  }));
}

const fullName = async (tx: Db, userId: string) => {
  const [row] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return `${row?.firstName ?? ''} ${row?.lastName ?? ''}`.trim();
};

export async function addManager(db: Db, companyId: string, actor: SessionUser, userId: string): Promise<string> {
  return atomically(db, async (tx) => {
    await lockCompanyRow(tx, companyId);
    const [membership] = await tx
      .select({ role: companyMemberships.role })
      .from(companyMemberships)
      .where(and(eq(companyMemberships.companyId, companyId), eq(companyMemberships.userId, userId)));
    if (!membership) throw new NotFoundError(managerTexts.personNotFound);
    const name = await fullName(tx, userId);
    if (membership.role === 'manager') return managerTexts.alreadyManager(name);
    await tx
      .update(companyMemberships)
      .set({ role: 'manager', addedBy: actor.id, updatedAt: sql`now()` })
      .where(and(eq(companyMemberships.companyId, companyId), eq(companyMemberships.userId, userId)));
    await auditCompany(tx, { companyId, actorId: actor.id, subjectId: userId, action: 'manager_added' });
    await syncRoleLabel(tx, userId);
    return managerTexts.added(name);
  });
}

/** Counted under the company's row lock, so two managers removing each other at once leave one. */
export async function removeManager(db: Db, companyId: string, actor: SessionUser, userId: string): Promise<string> {
  return atomically(db, async (tx) => {
    await lockCompanyRow(tx, companyId);
    const managers = await tx
      .select({ userId: companyMemberships.userId })
      .from(companyMemberships)
      .where(and(eq(companyMemberships.companyId, companyId), eq(companyMemberships.role, 'manager')));
    if (!managers.some((m) => m.userId === userId)) throw new NotFoundError(managerTexts.personNotFound);
    if (managers.length <= 1) throw new ConflictError(managerTexts.lastManager, 'last_manager');
    const [seat] = await tx
      .select({ id: companySeats.id })
      .from(companySeats)
      .where(and(eq(companySeats.companyId, companyId), eq(companySeats.userId, userId), sql`${companySeats.revokedAt} IS NULL`));
    const where = and(eq(companyMemberships.companyId, companyId), eq(companyMemberships.userId, userId));
    if (seat)
      await tx
        .update(companyMemberships)
        .set({ role: 'member', updatedAt: sql`now()` })
        .where(where);
    else await tx.delete(companyMemberships).where(where);
    await auditCompany(tx, { companyId, actorId: actor.id, subjectId: userId, action: 'manager_removed', detail: { staysMember: Boolean(seat) } });
    await syncRoleLabel(tx, userId);
    return managerTexts.removed(await fullName(tx, userId));
  });
}

export async function forgetCompanyView(db: Db, companyId: string): Promise<void> {
  await db.execute(sql`DELETE FROM company_view_snapshots WHERE company_id = ${companyId}`);
}
