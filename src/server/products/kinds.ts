import type { Db } from '../../../db/client';
import type { Order } from '../../../db/schema';
import type { z } from 'zod';
import type { CheckoutOrderBody, courseCheckoutResponse, packageCheckoutResponse } from '../../schemas/checkout';
import type { SessionUser } from '../auth/session';

/**
 * What a product delivers, per kind: the seam between selling and what is sold. The checkout and
 * the order lifecycle know only this interface; a course's entitlement lives behind `course`, a
 * company's seats behind `package`, so the checkout and the company code never import each other.
 */

export interface ProductRow {
  id: string;
  kind: string;
  /** A course product's course; '' for a package. */
  courseId: string;
  title: string;
  priceOre: number;
  vat: 'standard_25' | 'exempt';
  onSale: boolean;
}

export interface OrderContext {
  product: ProductRow;
  body: CheckoutOrderBody;
  /** The signed-in buyer, or null for a guest (only kinds that allow guests see null). */
  user: SessionUser | null;
}

/** The order's fields a kind decides when the order is written. */
export interface KindOrderFields {
  courseId: string | null;
  quantity: number;
  companyId: string | null;
  buyerCompanyName: string | null;
  buyerOrgNumber: string | null;
  buyerPoReference: string | null;
  consent: { version: string; text: string };
}

export interface ProductKind {
  /** A guest may buy it (a course); a package needs an account, which becomes the company's manager. */
  guestsAllowed: boolean;
  /** The order may be on invoice (a company's seats). */
  offersInvoice: boolean;
  /** Before anything is written: may this buyer order this now? Throws the answer otherwise. */
  check(db: Db, context: OrderContext): Promise<void>;
  /** In the order's transaction: the kind's own rows (a new company) and the order's fields. */
  prepare(tx: Db, context: OrderContext): Promise<KindOrderFields>;
  /** Right after the order is written, in its transaction (an invoice is made in a state that already counts). */
  placed?(tx: Db, order: Order): Promise<void>;
  /** The buyer has what this order would deliver already, from something else (a second purchase of one course). */
  alreadyDelivered(db: Db, order: Order): Promise<boolean>;
  /** Entering 'paid': deliver what was bought. Returns what it did, for the audit event. */
  deliver(tx: Db, order: Order): Promise<Record<string, unknown>>;
  /** After a refund or a cancellation: take back what the money no longer pays for. */
  withdraw(tx: Db, order: Order): Promise<Record<string, unknown>>;
  /** Where the buyer goes to use what was bought. */
  usePath(order: Order): string;
  /** The kind's part of the checkout page's answer: fields of the product, the consent asked for, and what the viewer has. */
  checkoutPage(db: Db, product: ProductRow, user: SessionUser | null): Promise<CheckoutPagePart>;
}

type CourseAnswer = z.input<typeof courseCheckoutResponse>;
type PackageAnswer = z.input<typeof packageCheckoutResponse>;
/** The product's fields every kind has, and the signed-in person's: the checkout service fills them in. */
type CommonProduct = 'id' | 'title' | 'priceOre' | 'vat' | 'vatRateBp' | 'vatOre' | 'onSale';
type Person = 'firstName' | 'lastName' | 'email';

/** A kind's part of its checkout answer (`checkoutProductResponse`); `viewer` is merged into the signed-in person's fields. */
export type CheckoutPagePart =
  | {
      product: Omit<CourseAnswer['product'], CommonProduct>;
      consent: CourseAnswer['consent'];
      viewer: Omit<NonNullable<CourseAnswer['viewer']>, Person>;
    }
  | { product: Omit<PackageAnswer['product'], CommonProduct>; consent: null; viewer: Omit<NonNullable<PackageAnswer['viewer']>, Person> };
