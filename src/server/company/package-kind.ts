import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { companies, companyMemberships, users } from '../../../db/schema';
import { ForbiddenError, BadRequestError, SignInRequiredError } from '../platform/errors';
import type { ProductKind } from '../products/kinds';
import { packageInfo } from './company.service';
import { requireManager } from './memberships';
import { resolveCompany } from './company-resolve';
import { approveCompany, takeBackExcessSeats } from './seats.service';
import { convertTrial, trialAvailableFor } from './trials.service';
import { SEAT_STATES } from '../products/order-states';
import { TRIAL_DAYS, TRIAL_SEATS } from '../../lib/company-package';

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

export const packageKind: ProductKind = {
  guestsAllowed: false,
  offersInvoice: true,

  async check(db, { body, user }) {
    if (!user) throw new SignInRequiredError(seatOrderMessages.signInFirst);
    if (body.companyId) await requireManager(db, user, body.companyId);
    else if (!body.company) throw new BadRequestError(seatOrderMessages.companyRequired, 'company.name');
    if (body.provider === 'invoice' && !(await emailVerified(db, user.id)))
      throw new ForbiddenError(seatOrderMessages.verifyFirst, 'email_unverified');
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

  async placed(tx, order) {
    // Seats on invoice count from the start: a running trial becomes this order now, not when it is paid.
    if (SEAT_STATES.includes(order.status)) await convertTrial(tx, order);
  },

  alreadyDelivered: async () => false,

  async deliver(tx, order) {
    // Paid money is the proof the company is real: every seat it bought can be used.
    const approved = order.companyId ? await approveCompany(tx, order.companyId, null, 'payment') : false;
    const converted = await convertTrial(tx, order);
    return { seats: order.quantity, ...(approved ? { companyApproved: true } : {}), ...(converted ? { trialConverted: true } : {}) };
  },

  async withdraw(tx, order) {
    if (!order.companyId) return {};
    return { seatsTakenBack: await takeBackExcessSeats(tx, order.companyId) };
  },

  usePath: (order) => (order.companyId ? companyUsePath(order.companyId) : '/bedrift'),

  async checkoutPage(db, product, user) {
    const [pkg, trialAvailable, managed] = await Promise.all([
      packageInfo(db),
      user ? trialAvailableFor(db, user.id) : false,
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
      product: {
        kind: 'package',
        courseId: null,
        unitPriceOre: product.priceOre,
        courses: pkg.courses,
        trial: { seats: TRIAL_SEATS, days: TRIAL_DAYS },
      },
      consent: null,
      viewer: { hasAccess: false, company: managed[0] ?? null, companies: managed, trialAvailable },
    };
  },
};
