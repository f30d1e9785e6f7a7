import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Product } from '@app/contract';
import { orders, products, productSizes, referralEarnings, users } from '../src/db/schema/index.ts';
import { REFERRAL_EARNING_PERCENT } from '../src/modules/orders/orders.service.ts';
import { mailTo } from './auth-helpers.ts';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp, json } from './helper.ts';
import { getJson, orderBody, placeOrder, quickBuyer, redirectingProvider } from './order-helpers.ts';

/** Orders left pending by a redirecting provider (as Stripe leaves them until its webhook). */
const provider = redirectingProvider();
let app: FastifyInstance;
let plain: Product[];
let varied: Product;

beforeAll(async () => {
  // These tests are about holding units, not about the caps on what unpaid orders may hold (orders-unpaid-limits.test.ts).
  app = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '1000', ORDER_MAX_UNPAID_UNITS_PER_PRODUCT: '10000', ORDER_MAX_UNPAID_PER_ADDRESS: '100000' }, paymentProvider: provider });
  ({ plain, varied } = pickProducts(app));
});
afterAll(async () => {
  await app.close();
});

const listed = async (id: string): Promise<Product> => json(await app.inject({ method: 'GET', url: '/api/v1/products' })).data.find((p: Product) => p.id === id);
const productRow = async (id: string) => (await app.database.db.select().from(products).where(eq(products.id, id)))[0];

describe('reservation while unpaid', () => {
  it('holds the units: actualStock in GET v1/products drops, stock does not; the order carries its checkout URL and deadline', async () => {
    const product = plain[7];
    const before = await listed(product.id);
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: product.id, quantity: 4 }] });
    const { status, body } = await placeOrder(app, buyer.token);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status: 'pending', payment: { provider: 'stripe', checkoutUrl: `https://checkout.example.test/${body.data.id}` } });
    expect(new Date(body.data.reservedUntil).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    const during = await listed(product.id);
    expect([during.stock, during.actualStock]).toEqual([before.stock, before.actualStock - 4]);
    expect((await productRow(product.id)).reserved).toBe(4);
  });

  it('the cart refuses more than the unreserved units', async () => {
    const product = plain[8];
    const stock = (await productRow(product.id)).stock;
    const first = await quickBuyer(app);
    await first.cart.patch({ products: [{ product: product.id, quantity: stock - 1 }] });
    expect((await placeOrder(app, first.token)).status).toBe(200);
    const second = await quickBuyer(app);
    const refused = await second.cart.patch({ products: [{ product: product.id, quantity: 2 }] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Only 1 of ${product.name} is left in stock`);
  });

  it('reserves a size of a product with variations on the size', async () => {
    const color = varied.variation[0];
    const size = color.sizes.find((s) => s.stock > 2)!;
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: varied.id, color: color._id, size: size._id, quantity: 2 }] });
    const { body } = await placeOrder(app, buyer.token);
    expect(body.data.products[0]).toMatchObject({ color: { _id: color._id }, size: { _id: size._id, name: size.name }, quantity: 2 });
    const [row] = await app.database.db.select().from(productSizes).where(eq(productSizes.id, size._id));
    expect(row.reserved).toBe(2);
    const shown = (await listed(varied.id)).variation[0].sizes.find((s) => s._id === size._id)!;
    expect(shown.stock).toBe(size.stock - 2);
  });
});

describe('markOrderPaid', () => {
  it('turns the reservation into a sale once; a second call changes nothing; one confirmation mail', async () => {
    const product = plain[9];
    const before = await productRow(product.id);
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: product.id, quantity: 2 }] });
    const { body } = await placeOrder(app, buyer.token);
    expect(await app.orders.markOrderPaid(body.data.id, 'cs_test_paid')).toBe('paid');
    expect(await app.orders.markOrderPaid(body.data.id, 'cs_test_paid')).toBe('already-paid');
    const after = await productRow(product.id);
    expect([after.stock, after.reserved]).toEqual([before.stock - 2, before.reserved]);
    const read = await getJson(app, buyer.token, `/api/v1/orders/${body.data.id}`);
    expect(read.body.data).toMatchObject({ status: 'paid', payment: { checkoutUrl: null }, reservedUntil: null });
    const mails = await mailTo(app, buyer.email);
    expect(mails.filter((m) => m.template === 'order-confirmation')).toHaveLength(1);
    expect(mails[0].text).not.toContain('test payment provider');
  });

  it('does not accept a payment for an expired order: it is refunded in full, once, and the order stays expired', async () => {
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: plain[9].id, quantity: 1 }] });
    const { body } = await placeOrder(app, buyer.token);
    expect(await app.orders.expireOrder(body.data.id)).toBe(true);
    expect(await app.orders.expireOrder(body.data.id)).toBe(false);
    const late = { reference: `cs_late_${body.data.id}`, paymentId: `pi_late_${body.data.id}`, amountMinor: body.data.orderTotalMinor };
    expect(await app.orders.markOrderPaid(body.data.id, late)).toBe('refunding');
    await app.orders.refunds.sendPending(body.data.id);
    // The same payment reported again refunds nothing more.
    expect(await app.orders.markOrderPaid(body.data.id, late)).toBe('refunding');
    await app.orders.refunds.sendPending(body.data.id);
    expect(provider.refunds.filter((refund) => refund.orderId === body.data.id)).toEqual([expect.objectContaining({ paymentId: late.paymentId, amountMinor: body.data.orderTotalMinor, reason: 'order_not_payable' })]);
    const read = (await getJson(app, buyer.token, `/api/v1/orders/${body.data.id}`)).body.data;
    expect(read).toMatchObject({ status: 'expired', refundedMinor: body.data.orderTotalMinor });
    expect(read.timeline.map((event: { kind: string }) => event.kind)).toEqual(['placed', 'expired', 'payment_received', 'refund_requested', 'refunded']);
    expect((await mailTo(app, buyer.email)).filter((m) => m.template === 'order-payment-refunded')).toHaveLength(1);
  });
});

describe('expiry', () => {
  it('a lapsed order read lazily shows expired and gives its units back', async () => {
    const product = plain[10];
    const before = await productRow(product.id);
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: product.id, quantity: 3 }] });
    const { body } = await placeOrder(app, buyer.token);
    expect((await productRow(product.id)).reserved).toBe(before.reserved + 3);
    await app.database.db.update(orders).set({ reservedUntil: new Date(Date.now() - 1000) }).where(eq(orders.id, body.data.id));
    const read = await getJson(app, buyer.token, `/api/v1/orders/${body.data.id}`);
    expect(read.body.data).toMatchObject({ status: 'expired', reservedUntil: null, payment: { checkoutUrl: null } });
    expect((await productRow(product.id)).reserved).toBe(before.reserved);
    expect((await listed(product.id)).actualStock).toBe(before.stock - before.reserved);
  });

  it('the sweeper expires lapsed orders on its own (a tiny timeout via config)', async () => {
    const quick = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '1000' }, config: { orderReservationMs: 300, orderSweepIntervalMs: 100 }, paymentProvider: redirectingProvider() });
    try {
      const product = pickProducts(quick).plain[0];
      const buyer = await quickBuyer(quick);
      await buyer.cart.patch({ products: [{ product: product.id, quantity: 2 }] });
      const { body } = await placeOrder(quick, buyer.token);
      const reserved = async () => (await quick.database.db.select().from(products).where(eq(products.id, product.id)))[0].reserved;
      // Placed and holding its units (read from the answer: with a 300 ms reservation, a busy
      // machine may already have swept it by the time a second query runs).
      expect(body.data.status).toBe('pending');
      // The sweeper commits, then reloads the catalog: wait for what a shopper would see.
      const shown = () => quick.catalog.snapshot().products.find((p) => p.id === product.id)!.actualStock;
      const deadline = Date.now() + 10_000;
      while (shown() !== product.actualStock && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(shown()).toBe(product.actualStock);
      expect(await reserved()).toBe(0);
      const [row] = await quick.database.db.select().from(orders).where(eq(orders.id, body.data.id));
      expect(row.status).toBe('expired');
    } finally {
      await quick.close();
    }
  }, 60_000);
});

describe('referral earnings', () => {
  it(`pays the referrer ${REFERRAL_EARNING_PERCENT}% of the total when the order is paid, in the order currency`, async () => {
    const referrer = await quickBuyer(app);
    const buyer = await quickBuyer(app);
    // Signed up through the referrer's link (decision 0027): only that referrer can earn.
    await app.database.db.update(users).set({ referredByUserId: referrer.id }).where(eq(users.id, buyer.id));
    await buyer.cart.patch({ products: [{ product: plain[0].id, quantity: 2 }] });
    const { body } = await placeOrder(app, buyer.token, orderBody({ referalUserId: referrer.id }));
    const earned = () => app.database.db.select().from(referralEarnings).where(eq(referralEarnings.userId, referrer.id));
    expect(await earned()).toEqual([]);
    await app.orders.markOrderPaid(body.data.id, 'cs_test_ref');
    await app.orders.markOrderPaid(body.data.id, 'cs_test_ref');
    const rows = await earned();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ referredUserId: buyer.id, currency: 'USD', amountMinor: Math.round((body.data.orderTotalMinor * REFERRAL_EARNING_PERCENT) / 100) });
  });

  it("writes nothing when referalUserId is the buyer's own id, blank or nobody's", async () => {
    const buyer = await quickBuyer(app);
    for (const referalUserId of [buyer.id, '', '0190a5b2-0000-7000-8000-000000000000']) {
      await buyer.cart.patch({ products: [{ product: plain[0].id, quantity: 1 }] });
      const { status, body } = await placeOrder(app, buyer.token, orderBody({ referalUserId }));
      expect(status).toBe(200);
      await app.orders.markOrderPaid(body.data.id, `cs_test_${referalUserId}`);
    }
    expect(await app.database.db.select().from(referralEarnings).where(eq(referralEarnings.referredUserId, buyer.id))).toEqual([]);
    const [own] = await app.database.db.select().from(orders).where(and(eq(orders.userId, buyer.id)));
    expect(own.referrerUserId).toBeNull();
  });
});
