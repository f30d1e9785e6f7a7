import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Product } from '@app/contract';
import { couponRedemptions, coupons, orderItems, orders, products } from '../src/db/schema/index.ts';
import { createCatalogWrites } from '../src/modules/catalog/catalog.writes.ts';
import { createCoupon } from '../src/modules/coupons/coupon-admin.ts';
import { createCouponsRepository } from '../src/modules/coupons/coupons.repository.ts';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp } from './helper.ts';
import { orderBody, placeOrder, quickBuyer } from './order-helpers.ts';

/**
 * Resilience under concurrency (issue 12), at the sizes the issue names. Everything is fired at
 * once through one app; on PostgreSQL (DATABASE_URL) these are real parallel transactions.
 * Each test prints its figures so the closing note can quote them.
 */
let app: FastifyInstance;
let plain: Product[];

beforeAll(async () => {
  app = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '100000', RATE_LIMIT_MAX: '100000' } });
  ({ plain } = pickProducts(app));
});
afterAll(async () => {
  await app.close();
});

const buyers = (n: number) => Promise.all(Array.from({ length: n }, () => quickBuyer(app)));

describe('concurrency', () => {
  it('200 concurrent orders for the last 10 units sell exactly 10', async () => {
    const product = plain[7];
    await createCatalogWrites(app.database.db, app.catalog).setStock(product.id, 10);
    const racers = await buyers(200);
    await Promise.all(racers.map((racer) => racer.cart.patch({ products: [{ product: product.id, quantity: 1 }] })));

    const results = await Promise.all(racers.map((racer) => placeOrder(app, racer.token)));
    const statuses = results.map((r) => r.status);
    console.log(`[concurrency] 200 orders for 10 units: ${statuses.filter((s) => s === 200).length} placed, ${statuses.filter((s) => s === 409).length} refused (409), ${statuses.filter((s) => s >= 500).length} server errors`);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(190);

    const [row] = await app.database.db.select().from(products).where(eq(products.id, product.id));
    expect([row.stock, row.reserved]).toEqual([0, 0]);
    const sold = await app.database.db.select().from(orderItems).where(eq(orderItems.productId, product.id));
    expect(sold.reduce((sum, item) => sum + item.quantity, 0)).toBe(10);
    expect(app.catalog.snapshot().products.find((p) => p.id === product.id)!.actualStock).toBe(0);
  }, 180_000);

  it('a coupon limited to one use is redeemed once under 100 concurrent applies and orders', async () => {
    const coupon = await createCoupon(createCouponsRepository(app.database.db), { code: `ONE${Date.now().toString(36).toUpperCase()}`, kind: 'percent', percentOff: 15, maxUses: 1 });
    const racers = await buyers(100);
    await Promise.all(racers.map((racer) => racer.cart.patch({ products: [{ product: plain[0].id, quantity: 1 }] })));

    const applies = await Promise.all(racers.map((racer) => racer.cart.apply(coupon.code)));
    // Applying only reserves nothing: every cart may show the discount until one order uses it.
    expect(applies.every((r) => r.status === 200)).toBe(true);
    const results = await Promise.all(racers.map((racer) => placeOrder(app, racer.token)));
    const placed = results.filter((r) => r.status === 200);
    console.log(`[concurrency] one-use coupon, 100 applies then 100 orders: ${placed.length} discounted order, ${results.filter((r) => r.body.code === 'COUPON_EXHAUSTED').length} refused (COUPON_EXHAUSTED)`);
    expect(placed).toHaveLength(1);
    expect(placed[0].body.data.coupon).toBe(coupon.code);
    expect(results.filter((r) => r.status === 409 && r.body.code === 'COUPON_EXHAUSTED')).toHaveLength(99);

    const [row] = await app.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row.usedCount).toBe(1);
    expect(await app.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id))).toHaveLength(1);

    // After the coupon is spent, applying it again is refused outright.
    const late = await racers[results.findIndex((r) => r.status !== 200)].cart.apply(coupon.code);
    expect(late.status).toBeGreaterThanOrEqual(400);
    expect(late.status).toBeLessThan(500);
  }, 180_000);

  it('one Idempotency-Key in 20 concurrent requests creates one order', async () => {
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: plain[2].id, quantity: 2 }] });
    const key = `resilience-${Date.now()}`;
    const results = await Promise.all(Array.from({ length: 20 }, () => placeOrder(app, buyer.token, orderBody(), key)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    const rows = await app.database.db.select().from(orders).where(eq(orders.userId, buyer.id));
    console.log(`[concurrency] 20 requests with one Idempotency-Key: ${rows.length} order`);
    expect(rows).toHaveLength(1);
  }, 60_000);

  it('two concurrent cart updates by one user lose neither change', async () => {
    for (let round = 0; round < 10; round += 1) {
      const buyer = await quickBuyer(app);
      const [a, b] = [plain[3 + (round % 2)], plain[10 + (round % 3)]];
      const [first, second] = await Promise.all([
        buyer.cart.patch({ products: [{ product: a.id, quantity: 2 }] }),
        buyer.cart.patch({ products: [{ product: b.id, quantity: 3 }] }),
      ]);
      expect([first.status, second.status]).toEqual([200, 200]);
      const lines = (await buyer.cart.get()).body.data.products as { product: { id: string } | string; quantity: number }[];
      const quantityOf = (id: string) => lines.find((line) => (typeof line.product === 'string' ? line.product : line.product.id) === id)?.quantity;
      expect([quantityOf(a.id), quantityOf(b.id)]).toEqual([2, 3]);
    }

    // The same product added twice at once adds up.
    const buyer = await quickBuyer(app);
    await Promise.all([
      buyer.cart.patch({ products: [{ product: plain[5].id, quantity: 1 }] }),
      buyer.cart.patch({ products: [{ product: plain[5].id, quantity: 1 }] }),
    ]);
    const [line] = (await buyer.cart.get()).body.data.products;
    expect(line.quantity).toBe(2);
  }, 60_000);
});
