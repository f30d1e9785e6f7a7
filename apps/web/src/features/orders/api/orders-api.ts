import type { Order, OrderCreateBody, OrderGraphPoint } from '@app/contract/orders';
import { apiClient, type ApiResponse } from '../../../lib/api-client.ts';
import { NETWORK_ERROR_MESSAGE, readApiError } from '../../../lib/api-error.ts';
import { USER_SCOPED_QUERY_KEY } from '../../../lib/query-keys.ts';

/**
 * The order calls of spec §7. Answers are read as the server's response schemas describe them
 * (the contract's types; the server checked them), so no zod is loaded for them.
 */

/** Spec §8: the message thrown when order creation does not answer 200. */
export const ORDER_FAILED = 'order failed';

/** Shown when the order answer never arrived: the same attempt can be sent again safely (same Idempotency-Key). */
export const ORDER_NETWORK_MESSAGE = `${NETWORK_ERROR_MESSAGE} Trying again is safe: your order will not be placed twice.`;
/** The order history's own failure message. */
export const ORDERS_FETCH_ERROR = 'Your orders could not be loaded.';
/** Shown for a server-side failure without a message of its own. */
export const ORDER_SERVER_MESSAGE = 'We could not place your order right now, and nothing was charged. Please try again in a moment.';

/**
 * Thrown when `POST v1/orders` does not answer 200. Its message is the spec's 'order failed';
 * `reason` is what to tell the buyer (the server's message when it gave one).
 */
export class OrderFailedError extends Error {
  constructor(
    readonly reason: string,
    readonly status: number | null,
    readonly code: string | null = null,
    readonly fields?: Record<string, string[]>,
  ) {
    super(ORDER_FAILED);
    this.name = 'OrderFailedError';
  }
}

interface Envelope<T> {
  success: true;
  message?: string;
  data: T;
}
export interface OrdersPage {
  orders: Order[];
  page: number;
  size: number;
  total: number;
}

export const orderKeys = {
  all: [...USER_SCOPED_QUERY_KEY, 'orders'] as const,
  one: (id: string) => [...orderKeys.all, 'one', id] as const,
  page: (page: number, businessCode?: string) => [...orderKeys.all, 'page', page, businessCode ?? null] as const,
  graph: (period: 'month' | 'year', businessCode?: string) => [...orderKeys.all, 'graph', period, businessCode ?? null] as const,
};

/** `POST v1/orders` with the order payload; the key makes a retry of the same attempt return the first order. */
export async function createOrder(body: OrderCreateBody, idempotencyKey: string): Promise<Order> {
  let response: ApiResponse<Envelope<Order>>;
  try {
    response = await apiClient.post<Envelope<Order>>('v1/orders', body, { headers: { 'Idempotency-Key': idempotencyKey } });
  } catch {
    throw new OrderFailedError(ORDER_NETWORK_MESSAGE, null);
  }
  if (response.status === 200 && response.data?.data) return response.data.data;
  const failure = readApiError(response, ORDER_SERVER_MESSAGE);
  // A 5xx message is the server's own wording for "something broke": the buyer needs to know nothing was charged.
  const reason = response.status >= 500 && failure.code !== 'PAYMENT_PROVIDER_FAILED' ? ORDER_SERVER_MESSAGE : failure.message;
  throw new OrderFailedError(reason, response.status, failure.code, failure.fields);
}

async function read<T>(path: string, fallback: string, query?: Record<string, string | number | boolean>): Promise<ApiResponse<T> & { data: T }> {
  let response: ApiResponse<T>;
  try {
    response = await apiClient.get<T>(path, { query });
  } catch {
    throw new Error(NETWORK_ERROR_MESSAGE);
  }
  if (response.status !== 200 || !response.data) throw new Error(response.status === 404 ? fallback : readApiError(response, fallback).message);
  return response as ApiResponse<T> & { data: T };
}

/** `GET v1/orders/{id}`: one of the caller's orders, or with a businessCode one of that business's orders (its owner). */
export async function getOrder(id: string, businessCode?: string): Promise<Order> {
  const query = businessCode ? { isBusinessOrder: true, businessCode } : undefined;
  const response = await read<Envelope<Order>>(`v1/orders/${encodeURIComponent(id)}`, 'We could not find this order.', query);
  return response.data.data;
}

/**
 * `GET v1/customer-orders?page=`: the caller's orders, newest first, each with its certificate
 * serials. (`cert=true` would keep only orders holding certificates: the history shows them all.)
 */
export async function listCustomerOrders(page: number, businessCode?: string): Promise<OrdersPage> {
  // A business's orders (its owner only): `GET v1/business-customer-orders?page=&size=10&businessCode=` (spec §7, §9).
  const response = businessCode
    ? await read<Envelope<Order[]> & { meta: { page: number; size: number; total: number } }>('v1/business-customer-orders', ORDERS_FETCH_ERROR, { page, size: 10, businessCode })
    : await read<Envelope<Order[]> & { meta: { page: number; size: number; total: number } }>('v1/customer-orders', ORDERS_FETCH_ERROR, { page });
  const { data, meta } = response.data;
  return { orders: data, page: meta.page, size: meta.size, total: meta.total };
}

/** `GET v1/orders/graph` (per month) or `GET v1/orders/annual/graph` (per year): paid orders' spend and tonnes. */
export async function getOrderGraph(period: 'month' | 'year', businessCode?: string): Promise<OrderGraphPoint[]> {
  const query = businessCode ? { businessCode, isBusiness: true } : undefined;
  const response = await read<Envelope<OrderGraphPoint[]>>(period === 'month' ? 'v1/orders/graph' : 'v1/orders/annual/graph', 'Your order graphs could not be loaded.', query);
  return response.data.data;
}

/**
 * `POST v1/orders/{id}/cancel`: the buyer cancels their own order while it awaits payment. Answers
 * the cancelled order (with its timeline); throws with the server's message otherwise (409 when it
 * was paid or expired meanwhile).
 */
export async function cancelOrder(id: string): Promise<Order> {
  let response: ApiResponse<Envelope<Order>>;
  try {
    response = await apiClient.post<Envelope<Order>>(`v1/orders/${encodeURIComponent(id)}/cancel`, {});
  } catch {
    throw new Error(NETWORK_ERROR_MESSAGE);
  }
  if (response.status === 200 && response.data?.data) return response.data.data;
  throw new Error(readApiError(response, 'The order could not be cancelled. Please try again.').message);
}
