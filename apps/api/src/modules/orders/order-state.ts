import { and, eq, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@app/contract/orders';
import { orderEvents, orders } from '../../db/schema/index.ts';
import type { Tx } from '../cart/cart.repository.ts';
import type { NewOrder, OrderRow } from './orders.repository.ts';

/**
 * THE place where an order changes status (decision 0026). Every transition is one conditional
 * update (`… WHERE status = from`), so of two racing changes exactly one wins, and the timeline
 * row recording it is written in the same transaction. Issue 25 adds refunds and fulfilment here.
 */

/** Which status may follow which. Anything else is a programming error, refused before any SQL. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  // Paid by the provider; lapsed unpaid; cancelled by the buyer (or because the coupon ran out before the payment arrived).
  pending: ['paid', 'expired', 'cancelled'],
  // Issue 25: paid → partially refunded | refunded.
  paid: [],
  expired: [],
  cancelled: [],
  refunded: [],
};

/** Who did it: the buyer, a shop operator (issue 25), the shop itself (expiry, rules), or the payment provider. */
export type OrderActor = 'buyer' | 'operator' | 'system' | 'provider';

/** The kinds of timeline rows. `placed` and the refund rows are not status changes, but belong to the story. */
export type OrderEventKind = 'placed' | 'paid' | 'payment_received' | 'expired' | 'cancelled' | 'refund_requested' | 'refunded' | 'refund_failed' | 'shipped' | 'delivered' | 'returned';

export interface TimelineEntry {
  actor: OrderActor;
  actorUserId?: string | null;
  kind: OrderEventKind;
  amountMinor?: number | null;
  note?: string | null;
  /** Operators only (issue 25); the buyer's history leaves it out. */
  internal?: boolean;
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export interface StatusChange {
  orderId: string;
  from: OrderStatus;
  to: OrderStatus;
  /** Columns written with the status (paid_at, cancel_reason …). */
  set?: { [K in Exclude<keyof NewOrder, 'status' | 'id'>]?: NewOrder[K] | SQL };
  /** Further conditions, e.g. the buyer's own order, or a reservation not yet lapsed. */
  where?: SQL;
  /** The timeline row; its kind defaults to the new status. */
  event: Omit<TimelineEntry, 'kind'> & { kind?: OrderEventKind };
  /** Rows that belong before it, written in the same statement (a placement paid at once: 'placed'). */
  before?: TimelineEntry[];
}

/**
 * `from → to` if the order is still `from` (and matches `where`); answers the changed row, or
 * undefined when another change got there first (nothing is written then).
 */
export async function changeStatus(tx: Tx, change: StatusChange): Promise<OrderRow | undefined> {
  if (!canTransition(change.from, change.to)) throw new Error(`An order cannot go from ${change.from} to ${change.to}`);
  const conditions = [eq(orders.id, change.orderId), eq(orders.status, change.from)];
  if (change.where) conditions.push(change.where);
  const [row] = await tx
    .update(orders)
    .set({ ...change.set, status: change.to })
    .where(and(...conditions))
    .returning();
  if (!row) return undefined;
  await recordEvents(tx, row, [...(change.before ?? []), { ...change.event, kind: change.event.kind ?? (change.to as OrderEventKind) }]);
  return row;
}

/** Timeline rows for an order, in the caller's transaction (amounts are in the order's currency). */
export async function recordEvents(tx: Tx, order: Pick<OrderRow, 'id' | 'currency'>, entries: TimelineEntry[]): Promise<void> {
  if (entries.length === 0) return;
  // Not the column's default: now() is the transaction's start, the same for every row it writes.
  // A millisecond apart, rows written together keep their order (ties are read in id order).
  const base = Date.now();
  await tx.insert(orderEvents).values(
    entries.map((entry, index) => ({
      orderId: order.id,
      at: new Date(base + index),
      actor: entry.actor,
      actorUserId: entry.actorUserId ?? null,
      kind: entry.kind,
      amountMinor: entry.amountMinor ?? null,
      currency: entry.amountMinor != null ? order.currency : null,
      note: entry.note ?? null,
      internal: entry.internal ?? false,
    })),
  );
}
