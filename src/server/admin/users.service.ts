import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { atomically, type Db } from '../../../db/client';
import { adminStatisticsSnapshot, type Role, sessions, userAuditLog, users } from '../../../db/schema';
import { type AdminUser, type AuditEntry, userChangeErrorTypes } from '../../schemas/admin';
import { ConflictError, NotFoundError } from '../platform/errors';

/** Nobody changes their own account here, and the last active superuser keeps the role, so someone can always open the user list. */

export const userMessages = {
  notFound: 'Fant ikke brukeren',
  ownAccount: 'Du kan ikke endre status eller rolle på din egen konto.',
  lastSuperuser: 'Dette er den siste aktive superbrukeren. Gi en annen bruker rollen superbruker først.',
} as const;

const AUDIT_ENTRIES = 5;

const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  isActive: users.isActive,
  profileImageUrl: users.profileImageUrl,
  createdAt: users.createdAt,
};

type UserRow = { [K in keyof typeof userColumns]: (typeof users.$inferSelect)[K] };

const actors = alias(users, 'actor');

async function auditOf(db: Db, userIds: string[] | null): Promise<Map<string, AuditEntry[]>> {
  const ranked = db
    .select({
      id: userAuditLog.id,
      userId: userAuditLog.userId,
      actorId: userAuditLog.actorId,
      action: userAuditLog.action,
      fromValue: userAuditLog.fromValue,
      toValue: userAuditLog.toValue,
      createdAt: userAuditLog.createdAt,
      rank: sql<number>`row_number() over (partition by ${userAuditLog.userId} order by ${userAuditLog.createdAt} desc, ${userAuditLog.id} desc)`.as(
        'rank',
      ),
    })
    .from(userAuditLog)
    .where(userIds ? inArray(userAuditLog.userId, userIds) : undefined)
    .as('ranked');
  const rows = await db
    .select({
      id: ranked.id,
      userId: ranked.userId,
      action: ranked.action,
      fromValue: ranked.fromValue,
      toValue: ranked.toValue,
      createdAt: ranked.createdAt,
      actorId: actors.id,
      actorFirstName: actors.firstName,
      actorLastName: actors.lastName,
      actorEmail: actors.email,
    })
    .from(ranked)
    .leftJoin(actors, eq(actors.id, ranked.actorId))
    .where(sql`${ranked.rank} <= ${AUDIT_ENTRIES}`)
    .orderBy(desc(ranked.createdAt), desc(ranked.id));
  const byUser = new Map<string, AuditEntry[]>();
  for (const r of rows) {
    const list = byUser.get(r.userId) ?? [];
    list.push({
      id: r.id,
      action: r.action,
      fromValue: r.fromValue,
      toValue: r.toValue,
      actor: r.actorId ? { id: r.actorId, name: `${r.actorFirstName ?? ''} ${r.actorLastName ?? ''}`.trim(), email: r.actorEmail ?? '' } : null,
      createdAt: new Date(r.createdAt).toISOString(),
    });
    byUser.set(r.userId, list);
  }
  return byUser;
}

const adminUser = (row: UserRow, audit: AuditEntry[] = []): AdminUser => ({ ...row, createdAt: row.createdAt.toISOString(), audit });

export async function listUsers(db: Db): Promise<AdminUser[]> {
  const rows = await db.select(userColumns).from(users).orderBy(desc(users.createdAt), desc(users.id));
  const audit = await auditOf(db, null);
  return rows.map((row) => adminUser(row, audit.get(row.id)));
}

async function oneUser(db: Db, userId: string): Promise<AdminUser> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, userId));
  if (!row) throw new NotFoundError(userMessages.notFound);
  return adminUser(row, (await auditOf(db, [userId])).get(userId));
}

/** Locks the active superusers, then the target, so two superusers changing each other queue up instead of both passing the check. */
async function lockForChange(tx: Db, userId: string) {
  const activeSuperusers = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'superuser'), eq(users.isActive, true)))
    .orderBy(users.id)
    .for('update');
  const [target] = await tx
    .select({ id: users.id, role: users.role, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!target) throw new NotFoundError(userMessages.notFound);
  return { target, otherActiveSuperusers: activeSuperusers.filter((s) => s.id !== userId).length };
}

/** Deactivating deletes all their sessions in the same transaction. */
export async function setUserStatus(db: Db, actorId: string, userId: string, isActive: boolean): Promise<AdminUser> {
  if (actorId === userId) throw new ConflictError(userMessages.ownAccount, userChangeErrorTypes.ownAccount);
  await atomically(db, async (tx) => {
    const { target, otherActiveSuperusers } = await lockForChange(tx, userId);
    if (target.isActive === isActive) return;
    if (!isActive && target.role === 'superuser' && otherActiveSuperusers === 0) {
      throw new ConflictError(userMessages.lastSuperuser, userChangeErrorTypes.lastSuperuser);
    }
    await tx.update(users).set({ isActive }).where(eq(users.id, userId));
    if (!isActive) await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.insert(userAuditLog).values({
      userId,
      actorId,
      action: isActive ? 'reactivated' : 'deactivated',
      fromValue: String(target.isActive),
      toValue: String(isActive),
    });
    await tx.delete(adminStatisticsSnapshot); // the superuser sees this change in the statistics at once
  });
  return oneUser(db, userId);
}

export async function setUserRole(db: Db, actorId: string, userId: string, role: Role): Promise<AdminUser> {
  if (actorId === userId) throw new ConflictError(userMessages.ownAccount, userChangeErrorTypes.ownAccount);
  await atomically(db, async (tx) => {
    const { target, otherActiveSuperusers } = await lockForChange(tx, userId);
    if (target.role === role) return;
    if (target.role === 'superuser' && target.isActive && otherActiveSuperusers === 0) {
      throw new ConflictError(userMessages.lastSuperuser, userChangeErrorTypes.lastSuperuser);
    }
    await tx.update(users).set({ role }).where(eq(users.id, userId));
    await tx.insert(userAuditLog).values({ userId, actorId, action: 'role_changed', fromValue: target.role, toValue: role });
    await tx.delete(adminStatisticsSnapshot);
  });
  return oneUser(db, userId);
}

export interface CreateOrPromote {
  email: string;
  role: Role;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

export type CreateOrPromoteResult =
  | { outcome: 'created'; userId: string }
  | { outcome: 'promoted'; userId: string; from: { role: Role; isActive: boolean } }
  | { outcome: 'unchanged'; userId: string };

export async function findUserByEmail(db: Db, email: string): Promise<{ id: string; role: Role; isActive: boolean } | null> {
  const [row] = await db.select({ id: users.id, role: users.role, isActive: users.isActive }).from(users).where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

/** Audit rows with no actor say the command line did it. */
export async function createOrPromoteUser(db: Db, input: CreateOrPromote, passwordHash: () => Promise<string>): Promise<CreateOrPromoteResult> {
  const email = input.email.toLowerCase();
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (existing.role === input.role && existing.isActive) return { outcome: 'unchanged', userId: existing.id };
    await atomically(db, async (tx) => {
      if (existing.role === 'superuser' && input.role !== 'superuser' && existing.isActive) {
        const { otherActiveSuperusers } = await lockForChange(tx, existing.id);
        if (otherActiveSuperusers === 0) throw new ConflictError(userMessages.lastSuperuser, userChangeErrorTypes.lastSuperuser);
      }
      await tx.update(users).set({ role: input.role, isActive: true }).where(eq(users.id, existing.id));
      const entries: (typeof userAuditLog.$inferInsert)[] = [];
      if (!existing.isActive) entries.push({ userId: existing.id, actorId: null, action: 'reactivated', fromValue: 'false', toValue: 'true' });
      if (existing.role !== input.role)
        entries.push({ userId: existing.id, actorId: null, action: 'promoted', fromValue: existing.role, toValue: input.role });
      await tx.insert(userAuditLog).values(entries);
      await tx.delete(adminStatisticsSnapshot);
    });
    return { outcome: 'promoted', userId: existing.id, from: existing };
  }
  const hash = await passwordHash();
  return atomically(db, async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ email, passwordHash: hash, firstName: input.firstName ?? '', lastName: input.lastName ?? '', role: input.role })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!created) throw new ConflictError('E-postadressen ble tatt i bruk mens kommandoen kjørte. Prøv igjen.');
    await tx.insert(userAuditLog).values({ userId: created.id, actorId: null, action: 'created', fromValue: null, toValue: input.role });
    await tx.delete(adminStatisticsSnapshot);
    return { outcome: 'created' as const, userId: created.id };
  });
}
