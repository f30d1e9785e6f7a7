import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ORDER_STATUSES, type OrderStatus } from '@app/contract/orders';
import { orderEvents, orders, products } from '../src/db/schema/index.ts';
import { ORDER_TRANSITIONS, canTransition, changeStatus } from '../src/modules/orders/order-state.ts';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp, json } from './helper.ts';
import { ADMIN, adminCall, signedInOperator, type TestOperator } from './admin-helpers.ts';
import { mailTo } from './auth-helpers.ts';
import { getJson, placeOrder, quickBuyer, redirectingProvider } from './order-helpers.ts';

/**
 * The order state machine (decision 0042): every allowed transition works and writes its
 * timeline row; every other is refused — in `changeStatus` before any SQL, and through the API
 * with a 409 that says why. Orders stay pending until paid (a redirecting provider), so every
 * status can be reached the way the shop reaches it.
 */
const provider = redirectingProvider();
let app: FastifyInstance;
let owner: TestOperator;
let productId: string;

beforeAll(async () => {
  app = await createTestApp({ env: { RATE_LIMIT_MAX: '100000', ORDER_RATE_LIMIT_MAX: '100000', ORDER_MAX_UNPAID_PER_ADDRESS: '100000' }, paymentProvider: provider });
  owner = await signedInOperator(app, 'owner');
  productId = pickProducts(app).plain.find((p) => p.kind === 'offset')!.id;
});
afterAll(async () => app?.close());

async function pending() {
  const buyer = await quickBuyer(app);
  await buyer.cart.patch({ products: [{ product: productId, quantity: 2 }] });
  const placed = await placeOrder(app, buyer.token);
  expect(placed.body.data.status).toBe('pending');
  return { buyer, id: placed.body.data.id as string, total: placed.body.data.orderTotalMinor as number };
}
const refund = (id: string, body: unknown) => adminCall(app, owner.token)('POST', `/orders/${id}/refunds`, body);

/** An order in each status, reached as the shop reaches it. */
const reach: Record<OrderStatus, () => Promise<{ id: string; total: number }>> = {
  pending,
  paid: async () => {
    const order = await pending();
    await app.orders.markOrderPaid(order.id, `cs_${order.id}`);
    return order;
  },
  expired: async () => {
    const order = await pending();
    expect(await app.orders.expireOrder(order.id)).toBe(true);
    return order;
  },
  cancelled: async () => {
    const order = await pending();
    expect((await adminCall(app, owner.token)('POST', `/orders/${order.id}/cancel`, {})).statusCode).toBe(200);
    return order;
  },
  partially_refunded: async () => {
    const order = await reach.paid();
    expect((await refund(order.id, { kind: 'amount', amountMinor: 1, reason: 'Part' })).statusCode).toBe(201);
    return order;
  },
  refunded: async () => {
    const order = await reach.paid();
    expect((await refund(order.id, { kind: 'order', reason: 'All' })).statusCode).toBe(201);
    return order;
  },
};

const statusOf = async (id: string) => (await app.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;

describe('order state machine', () => {
  it('is the table of decision 0042', () => {
    expect(ORDER_TRANSITIONS).toEqual({
      pending: ['paid', 'expired', 'cancelled'],
      paid: ['partially_refunded', 'refunded'],
      partially_refunded: ['refunded'],
      expired: [],
      cancelled: [],
      refunded: [],
    });
  });

  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to, canTransition(from, to)] as const));
  it.each(pairs)('changeStatus %s → %s (allowed: %s)', async (from, to, allowed) => {
    const order = await pending();
    await app.database.db.update(orders).set({ status: from }).where(eq(orders.id, order.id));
    const change = () => app.database.db.transaction((tx) => changeStatus(tx, { orderId: order.id, from, to, event: { actor: 'operator', note: 'table test' } }));
    if (!allowed) {
      await expect(change()).rejects.toThrow(`An order cannot go from ${from} to ${to}`);
      expect(await statusOf(order.id)).toBe(from);
      return;
    }
    expect((await change())?.status).toBe(to);
    const rows = await app.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(rows.at(-1)).toMatchObject({ actor: 'operator', note: 'table test' });
    // The conditional update: a second, racing change of the same kind finds the status gone and writes nothing.
    expect(await change()).toBeUndefined();
  });

  const actions = {
    cancel: { to: 'cancelled', call: (id: string) => adminCall(app, owner.token)('POST', `/orders/${id}/cancel`, { reason: 'Table' }) },
    'refund part': { to: 'partially_refunded', call: (id: string) => refund(id, { kind: 'amount', amountMinor: 1, reason: 'Table' }) },
    'refund all': { to: 'refunded', call: (id: string) => refund(id, { kind: 'order', reason: 'Table' }) },
  } as const;
  const table = ORDER_STATUSES.flatMap((from) => Object.entries(actions).map(([name, action]) => [from, name, action.to] as const));

  it.each(table)('API: an order %s, %s → %s or a clear 409', async (from, name, to) => {
    const order = await reach[from]();
    expect(await statusOf(order.id)).toBe(from);
    const response = await actions[name as keyof typeof actions].call(order.id);
    // Refunding part of a partly refunded order is allowed (it stays partly refunded: no transition).
    const allowed = canTransition(from, to) || (from === 'partially_refunded' && to === 'partially_refunded');
    if (allowed) {
      expect(response.statusCode, response.body).toBeLessThan(300);
      expect(await statusOf(order.id)).toBe(to);
    } else {
      expect([response.statusCode, json(response).code], response.body).toEqual([409, 'ORDER_TRANSITION_FORBIDDEN']);
      expect(json(response).message).toMatch(/^Order GM-.+ is .+ and cannot be (cancelled|refunded): only an order that is .+ can$/);
      expect(await statusOf(order.id)).toBe(from);
    }
  });

  it('operator cancel releases the stock hold at once, writes the timeline row and mails the buyer', async () => {
    const reservedOf = async () => (await app.database.db.select({ reserved: products.reserved }).from(products).where(eq(products.id, productId)))[0]!.reserved;
    const before = await reservedOf();
    const order = await pending();
    expect(await reservedOf()).toBe(before + 2);
    const response = await app.inject({ method: 'POST', url: `${ADMIN}/orders/${order.id}/cancel`, headers: { authorization: `Bearer ${owner.token}` }, payload: { reason: 'Fraud check failed' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).data.status).toBe('cancelled');
    expect(await reservedOf()).toBe(before);
    expect(provider.cancelled).toContain(`cs_test_${order.id}`);
    const read = (await getJson(app, order.buyer.token, `/api/v1/orders/${order.id}`)).body.data;
    expect(read).toMatchObject({ status: 'cancelled', cancelReason: 'operator' });
    expect(read.timeline.at(-1)).toMatchObject({ kind: 'cancelled', actor: 'operator', note: 'Cancelled by the shop: Fraud check failed' });
    const mail = (await mailTo(app, order.buyer.email)).find((m) => m.template === 'order-cancelled')!;
    expect(mail.text).toContain('Fraud check failed');
    expect(mail.html).toContain('We cancelled order');
  });
});
