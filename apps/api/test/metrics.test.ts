import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { platformMetricsResponseSchema } from '@app/contract';
import { orderItems, orders, products } from '../src/db/schema/index.ts';
import { MetricsCache } from '../src/modules/metrics/metrics.cache.ts';
import { createTestApp, json } from './helper.ts';
import { register, registerVerified } from './auth-helpers.ts';

const readMetrics = async (app: FastifyInstance) => {
  const response = await app.inject({ method: 'GET', url: '/api/v1/metrics' });
  expect(response.statusCode).toBe(200);
  return platformMetricsResponseSchema.parse(json(response)).data;
};

describe('GET /api/v1/metrics', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('is public and counts what the data holds', async () => {
    const [{ count }] = (await app.database.db.select({ count: sql<number>`count(*)::int` }).from(products)) as [{ count: number }];
    const metrics = await readMetrics(app);
    expect(metrics).toMatchObject({ products: count, orders: 0, tonnesRetired: 0, members: 0 });
    expect(count).toBeGreaterThan(0);
  });

  it('counts paid orders, tonnes of paid offset lines only, and verified members', async () => {
    const { user } = await registerVerified(app);
    await register(app); // unverified: not a member
    const db = app.database.db;
    const [offset] = await db.select({ id: products.id }).from(products).where(eq(products.kind, 'offset')).limit(1);
    const [goods] = await db.select({ id: products.id }).from(products).where(eq(products.kind, 'goods')).limit(1);
    await db.update(products).set({ unit: 'tonne CO2e' }).where(eq(products.id, offset!.id));

    const [paid] = await db.insert(orders).values({ userId: user._id, status: 'paid', currency: 'USD', paidAt: new Date() }).returning();
    const [pending] = await db.insert(orders).values({ userId: user._id, status: 'pending', currency: 'USD' }).returning();
    await db.insert(orderItems).values([
      { orderId: paid!.id, productId: offset!.id, quantity: 3, unitPriceMinor: 1500 },
      { orderId: paid!.id, productId: goods!.id, quantity: 5, unitPriceMinor: 900 },
      { orderId: pending!.id, productId: offset!.id, quantity: 7, unitPriceMinor: 1500 },
    ]);

    // Still the cached figures: the home page's read costs no query within the TTL.
    expect((await readMetrics(app)).orders).toBe(0);

    app.metrics.clear();
    const metrics = await readMetrics(app);
    expect(metrics).toMatchObject({ orders: 1, tonnesRetired: 3, members: 1 });
  });

  it('answers with a short public cache header', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/metrics' });
    expect(response.headers['cache-control']).toBe('public, max-age=30');
    expect(response.headers['content-type']).toContain('application/json');
  });
});

describe('MetricsCache', () => {
  it('computes once per TTL, shares a computation between concurrent misses, and serves the same bytes', async () => {
    let now = 1_000_000;
    let computed = 0;
    const cache = new MetricsCache(
      async () => {
        computed += 1;
        return { products: computed, orders: 0, tonnesRetired: 0, members: 0 };
      },
      30_000,
      () => now,
    );
    const [a, b] = await Promise.all([cache.bytes(), cache.bytes()]);
    expect(computed).toBe(1);
    expect(a).toBe(b);
    now += 29_999;
    expect(await cache.bytes()).toBe(a);
    now += 1;
    const fresh = await cache.bytes();
    expect(computed).toBe(2);
    expect(JSON.parse(fresh.toString()).data.products).toBe(2);
  });
});
