import type { Db } from '../../../db/client';
import type { Order } from '../../../db/schema';
import type { z } from 'zod';
import type { CheckoutOrderBody, courseCheckoutResponse, packageCheckoutResponse } from '../../schemas/checkout';
import type { SessionUser } from '../auth/session';

/** The seam between selling and what is sold, so the checkout and the company code never import each other. */

export interface ProductRow {
  id: string;
  kind: string;
  /** '' for a package. */
  courseId: string;
  title: string;
  priceOre: number;
  vat: 'standard_25' | 'exempt';
  onSale: boolean;
}

export interface OrderContext {
  product: ProductRow;
  body: CheckoutOrderBody;
  user: SessionUser | null;
}

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
  guestsAllowed: boolean;
  offersInvoice: boolean;
  check(db: Db, context: OrderContext): Promise<void>;
  prepare(tx: Db, context: OrderContext): Promise<KindOrderFields>;
  /** In the order's transaction (an invoice is made in a state that already counts). */
  placed?(tx: Db, order: Order): Promise<void>;
  alreadyDelivered(db: Db, order: Order): Promise<boolean>;
  /** Returns what it did, for the audit event. */
  deliver(tx: Db, order: Order): Promise<Record<string, unknown>>;
  withdraw(tx: Db, order: Order): Promise<Record<string, unknown>>;
  usePath(order: Order): string;
  checkoutPage(db: Db, product: ProductRow, user: SessionUser | null): Promise<CheckoutPagePart>;
}

type CourseAnswer = z.input<typeof courseCheckoutResponse>;
type PackageAnswer = z.input<typeof packageCheckoutResponse>;
type CommonProduct = 'id' | 'title' | 'priceOre' | 'vat' | 'vatRateBp' | 'vatOre' | 'onSale';
type Person = 'firstName' | 'lastName' | 'email';

export type CheckoutPagePart =
  | {
      product: Omit<CourseAnswer['product'], CommonProduct>;
      consent: CourseAnswer['consent'];
      viewer: Omit<NonNullable<CourseAnswer['viewer']>, Person>;
    }
  | { product: Omit<PackageAnswer['product'], CommonProduct>; consent: null; viewer: Omit<NonNullable<PackageAnswer['viewer']>, Person> };
