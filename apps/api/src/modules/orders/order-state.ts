import { and, eq, type SQL } from 'drizzle-orm';
import type { OrderEventKind as ContractEventKind, OrderStatus } from '@app/contract/orders';
import { AppError } from '../../lib/app-error.ts';
import { orderEvents, orders } from '../../db/schema/index.ts';
import type { Tx } from '../cart/cart.repository.ts';
import type { NewOrder, OrderRow } from './orders.repository.ts';

/**
 * THE place where an order changes status (decisions 0026 and 0042). Every transition is one
 * conditional update (`… WHERE status = from`), so of two racing changes exactly one wins, and the
 * timeline row recording it is written in the same transaction. Callers that answer a person
 * check first with `assertTransition`, which refuses anything not in the table with a 409.
 */

/** Which status may follow which (decision 0042). Nothing else, ever. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  // Paid by the provider; lapsed unpaid; cancelled by the buyer or an operator (or because the coupon ran out before the payment arrived).
  pending: ['paid', 'expired', 'cancelled'],
  // An operator's refund: part of what was paid, or all of it.
  paid: ['partially_refunded', 'refunded'],
  // A further refund that leaves nothing more to refund (one that leaves some keeps the status).
  partially_refunded: ['refunded'],
  expired: [],
  cancelled: [],
  refunded: [],
};

/** How the statuses read in messages. */
export const STATUS_WORDS: Readonly<Record<OrderStatus, string>> = {
  pending: 'awaiting payment',
  paid: 'paid',
  expired: 'expired',
  cancelled: 'cancelled',
  partially_refunded: 'partly refunded',
  refunded: 'refunded',
};

/** The timeline kind a status change writes unless the caller names another. */
const KIND_OF_STATUS: Readonly<Record<OrderStatus, OrderEventKind>> = {
  pending: 'placed',
  paid: 'paid',
  expired: 'expired',
  cancelled: 'cancelled',
  partially_refunded: 'partially_refunded',
  refunded: 'fully_refunded',
};

/** Who did it: the buyer, a shop operator (issue 25), the shop itself (expiry, rules), or the payment provider. */
export type OrderActor = 'buyer' | 'operator' | 'system' | 'provider';

/** The kinds of timeline rows. `placed` and the refund rows are not status changes, but belong to the story. */
export type OrderEventKind = ContractEventKind;

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
  return (ORDER_TRANSITIONS[from] ?? []).includes(to);
}

/**
 * Refuses, with a 409 that says why, a change an order's status does not allow: `what` is the
 * action as the person asked it ("cancel", "refund").
 */
export function assertTransition(order: { status: string; orderNumber: string }, to: OrderStatus, what: string): void {
  const from = order.status as OrderStatus;
  if (canTransition(from, to)) return;
  const allowed = Object.entries(ORDER_TRANSITIONS)
    .filter(([, next]) => next.includes(to))
    .map(([status]) => STATUS_WORDS[status as OrderStatus]);
  throw new AppError('ORDER_TRANSITION_FORBIDDEN', `Order ${order.orderNumber} is ${STATUS_WORDS[from] ?? from} and cannot be ${what}: only an order that is ${allowed.join(' or ')} can`, {
    extra: { status: from, to },
  });
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
  await recordEvents(tx, row, [...(change.before ?? []), { ...change.event, kind: change.event.kind ?? KIND_OF_STATUS[change.to] }]);
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
