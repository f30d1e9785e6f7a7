import { and, eq } from 'drizzle-orm';
import { trackingUrlFor } from '@app/contract/orders';
import type { AdminOrderFulfilment, FulfilmentBody, ReturnBody } from '@app/contract/admin';
import { orderFulfilmentLines, orderFulfilments, orderLineReturns, orders, users } from '../../../db/schema/index.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { uuidv7 } from '../../../lib/uuid.ts';
import { stockLedger } from '../../catalog/stock-ledger.ts';
import type { Tx } from '../../cart/cart.repository.ts';
import { shipmentEmail } from '../../mail/mail.shipment.ts';
import { isGoodsLine, readFulfilment } from '../../orders/fulfilment.view.ts';
import { recordEvents } from '../../orders/order-state.ts';
import { ordersRepository, type OrderItemRow, type OrderRow } from '../../orders/orders.repository.ts';
import { inAdminTransaction, type AdminContext } from '../admin.context.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';

/**
 * Shipping goods lines, marking shipments delivered, and recording returns (issue 25, decision
 * 0044). Each write runs in one transaction that first takes the order's row lock (`for update`),
 * so of racing writes to one order each sees what the one before it wrote: twenty shipments of
 * the same line at once can never send more than was ordered. The timeline row, the audit row,
 * the stock ledger row (returns) and the shipment mail (outbox) commit with the write.
 */

/** Orders whose goods may be shipped: paid (and, once refunds exist, partly refunded). */
const SHIPPABLE = new Set(['paid', 'partially_refunded']);

const lineLabel = (item: Pick<OrderItemRow, 'productName' | 'colorName' | 'sizeName'>) => [item.productName, [item.colorName, item.sizeName].filter(Boolean).join(' / ')].filter(Boolean).join(', ');
const linesText = (lines: { item: OrderItemRow; quantity: number }[]) => lines.map((l) => `${l.quantity} × ${lineLabel(l.item)}`).join(', ');

async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!row) throw notFound('That order');
  return row;
}

/** The asked lines as this order's goods lines, or a 400 naming the field of the first that is not one. */
function goodsLines(items: OrderItemRow[], asked: { lineId: string; quantity: number }[]) {
  const byId = new Map(items.map((item) => [item.id, item]));
  return asked.map((line, index) => {
    const item = byId.get(line.lineId);
    if (!item) throw new AppError('VALIDATION_FAILED', 'That line is not one of this order’s', { fields: { [`lines.${index}.lineId`]: ['is not a line of this order'] } });
    if (!isGoodsLine(item)) {
      throw new AppError('VALIDATION_FAILED', `${item.productName} is a carbon offset: its tonnes were retired on payment, so it needs no fulfilment`, { fields: { [`lines.${index}.lineId`]: ['is an offset line, which is never shipped'] } });
    }
    return { item, quantity: line.quantity, index };
  });
}

export function createFulfilmentService(ctx: AdminContext) {
  async function view(db: AdminContext['db'] | Tx, orderId: string): Promise<AdminOrderFulfilment> {
    const [exists] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!exists) throw notFound('That order');
    const items = await ordersRepository.itemsOf(db, [orderId]);
    const state = await readFulfilment(db, orderId, items);
    if (!state) return { lines: [], shipments: [], returns: [] };
    const { returnRows, ...rest } = state;
    return { ...rest, returns: returnRows.map((r) => ({ _id: r.id, lineId: r.orderItemId, quantity: r.quantity, note: r.note, returnedAt: r.returnedAt.toISOString() })) };
  }

  async function ship(actor: Actor, orderId: string, body: FulfilmentBody): Promise<{ fulfilmentId: string }> {
    return inAdminTransaction(ctx, async (tx, enqueue) => {
      const order = await lockOrder(tx, orderId);
      if (!SHIPPABLE.has(order.status)) throw new AppError('ORDER_NOT_FULFILLABLE', `Order ${order.orderNumber} is ${order.status}: only a paid order’s goods can be shipped`);
      const items = await ordersRepository.itemsOf(tx, [orderId]);
      const lines = goodsLines(items, body.lines);
      const before = (await readFulfilment(tx, orderId, items))!;
      for (const line of lines) {
        const done = before.lines.find((l) => l.lineId === line.item.id)!;
        // Units refunded before shipping are not shipped (refunds lock the same order row).
        const left = Math.max(0, line.item.quantity - line.item.refundedQuantity - done.shipped);
        const refunded = line.item.refundedQuantity > 0 ? `, ${line.item.refundedQuantity} refunded` : '';
        if (line.quantity > left) {
          const message =
            left === 0
              ? done.shipped === 0
                ? `${lineLabel(line.item)} was refunded: nothing is left to ship`
                : `All ${line.item.quantity - line.item.refundedQuantity} of ${lineLabel(line.item)} have been shipped already${refunded ? ` (${refunded.slice(2)})` : ''}`
              : `Only ${left} of ${line.item.quantity} × ${lineLabel(line.item)} are left to ship (${done.shipped} shipped already${refunded})`;
          throw new AppError('FULFILMENT_EXCEEDS_ORDER', message, {
            fields: { [`lines.${line.index}.quantity`]: [`is more than the ${left} left to ship`] },
          });
        }
      }
      const trackingUrl = trackingUrlFor(body.carrier, body.trackingNumber);
      const [fulfilment] = await tx.insert(orderFulfilments).values({ orderId, carrier: body.carrier, trackingNumber: body.trackingNumber, trackingUrl, shippedAt: ctx.now(), createdByUserId: actor.userId }).returning({ id: orderFulfilments.id });
      await tx.insert(orderFulfilmentLines).values(lines.map((line) => ({ fulfilmentId: fulfilment!.id, orderItemId: line.item.id, quantity: line.quantity })));
      const what = linesText(lines);
      await recordEvents(tx, order, [{ actor: 'operator', actorUserId: actor.userId, kind: 'shipped', note: `${what} shipped with ${body.carrier}, tracking number ${body.trackingNumber}` }]);
      await recordAudit(tx, actor, {
        action: 'order.fulfil',
        entity: 'order',
        entityId: orderId,
        summary: `Order ${order.orderNumber}: shipped ${what} with ${body.carrier} (${body.trackingNumber})`,
        after: { fulfilmentId: fulfilment!.id, carrier: body.carrier, trackingNumber: body.trackingNumber, lines: lines.map((l) => ({ lineId: l.item.id, quantity: l.quantity })) },
      });
      // To the account's address, as every order mail (decision 0005).
      const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId)).limit(1);
      if (account?.email) {
        await enqueue(
          account.email,
          shipmentEmail({
            firstName: order.firstName || null,
            orderNumber: order.orderNumber,
            lines: lines.map((l) => ({ name: lineLabel(l.item), quantity: l.quantity })),
            carrier: body.carrier,
            trackingNumber: body.trackingNumber,
            trackingUrl,
            orderUrl: `${ctx.config.publicUrl}/account/orders/${order.id}`,
          }),
        );
      }
      return { fulfilmentId: fulfilment!.id };
    });
  }

  async function deliver(actor: Actor, orderId: string, fulfilmentId: string): Promise<void> {
    await inAdminTransaction(ctx, async (tx) => {
      const order = await lockOrder(tx, orderId);
      const [parcel] = await tx.select().from(orderFulfilments).where(and(eq(orderFulfilments.id, fulfilmentId), eq(orderFulfilments.orderId, orderId))).limit(1);
      if (!parcel) throw notFound('That shipment');
      if (parcel.status === 'delivered') throw new AppError('FULFILMENT_ALREADY_DELIVERED', `This shipment (${parcel.carrier} ${parcel.trackingNumber}) was marked delivered already`);
      const at = ctx.now();
      await tx.update(orderFulfilments).set({ status: 'delivered', deliveredAt: at }).where(and(eq(orderFulfilments.id, fulfilmentId), eq(orderFulfilments.status, 'shipped')));
      const items = await ordersRepository.itemsOf(tx, [orderId]);
      const inParcel = await tx.select().from(orderFulfilmentLines).where(eq(orderFulfilmentLines.fulfilmentId, fulfilmentId));
      const what = linesText(inParcel.map((l) => ({ item: items.find((i) => i.id === l.orderItemId)!, quantity: l.quantity })));
      await recordEvents(tx, order, [{ actor: 'operator', actorUserId: actor.userId, kind: 'delivered', note: `${what} delivered (${parcel.carrier}, tracking number ${parcel.trackingNumber})` }]);
      await recordAudit(tx, actor, { action: 'order.deliver', entity: 'order', entityId: orderId, summary: `Order ${order.orderNumber}: shipment ${parcel.carrier} ${parcel.trackingNumber} delivered`, before: { status: 'shipped' }, after: { fulfilmentId, status: 'delivered' } });
    });
  }

  async function returnLines(actor: Actor, orderId: string, body: ReturnBody): Promise<void> {
    const productIds = await inAdminTransaction(ctx, async (tx) => {
      const order = await lockOrder(tx, orderId);
      const items = await ordersRepository.itemsOf(tx, [orderId]);
      const lines = goodsLines(items, body.lines);
      const before = (await readFulfilment(tx, orderId, items))!;
      for (const line of lines) {
        const done = before.lines.find((l) => l.lineId === line.item.id)!;
        const left = done.shipped - done.returned;
        if (line.quantity > left) {
          throw new AppError('RETURN_EXCEEDS_SHIPPED', done.shipped === 0 ? `${lineLabel(line.item)} has not been shipped: nothing can come back` : `Only ${left} of ${lineLabel(line.item)} were shipped and not returned yet`, {
            fields: { [`lines.${line.index}.quantity`]: [`is more than the ${left} shipped and not yet returned`] },
          });
        }
      }
      const returnId = uuidv7();
      const at = ctx.now();
      await tx.insert(orderLineReturns).values(lines.map((line) => ({ orderId, orderItemId: line.item.id, returnId, quantity: line.quantity, note: body.note || null, returnedAt: at, createdByUserId: actor.userId })));
      // Back on the shelf: one ledger row per line, written by the statement that adds the units.
      for (const line of lines) {
        const target = line.item.sizeId ? { table: 'size' as const, id: line.item.sizeId } : { table: 'product' as const, id: line.item.productId };
        await stockLedger.adjust(tx, target, line.quantity, { reason: 'return', note: body.note || `Returned from order ${order.orderNumber}`, actorUserId: actor.userId, actorEmail: actor.email, orderId });
      }
      const what = linesText(lines);
      await recordEvents(tx, order, [{ actor: 'operator', actorUserId: actor.userId, kind: 'returned', note: `${what} returned${body.note ? `: ${body.note}` : ''}` }]);
      await recordAudit(tx, actor, { action: 'order.return', entity: 'order', entityId: orderId, summary: `Order ${order.orderNumber}: ${what} returned and put back in stock`, after: { returnId, note: body.note ?? null, lines: lines.map((l) => ({ lineId: l.item.id, quantity: l.quantity })) } });
      return [...new Set(lines.map((l) => l.item.productId))];
    });
    await ctx.catalog.changed(productIds, { stockOnly: true });
  }

  return { view, ship, deliver, returnLines };
}
export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
