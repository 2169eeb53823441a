import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { companies, companyMemberships, users } from '../../../db/schema';
import { ForbiddenError, NotFoundError, BadRequestError, SignInRequiredError } from '../errors';
import type { ProductKind } from '../products/kinds';
import type { SessionUser } from '../session';
import { packageInfo } from './company.service';
import { addMembership, auditCompany, requireManager } from './memberships';
import { companyTexts } from './messages';
import { approveCompany, takeBackExcessSeats } from './seats.service';

export const seatOrderMessages = {
  signInFirst: 'Logg inn eller opprett konto for å kjøpe plasser.',
  companyRequired: 'Fyll ut opplysningene om bedriften',
  verifyFirst: 'Bekreft e-postadressen din før du bestiller på faktura.',
} as const;

/** A company's purchase is not a consumer's: the right of withdrawal does not apply, and there is no § 22 n consent. */
const COMPANY_CONSENT = {
  version: 'bedrift',
  text: 'Kjøp til bedrift: angrerettloven gjelder ikke (§ 1), ingen samtykke etter § 22 n.',
} as const;

const companyUsePath = (companyId: string) => `/bedrift?bedrift=${companyId}`;

async function emailVerified(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ verified: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.verified === true;
}

/**
 * The company the order is for: one the buyer manages (named by `companyId`, its details updated
 * when given), or a new one with the buyer as its first manager. A person making companies is
 * serialised (a transaction-scoped lock on their id), and one who already manages a company with
 * the same org number gets that one: ten orders at once make one company, with its manager.
 */
async function resolveCompany(tx: Db, user: SessionUser, body: { companyId?: string | undefined; company?: Record<string, unknown> | undefined }) {
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

/** A company package: seats for the company's people, bought by a signed-in person who manages (or now makes) the company. */
export const packageKind: ProductKind = {
  guestsAllowed: false,
  offersInvoice: true,

  async check(db, { body, user }) {
    if (!user) throw new SignInRequiredError(seatOrderMessages.signInFirst);
    if (body.companyId) await requireManager(db, user, body.companyId);
    else if (!body.company) throw new BadRequestError(seatOrderMessages.companyRequired, 'company.name');
    if (body.provider === 'invoice' && !(await emailVerified(db, user.id))) throw new ForbiddenError(seatOrderMessages.verifyFirst);
  },

  async prepare(tx, { body, user }) {
    const company = await resolveCompany(tx, user!, body);
    return {
      courseId: null,
      quantity: body.quantity ?? 1,
      companyId: company.id,
      buyerCompanyName: company.name,
      buyerOrgNumber: company.orgNumber,
      buyerPoReference: company.poReference,
      consent: COMPANY_CONSENT,
    };
  },

  alreadyDelivered: async () => false,

  async deliver(tx, order) {
    // Paid money is the proof the company is real: every seat it bought can be used.
    const approved = order.companyId ? await approveCompany(tx, order.companyId, null, 'payment') : false;
    return { seats: order.quantity, ...(approved ? { companyApproved: true } : {}) };
  },

  async withdraw(tx, order) {
    if (!order.companyId) return {};
    return { seatsTakenBack: await takeBackExcessSeats(tx, order.companyId) };
  },

  usePath: (order) => (order.companyId ? companyUsePath(order.companyId) : '/bedrift'),

  async checkoutPage(db, product, user) {
    const [pkg, managed] = await Promise.all([
      packageInfo(db),
      user
        ? db
            .select({ id: companies.id, name: companies.name })
            .from(companyMemberships)
            .innerJoin(companies, eq(companies.id, companyMemberships.companyId))
            .where(and(eq(companyMemberships.userId, user.id), eq(companyMemberships.role, 'manager')))
            .orderBy(companies.name, companies.id)
        : [],
    ]);
    return {
      product: { kind: 'package', courseId: null, unitPriceOre: product.priceOre, courses: pkg.courses },
      consent: null,
      viewer: { hasAccess: false, company: managed[0] ?? null, companies: managed },
    };
  },
};
