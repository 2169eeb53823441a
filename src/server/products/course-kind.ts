import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { enrollments, users } from '../../../db/schema';
import { courseAccess, grantCourse, revokeCourse } from '../access/entitlements';
import { coursePlayerPath } from '../checkout/paths';
import { BadRequestError, ConflictError } from '../platform/errors';
import type { ProductKind } from './kinds';

/** The consent to immediate delivery of digital content (angrerettloven § 22 n), stored with each course order. */
export const CONSENT = {
  version: '2026-11-25',
  text: 'Jeg ber om å få tilgang til kurset med en gang, og forstår at angreretten da går tapt',
} as const;

export const courseOrderMessages = {
  providerNotOffered: 'Denne betalingsmåten er ikke tilgjengelig.',
  consentRequired: 'Du må samtykke for å få tilgang med en gang.',
  consentOutdated: 'Vilkårene for kjøpet er endret. Last inn siden på nytt.',
  alreadyHasAccess: 'Du har allerede tilgang til dette kurset.',
} as const;

async function accessFromElsewhere(db: Db, userId: string, courseId: string, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.userId, userId),
        eq(enrollments.courseId, courseId),
        sql`${enrollments.revokedAt} IS NULL`,
        sql`${enrollments.sourceRef} IS DISTINCT FROM ${orderId}`,
        ne(enrollments.source, 'free'),
      ),
    );
  return row !== undefined;
}

export const courseKind: ProductKind = {
  guestsAllowed: true,
  offersInvoice: false,

  async check(db, { product, body, user }) {
    if (body.provider === 'invoice') throw new BadRequestError(courseOrderMessages.providerNotOffered, 'provider');
    if (!body.consent) throw new BadRequestError(courseOrderMessages.consentRequired, 'consent.accepted');
    if (body.consent.version !== CONSENT.version) throw new ConflictError(courseOrderMessages.consentOutdated, 'consent_outdated');
    if (user && (await courseAccess(db, user.id, product.courseId)).reason !== null)
      throw new ConflictError(courseOrderMessages.alreadyHasAccess, 'already_has_access', { coursePath: coursePlayerPath(product.courseId) });
  },

  async prepare(_tx, { product }) {
    return {
      courseId: product.courseId,
      quantity: 1,
      companyId: null,
      buyerCompanyName: null,
      buyerOrgNumber: null,
      buyerPoReference: null,
      consent: { version: CONSENT.version, text: CONSENT.text },
    };
  },

  async alreadyDelivered(db, order) {
    if (!order.courseId) return false;
    const userId = order.userId ?? (await db.select({ id: users.id }).from(users).where(eq(users.email, order.buyerEmail)))[0]?.id ?? null;
    return userId !== null && accessFromElsewhere(db, userId, order.courseId, order.id);
  },

  async deliver(tx, order) {
    if (!order.userId || !order.courseId) return {};
    await grantCourse(tx, { userId: order.userId, courseId: order.courseId, source: 'purchase', sourceRef: order.id });
    return { granted: order.courseId };
  },

  async withdraw(tx, order) {
    // Only a full refund ends the access, and only the access this order gave (the progress stays).
    if (order.status !== 'refunded' || !order.userId || !order.courseId) return {};
    return { revoked: await revokeCourse(tx, order.userId, order.courseId, order.id) };
  },

  usePath: (order) => (order.courseId ? coursePlayerPath(order.courseId) : '/'),

  async checkoutPage(db, product, user) {
    return {
      product: { courseId: product.courseId },
      consent: { version: CONSENT.version, text: CONSENT.text },
      viewer: { hasAccess: user ? (await courseAccess(db, user.id, product.courseId)).reason !== null : false },
    };
  },
};
