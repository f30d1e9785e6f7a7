import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, registerVerified } from './auth-helpers.ts';
import { createTestApp, json } from './helper.ts';
import { insertOrder } from './order-fixtures.ts';
import { orderItems } from '../src/db/schema/index.ts';
import { eq } from 'drizzle-orm';

/** Footprint against offsets: the tonnes a user retired are the offsets in their own paid orders. */
describe('GET /api/v1/carbon/offsets', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const retired = (token?: string) => app.inject({ method: 'GET', url: '/api/v1/carbon/offsets', headers: token ? bearer(token) : {} });

  it('counts offset tonnes of paid personal orders only, and only the caller’s', async () => {
    const buyer = await registerVerified(app);
    const stranger = await registerVerified(app);
    const products = app.catalog.snapshot().products;
    const offset = products.find((p) => p.kind === 'offset')!;
    const goods = products.find((p) => p.kind === 'goods')!;
    expect(json(await retired(buyer.token)).data).toEqual({ tonnesRetired: 0, orders: 0 });

    const paid = await insertOrder(app, { userId: buyer.user._id, productIds: [offset.id, goods.id] });
    await app.database.db.update(orderItems).set({ quantity: 3 }).where(eq(orderItems.orderId, paid));
    await insertOrder(app, { userId: buyer.user._id, productIds: [offset.id], status: 'pending' });
    await insertOrder(app, { userId: buyer.user._id, productIds: [offset.id], businessId: '0190a0a0-0000-7000-8000-0000000000aa' });
    await insertOrder(app, { userId: stranger.user._id, productIds: [offset.id] });

    // 3 tonnes of the offset; the goods line, the pending order, the business order and the stranger's do not count.
    expect(json(await retired(buyer.token)).data).toEqual({ tonnesRetired: 3, orders: 1 });
    expect(json(await retired(stranger.token)).data).toEqual({ tonnesRetired: 1, orders: 1 });
  });

  it('needs a token', async () => {
    expect((await retired()).statusCode).toBe(401);
  });
});
