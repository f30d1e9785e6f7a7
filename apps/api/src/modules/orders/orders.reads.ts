import { minorToMajor, type Currency } from '@app/contract';
import type { Order, OrderGraphPoint } from '@app/contract/orders';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { ordersRepository as repo, type OrderCertificateRow, type OrderItemRow, type OrderRow } from './orders.repository.ts';
import { businessOfBuyer } from '../business/business-buyer.ts';
import { requireBusinessOwner } from '../business/business.access.ts';
import { shownStatus, toOrder, toOrderEvent } from './orders.view.ts';
import { readFulfilment } from './fulfilment.view.ts';

const MONTHS_IN_GRAPH = 12;

/** An unknown code and a business the caller has no part in answer alike, so codes do not leak. */
const noSuchBusiness = () => new AppError('NOT_FOUND', 'No business of yours has this code');
const orderNotFound = () => new AppError('NOT_FOUND', 'Order was not found');

/**
 * The order reads: a person's own orders, and a business's orders for its owner (members see the
 * business orders they placed themselves). A constant number of queries each
 * whatever the page size (lines of a page come in one query). A pending order past its deadline
 * is expired on the way (the sweeper's check, done lazily), so it is never shown as pending.
 */
export function readOrders({ db, expireOrder, now }: { db: Database; expireOrder: (orderId: string) => Promise<boolean>; now: () => Date }) {
  /** Answers whether it expired any (then the rows read before are stale). */
  async function expireLapsed(rows: OrderRow[]): Promise<boolean> {
    const at = now();
    let expired = false;
    for (const row of rows) if (row.status === 'pending' && shownStatus(row, at) === 'expired') expired = (await expireOrder(row.id)) || expired;
    return expired;
  }

  /** Orders with their lines and certificates: two queries whatever the number of orders (one when the lines are known). */
  async function toOrders(rows: OrderRow[], knownItems?: OrderItemRow[], knownCertificates?: OrderCertificateRow[]): Promise<Order[]> {
    const ids = rows.map((row) => row.id);
    const [items, issued] = await Promise.all([knownItems ?? repo.itemsOf(db, ids), knownCertificates ?? repo.certificatesOf(db, ids)]);
    const group = <T extends { orderId: string }>(list: T[]) => {
      const byOrder = new Map<string, T[]>();
      for (const entry of list) byOrder.set(entry.orderId, [...(byOrder.get(entry.orderId) ?? []), entry]);
      return byOrder;
    };
    const itemsByOrder = group(items);
    const certificatesByOrder = group(issued);
    const at = now();
    return rows.map((row) => toOrder(row, itemsByOrder.get(row.id) ?? [], certificatesByOrder.get(row.id) ?? [], at));
  }

  /**
   * One order as the API answers it; `items` are its lines when the caller has just written them.
   * With `withTimeline` (the order page's read) its history comes along: one query more.
   */
  async function answer(row: OrderRow, items?: OrderItemRow[], withTimeline = false, certificates?: OrderCertificateRow[]): Promise<Order> {
    // Expired on the way: read again, so the answer (and its timeline) shows the expiry.
    if (await expireLapsed([row])) row = (await repo.findById(db, row.id)) ?? row;
    const lines = items ?? (await repo.itemsOf(db, [row.id]));
    const [orders, timeline] = await Promise.all([toOrders([row], lines, certificates), withTimeline ? repo.timelineOf(db, row.id, { includeInternal: false }) : undefined]);
    const order = orders[0]!;
    if (!timeline) return order;
    // The goods lines' shipping (decision 0044): read only once the timeline says something was
    // shipped, so an order of offsets, or one not shipped yet, costs no query more.
    const fulfilment = await readFulfilment(db, row.id, lines, { neverShipped: !timeline.some((event) => event.kind === 'shipped') });
    const shipping = fulfilment ? { lines: fulfilment.lines, shipments: fulfilment.shipments } : undefined;
    return { ...order, timeline: timeline.map((event) => toOrderEvent(event, order.currency)), ...(shipping ? { fulfilment: shipping } : {}) };
  }

  /** Whose paid orders a graph counts: the caller's personal ones, or (for its owner only) a business's. */
  async function graphScope(userId: string, query: { businessCode?: string; isBusiness?: boolean }): Promise<{ userId: string } | { businessId: string }> {
    if (!query.isBusiness) return { userId };
    if (!query.businessCode) throw new AppError('VALIDATION_FAILED', 'A business graph needs the businessCode', { fields: { businessCode: ['is required with isBusiness=true'] } });
    const business = await businessOfBuyer(db, userId, query.businessCode);
    if (!business) throw noSuchBusiness();
    if (!business.isOwner) throw new AppError('FORBIDDEN', "Only the business's owner can see its order graphs");
    return { businessId: business.id };
  }

  async function graph(userId: string, period: 'month' | 'year', query: { businessCode?: string; isBusiness?: boolean }): Promise<{ success: true; data: OrderGraphPoint[] }> {
    const scope = await graphScope(userId, query);
    const today = now();
    const since = period === 'month' ? new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (MONTHS_IN_GRAPH - 1), 1)) : new Date(0);
    const { spend, tonnes } = await repo.paidPerPeriod(db, scope, period, since);
    const periods = period === 'month' ? lastMonths(today) : years(spend.map((row) => Number(row.period)), today.getUTCFullYear());
    const points = new Map<string, OrderGraphPoint>(periods.map((p) => [p, { period: p, orders: 0, tonnes: 0, spend: [] }]));
    for (const row of spend) {
      const point = points.get(row.period);
      if (!point) continue;
      point.orders += row.orders;
      const currency = row.currency as Currency;
      point.spend.push({ currency, amountMinor: row.amountMinor, amount: minorToMajor(row.amountMinor, currency) });
    }
    for (const row of tonnes) {
      const point = points.get(row.period);
      if (point) point.tonnes = row.tonnes;
    }
    for (const point of points.values()) point.spend.sort((a, b) => (a.currency < b.currency ? -1 : 1));
    return { success: true, data: [...points.values()] };
  }

  return {
    answer,
    routes: {
      /**
       * `GET /v1/orders/{id}`: the caller's own order (personal or placed for a business), or with
       * `isBusinessOrder&businessCode` any order of that business for its owner. 404 for anything
       * else, so ids of others' orders never leak.
       */
      async getOwn(userId: string, orderId: string, query: { isBusinessOrder?: boolean; businessCode?: string }): Promise<{ success: true; data: Order }> {
        if (query.isBusinessOrder) {
          if (!query.businessCode) throw new AppError('VALIDATION_FAILED', 'A business order is read with its businessCode', { fields: { businessCode: ['is required with isBusinessOrder=true'] } });
          const business = await businessOfBuyer(db, userId, query.businessCode);
          if (!business) throw orderNotFound();
          const row = await repo.findById(db, orderId);
          if (!row || row.businessId !== business.id || (!business.isOwner && row.userId !== userId)) throw orderNotFound();
          return { success: true, data: await answer(row, undefined, true) };
        }
        const row = await repo.findOwn(db, userId, orderId);
        if (!row) throw orderNotFound();
        return { success: true, data: await answer(row, undefined, true) };
      },

      /** `GET /v1/customer-orders`: newest first; cert=true keeps paid orders with offset lines (those that carry certificates). */
      async customerOrders(userId: string, query: { page: number; size: number; cert?: boolean }) {
        const { rows, total } = await repo.page(db, { userId }, { offset: (query.page - 1) * query.size, limit: query.size, certificatesOnly: query.cert === true });
        await expireLapsed(rows);
        return { success: true as const, data: await toOrders(rows), meta: { page: query.page, size: query.size, total } };
      },

      /** `GET /v1/business-customer-orders`: all orders of a business, newest first, for its owner only. */
      async businessCustomerOrders(userId: string, query: { businessCode: string; page: number; size: number }) {
        const business = await requireBusinessOwner(db, userId, { businessCode: query.businessCode });
        const { rows, total } = await repo.page(db, { businessId: business.id }, { offset: (query.page - 1) * query.size, limit: query.size, certificatesOnly: false });
        await expireLapsed(rows);
        return { success: true as const, data: await toOrders(rows), meta: { page: query.page, size: query.size, total } };
      },

      /** `GET /v1/orders/graph`: the last 12 months, oldest first, every month present. */
      monthlyGraph: (userId: string, query: { businessCode?: string; isBusiness?: boolean }) => graph(userId, 'month', query),
      /** `GET /v1/orders/annual/graph`: every year from the first paid order to this one. */
      annualGraph: (userId: string, query: { businessCode?: string; isBusiness?: boolean }) => graph(userId, 'year', query),
    },
  };
}

function lastMonths(today: Date): string[] {
  return Array.from({ length: MONTHS_IN_GRAPH }, (_, i) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (MONTHS_IN_GRAPH - 1 - i), 1)).toISOString().slice(0, 7));
}

function years(withOrders: number[], thisYear: number): string[] {
  const first = Math.min(thisYear, ...withOrders);
  return Array.from({ length: thisYear - first + 1 }, (_, i) => String(first + i));
}
