import { asc, eq } from 'drizzle-orm';
import type { AdminOrderHistory } from '@app/contract/admin';
import type { OrderStatus } from '@app/contract/orders';
import { orderEvents, orderItems, orderRefunds, orders, users } from '../../../db/schema/index.ts';
import { ORDER_TRANSITIONS } from '../../orders/order-state.ts';
import type { AdminContext } from '../admin.context.ts';

/**
 * `GET orders/{id}/history`: the whole timeline (internal rows too, with who did each), the
 * refunds, what each line has had refunded and what may still be (decision 0042). Four queries.
 */
export async function orderHistory(db: AdminContext['db'], id: string, staffRefundLimitMinor: number): Promise<AdminOrderHistory | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!order) return undefined;
  const [lines, refunds, events] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id)),
    db.select({ refund: orderRefunds, email: users.email }).from(orderRefunds).leftJoin(users, eq(users.id, orderRefunds.requestedByUserId)).where(eq(orderRefunds.orderId, id)).orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id)),
    db.select({ event: orderEvents, email: users.email }).from(orderEvents).leftJoin(users, eq(users.id, orderEvents.actorUserId)).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.at), asc(orderEvents.id)),
  ]);
  const status = order.status as OrderStatus;
  return {
    status,
    currency: order.currency,
    paidMinor: order.paidMinor,
    refundedMinor: order.refundedMinor,
    refundableMinor: status === 'paid' || status === 'partially_refunded' ? Math.max(order.paidMinor - order.refundedMinor, 0) : 0,
    staffRefundLimitMinor,
    next: [...(ORDER_TRANSITIONS[status] ?? [])],
    lines: lines.map((line) => ({ _id: line.id, productName: [line.productName, line.colorName, line.sizeName].filter(Boolean).join(', '), productKind: line.productKind, quantity: line.quantity, refundedQuantity: line.refundedQuantity, unitPriceMinor: line.unitPriceMinor })),
    refunds: refunds.map(({ refund, email }) => ({
      _id: refund.id,
      amountMinor: refund.amountMinor,
      status: refund.status,
      reason: refund.reason,
      reasonText: refund.reasonText,
      kind: refund.scope?.kind ?? null,
      requestedBy: email,
      createdAt: refund.createdAt.toISOString(),
    })),
    timeline: events.map(({ event, email }) => ({
      at: event.at.toISOString(),
      actor: event.actor,
      actorEmail: email,
      kind: event.kind as AdminOrderHistory['timeline'][number]['kind'],
      amountMinor: event.amountMinor,
      currency: event.currency,
      note: event.note,
      internal: event.internal,
    })),
  };
}
