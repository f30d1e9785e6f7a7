import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { certificates } from '../src/db/schema/index.ts';
import { adminCall, signedInOperator } from './admin-helpers.ts';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp, isBackgroundStatement, isCoalescedStockRefresh } from './helper.ts';
import { placeOrder, quickBuyer } from './order-helpers.ts';

/**
 * Issue 28: in a running shop (the cart and session caches on), an order placed from the cart
 * this process last saw is ONE statement, place_order, with no placement read first; it checks
 * under the cart's lock that the cart is the one seen (migration 0038). These tests pin that and
 * what must not change with it: a cart changed behind the process's back is what gets ordered, a
 * retried Idempotency-Key answers its first order, and a certificate carries the project's text
 * as the database has it after an operator edits it.
 */
let app: FastifyInstance;
const statements: string[] = [];
let counting = false;

beforeAll(async () => {
  app = await createTestApp({
    env: { ORDER_RATE_LIMIT_MAX: '1000', CART_CACHE_MS: '3000', SESSION_CACHE_MS: '3000', CATALOG_STOCK_LAG_MS: '500' },
    logger: { logQuery: (query: string, params: unknown[]) => void (counting && !isBackgroundStatement(query, params) && !isCoalescedStockRefresh(query, params) && statements.push(query)) },
  });
});
afterAll(async () => app?.close());

/** Places an order and answers it with the statements it cost, by kind. */
async function countedOrder(token: string, key?: string) {
  statements.length = 0;
  counting = true;
  const placed = await placeOrder(app, token, undefined, key);
  counting = false;
  const reads = statements.filter((q) => q.includes('order_placement_context(')).length;
  const calls = statements.filter((q) => q.includes('place_order(')).length;
  return { ...placed, reads, calls, total: statements.length, list: statements.map((q) => q.slice(0, 90)).join('\n') };
}

const cartItemsOf = (userId: string) => sql`cart_items.cart_id = (select id from carts where user_id = ${userId}::uuid)`;

describe('an order placed from the cart last seen', () => {
  it('is one statement for plain products: place_order, no read', async () => {
    const { plain } = pickProducts(app);
    const goods = plain.filter((product) => product.kind !== 'offset');
    expect(goods.length).toBeGreaterThan(1);
    const buyer = await quickBuyer(app);
    expect((await buyer.cart.patch({ products: [{ product: goods[0].id, quantity: 2 }, { product: goods[1].id, quantity: 1 }] })).status).toBe(200);

    const order = await countedOrder(buyer.token, 'kept-plain-1');
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(order.body.data.status).toBe('paid');
    expect({ reads: order.reads, calls: order.calls, total: order.total }, order.list).toEqual({ reads: 0, calls: 1, total: 1 });
    expect(order.body.data.products.map((line: { quantity: number }) => line.quantity).sort()).toEqual([1, 2]);
    expect((await buyer.cart.get()).body.data.products).toEqual([]);
  });

  it('orders what the cart holds when it changed behind this process, and refuses a cart emptied behind it', async () => {
    const { plain } = pickProducts(app);
    const product = plain.find((p) => p.kind !== 'offset')!;
    const buyer = await quickBuyer(app);
    expect((await buyer.cart.patch({ products: [{ product: product.id, quantity: 1 }] })).status).toBe(200);
    // Another host (or any write outside the cart module) sets 3: no NOTIFY reaches this process.
    await app.database.db.execute(sql`update cart_items set quantity = 3 where ${cartItemsOf(buyer.id)}`);

    const order = await countedOrder(buyer.token);
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(order.body.data.products.map((line: { quantity: number }) => line.quantity)).toEqual([3]);
    // The kept cart was refused under the lock ('retry'), then read and placed.
    expect({ reads: order.reads, calls: order.calls }, order.list).toEqual({ reads: 1, calls: 2 });

    expect((await buyer.cart.patch({ products: [{ product: product.id, quantity: 1 }] })).status).toBe(200);
    await app.database.db.execute(sql`delete from cart_items where ${cartItemsOf(buyer.id)}`);
    const empty = await countedOrder(buyer.token);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Your cart is empty. Add a product before placing an order');
  });

  it('answers the first order to a repeated Idempotency-Key, and leaves the cart filled since untouched', async () => {
    const { plain } = pickProducts(app);
    const [first, second] = plain.filter((p) => p.kind !== 'offset');
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: first.id, quantity: 1 }] });
    const placed = await countedOrder(buyer.token, 'kept-replay-1');
    expect(placed.status).toBe(200);

    await buyer.cart.patch({ products: [{ product: second.id, quantity: 1 }] });
    const again = await countedOrder(buyer.token, 'kept-replay-1');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data._id).toBe(placed.body.data._id);
    expect(again.body.data.products.map((line: { productId?: string; product?: string }) => line.productId ?? line.product)).not.toContain(second.id);
    expect((await buyer.cart.get()).body.data.products.map((line: { product: { _id: string } }) => line.product._id)).toEqual([second.id]);
  });

  it('reads an offset project once, keeps its certificate text, and reads it again after an operator edits it', async () => {
    const offset = pickProducts(app).plain.find((p) => p.kind === 'offset')!;
    const owner = await signedInOperator(app, 'owner');
    const buy = async () => {
      const buyer = await quickBuyer(app);
      expect((await buyer.cart.patch({ products: [{ product: offset.id, quantity: 1 }] })).status).toBe(200);
      const order = await countedOrder(buyer.token);
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      const [certificate] = await app.database.db.select({ projectName: certificates.projectName }).from(certificates).where(eq(certificates.orderId, order.body.data._id));
      return { reads: order.reads, calls: order.calls, projectName: certificate?.projectName };
    };

    const first = await buy();
    expect(first.calls).toBe(1);
    expect(first.projectName).toBe(offset.name);
    // The facts the first read answered are kept: the next buyer's order is one call.
    expect(await buy()).toEqual({ reads: 0, calls: 1, projectName: offset.name });

    const renamed = `${offset.name} (phase 2)`;
    expect((await adminCall(app, owner.token)('PATCH', `/products/${offset.id}`, { name: renamed })).statusCode).toBe(200);
    expect(await buy()).toEqual({ reads: 1, calls: 1, projectName: renamed });
    expect(await buy()).toEqual({ reads: 0, calls: 1, projectName: renamed });
  });
});
