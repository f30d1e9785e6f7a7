import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Product } from '@app/contract';
import { couponRedemptions, coupons, orderItems, orders, productSizes, products } from '../src/db/schema/index.ts';
import { createCatalogWrites } from '../src/modules/catalog/catalog.writes.ts';
import { createCoupon } from '../src/modules/coupons/coupon-admin.ts';
import { createCouponsRepository } from '../src/modules/coupons/coupons.repository.ts';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp } from './helper.ts';
import { orderBody, placeOrder, quickBuyer } from './order-helpers.ts';

/** Races on one database; run on PGlite by default and on PostgreSQL with DATABASE_URL (real parallel transactions). */
let app: FastifyInstance;
let plain: Product[];

beforeAll(async () => {
  app = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '1000' } });
  ({ plain } = pickProducts(app));
});
afterAll(async () => {
  await app.close();
});

const buyers = (n: number) => Promise.all(Array.from({ length: n }, () => quickBuyer(app)));

describe('no unit is sold twice', () => {
  it('50 buyers racing for the last 5 units: exactly 5 orders, stock 0, the rest told it is out of stock', async () => {
    const product = plain[5];
    await createCatalogWrites(app.database.db, app.catalog).setStock(product.id, 5);
    const racers = await buyers(50);
    for (const racer of racers) expect((await racer.cart.patch({ products: [{ product: product.id, quantity: 1 }] })).status).toBe(200);

    const results = await Promise.all(racers.map((racer) => placeOrder(app, racer.token)));
    const placed = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(placed).toHaveLength(5);
    expect(placed.every((r) => r.body.data.status === 'paid')).toBe(true);
    expect(refused).toHaveLength(45);
    for (const r of refused) expect(r.body).toMatchObject({ code: 'CART_OUT_OF_STOCK', message: `${product.name} is out of stock. Please remove it from your cart` });

    const [row] = await app.database.db.select().from(products).where(eq(products.id, product.id));
    expect([row.stock, row.reserved]).toEqual([0, 0]);
    expect(await app.database.db.select().from(orderItems).where(eq(orderItems.productId, product.id))).toHaveLength(5);
    expect(app.catalog.snapshot().products.find((p) => p.id === product.id)!.actualStock).toBe(0);
    // A refused buyer keeps the cart: nothing of the failed order was written.
    expect((await racers.find((r, i) => results[i].status !== 200)!.cart.get()).body.data.products).toHaveLength(1);
  }, 120_000);

  it('20 buyers racing for the last 3 units of one size: exactly 3 sold from that size, the product page shows 0 left', async () => {
    const { varied } = pickProducts(app);
    const color = varied.variation[0];
    const size = color.sizes[0];
    await createCatalogWrites(app.database.db, app.catalog).setSizeStock(size._id, 3);
    const racers = await buyers(20);
    for (const racer of racers) expect((await racer.cart.patch({ products: [{ product: varied.id, quantity: 1, color: color._id, size: size._id }] })).status).toBe(200);

    const results = await Promise.all(racers.map((racer) => placeOrder(app, racer.token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(17);
    const [row] = await app.database.db.select().from(productSizes).where(eq(productSizes.id, size._id));
    expect([row.stock, row.reserved]).toEqual([0, 0]);
    expect(await app.database.db.select().from(orderItems).where(eq(orderItems.sizeId, size._id))).toHaveLength(3);
    const shown = app.catalog.snapshot().bySlug(varied.slug)!.variation[0].sizes.find((s) => s._id === size._id)!;
    expect(shown.stock).toBe(0);
  }, 120_000);

  it('names the product and the units left when a buyer wants more than remain', async () => {
    const product = plain[6];
    await createCatalogWrites(app.database.db, app.catalog).setStock(product.id, 4);
    const [first, second] = await buyers(2);
    await first.cart.patch({ products: [{ product: product.id, quantity: 3 }] });
    await second.cart.patch({ products: [{ product: product.id, quantity: 3 }] });
    expect((await placeOrder(app, first.token)).status).toBe(200);
    const late = await placeOrder(app, second.token);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'CART_OUT_OF_STOCK', message: `Only 1 of ${product.name} is left in stock. Please lower the quantity in your cart` });
  });
});

describe('a one-use coupon', () => {
  it('placed by 20 buyers at once is used once: one discounted order, 19 clear refusals (COUPON_EXHAUSTED)', async () => {
    const coupon = await createCoupon(createCouponsRepository(app.database.db), { code: `ONCE${Date.now().toString(36).toUpperCase()}`, kind: 'percent', percentOff: 20, maxUses: 1 });
    const racers = await buyers(20);
    for (const racer of racers) {
      await racer.cart.patch({ products: [{ product: plain[0].id, quantity: 1 }] });
      expect((await racer.cart.apply(coupon.code)).status).toBe(200);
    }
    const results = await Promise.all(racers.map((racer) => placeOrder(app, racer.token)));
    const placed = results.filter((r) => r.status === 200);
    expect(placed).toHaveLength(1);
    expect(placed[0].body.data).toMatchObject({ coupon: coupon.code, status: 'paid' });
    expect(placed[0].body.data.discountMinor).toBeGreaterThan(0);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('COUPON_EXHAUSTED');
      expect(r.body.message).toMatch(/fully used\. Remove the coupon to order without it/);
    }
    const [row] = await app.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row.usedCount).toBe(1);
    expect(await app.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id))).toHaveLength(1);

    // Removing the coupon lets a refused buyer order at the full price.
    const loser = racers[results.findIndex((r) => r.status !== 200)];
    await loser.cart.unapply();
    const retry = await placeOrder(app, loser.token);
    expect(retry.status).toBe(200);
    expect(retry.body.data).toMatchObject({ coupon: null, discountMinor: 0 });
  }, 120_000);
});

describe('Idempotency-Key', () => {
  it('sent by 10 concurrent requests places one order, and every answer is that order', async () => {
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: plain[1].id, quantity: 1 }] });
    const key = `checkout-${Date.now()}-abc`;
    const results = await Promise.all(Array.from({ length: 10 }, () => placeOrder(app, buyer.token, orderBody(), key)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const ids = new Set(results.map((r) => r.body.data.id));
    expect(ids.size).toBe(1);
    expect(await app.database.db.select().from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(1);

    // A later retry (the cart is empty by now) still answers the first order.
    const retry = await placeOrder(app, buyer.token, orderBody(), key);
    expect(retry.status).toBe(200);
    expect(retry.body.data.id).toBe([...ids][0]);
  });

  it('refuses the same key with a different request (IDEMPOTENCY_KEY_REUSED); another person may use the same key', async () => {
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: plain[1].id, quantity: 1 }] });
    const key = `reuse-${Date.now()}-xyz`;
    expect((await placeOrder(app, buyer.token, orderBody(), key)).status).toBe(200);
    const changed = await placeOrder(app, buyer.token, orderBody({ firstName: 'Grace' }), key);
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('IDEMPOTENCY_KEY_REUSED');

    const other = await quickBuyer(app);
    await other.cart.patch({ products: [{ product: plain[1].id, quantity: 1 }] });
    const theirs = await placeOrder(app, other.token, orderBody(), key);
    expect(theirs.status).toBe(200);
  });
});
