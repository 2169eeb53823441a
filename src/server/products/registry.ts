import type { Order } from '../../../db/schema';
import { packageKind } from '../company/package-kind';
import { courseKind } from './course-kind';
import type { ProductKind, ProductRow } from './kinds';

const kinds: Record<string, ProductKind> = { course: courseKind, package: packageKind };

export function productKind(kind: string): ProductKind {
  const found = kinds[kind];
  if (!found) throw new Error(`unknown product kind ${kind}`);
  return found;
}

export const productKindOf = (order: Pick<Order, 'companyId'>): ProductKind => (order.companyId ? packageKind : courseKind);

export const kindOfProduct = (product: ProductRow): ProductKind => productKind(product.kind);
