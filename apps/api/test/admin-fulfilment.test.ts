import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import type { Product } from '@app/contract';
import { auditLog, orderEvents, orders, outboxEmails, productSizes, products, stockLedger } from '../src/db/schema/index.ts';
import { createTestApp, json } from './helper.ts';
import { adminCall, signedInOperator, type TestOperator } from './admin-helpers.ts';
import { pickProducts } from './cart-helpers.ts';
import { getJson, placeOrder, quickBuyer } from './order-helpers.ts';

/**
 * Fulfilment of goods lines (issue 25): ship with carrier and tracking, deliver, return to stock;
 * the rules, the mail, the timeline, the audit log and the race. PGlite by default, PostgreSQL
 * with DATABASE_URL (real parallel transactions for the race).
 */
let app: FastifyInstance;
let owner: TestOperator;
let call: ReturnType<typeof adminCall>;
let goods: Product;
let offset: Product;
let varied: Product;

beforeAll(async () => {
  app = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '1000', RATE_LIMIT_MAX: '100000' } });
  owner = await signedInOperator(app, 'owner');
  call = adminCall(app, owner.token);
  const { plain, varied: v } = pickProducts(app);
  goods = plain.find((p) => p.kind === 'goods')!;
  offset = plain.find((p) => p.kind === 'offset')!;
  varied = v;
});
afterAll(async () => {
  await app.close();
});

/** A paid order (the test provider pays at once) of these cart lines, and its buyer. */
async function buy(lines: Record<string, unknown>[]) {
  const buyer = await quickBuyer(app);
  expect((await buyer.cart.patch({ products: lines })).status).toBe(200);
  const placed = await placeOrder(app, buyer.token);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const order = placed.body.data as { _id: string; orderNumber: string; status: string; products: { _id: string; product: { kind: string; name: string } }[] };
  const lineOf = (kind: string) => order.products.find((p) => p.product.kind === kind)!._id;
  return { buyer, order, lineOf };
}

const ship = (orderId: string, lines: { lineId: string; quantity: number }[], carrier = 'DHL', trackingNumber = 'JD014600006281230704') => call('POST', `/orders/${orderId}/fulfilments`, { lines, carrier, trackingNumber });

describe('shipping goods lines', () => {
  it('ships part of a line: state per line, tracking link, mail, timeline and audit row', async () => {
    const { buyer, order, lineOf } = await buy([
      { product: goods.id, quantity: 2 },
      { product: offset.id, quantity: 1 },
    ]);
    const before = json(await call('GET', `/orders/${order._id}/fulfilments`)).data;
    expect(before.lines).toEqual([expect.objectContaining({ lineId: lineOf('goods'), quantity: 2, shipped: 0, state: 'unfulfilled' })]);

    const shipped = await ship(order._id, [{ lineId: lineOf('goods'), quantity: 1 }]);
    expect(shipped.statusCode, shipped.body).toBe(201);
    const view = json(shipped).data;
    expect(view.lines[0]).toMatchObject({ shipped: 1, delivered: 0, returned: 0, state: 'partially_shipped' });
    expect(view.shipments).toHaveLength(1);
    expect(view.shipments[0]).toMatchObject({ status: 'shipped', carrier: 'DHL', trackingNumber: 'JD014600006281230704', trackingUrl: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD014600006281230704' });

    const [mail] = await app.database.db.select().from(outboxEmails).where(and(eq(outboxEmails.toAddress, buyer.email), eq(outboxEmails.template, 'order-shipped')));
    expect(mail!.subject).toBe(`Your Carbonwise order ${order.orderNumber} is on its way`);
    expect(mail!.html).toContain('href="https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&amp;tracking-id=JD014600006281230704"');
    expect(mail!.text).toContain('Tracking number: JD014600006281230704');
    expect(mail!.text).toContain(`1 × ${goods.name}`);
    expect(mail!.text).toContain('Track your parcel: https://www.dhl.com/');

    const [audit] = await app.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, order._id), eq(auditLog.action, 'order.fulfil')));
    expect(audit!.actorEmail).toBe(owner.email);
    expect(audit!.summary).toContain('JD014600006281230704');

    // The buyer's order page: the timeline row and the state per line (offsets have none).
    const own = (await getJson(app, buyer.token, `/api/v1/orders/${order._id}`)).body.data;
    expect(own.timeline.map((e: { kind: string }) => e.kind)).toContain('shipped');
    expect(own.timeline.find((e: { kind: string }) => e.kind === 'shipped')).toMatchObject({ actor: 'operator', note: `1 × ${goods.name} shipped with DHL, tracking number JD014600006281230704` });
    expect(own.fulfilment.lines).toEqual([expect.objectContaining({ lineId: lineOf('goods'), state: 'partially_shipped', shipped: 1 })]);
    expect(own.fulfilment.shipments[0].trackingUrl).toContain('JD014600006281230704');

    // The rest of the line; then nothing is left to ship.
    expect((await ship(order._id, [{ lineId: lineOf('goods'), quantity: 1 }], 'Royal Mail', 'AB 1234 5678 9GB')).statusCode).toBe(201);
    const full = await ship(order._id, [{ lineId: lineOf('goods'), quantity: 1 }]);
    expect([full.statusCode, json(full).code, json(full).message]).toEqual([409, 'FULFILMENT_EXCEEDS_ORDER', `All 2 of ${goods.name} have been shipped already`]);
  });

  it('refuses more than is left, offset lines, other orders’ lines and orders not paid, with clear messages', async () => {
    const { order, lineOf } = await buy([
      { product: goods.id, quantity: 3 },
      { product: offset.id, quantity: 2 },
    ]);
    await ship(order._id, [{ lineId: lineOf('goods'), quantity: 1 }]);
    const tooMany = await ship(order._id, [{ lineId: lineOf('goods'), quantity: 3 }]);
    expect([tooMany.statusCode, json(tooMany).code]).toEqual([409, 'FULFILMENT_EXCEEDS_ORDER']);
    expect(json(tooMany).message).toBe(`Only 2 of 3 × ${goods.name} are left to ship (1 shipped already)`);
    expect(json(tooMany).fields).toEqual({ 'lines.0.quantity': ['is more than the 2 left to ship'] });

    const offsetLine = await ship(order._id, [{ lineId: lineOf('offset'), quantity: 1 }]);
    expect([offsetLine.statusCode, json(offsetLine).code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(json(offsetLine).message).toMatch(/is a carbon offset: its tonnes were retired on payment, so it needs no fulfilment/);
    expect(json(offsetLine).fields).toEqual({ 'lines.0.lineId': ['is an offset line, which is never shipped'] });

    const other = await buy([{ product: goods.id, quantity: 1 }]);
    const foreign = await ship(order._id, [{ lineId: other.lineOf('goods'), quantity: 1 }]);
    expect([foreign.statusCode, json(foreign).fields]).toEqual([400, { 'lines.0.lineId': ['is not a line of this order'] }]);

    await app.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, other.order._id));
    const cancelled = await ship(other.order._id, [{ lineId: other.lineOf('goods'), quantity: 1 }]);
    expect([cancelled.statusCode, json(cancelled).code, json(cancelled).message]).toEqual([409, 'ORDER_NOT_FULFILLABLE', `Order ${other.order.orderNumber} is cancelled: only a paid order’s goods can be shipped`]);

    const missing = await ship('0190a0a0-0000-7000-8000-000000000000', [{ lineId: lineOf('goods'), quantity: 1 }]);
    expect([missing.statusCode, json(missing).message]).toEqual([404, 'That order was not found']);
    // Nothing refused left a trace.
    expect(json(await call('GET', `/orders/${order._id}/fulfilments`)).data.lines[0].shipped).toBe(1);
  });

  it('never ships units refunded before shipping; a partly refunded order still ships the rest', async () => {
    const { order, lineOf } = await buy([
      { product: goods.id, quantity: 2 },
      { product: offset.id, quantity: 1 },
    ]);
    const refund = await call('POST', `/orders/${order._id}/refunds`, { kind: 'lines', reason: 'One shirt out of stock', lines: [{ lineId: lineOf('goods'), quantity: 1 }] });
    expect(refund.statusCode, refund.body).toBeLessThan(300);
    const two = await ship(order._id, [{ lineId: lineOf('goods'), quantity: 2 }]);
    expect([two.statusCode, json(two).message]).toEqual([409, `Only 1 of 2 × ${goods.name} are left to ship (0 shipped already, 1 refunded)`]);
    const one = await ship(order._id, [{ lineId: lineOf('goods'), quantity: 1 }]);
    expect(one.statusCode, one.body).toBe(201);
    expect(json(one).data.lines[0]).toMatchObject({ quantity: 2, refunded: 1, shipped: 1, state: 'shipped' });

    const whole = await buy([{ product: goods.id, quantity: 1 }, { product: offset.id, quantity: 1 }]);
    await call('POST', `/orders/${whole.order._id}/refunds`, { kind: 'lines', reason: 'Cancelled by phone', lines: [{ lineId: whole.lineOf('goods'), quantity: 1 }] });
    const none = await ship(whole.order._id, [{ lineId: whole.lineOf('goods'), quantity: 1 }]);
    expect([none.statusCode, json(none).message]).toEqual([409, `${goods.name} was refunded: nothing is left to ship`]);
    expect(json(await call('GET', `/orders/${whole.order._id}/fulfilments`)).data.lines[0].state).toBe('refunded');
  });

  it('answers hostile bodies with 400 naming the field', async () => {
    const { order, lineOf } = await buy([{ product: goods.id, quantity: 1 }]);
    const line = lineOf('goods');
    const cases: [unknown, string][] = [
      [{ lines: [], carrier: 'DHL', trackingNumber: '1' }, 'lines'],
      [{ lines: [{ lineId: line, quantity: 0 }], carrier: 'DHL', trackingNumber: '1' }, 'lines.0.quantity'],
      [{ lines: [{ lineId: line, quantity: 1.5 }], carrier: 'DHL', trackingNumber: '1' }, 'lines.0.quantity'],
      [{ lines: [{ lineId: 'nope', quantity: 1 }], carrier: 'DHL', trackingNumber: '1' }, 'lines.0.lineId'],
      [{ lines: [{ lineId: line, quantity: 1 }, { lineId: line, quantity: 1 }], carrier: 'DHL', trackingNumber: '1' }, 'lines'],
      [{ lines: [{ lineId: line, quantity: 1 }], carrier: '<script>', trackingNumber: '1' }, 'carrier'],
      [{ lines: [{ lineId: line, quantity: 1 }], carrier: '   ', trackingNumber: '1' }, 'carrier'],
      [{ lines: [{ lineId: line, quantity: 1 }], carrier: 'DHL', trackingNumber: '=HYPERLINK("x")' }, 'trackingNumber'],
      [{ lines: [{ lineId: line, quantity: 1 }], carrier: 'DHL', trackingNumber: 'x'.repeat(101) }, 'trackingNumber'],
      [{ lines: [{ lineId: line, quantity: 1 }], carrier: 'DHL' }, 'trackingNumber'],
    ];
    for (const [payload, field] of cases) {
      const response = await call('POST', `/orders/${order._id}/fulfilments`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(json(response).fields ?? {}).join(' '), JSON.stringify(payload)).toContain(field);
    }
    expect(json(await call('GET', `/orders/${order._id}/fulfilments`)).data.shipments).toEqual([]);
  });

  it('mails the number alone for a carrier the shop does not know', async () => {
    const { buyer, order, lineOf } = await buy([{ product: goods.id, quantity: 1 }]);
    const response = await ship(order._id, [{ lineId: lineOf('goods'), quantity: 1 }], 'Village Courier', 'VC-42');
    expect(json(response).data.shipments[0].trackingUrl).toBeNull();
    const [mail] = await app.database.db.select().from(outboxEmails).where(and(eq(outboxEmails.toAddress, buyer.email), eq(outboxEmails.template, 'order-shipped')));
    expect(mail!.text).toContain('Tracking number: VC-42');
    expect(mail!.text).toContain('Use this number on the carrier’s website to follow the parcel.');
    expect(mail!.html).not.toContain('Track your parcel');
  });

  it('20 concurrent shipments of one line never ship more than was ordered', async () => {
    const { order, lineOf } = await buy([{ product: goods.id, quantity: 3 }]);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => ship(order._id, [{ lineId: lineOf('goods'), quantity: 1 }], 'UPS', `1Z999AA1012345678${i}`)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(17);
    const view = json(await call('GET', `/orders/${order._id}/fulfilments`)).data;
    expect(view.lines[0]).toMatchObject({ quantity: 3, shipped: 3, state: 'shipped' });
    expect(view.shipments).toHaveLength(3);
    const events = await app.database.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, order._id), eq(orderEvents.kind, 'shipped')));
    expect(events).toHaveLength(3);
  });
});

describe('delivery and returns', () => {
  it('marks a shipment delivered once; returns go back to stock with a ledger row, only as far as shipped', async () => {
    const { buyer, order, lineOf } = await buy([{ product: goods.id, quantity: 2 }]);
    const line = lineOf('goods');
    const notShipped = await call('POST', `/orders/${order._id}/returns`, { lines: [{ lineId: line, quantity: 1 }] });
    expect([notShipped.statusCode, json(notShipped).code, json(notShipped).message]).toEqual([409, 'RETURN_EXCEEDS_SHIPPED', `${goods.name} has not been shipped: nothing can come back`]);

    const shipmentId = json(await ship(order._id, [{ lineId: line, quantity: 2 }])).data.shipments[0]._id as string;
    const delivered = await call('POST', `/orders/${order._id}/fulfilments/${shipmentId}/delivery`);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(json(delivered).data.lines[0].state).toBe('delivered');
    expect(json(delivered).data.shipments[0]).toMatchObject({ status: 'delivered', deliveredAt: expect.any(String) });
    const again = await call('POST', `/orders/${order._id}/fulfilments/${shipmentId}/delivery`);
    expect([again.statusCode, json(again).code]).toEqual([409, 'FULFILMENT_ALREADY_DELIVERED']);
    const other = await buy([{ product: goods.id, quantity: 1 }]);
    expect((await call('POST', `/orders/${other.order._id}/fulfilments/${shipmentId}/delivery`)).statusCode).toBe(404);

    const [{ stock: before }] = await app.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, goods.id));
    const tooMany = await call('POST', `/orders/${order._id}/returns`, { lines: [{ lineId: line, quantity: 3 }] });
    expect([tooMany.statusCode, json(tooMany).message]).toEqual([409, `Only 2 of ${goods.name} were shipped and not returned yet`]);
    const returned = await call('POST', `/orders/${order._id}/returns`, { lines: [{ lineId: line, quantity: 1 }], note: 'Wrong size' });
    expect(returned.statusCode, returned.body).toBe(201);
    expect(json(returned).data.lines[0]).toMatchObject({ shipped: 2, delivered: 2, returned: 1, state: 'delivered' });
    const [{ stock: after }] = await app.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, goods.id));
    expect(after).toBe(before + 1);
    const [ledger] = await app.database.db.select().from(stockLedger).where(and(eq(stockLedger.orderId, order._id), eq(stockLedger.reason, 'return')));
    expect(ledger).toMatchObject({ productId: goods.id, delta: 1, resultingStock: after, note: 'Wrong size', actorEmail: owner.email });

    expect((await call('POST', `/orders/${order._id}/returns`, { lines: [{ lineId: line, quantity: 1 }] })).statusCode).toBe(201);
    const all = json(await call('GET', `/orders/${order._id}/fulfilments`)).data;
    expect(all.lines[0]).toMatchObject({ returned: 2, state: 'returned' });
    expect(all.returns).toHaveLength(2);
    const kinds = (await app.database.db.select().from(auditLog).where(eq(auditLog.entityId, order._id)).orderBy(desc(auditLog.at))).map((a) => a.action);
    expect(kinds.filter((k) => k === 'order.return')).toHaveLength(2);
    expect(kinds).toContain('order.deliver');
    const own = (await getJson(app, buyer.token, `/api/v1/orders/${order._id}`)).body.data;
    expect(own.timeline.map((e: { kind: string }) => e.kind)).toEqual(expect.arrayContaining(['shipped', 'delivered', 'returned']));
    expect(own.fulfilment.lines[0].state).toBe('returned');
  });

  it('a returned size goes back to that size’s stock', async () => {
    const color = varied.variation[0]!;
    const size = color.sizes.find((s) => s.stock > 2)!;
    const { order, lineOf } = await buy([{ product: varied.id, quantity: 1, color: color._id, size: size._id }]);
    await ship(order._id, [{ lineId: lineOf('goods'), quantity: 1 }], 'DPD', '01234567890123');
    const [{ stock: before }] = await app.database.db.select({ stock: productSizes.stock }).from(productSizes).where(eq(productSizes.id, size._id));
    expect((await call('POST', `/orders/${order._id}/returns`, { lines: [{ lineId: lineOf('goods'), quantity: 1 }] })).statusCode).toBe(201);
    const [{ stock: after }] = await app.database.db.select({ stock: productSizes.stock }).from(productSizes).where(eq(productSizes.id, size._id));
    expect(after).toBe(before + 1);
  });

  it('an order of offsets only has nothing to fulfil, and its page reads no fulfilment', async () => {
    const { buyer, order, lineOf } = await buy([{ product: offset.id, quantity: 1 }]);
    expect(json(await call('GET', `/orders/${order._id}/fulfilments`)).data).toEqual({ lines: [], shipments: [], returns: [] });
    const refused = await ship(order._id, [{ lineId: lineOf('offset'), quantity: 1 }]);
    expect(refused.statusCode).toBe(400);
    const own = (await getJson(app, buyer.token, `/api/v1/orders/${order._id}`)).body.data;
    expect(own.fulfilment).toBeUndefined();
  });
});
