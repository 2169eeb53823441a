import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { coupons, courses, type Order, orders, products, users } from '../../../db/schema';
import type { CheckoutOrderBody, QuoteBody } from '../../schemas/checkout';
import { env } from '../platform/env';
import { BadRequestError, ConflictError, NotFoundError, ThrottledError, UnavailableError } from '../platform/errors';
import { offeredProviders, paymentProvider } from '../payments/registry';
import { ProviderRefusedError, ProviderUnavailableError } from '../payments/provider';
import { CONSENT, courseOrderMessages } from '../products/course-kind';
import type { ProductRow } from '../products/kinds';
import { kindOfProduct } from '../products/registry';
import type { SessionUser } from '../auth/session';
import { policies, reserve } from '../platform/throttle';
import { PACKAGE_PAGE, PACKAGE_PRODUCT } from '../../lib/company-package';
import { transition } from './lifecycle';
import { changeOrder } from './order-change';
import { productIdOf, returnPath } from './paths';
import { type CouponTerms, couponLabel, MIN_CHARGE_ORE, priceFor, type Price } from './pricing';

export { CONSENT };

export const checkoutMessages = {
  productNotFound: 'Fant ikke produktet.',
  notOnSale: 'Produktet er ikke til salgs akkurat nå.',
  free: 'Kurset er gratis. Meld deg på fra oversikten din.',
  /** One answer for every refused code, so guessing tells nothing. */
  couponInvalid: 'Rabattkoden er ugyldig eller utløpt.',
  providerNotOffered: courseOrderMessages.providerNotOffered,
  consentOutdated: courseOrderMessages.consentOutdated,
  buyerRequired: 'Skriv inn navn og e-postadresse',
  buyerWhenSignedIn: 'Du er logget inn: navn og e-post hentes fra kontoen din.',
  accountExists: 'Det finnes allerede en konto med denne e-postadressen. Logg inn for å kjøpe kurset.',
  alreadyHasAccess: courseOrderMessages.alreadyHasAccess,
  idempotencyKeyTaken: 'Denne bestillingen tilhører noen andre. Last inn siden på nytt.',
  providerUnavailable: 'Betalingen kunne ikke startes. Prøv igjen om litt.',
  tooManyOrders: 'For mange bestillinger fra denne adressen. Prøv igjen senere.',
} as const;

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

export const checkoutProductId = (pageId: string) => (pageId === PACKAGE_PAGE ? PACKAGE_PRODUCT : productIdOf(pageId));

export function sellable(product: ProductRow): void {
  if (!product.onSale) throw new ConflictError(checkoutMessages.notOnSale, 'not_on_sale');
  if (product.priceOre === 0) throw new ConflictError(checkoutMessages.free, 'free');
}

export async function checkoutProduct(db: Db, courseId: string, user: SessionUser | null) {
  const product = await productById(db, checkoutProductId(courseId));
  const kind = kindOfProduct(product);
  const price = priceFor(product.priceOre, product.vat, null);
  const [providers, page, viewer] = await Promise.all([
    offeredProviders(db),
    kind.checkoutPage(db, product, user),
    user ? db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, user.id)) : [],
  ]);
  const common = {
    id: product.id,
    title: product.title,
    priceOre: product.priceOre,
    vat: product.vat,
    vatRateBp: price.vatRateBp,
    vatOre: price.vatOre,
    onSale: product.onSale,
  };
  const answer = { providers: providers.map((p) => ({ id: p.name, label: p.label })), offersInvoice: kind.offersInvoice };
  const person = user && viewer[0] ? viewer[0] : null;
  if (page.consent === null) {
    return { ...answer, product: { ...common, ...page.product }, consent: null, viewer: person && { ...person, ...page.viewer } };
  }
  return { ...answer, product: { ...common, ...page.product }, consent: page.consent, viewer: person && { ...person, ...page.viewer } };
}

interface CouponRow extends CouponTerms {
  id: string;
  code: string;
}

const couponUsable = (productId: string) =>
  sql`${coupons.active} AND ${coupons.validFrom} <= now() AND (${coupons.validUntil} IS NULL OR ${coupons.validUntil} > now()) AND (${coupons.productId} IS NULL OR ${coupons.productId} = ${productId})`;

const couponColumns = { id: coupons.id, code: coupons.code, kind: coupons.kind, percentOff: coupons.percentOff, amountOffOre: coupons.amountOffOre };

export const normaliseCouponCode = (code: string) => code.trim().toUpperCase();

const couponRefused = () => new BadRequestError(checkoutMessages.couponInvalid, 'couponCode');

/** Past the limit the 429 says the same as a wrong code, so a guesser learns nothing more. */
export async function throttleCouponTry(db: Db, ip: string): Promise<void> {
  const reservation = await reserve(db, `coupon:ip:${ip}`, policies.couponIp);
  if (!reservation.allowed) throw new ThrottledError(checkoutMessages.couponInvalid, reservation.retryAfter);
}

async function readCoupon(db: Db, code: string, productId: string): Promise<CouponRow> {
  const [row] = await db
    .select(couponColumns)
    .from(coupons)
    .where(
      and(
        eq(coupons.code, normaliseCouponCode(code)),
        couponUsable(productId),
        sql`(${coupons.maxUses} IS NULL OR ${coupons.usedCount} < ${coupons.maxUses})`,
      ),
    );
  if (!row) throw couponRefused();
  return row;
}

export function checkChargeable(price: Price, coupon: CouponRow | null): void {
  if (coupon && price.totalOre < MIN_CHARGE_ORE) throw couponRefused();
}

export async function quote(db: Db, body: QuoteBody, ip: string) {
  const product = await productById(db, body.productId);
  sellable(product);
  const quantity = product.kind === 'package' ? (body.quantity ?? 1) : 1;
  const listOre = product.priceOre * quantity;
  const extra = { unitPriceOre: product.priceOre, quantity };
  if (!body.couponCode) return { ...priceFor(listOre, product.vat, null), ...extra, coupon: null };
  await throttleCouponTry(db, ip);
  const coupon = await readCoupon(db, body.couponCode, product.id);
  const price = priceFor(listOre, product.vat, coupon);
  checkChargeable(price, coupon);
  return { ...price, ...extra, coupon: { code: coupon.code, label: couponLabel(coupon) } };
}

/** One conditional update, so concurrent buyers can never pass `max_uses`. */
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
  throw couponRefused();
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
  checkoutToken: string | null;
}

export const hashCheckoutToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Rolls back a coupon's use when a concurrent request with the same idempotency key made the order. */
export class SameKeyRace extends Error {}

export const newReference = () => `ka-${randomBytes(8).toString('hex')}`;

/** The price never comes from the request; the client's idempotency key makes a double click or a retry the same order. */
export async function createOrder(db: Db, input: CreateOrderInput): Promise<CreatedOrder> {
  const { body, user } = input;
  const [existing] = await db.select().from(orders).where(eq(orders.idempotencyKey, body.idempotencyKey));
  if (existing) return { order: await resumeOrder(db, existing, input), created: false, checkoutToken: null };

  const product = await productById(db, body.productId);
  sellable(product);
  const kind = kindOfProduct(product);
  const context = { product, body, user };
  await kind.check(db, context);
  const invoice = body.provider === 'invoice';
  if (invoice && !kind.offersInvoice) throw new BadRequestError(checkoutMessages.providerNotOffered, 'provider');
  const provider = invoice ? null : await paymentProvider(db, body.provider as Exclude<typeof body.provider, 'invoice'>);
  if (!invoice && !provider) throw new BadRequestError(checkoutMessages.providerNotOffered, 'provider');

  let buyer: { userId: string | null; firstName: string; lastName: string; email: string };
  if (user) {
    if (body.buyer) throw new BadRequestError(checkoutMessages.buyerWhenSignedIn, 'buyer');
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
  if (body.couponCode) await throttleCouponTry(db, input.ip);

  const checkoutToken = user ? null : randomBytes(32).toString('base64url');
  const providerName = invoice ? 'invoice' : provider!.name;
  const write = async (tx: Db): Promise<Order> => {
    const fields = await kind.prepare(tx, context);
    const coupon = body.couponCode ? await takeCoupon(tx, body.couponCode, product.id) : null;
    const price = priceFor(product.priceOre * fields.quantity, product.vat, coupon);
    checkChargeable(price, coupon);
    const status = invoice ? 'invoiced' : 'created';
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
        courseId: fields.courseId,
        companyId: fields.companyId,
        buyerCompanyName: fields.buyerCompanyName,
        buyerOrgNumber: fields.buyerOrgNumber,
        buyerPoReference: fields.buyerPoReference,
        title: product.title,
        quantity: fields.quantity,
        listPriceOre: price.listPriceOre,
        discountOre: price.discountOre,
        totalOre: price.totalOre,
        vat: product.vat,
        vatRateBp: price.vatRateBp,
        vatOre: price.vatOre,
        couponId: coupon?.id ?? null,
        couponCode: coupon?.code ?? null,
        provider: providerName,
        status,
        consentVersion: fields.consent.version,
        consentText: fields.consent.text,
        consentAt: new Date(),
        consentIp: input.ip,
        consentUserAgent: input.userAgent?.slice(0, 500) ?? null,
        idempotencyKey: body.idempotencyKey,
        expiresAt: sql`now() + make_interval(mins => ${invoice ? INVOICE_DAYS * 24 * 60 : env.ORDER_EXPIRY_MINUTES})`,
      })
      .onConflictDoNothing({ target: orders.idempotencyKey })
      .returning();
    const made = await changeOrder(tx, insert, {
      fromStatus: null,
      toStatus: status,
      trigger: 'checkout',
      detail: { provider: providerName, quantity: fields.quantity },
    });
    // No row: the same key at the same moment, and the other request made the order.
    if (!made) throw new SameKeyRace();
    if (kind.placed) await kind.placed(tx, made);
    return made;
  };
  const order = await atomically(db, write).catch((error: unknown) => {
    if (error instanceof SameKeyRace) return null;
    throw error;
  });
  if (!order) {
    const [other] = await db.select().from(orders).where(eq(orders.idempotencyKey, body.idempotencyKey));
    return { order: await resumeOrder(db, other!, input), created: false, checkoutToken: null };
  }
  if (invoice) return { order: { ...order, redirectUrl: kind.usePath(order) }, created: true, checkoutToken: null };
  return { order: await startPayment(db, order), created: true, checkoutToken };
}

const INVOICE_DAYS = 14;

export async function resumeOrder(db: Db, order: Order, input: CreateOrderInput): Promise<Order> {
  const sameBuyer = input.user ? order.userId === input.user.id : order.guest && order.buyerEmail === input.body.buyer?.email;
  if (!sameBuyer || order.productId !== input.body.productId) throw new ConflictError(checkoutMessages.idempotencyKeyTaken, 'idempotency_key_taken');
  return order.status === 'created' ? startPayment(db, order) : order;
}

/** Outside any transaction (a network call); the key is the order's, so a retry never makes a second payment. */
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
  const moved = await atomically(db, async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (current?.status !== 'created') return undefined;
    const { order: row } = await transition(tx, current, 'awaiting_payment', {
      trigger: 'checkout',
      set: { providerPaymentId: payment.providerPaymentId, redirectUrl: payment.redirectUrl, lastError: null },
    });
    return row;
  });
  return moved ?? (await db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
}
