import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cancelOrder, getOrder, getOrderGraph, listCustomerOrders, orderKeys } from './orders-api.ts';

/** How often a pending order is read again while the card provider's webhook is awaited. */
export const PENDING_ORDER_POLL_MS = 3000;

/** One order; while it awaits payment (a card payment confirmed by webhook) it is read again every few seconds. */
export function useOrder(id: string, businessCode?: string) {
  return useQuery({
    queryKey: [...orderKeys.one(id), businessCode ?? null],
    queryFn: () => getOrder(id, businessCode),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_ORDER_POLL_MS : false),
  });
}

/** A page of the caller's orders; the previous page stays on screen while the next loads. */
export function useCustomerOrders(page: number, businessCode?: string) {
  return useQuery({ queryKey: orderKeys.page(page, businessCode), queryFn: () => listCustomerOrders(page, businessCode), placeholderData: keepPreviousData });
}

export function useOrderGraph(period: 'month' | 'year', enabled = true, businessCode?: string) {
  return useQuery({ queryKey: orderKeys.graph(period, businessCode), queryFn: () => getOrderGraph(period, businessCode), enabled });
}

/** Cancels one of the caller's unpaid orders; the order page shows the answer at once, and every order list is read again. */
export function useCancelOrder(id: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOrder(id),
    onSuccess: (order) => {
      queries.setQueryData([...orderKeys.one(id), null], order);
      void queries.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
