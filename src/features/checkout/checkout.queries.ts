import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, getQueryFn } from '../../lib/api';
import type {
  CheckoutInfo,
  CheckoutQuote,
  OrderCreated,
  OrderDetail,
  OrderRequest,
  OrderReturn,
  OrderSummary,
  TestPayment,
  TestPaymentAction,
} from '../../schemas/checkout-api';

/** Query options and requests of the checkout, the return page, the test provider and the buyer's orders (issue 22). */

export const checkoutProductQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['/api/checkout/products', courseId],
    queryFn: getQueryFn<CheckoutInfo>(),
  });

export async function requestQuote(productId: string, couponCode: string): Promise<CheckoutQuote> {
  return (await (await apiRequest('POST', '/api/checkout/quote', { productId, couponCode })).json()) as CheckoutQuote;
}

export async function placeOrder(body: OrderRequest): Promise<OrderCreated> {
  return (await (await apiRequest('POST', '/api/checkout/orders', body)).json()) as OrderCreated;
}

/**
 * The return page's read: a POST, since the server reconciles the order with the provider first
 * (and may sign a guest in), but safe to repeat, so the page polls it as a query.
 */
export const orderReturnQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['/api/checkout/orders', orderId, 'return'],
    queryFn: async () => (await (await apiRequest('POST', `/api/checkout/orders/${encodeURIComponent(orderId)}/return`, {})).json()) as OrderReturn,
  });

export const testPaymentQuery = (reference: string) =>
  queryOptions({
    queryKey: ['/api/test-payments', reference],
    queryFn: getQueryFn<TestPayment>(),
  });

export async function testPaymentAction(reference: string, action: TestPaymentAction): Promise<{ returnUrl: string }> {
  return (await (await apiRequest('POST', `/api/test-payments/${encodeURIComponent(reference)}/${action}`, {})).json()) as { returnUrl: string };
}

export const ordersQuery = queryOptions({
  queryKey: ['/api/orders'],
  queryFn: getQueryFn<OrderSummary[]>(),
});

export const orderQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['/api/orders', orderId],
    queryFn: getQueryFn<OrderDetail>(),
  });

/** True for an answer that means "not yours or not there" (the return page and the receipt). */
export const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 403);
