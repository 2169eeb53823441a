import { eq } from 'drizzle-orm';
import { atomically, type Db } from '../../../db/client';
import { companies, type Order, orders, users } from '../../../db/schema';
import { env } from '../env';
import { BadRequestError, SignInRequiredError } from '../errors';
import { offeredProviders, paymentProvider } from '../payments/registry';
import type { SessionUser } from '../session';
import {
  checkChargeable,
  checkoutMessages,
  type CreatedOrder,
  type CreateOrderInput,
  newReference,
  type productById,
  resumeOrder,
  SameKeyRace,
  startPayment,
  takeCoupon,
} from '../checkout/checkout.service';
import { changeOrder } from '../checkout/order-change';
import { priceFor } from '../checkout/pricing';
import { packageInfo } from './company.service';

type Product = Awaited<ReturnType<typeof productById>>;

export const seatOrderMessages = {
  signInFirst: 'Logg inn eller opprett konto for å kjøpe plasser.',
  companyRequired: 'Fyll ut opplysningene om bedriften',
  otherCompany: 'Du er allerede knyttet til en annen bedrift. Ta kontakt med oss for å kjøpe plasser til en ny bedrift.',
} as const;

/** GET /api/checkout/products/nettbasert-pakke: the package, its price per seat, the payment choices and the buyer's company. */
export async function seatCheckoutProduct(db: Db, product: Product, user: SessionUser | null) {
  const price = priceFor(product.priceOre, product.vat, null);
  const [providers, pkg] = await Promise.all([offeredProviders(db), packageInfo(db)]);
  const [company] =
    user?.role === 'company_admin' && user.companyId
      ? await db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, user.companyId))
      : [];
  return {
    product: {
      id: product.id,
      kind: 'package' as const,
      courseId: null,
      title: product.title,
      priceOre: product.priceOre,
      unitPriceOre: product.priceOre,
      vat: product.vat,
      vatRateBp: price.vatRateBp,
      vatOre: price.vatOre,
      onSale: product.onSale,
      courses: pkg.courses,
    },
    providers: providers.map((p) => ({ id: p.name, label: p.label })),
    offersInvoice: true,
    consent: null,
    viewer: user ? { firstName: user.firstName, lastName: user.lastName, email: user.email, hasAccess: false, company: company ?? null } : null,
  };
}

/**
 * A company's seats (issue 24, decision 32): signed in only (the buyer becomes the company's admin),
 * N seats at the server's price per seat, for the buyer's company or a new one. On invoice the
 * order is 'fakturert' at once and its seats count at once; otherwise the payment starts as for a
 * course, and `reconcile` makes it paid (the seats are the paid orders' quantities).
 */
export async function createSeatOrder(db: Db, input: CreateOrderInput, product: Product): Promise<CreatedOrder> {
  const { body } = input;
  const user = input.user;
  if (!user) throw new SignInRequiredError(seatOrderMessages.signInFirst);
  const [existing] = await db.select().from(orders).where(eq(orders.idempotencyKey, body.idempotencyKey));
  if (existing) return { order: await resumeOrder(db, existing, input), created: false, checkoutToken: null };

  const ownCompanyId = user.role === 'company_admin' ? user.companyId : null;
  if (!ownCompanyId && user.companyId) throw new BadRequestError(seatOrderMessages.otherCompany, 'company');
  if (!ownCompanyId && !body.company) throw new BadRequestError(seatOrderMessages.companyRequired, 'company.name');
  const invoice = body.provider === 'invoice';
  const provider = invoice ? null : await paymentProvider(db, body.provider as 'vipps' | 'stripe' | 'test');
  if (!invoice && !provider) throw new BadRequestError(checkoutMessages.providerNotOffered, 'provider');
  const quantity = body.quantity ?? 1;
  const [buyer] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, user.id));

  const write = async (tx: Db): Promise<Order | null> => {
    let companyId = ownCompanyId;
    // The company as the receipt names it (kept on the order: a later edit does not change a sale).
    const named = { id: companies.id, name: companies.name, orgNumber: companies.orgNumber, poReference: companies.poReference };
    let company: { id: string; name: string; orgNumber: string | null; poReference: string | null } | undefined;
    if (companyId && body.company) {
      [company] = await tx.update(companies).set(body.company).where(eq(companies.id, companyId)).returning(named);
    } else if (companyId) {
      [company] = await tx.select(named).from(companies).where(eq(companies.id, companyId));
    } else {
      [company] = await tx.insert(companies).values(body.company!).returning(named);
      companyId = company!.id;
      // The buyer manages the company's seats from now on.
      await tx.update(users).set({ role: 'company_admin', companyId }).where(eq(users.id, user.id));
    }
    const coupon = body.couponCode ? await takeCoupon(tx, body.couponCode, product.id) : null;
    const price = priceFor(product.priceOre * quantity, product.vat, coupon);
    checkChargeable(price, coupon);
    const insert = tx
      .insert(orders)
      .values({
        reference: newReference(),
        userId: user.id,
        buyerFirstName: buyer!.firstName,
        buyerLastName: buyer!.lastName,
        buyerEmail: buyer!.email,
        guest: false,
        productId: product.id,
        courseId: null,
        companyId,
        buyerCompanyName: company!.name,
        buyerOrgNumber: company!.orgNumber,
        buyerPoReference: company!.poReference,
        title: product.title,
        quantity,
        listPriceOre: price.listPriceOre,
        discountOre: price.discountOre,
        totalOre: price.totalOre,
        vat: product.vat,
        vatRateBp: price.vatRateBp,
        vatOre: price.vatOre,
        couponId: coupon?.id ?? null,
        couponCode: coupon?.code ?? null,
        provider: invoice ? 'invoice' : provider!.name,
        status: invoice ? 'invoiced' : 'created',
        consentVersion: 'bedrift',
        consentText: 'Kjøp til bedrift: angrerettloven gjelder ikke (§ 1), ingen samtykke etter § 22 n.',
        consentAt: new Date(),
        consentIp: input.ip,
        consentUserAgent: input.userAgent?.slice(0, 500) ?? null,
        idempotencyKey: body.idempotencyKey,
        // An invoice has 14 days to be paid; a payment the usual hour.
        expiresAt: new Date(Date.now() + (invoice ? 14 * 24 * 60 : env.ORDER_EXPIRY_MINUTES) * 60_000),
      })
      .onConflictDoNothing({ target: orders.idempotencyKey })
      .returning();
    const made = await changeOrder(tx, insert, {
      fromStatus: null,
      toStatus: invoice ? 'invoiced' : 'created',
      trigger: 'checkout',
      detail: { provider: invoice ? 'invoice' : provider!.name, quantity },
    });
    if (!made) throw new SameKeyRace();
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
  if (invoice) return { order: { ...order, redirectUrl: '/bedrift' }, created: true, checkoutToken: null };
  return { order: await startPayment(db, order), created: true, checkoutToken: null };
}
