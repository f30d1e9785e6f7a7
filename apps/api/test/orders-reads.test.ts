import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Product } from '@app/contract';
import { orders } from '../src/db/schema/index.ts';
import { pickProducts, priceIn } from './cart-helpers.ts';
import { createTestApp, isBackgroundStatement, settleAfterAnswers } from './helper.ts';
import { insertOrder } from './order-fixtures.ts';
import { getJson, placeOrder, quickBuyer } from './order-helpers.ts';

let app: FastifyInstance;
let queries = 0;
let offset: Product;
let goods: Product;
let buyer: Awaited<ReturnType<typeof quickBuyer>>;
/** The orders placed in beforeAll, oldest first. */
const placed: { id: string; totalMinor: number; currency: string }[] = [];

const month = (date: Date) => date.toISOString().slice(0, 7);
const monthsAgo = (n: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 15, 12));
};

async function buy(lines: { product: Product; quantity: number }[], currency: 'USD' | 'EUR' = 'USD', paidAt?: Date) {
  await buyer.cart.patch({ products: lines.map((l) => ({ product: l.product.id, quantity: l.quantity })), updateCurrency: currency });
  const { status, body } = await placeOrder(app, buyer.token);
  expect(status).toBe(200);
  if (paidAt) await app.database.db.update(orders).set({ paidAt, createdAt: paidAt }).where(eq(orders.id, body.data.id));
  placed.push({ id: body.data.id, totalMinor: body.data.orderTotalMinor, currency });
}

beforeAll(async () => {
  app = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '1000' }, logger: { logQuery: (query, params) => void (!isBackgroundStatement(query, params) && (queries += 1)) } });
  const { plain } = pickProducts(app);
  offset = plain.find((p) => p.kind === 'offset' && p.priceList.some((e) => e.currency === 'EUR'))!;
  goods = plain.find((p) => p.kind === 'goods' && p.priceList.some((e) => e.currency === 'EUR'))!;
  buyer = await quickBuyer(app);
  await buy([{ product: goods, quantity: 1 }], 'USD', new Date(Date.UTC(new Date().getUTCFullYear() - 2, 5, 1)));
  await buy([{ product: goods, quantity: 1 }], 'USD', monthsAgo(2));
  await buy([{ product: offset, quantity: 2 }], 'USD');
  await buy([{ product: offset, quantity: 1 }], 'EUR');
  // Unpaid orders count nowhere in the graphs.
  await insertOrder(app, { userId: buyer.id, productIds: [offset.id], status: 'pending' });
});
afterAll(async () => {
  await app.close();
});

async function countQueries(url: string, token = buyer.token) {
  await settleAfterAnswers(app);
  const before = queries;
  const response = await getJson(app, token, url);
  expect(response.status).toBe(200);
  return { count: queries - before, body: response.body };
}

describe('GET v1/customer-orders', () => {
  it('lists own orders newest first with page meta, in pages', async () => {
    const { body } = await countQueries('/api/v1/customer-orders?page=1&size=2');
    expect(body.meta).toEqual({ page: 1, size: 2, total: 5 });
    expect(body.data).toHaveLength(2);
    expect(body.data[1].id).toBe(placed[3].id);
    const second = (await countQueries('/api/v1/customer-orders?page=2&size=2')).body;
    expect(second.data.map((o: { id: string }) => o.id)).toEqual([placed[2].id, placed[1].id]);
    const stranger = await quickBuyer(app);
    expect((await countQueries('/api/v1/customer-orders', stranger.token)).body).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('with cert=true keeps paid orders holding offset lines (those that carry certificates)', async () => {
    const { body } = await countQueries('/api/v1/customer-orders?cert=true');
    expect(body.data.map((o: { id: string }) => o.id).sort()).toEqual([placed[2].id, placed[3].id].sort());
    expect(body.data.every((o: { tonnes: number }) => o.tonnes > 0)).toBe(true);
  });

  it('runs the same number of queries whatever the page size', async () => {
    const one = await countQueries('/api/v1/customer-orders?size=1');
    const all = await countQueries('/api/v1/customer-orders?size=50');
    expect(all.body.data).toHaveLength(5);
    expect(all.count).toBe(one.count);
    expect(all.count).toBeLessThanOrEqual(6);
  });

  it('answers 400 for a bad page and 401 without a token', async () => {
    expect((await getJson(app, buyer.token, '/api/v1/customer-orders?page=0')).status).toBe(400);
    expect((await getJson(app, buyer.token, '/api/v1/customer-orders?size=500')).status).toBe(400);
    expect((await getJson(app, null, '/api/v1/customer-orders')).status).toBe(401);
  });
});

describe('graphs', () => {
  it('GET v1/orders/graph: 12 months, paid orders, spend per currency, tonnes of offset lines', async () => {
    const { body, count } = await countQueries('/api/v1/orders/graph');
    expect(body.data.map((p: { period: string }) => p.period)).toEqual(Array.from({ length: 12 }, (_, i) => month(monthsAgo(11 - i))));
    const byPeriod = new Map(body.data.map((p: { period: string }) => [p.period, p]));
    expect(byPeriod.get(month(new Date()))).toEqual({
      period: month(new Date()),
      orders: 2,
      tonnes: 3,
      spend: [
        { currency: 'EUR', amountMinor: placed[3].totalMinor, amount: placed[3].totalMinor / 100 },
        { currency: 'USD', amountMinor: placed[2].totalMinor, amount: placed[2].totalMinor / 100 },
      ],
    });
    expect(byPeriod.get(month(monthsAgo(2)))).toMatchObject({ orders: 1, tonnes: 0, spend: [{ currency: 'USD', amountMinor: priceIn(goods, 'USD') }] });
    const quiet = body.data.filter((p: { orders: number }) => p.orders === 0);
    expect(quiet).toHaveLength(10);

    const stranger = await quickBuyer(app);
    const empty = await countQueries('/api/v1/orders/graph', stranger.token);
    expect(empty.body.data.every((p: { orders: number; spend: unknown[] }) => p.orders === 0 && p.spend.length === 0)).toBe(true);
    expect(empty.count).toBe(count);
  });

  it('GET v1/orders/annual/graph: every year from the first paid order to this one', async () => {
    const year = new Date().getUTCFullYear();
    const { body } = await countQueries('/api/v1/orders/annual/graph');
    expect(body.data.map((p: { period: string }) => p.period)).toEqual([String(year - 2), String(year - 1), String(year)]);
    expect(body.data[0]).toMatchObject({ orders: 1, tonnes: 0 });
    expect(body.data[1]).toMatchObject({ orders: 0, spend: [] });
    const current = body.data[2];
    const olderThisYear = monthsAgo(2).getUTCFullYear() === year ? 1 : 0;
    expect(current).toMatchObject({ orders: 2 + olderThisYear, tonnes: 3 });
  });

  it('a business graph of an unknown business answers 404', async () => {
    expect((await getJson(app, buyer.token, '/api/v1/orders/graph?businessCode=ACME&isBusiness=true')).status).toBe(404);
    expect((await getJson(app, null, '/api/v1/orders/graph')).status).toBe(401);
  });
});

describe('GET v1/orders/{id}', () => {
  it('runs a constant number of queries', async () => {
    const small = await countQueries(`/api/v1/orders/${placed[3].id}`);
    expect(small.body.data.products).toHaveLength(1);
    expect(small.count).toBeLessThanOrEqual(5);
  });
});

describe('rate limit on placing orders', () => {
  it('answers 429 past ORDER_RATE_LIMIT_MAX a minute', async () => {
    const limited = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '2' }, seed: false });
    try {
      const someone = await quickBuyer(limited);
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await placeOrder(limited, someone.token)).status);
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  }, 60_000);
});
