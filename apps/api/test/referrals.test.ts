import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Product } from '@app/contract';
import { referralEarnings, users } from '../src/db/schema/index.ts';
import { REFERRAL_EARNING_PERCENT } from '../src/modules/orders/orders.service.ts';
import { call } from './business-helpers.ts';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp } from './helper.ts';
import { orderBody, placeOrder, quickBuyer, redirectingProvider } from './order-helpers.ts';

/**
 * Referrals (spec §4 Referral, §7 auth/referral/* and v1/referral-user-earning-logs): an earning is
 * written exactly once per paid order, the referrer reads their own logs page by page, and the
 * stats by period count real paid orders' earnings.
 */
let app: FastifyInstance;
let plain: Product[];
type Person = Awaited<ReturnType<typeof quickBuyer>>;
const UNKNOWN = '0190a5b2-0000-7000-8000-000000000000';

beforeAll(async () => {
  app = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '1000' }, paymentProvider: redirectingProvider() });
  ({ plain } = pickProducts(app));
});
afterAll(async () => app?.close());

const logs = (who: Person | null, userId: string, query = '') => call(app, who?.token ?? null, 'GET', `/api/v1/referral-user-earning-logs/user/${userId}${query}`);

/** A referred order by `buyer`, placed (pending) and answered with its id and total. */
async function referredOrder(buyer: Person, referrer: Person, quantity = 1) {
  // The buyer signed up through the referrer's link: only then does the referrer earn (decision 0027).
  await app.database.db.update(users).set({ referredByUserId: referrer.id }).where(eq(users.id, buyer.id));
  await buyer.cart.patch({ products: [{ product: plain[0]!.id, quantity }] });
  const { status, body } = await placeOrder(app, buyer.token, orderBody({ referalUserId: referrer.id }));
  expect(status).toBe(200);
  return { id: body.data.id as string, totalMinor: body.data.orderTotalMinor as number, orderNumber: body.data.orderNumber as string | undefined };
}

describe('earnings, once per paid order', () => {
  it('writes one earning per order even when payment is confirmed twice at once, and none before payment', async () => {
    const [referrer, buyer] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
    const order = await referredOrder(buyer, referrer, 2);
    expect((await logs(referrer, referrer.id)).body.data).toEqual([]);
    const answers = await Promise.all([app.orders.markOrderPaid(order.id, 'cs_a'), app.orders.markOrderPaid(order.id, 'cs_a'), app.orders.markOrderPaid(order.id, 'cs_a')]);
    expect(answers.filter((a) => a === 'paid')).toHaveLength(1);
    const rows = await app.database.db.select().from(referralEarnings).where(eq(referralEarnings.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: referrer.id, referredUserId: buyer.id, amountMinor: Math.round((order.totalMinor * REFERRAL_EARNING_PERCENT) / 100) });
  });

  it('the database refuses a second earning for the same order', async () => {
    const [referrer, buyer] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
    const order = await referredOrder(buyer, referrer);
    await app.orders.markOrderPaid(order.id, 'cs_b');
    await expect(app.database.db.insert(referralEarnings).values({ orderId: order.id, userId: referrer.id, referredUserId: buyer.id, currency: 'USD', amountMinor: 1 })).rejects.toThrow();
  });
});

describe('GET v1/referral-user-earning-logs/user/{userId}', () => {
  it('lists own earnings newest first with order number and the buyer as first name and initial, page by page', async () => {
    const [referrer, buyer] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
    const paid: { id: string; totalMinor: number }[] = [];
    for (let i = 0; i < 3; i += 1) {
      const order = await referredOrder(buyer, referrer, i + 1);
      await app.orders.markOrderPaid(order.id, `cs_p${i}`);
      paid.push(order);
    }
    await referredOrder(buyer, referrer); // pending: no earning
    const first = await logs(referrer, referrer.id, '?page=1&size=2');
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ page: 1, size: 2, total: 3 });
    expect(first.body.data.map((log: { orderId: string }) => log.orderId)).toEqual([paid[2]!.id, paid[1]!.id]);
    expect(first.body.data[0]).toMatchObject({ currency: 'USD', amountMinor: Math.round((paid[2]!.totalMinor * REFERRAL_EARNING_PERCENT) / 100), orderNumber: expect.any(String) });
    expect(first.body.data[0].referredUser).toMatch(/^Buyer \w\.$/);
    expect(JSON.stringify(first.body)).not.toContain(buyer.email);
    const second = await logs(referrer, referrer.id, '?page=2&size=2');
    expect(second.body.data.map((log: { orderId: string }) => log.orderId)).toEqual([paid[0]!.id]);
    expect((await logs(referrer, referrer.id)).body.meta).toEqual({ page: 1, size: 10, total: 3 });
    expect((await logs(buyer, buyer.id)).body).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it("refuses others' logs (403), unknown users (404), visitors (401) and bad queries (400)", async () => {
    const [ada, bob] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
    expect((await logs(ada, bob.id)).status).toBe(403);
    expect((await logs(ada, UNKNOWN)).status).toBe(404);
    expect((await logs(null, ada.id)).status).toBe(401);
    for (const query of ['?size=51', '?size=0', '?page=0', '?page=abc']) expect((await logs(ada, ada.id, query)).status, query).toBe(400);
    expect((await logs(ada, 'not-an-id')).status).toBe(400);
  });
});

describe('stats by period and the deep link', () => {
  it('earning stats by day, week, month and year add up the paid orders; referral stats count referred sign-ups', async () => {
    const [referrer, buyer] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
    await app.database.db.update(users).set({ referredByUserId: referrer.id }).where(eq(users.id, buyer.id));
    const one = await referredOrder(buyer, referrer, 1);
    const two = await referredOrder(buyer, referrer, 3);
    await app.orders.markOrderPaid(one.id, 'cs_s1');
    await app.orders.markOrderPaid(two.id, 'cs_s2');
    await referredOrder(buyer, referrer); // never paid
    const expected = [one, two].reduce((sum, order) => sum + Math.round((order.totalMinor * REFERRAL_EARNING_PERCENT) / 100), 0);
    for (const periodType of ['day', 'week', 'month', 'year']) {
      const stats = await call(app, referrer.token, 'GET', `/api/auth/referral/earning/stats?periodType=${periodType}`);
      expect(stats.status).toBe(200);
      expect(stats.body.data.periodType).toBe(periodType);
      expect(stats.body.data.totalsMinor).toEqual({ USD: expected });
      expect(stats.body.data.paidOrders).toBe(2);
      expect(stats.body.data.series).toEqual([{ period: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), currency: 'USD', amountMinor: expected, orders: 2 }]);
      const signUps = await call(app, referrer.token, 'GET', `/api/auth/referral/stats?periodType=${periodType}`);
      expect(signUps.body.data.totalReferrals).toBe(1);
    }
    expect((await call(app, referrer.token, 'GET', '/api/auth/referral/earning/stats?periodType=decade')).status).toBe(400);
    expect((await call(app, null, 'GET', '/api/auth/referral/earning/stats?periodType=day')).status).toBe(401);
  });

  it('the deep link carries the referrer id as RID; a visitor gets the home page', async () => {
    const referrer = await quickBuyer(app);
    const link = await call(app, referrer.token, 'GET', '/api/auth/referral/deeplink');
    expect(link.body.url).toMatch(new RegExp(`/\\?RID=${referrer.id}$`));
    expect(link.body.data.url).toBe(link.body.url);
    const visitor = await call(app, null, 'GET', '/api/auth/referral/deeplink');
    expect(visitor.body.url).not.toContain('RID');
  });
});
