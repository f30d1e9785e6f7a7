import { asc, eq, sql } from 'drizzle-orm';
import { lineState, type OrderFulfilment, type Shipment } from '@app/contract/orders';
import { orderFulfilmentLines, orderFulfilments, orderLineReturns } from '../../db/schema/index.ts';
import type { Database } from '../../db/client.ts';
import type { Tx } from '../cart/cart.repository.ts';
import type { OrderItemRow } from './orders.repository.ts';

type Db = Database | Tx;

/** Goods lines are shipped; offset lines are retired on payment and have no fulfilment. */
export const isGoodsLine = (item: Pick<OrderItemRow, 'productKind'>) => item.productKind !== 'offset';

export interface ReturnRow {
  id: string;
  orderItemId: string;
  quantity: number;
  note: string | null;
  returnedAt: Date;
}

/**
 * An order's fulfilment (decision 0044): its shipments with their lines (one query) and its
 * returns (one more), summed per goods line into units shipped, delivered and returned and the
 * state they make. Undefined for an order without goods lines, which reads nothing; an order
 * whose timeline has no `shipped` row reads nothing either (`neverShipped`).
 */
export async function readFulfilment(db: Db, orderId: string, items: OrderItemRow[], options: { neverShipped?: boolean } = {}): Promise<(OrderFulfilment & { returnRows: ReturnRow[] }) | undefined> {
  const goods = items.filter(isGoodsLine);
  if (goods.length === 0) return undefined;
  // The caller knows from the timeline (no `shipped` row) that there is nothing to read.
  const [parcels, returnRows] = options.neverShipped ? [[], []] : await Promise.all([
    db
      .select({
        id: orderFulfilments.id,
        status: orderFulfilments.status,
        carrier: orderFulfilments.carrier,
        trackingNumber: orderFulfilments.trackingNumber,
        trackingUrl: orderFulfilments.trackingUrl,
        shippedAt: orderFulfilments.shippedAt,
        deliveredAt: orderFulfilments.deliveredAt,
        lines: sql<{ lineId: string; quantity: number }[]>`coalesce((select json_agg(json_build_object('lineId', l.order_item_id, 'quantity', l.quantity) order by l.id) from ${orderFulfilmentLines} l where l.fulfilment_id = "order_fulfilments"."id"), '[]'::json)`,
      })
      .from(orderFulfilments)
      .where(eq(orderFulfilments.orderId, orderId))
      .orderBy(asc(orderFulfilments.shippedAt), asc(orderFulfilments.id)),
    db
      .select({ id: orderLineReturns.id, orderItemId: orderLineReturns.orderItemId, quantity: orderLineReturns.quantity, note: orderLineReturns.note, returnedAt: orderLineReturns.returnedAt })
      .from(orderLineReturns)
      .where(eq(orderLineReturns.orderId, orderId))
      .orderBy(asc(orderLineReturns.returnedAt), asc(orderLineReturns.id)),
  ]);
  const shipments: Shipment[] = parcels.map((p) => ({
    _id: p.id,
    status: p.status === 'delivered' ? 'delivered' : 'shipped',
    carrier: p.carrier,
    trackingNumber: p.trackingNumber,
    trackingUrl: p.trackingUrl,
    shippedAt: new Date(p.shippedAt).toISOString(),
    deliveredAt: p.deliveredAt ? new Date(p.deliveredAt).toISOString() : null,
    lines: (typeof p.lines === 'string' ? (JSON.parse(p.lines) as Shipment['lines']) : p.lines).map((l) => ({ lineId: l.lineId, quantity: Number(l.quantity) })),
  }));
  const lines = goods.map((item) => {
    let shipped = 0;
    let delivered = 0;
    for (const s of shipments)
      for (const l of s.lines)
        if (l.lineId === item.id) {
          shipped += l.quantity;
          if (s.status === 'delivered') delivered += l.quantity;
        }
    const returned = returnRows.filter((r) => r.orderItemId === item.id).reduce((sum, r) => sum + r.quantity, 0);
    const counts = { quantity: item.quantity, shipped, delivered, returned, refunded: item.refundedQuantity };
    const name = [item.productName, [item.colorName, item.sizeName].filter(Boolean).join(' / ')].filter(Boolean).join(', ');
    return { lineId: item.id, productName: name, ...counts, state: lineState(counts) };
  });
  return { lines, shipments, returnRows };
}
