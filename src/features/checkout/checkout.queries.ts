import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiJson, getQueryFn } from '../../lib/api';
import type {
  courseCheckoutResponse,
  orderCreatedResponse,
  orderDetailResponse,
  OrderRequest,
  orderReturnResponse,
  ordersResponse,
  quoteResponse,
  testPaymentActionResponse,
  TestPaymentAction,
  testPaymentResponse,
} from '../../schemas/checkout';

/** Query options and requests of the checkout, the return page, the test provider and the buyer's orders. */

export const checkoutProductQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['/api/checkout/products', courseId],
    queryFn: getQueryFn<typeof courseCheckoutResponse>(),
  });

export async function requestQuote(productId: string, couponCode: string) {
  return apiJson<typeof quoteResponse>('POST', '/api/checkout/quote', { productId, couponCode });
}

export async function placeOrder(body: OrderRequest) {
  return apiJson<typeof orderCreatedResponse>('POST', '/api/checkout/orders', body);
}

/**
 * The return page's read: a POST, since the server reconciles the order with the provider first
 * (and may sign a guest in), but safe to repeat, so the page polls it as a query.
 */
export const orderReturnQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['/api/checkout/orders', orderId, 'return'],
    queryFn: async () => apiJson<typeof orderReturnResponse>('POST', `/api/checkout/orders/${encodeURIComponent(orderId)}/return`, {}),
  });

export const testPaymentQuery = (reference: string) =>
  queryOptions({
    queryKey: ['/api/test-payments', reference],
    queryFn: getQueryFn<typeof testPaymentResponse>(),
  });

export async function testPaymentAction(reference: string, action: TestPaymentAction) {
  return apiJson<typeof testPaymentActionResponse>('POST', `/api/test-payments/${encodeURIComponent(reference)}/${action}`, {});
}

export const ordersQuery = queryOptions({
  queryKey: ['/api/orders'],
  queryFn: getQueryFn<typeof ordersResponse>(),
});

export const orderQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['/api/orders', orderId],
    queryFn: getQueryFn<typeof orderDetailResponse>(),
  });

/** True for an answer that means "not yours or not there" (the return page and the receipt). */
export const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 403);
