import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { coupons, courses, type Order, orders, products, users } from '../../../db/schema';
import type { CheckoutOrderBody, QuoteBody } from '../../schemas/checkout';
import { courseAccess } from '../access/entitlements';
import { env } from '../env';
import { BadRequestError, ConflictError, NotFoundError, ThrottledError, UnavailableError } from '../errors';
import { offeredProviders, paymentProvider } from '../payments/registry';
import { ProviderRefusedError, ProviderUnavailableError } from '../payments/provider';
import type { SessionUser } from '../session';
import { policies, reserve } from '../throttle';
import { PACKAGE_PAGE, PACKAGE_PRODUCT } from '../../lib/company-package';
import { createSeatOrder, seatCheckoutProduct } from '../company/seat-orders.service';
import { changeOrder } from './order-change';
import { coursePlayerPath, productIdOf, returnPath } from './paths';
import { type CouponTerms, couponLabel, MIN_CHARGE_ORE, priceFor, type Price } from './pricing';

/**
 * The checkout (issue 22, decision 30): what a product costs, the quote with a coupon, and
 * making an order and its payment at the provider. Moving an order after that is
 * `reconcile`'s work alone (./reconcile.ts).
 */

/** The consent to immediate delivery of digital content (angrerettloven § 22 n), stored with each order. */
export const CONSENT = {
  version: '2026-11-25',
  text: 'Jeg ber om å få tilgang til kurset med en gang, og forstår at angreretten da går tapt',
} as const;

export const checkoutMessages = {
  productNotFound: 'Fant ikke produktet.',
  notOnSale: 'Produktet er ikke til salgs akkurat nå.',
  free: 'Kurset er gratis. Meld deg på fra oversikten din.',
  couponInvalid: 'Rabattkoden er ugyldig eller utløpt.',
  couponUsedUp: 'Rabattkoden er brukt opp.',
  couponTooLarge: 'Rabattkoden kan ikke brukes på dette kjøpet.',
  providerNotOffered: 'Denne betalingsmåten er ikke tilgjengelig.',
  consentOutdated: 'Vilkårene for kjøpet er endret. Last inn siden på nytt.',
  buyerRequired: 'Skriv inn navn og e-postadresse',
  buyerWhenSignedIn: 'Du er logget inn: navn og e-post hentes fra kontoen din.',
  accountExists: 'Det finnes allerede en konto med denne e-postadressen. Logg inn for å kjøpe kurset.',
  alreadyHasAccess: 'Du har allerede tilgang til dette kurset.',
  idempotencyKeyTaken: 'Denne bestillingen tilhører noen andre. Last inn siden på nytt.',
  providerUnavailable: 'Betalingen kunne ikke startes. Prøv igjen om litt.',
  tooManyOrders: 'For mange bestillinger fra denne adressen. Prøv igjen senere.',
} as const;

interface ProductRow {
  id: string;
  kind: string;
  /** A course product's course; '' for a package (issue 24). */
  courseId: string;
  title: string;
  priceOre: number;
  vat: 'standard_25' | 'exempt';
  onSale: boolean;
}

export async function productById(db: Db, productId: string): Promise<ProductRow> {
  const [row] = await db
    .select({
      id: products.id,
      kind: products.kind,
      courseId: products.courseId,
      title: sql<string | null>`coalesce(${courses.title}, ${products.title})`,
      priceOre: products.priceOre,
      vat: products.vat,
      onSale: products.onSale,
    })
    .from(products)
    .leftJoin(courses, eq(courses.id, products.courseId))
    .where(eq(products.id, productId));
  if (!row?.title || (row.kind === 'course' && !row.courseId)) throw new NotFoundError(checkoutMessages.productNotFound);
  return { ...row, title: row.title, courseId: row.courseId ?? '' };
}

/** The product a checkout page names: a course's id, or the online package's page ('nettbasert-pakke'). */
export const checkoutProductId = (pageId: string) => (pageId === PACKAGE_PAGE ? PACKAGE_PRODUCT : productIdOf(pageId));

export function sellable(product: ProductRow): void {
  if (!product.onSale) throw new ConflictError(checkoutMessages.notOnSale, 'not_on_sale');
  if (product.priceOre === 0) throw new ConflictError(checkoutMessages.free, 'free');
}

async function hasAccess(db: Db, userId: string, courseId: string): Promise<boolean> {
  return (await courseAccess(db, userId, courseId)).reason !== null;
}

/** GET /api/checkout/products/:courseId: the product, the providers offered, the consent, and who is buying. */
export async function checkoutProduct(db: Db, courseId: string, user: SessionUser | null) {
  const product = await productById(db, checkoutProductId(courseId));
  if (product.kind === 'package') return seatCheckoutProduct(db, product, user);
  const price = priceFor(product.priceOre, product.vat, null);
  const providers = await offeredProviders(db);
  const [viewer] = user
    ? await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, user.id))
    : [];
  return {
    product: {
      id: product.id,
      courseId: product.courseId,
      title: product.title,
      priceOre: product.priceOre,
      vat: product.vat,
      vatRateBp: price.vatRateBp,
      vatOre: price.vatOre,
      onSale: product.onSale,
    },
    providers: providers.map((p) => ({ id: p.name, label: p.label })),
    consent: { version: CONSENT.version, text: CONSENT.text },
    viewer: user && viewer ? { ...viewer, hasAccess: await hasAccess(db, user.id, product.courseId) } : null,
  };
}

interface CouponRow extends CouponTerms {
  id: string;
  code: string;
}

const couponUsable = (productId: string) =>
  sql`${coupons.active} AND ${coupons.validFrom} <= now() AND (${coupons.validUntil} IS NULL OR ${coupons.validUntil} > now()) AND (${coupons.productId} IS NULL OR ${coupons.productId} = ${productId})`;

const couponColumns = { id: coupons.id, code: coupons.code, kind: coupons.kind, percentOff: coupons.percentOff, amountOffOre: coupons.amountOffOre };

export const normaliseCouponCode = (code: string) => code.trim().toUpperCase();

/** A coupon's terms if it can be used on the product now (without counting a use); 400 otherwise. */
async function readCoupon(db: Db, code: string, productId: string): Promise<CouponRow & { usedUp: boolean }> {
  const [row] = await db
    .select({ ...couponColumns, usedUp: sql<boolean>`(${coupons.maxUses} IS NOT NULL AND ${coupons.usedCount} >= ${coupons.maxUses})` })
    .from(coupons)
    .where(and(eq(coupons.code, normaliseCouponCode(code)), couponUsable(productId)));
  if (!row) throw new BadRequestError(checkoutMessages.couponInvalid, 'couponCode');
  return row;
}

export function checkChargeable(price: Price, coupon: CouponRow | null): void {
  if (coupon && price.totalOre < MIN_CHARGE_ORE) throw new BadRequestError(checkoutMessages.couponTooLarge, 'couponCode');
}

/** POST /api/checkout/quote: the price with a coupon (no use is counted). */
export async function quote(db: Db, body: QuoteBody) {
  const product = await productById(db, body.productId);
  sellable(product);
  const quantity = product.kind === 'package' ? (body.quantity ?? 1) : 1;
  const listOre = product.priceOre * quantity;
  const extra = { unitPriceOre: product.priceOre, quantity };
  if (!body.couponCode) return { ...priceFor(listOre, product.vat, null), ...extra, coupon: null };
  const coupon = await readCoupon(db, body.couponCode, product.id);
  if (coupon.usedUp) throw new BadRequestError(checkoutMessages.couponUsedUp, 'couponCode');
  const price = priceFor(listOre, product.vat, coupon);
  checkChargeable(price, coupon);
  return { ...price, ...extra, coupon: { code: coupon.code, label: couponLabel(coupon) } };
}

/**
 * Counts one use of the coupon, if it has one left: one conditional update, so concurrent
 * buyers can never pass `max_uses` (the row lock orders them; each sees the count before it).
 */
export async function takeCoupon(tx: Db, code: string, productId: string): Promise<CouponRow> {
  const [taken] = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.code, normaliseCouponCode(code)),
        couponUsable(productId),
        sql`(${coupons.maxUses} IS NULL OR ${coupons.usedCount} < ${coupons.maxUses})`,
      ),
    )
    .returning(couponColumns);
  if (taken) return taken;
  const known = await readCoupon(tx, code, productId);
  throw new BadRequestError(known.usedUp ? checkoutMessages.couponUsedUp : checkoutMessages.couponInvalid, 'couponCode');
}

/** Gives an unpaid order's coupon use back (the order was cancelled, failed or expired). */
export async function releaseCoupon(tx: Db, order: Pick<Order, 'couponId'>): Promise<void> {
  if (!order.couponId) return;
  await tx
    .update(coupons)
    .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
    .where(eq(coupons.id, order.couponId));
}

export interface CreateOrderInput {
  body: CheckoutOrderBody;
  user: SessionUser | null;
  ip: string;
  userAgent: string | null;
}

export interface CreatedOrder {
  order: Order;
  created: boolean;
  /** A guest's checkout token, for the `kia_checkout` cookie (only when this call made the order). */
  checkoutToken: string | null;
}

export const hashCheckoutToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Rolls back a coupon's use when a concurrent request with the same idempotency key made the order. */
export class SameKeyRace extends Error {}

export const newReference = () => `ka-${randomBytes(8).toString('hex')}`;

/**
 * POST /api/checkout/orders. Decides the price (never from the request), counts the coupon's use
 * and writes the order with the consent in one transaction, then starts the payment at the
 * provider with the key `create:<order id>`. The client's idempotency key makes a double click
 * (or a retry after a provider that did not answer) the same order: it is returned as it is, and
 * its payment is started again with the same key if it was not yet.
 */
export async function createOrder(db: Db, input: CreateOrderInput): Promise<CreatedOrder> {
  const { body, user } = input;
  const [existing] = await db.select().from(orders).where(eq(orders.idempotencyKey, body.idempotencyKey));
  if (existing) return { order: await resumeOrder(db, existing, input), created: false, checkoutToken: null };

  const product = await productById(db, body.productId);
  sellable(product);
  if (product.kind === 'package') return createSeatOrder(db, input, product);
  if (body.provider === 'invoice') throw new BadRequestError(checkoutMessages.providerNotOffered, 'provider');
  if (!body.consent) throw new BadRequestError('Du må samtykke for å få tilgang med en gang.', 'consent.accepted');
  if (body.consent.version !== CONSENT.version) throw new ConflictError(checkoutMessages.consentOutdated, 'consent_outdated');
  const provider = await paymentProvider(db, body.provider);
  if (!provider) throw new BadRequestError(checkoutMessages.providerNotOffered, 'provider');

  let buyer: { userId: string | null; firstName: string; lastName: string; email: string };
  if (user) {
    if (body.buyer) throw new BadRequestError(checkoutMessages.buyerWhenSignedIn, 'buyer');
    if (await hasAccess(db, user.id, product.courseId))
      throw new ConflictError(checkoutMessages.alreadyHasAccess, 'already_has_access', { coursePath: coursePlayerPath(product.courseId) });
    const [row] = await db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, user.id));
    buyer = { userId: user.id, firstName: row!.firstName, lastName: row!.lastName, email: row!.email };
  } else {
    if (!body.buyer) throw new BadRequestError(checkoutMessages.buyerRequired, 'buyer');
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, body.buyer.email));
    if (taken) throw new ConflictError(checkoutMessages.accountExists, 'account_exists');
    const reservation = await reserve(db, `checkout:ip:${input.ip}`, policies.checkoutIp);
    if (!reservation.allowed) throw new ThrottledError(checkoutMessages.tooManyOrders, reservation.retryAfter);
    buyer = { userId: null, firstName: body.buyer.firstName, lastName: body.buyer.lastName, email: body.buyer.email };
  }

  const checkoutToken = user ? null : randomBytes(32).toString('base64url');
  // The order and its first event are one statement; with a coupon, the coupon's use joins them in a transaction.
  const write = async (tx: Db) => {
    const coupon = body.couponCode ? await takeCoupon(tx, body.couponCode, product.id) : null;
    const price = priceFor(product.priceOre, product.vat, coupon);
    checkChargeable(price, coupon);
    const insert = tx
      .insert(orders)
      .values({
        reference: newReference(),
        userId: buyer.userId,
        buyerFirstName: buyer.firstName,
        buyerLastName: buyer.lastName,
        buyerEmail: buyer.email,
        guest: !user,
        checkoutTokenHash: checkoutToken ? hashCheckoutToken(checkoutToken) : null,
        productId: product.id,
        courseId: product.courseId,
        title: product.title,
        listPriceOre: price.listPriceOre,
        discountOre: price.discountOre,
        totalOre: price.totalOre,
        vat: product.vat,
        vatRateBp: price.vatRateBp,
        vatOre: price.vatOre,
        couponId: coupon?.id ?? null,
        couponCode: coupon?.code ?? null,
        provider: provider.name,
        consentVersion: CONSENT.version,
        consentText: CONSENT.text,
        consentAt: new Date(),
        consentIp: input.ip,
        consentUserAgent: input.userAgent?.slice(0, 500) ?? null,
        idempotencyKey: body.idempotencyKey,
        expiresAt: sql`now() + make_interval(mins => ${env.ORDER_EXPIRY_MINUTES})`,
      })
      .onConflictDoNothing({ target: orders.idempotencyKey })
      .returning();
    const made = await changeOrder(tx, insert, { fromStatus: null, toStatus: 'created', trigger: 'checkout', detail: { provider: provider.name } });
    // No row: the same key at the same moment, and the other request made the order (and counted its coupon).
    if (!made && coupon) throw new SameKeyRace();
    return made ?? null;
  };
  const order = body.couponCode
    ? await atomically(db, write).catch((error: unknown) => {
        if (error instanceof SameKeyRace) return null;
        throw error;
      })
    : await write(db);
  if (!order) {
    const [other] = await db.select().from(orders).where(eq(orders.idempotencyKey, body.idempotencyKey));
    return { order: await resumeOrder(db, other!, input), created: false, checkoutToken: null };
  }
  return { order: await startPayment(db, order), created: true, checkoutToken };
}

/** A repeated request with an order's idempotency key: the same buyer gets the same order (its payment started if it was not). */
export async function resumeOrder(db: Db, order: Order, input: CreateOrderInput): Promise<Order> {
  const sameBuyer = input.user ? order.userId === input.user.id : order.guest && order.buyerEmail === input.body.buyer?.email;
  if (!sameBuyer || order.productId !== input.body.productId) throw new ConflictError(checkoutMessages.idempotencyKeyTaken, 'idempotency_key_taken');
  return order.status === 'created' ? startPayment(db, order) : order;
}

/**
 * Starts the payment at the provider (outside any transaction: it is a network call) and records
 * it. The provider's idempotency key is the order's, so a retry never makes a second payment.
 */
export async function startPayment(db: Db, order: Order): Promise<Order> {
  const provider = await paymentProvider(db, order.provider);
  if (!provider) throw new UnavailableError(checkoutMessages.providerUnavailable);
  const base = env.SITE_URL.replace(/\/$/, '');
  let payment;
  try {
    payment = await provider.create({
      reference: order.reference,
      amountOre: order.totalOre,
      currency: 'NOK',
      description: order.title,
      returnUrl: `${base}${returnPath(order.id)}`,
      cancelUrl: `${base}${returnPath(order.id)}`,
      customerEmail: order.buyerEmail,
      idempotencyKey: `create:${order.id}`,
    });
  } catch (error) {
    if (error instanceof ProviderUnavailableError || error instanceof ProviderRefusedError) {
      await db
        .update(orders)
        .set({ lastError: `create: ${error.message}`.slice(0, 500) })
        .where(eq(orders.id, order.id));
      throw new UnavailableError(checkoutMessages.providerUnavailable);
    }
    throw error;
  }
  const moved = await changeOrder(
    db,
    db
      .update(orders)
      .set({ status: 'awaiting_payment', providerPaymentId: payment.providerPaymentId, redirectUrl: payment.redirectUrl, lastError: null })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'created')))
      .returning(),
    { fromStatus: 'created', toStatus: 'awaiting_payment', trigger: 'checkout' },
  );
  return moved ?? (await db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
}
