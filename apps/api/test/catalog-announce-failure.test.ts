import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, type SQL } from 'drizzle-orm';
import { orders, products } from '../src/db/schema/index.ts';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp } from './helper.ts';
import { placeOrder, quickBuyer } from './order-helpers.ts';

/**
 * A placed order stays placed when announcing its stock change fails. Found on PostgreSQL in
 * CI: 200 buyers racing for 10 units, the pool's connections all queued behind the product's row
 * lock, and the ten buyers whose orders had committed got a 500 because the catalog's NOTIFY
 * after the commit could not get a connection in time. Here the NOTIFY fails on purpose.
 */
let app: FastifyInstance;
let failNotify = false;

beforeAll(async () => {
  app = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '1000' } });
  const db = app.database.db as unknown as { execute(query: SQL): Promise<unknown>; dialect: { sqlToQuery(query: SQL): { sql: string } } };
  const execute = db.execute.bind(db);
  db.execute = async (query: SQL) => {
    if (failNotify && db.dialect.sqlToQuery(query).sql.includes('pg_notify')) throw new Error('timeout exceeded when trying to connect');
    return execute(query);
  };
});
afterAll(async () => app?.close());

describe('a stock change that cannot be announced', () => {
  it('leaves the committed order answered 200, paid, with its units sold', async () => {
    const product = pickProducts(app).plain[3];
    const [before] = await app.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id));
    const buyer = await quickBuyer(app);
    expect((await buyer.cart.patch({ products: [{ product: product.id, quantity: 2 }] })).status).toBe(200);

    failNotify = true;
    const placed = await placeOrder(app, buyer.token);
    failNotify = false;
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.data.status).toBe('paid');
    const [row] = await app.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, placed.body.data._id));
    expect(row.status).toBe('paid');
    const [after] = await app.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id));
    expect(after.stock).toBe(before.stock - 2);
    // Tried again a second later: this process's catalog shows the sale.
    await expect.poll(() => app.catalog.snapshot().products.find((p) => p.id === product.id)!.actualStock, { timeout: 5000 }).toBe(before.stock - 2);
  });
});
