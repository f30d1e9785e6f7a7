import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getOrder, getOrderGraph, listCustomerOrders, orderKeys } from './orders-api.ts';

/** How often a pending order is read again while the card provider's webhook is awaited. */
export const PENDING_ORDER_POLL_MS = 3000;

/** One order; while it awaits payment (a card payment confirmed by webhook) it is read again every few seconds. */
export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKeys.one(id),
    queryFn: () => getOrder(id),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_ORDER_POLL_MS : false),
  });
}

/** A page of the caller's orders; the previous page stays on screen while the next loads. */
export function useCustomerOrders(page: number) {
  return useQuery({ queryKey: orderKeys.page(page), queryFn: () => listCustomerOrders(page), placeholderData: keepPreviousData });
}

export function useOrderGraph(period: 'month' | 'year', enabled = true) {
  return useQuery({ queryKey: orderKeys.graph(period), queryFn: () => getOrderGraph(period), enabled });
}
