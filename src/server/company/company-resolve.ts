import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { companies, companyMemberships } from '../../../db/schema';
import { NotFoundError } from '../platform/errors';
import type { SessionUser } from '../auth/session';
import { addMembership, auditCompany, requireManager } from './memberships';
import { companyTexts } from './messages';

/** Serialised per person (a transaction-scoped lock), so ten orders at once make one company with its manager. */
export async function resolveCompany(
  tx: Db,
  user: SessionUser,
  body: { companyId?: string | undefined; company?: Record<string, unknown> | undefined },
) {
  const named = { id: companies.id, name: companies.name, orgNumber: companies.orgNumber, poReference: companies.poReference };
  if (body.companyId) {
    await requireManager(tx, user, body.companyId);
    const [company] = body.company
      ? await tx
          .update(companies)
          .set({ ...body.company, updatedAt: sql`now()` })
          .where(eq(companies.id, body.companyId))
          .returning(named)
      : await tx.select(named).from(companies).where(eq(companies.id, body.companyId));
    if (!company) throw new NotFoundError(companyTexts.companyNotFound);
    return company;
  }
  const details = body.company as { name: string; orgNumber: string; invoiceEmail: string; invoiceAddress: string; poReference?: string };
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`company-create:${user.id}`}, 0))`);
  const [mine] = await tx
    .select(named)
    .from(companies)
    .innerJoin(companyMemberships, and(eq(companyMemberships.companyId, companies.id), eq(companyMemberships.userId, user.id)))
    .where(and(eq(companies.orgNumber, details.orgNumber), eq(companyMemberships.role, 'manager')))
    .limit(1);
  if (mine) return mine;
  const [made] = await tx.insert(companies).values(details).returning(named);
  await auditCompany(tx, { companyId: made!.id, actorId: user.id, action: 'created' });
  await addMembership(tx, { companyId: made!.id, userId: user.id, role: 'manager', addedBy: user.id });
  return made!;
}
