import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Product } from '@app/contract';
import { coupons, orderEvents, orders, products } from '../src/db/schema/index.ts';
import { createCoupon } from '../src/modules/coupons/coupon-admin.ts';
import { createCouponsRepository } from '../src/modules/coupons/coupons.repository.ts';
import { bearer, mailTo } from './auth-helpers.ts';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp, json } from './helper.ts';
import { getJson, orderBody, quickBuyer, redirectingProvider } from './order-helpers.ts';

/**
 * What unpaid orders may hold (issue 23 item 3, decision 0025), with a provider that leaves orders
 * pending as Stripe does: caps per account, per client address and on units of one product; a
 * coupon's total limit counts paid orders only and is checked again at payment; the buyer cancels.
 */
const provider = redirectingProvider();
let app: FastifyInstance;
let plain: Product[];
type Buyer = Awaited<ReturnType<typeof quickBuyer>>;

beforeAll(async () => {
  app = await createTestApp({
    env: { ORDER_RATE_LIMIT_MAX: '100000', ORDER_MAX_UNPAID_PER_ACCOUNT: '3', ORDER_MAX_UNPAID_PER_ADDRESS: '4', ORDER_MAX_UNPAID_UNITS_PER_PRODUCT: '10' },
    paymentProvider: provider,
  });
  ({ plain } = pickProducts(app));
});
afterAll(async () => app?.close());

/** Each test its own client address (a documentation range, never contacted: inject only sets the socket's address). */
let nextAddress = 1;
const address = () => `203.0.113.${nextAddress++}`;

async function order(buyer: Buyer, lines: { product: string; quantity: number }[], from: string, options: { coupon?: string } = {}) {
  await buyer.cart.clear();
  await buyer.cart.patch({ products: lines });
  if (options.coupon) expect((await buyer.cart.apply(options.coupon)).status).toBe(200);
  const response = await app.inject({ method: 'POST', url: '/api/v1/orders', headers: bearer(buyer.token), payload: orderBody(), remoteAddress: from });
  return { status: response.statusCode, body: json(response) };
}
const cancel = async (token: string, id: string) => {
  const response = await app.inject({ method: 'POST', url: `/api/v1/orders/${id}/cancel`, headers: bearer(token) });
  return { status: response.statusCode, body: json(response) };
};
const reserved = async (id: string) => (await app.database.db.select({ reserved: products.reserved }).from(products).where(eq(products.id, id)))[0]!.reserved;

describe('caps on unpaid orders', () => {
  it('an account may have 3 unpaid orders open; paying or cancelling one makes room', async () => {
    const buyer = await quickBuyer(app);
    const from = address();
    const placed = [];
    for (let i = 0; i < 3; i += 1) placed.push(await order(buyer, [{ product: plain[1]!.id, quantity: 1 }], from));
    expect(placed.map((p) => p.status)).toEqual([200, 200, 200]);
    const fourth = await order(buyer, [{ product: plain[1]!.id, quantity: 1 }], from);
    expect(fourth).toMatchObject({ status: 409, body: { code: 'UNPAID_ORDERS_LIMIT', message: 'You have 3 orders awaiting payment. Pay or cancel one of them (under Your account, Orders) before placing another' } });
    expect((await cancel(buyer.token, placed[0]!.body.data.id)).status).toBe(200);
    expect((await order(buyer, [{ product: plain[1]!.id, quantity: 1 }], from)).status).toBe(200);
    expect(await app.orders.markOrderPaid(placed[1]!.body.data.id, 'cs_cap_paid')).toBe('paid');
    expect((await order(buyer, [{ product: plain[1]!.id, quantity: 1 }], from)).status).toBe(200);
  });

  it('one client address may have 4 unpaid orders open, whatever the accounts', async () => {
    const from = address();
    const buyers = await Promise.all(Array.from({ length: 5 }, () => quickBuyer(app)));
    const results = [];
    for (const buyer of buyers) results.push(await order(buyer, [{ product: plain[2]!.id, quantity: 1 }], from));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 409]);
    expect(results[4]!.body.code).toBe('UNPAID_ORDERS_LIMIT');
    // The same account from another address is not refused for the first address's orders.
    expect((await order(buyers[4]!, [{ product: plain[2]!.id, quantity: 1 }], address())).status).toBe(200);
  });

  it('an account may hold 10 units of one product unpaid, across its orders', async () => {
    const buyer = await quickBuyer(app);
    const from = address();
    expect((await order(buyer, [{ product: plain[3]!.id, quantity: 8 }], from)).status).toBe(200);
    const over = await order(buyer, [{ product: plain[3]!.id, quantity: 3 }], from);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(`One account can hold at most 10 of ${plain[3]!.name} in orders awaiting payment. You already have 8 in orders awaiting payment: pay or cancel them first, or order at most 2 now`);
    expect((await order(buyer, [{ product: plain[3]!.id, quantity: 2 }], from)).status).toBe(200);
    // Other products are not held back by it.
    expect((await order(buyer, [{ product: plain[4]!.id, quantity: 10 }], from)).status).toBe(200);
  });
});

describe('coupons and unpaid orders', () => {
  it("pending orders do not use up a coupon's total limit; at payment the first paid win and a later one is cancelled and refunded in full", async () => {
    const coupon = await createCoupon(createCouponsRepository(app.database.db), { code: `TWO${Date.now().toString(36).toUpperCase()}`, kind: 'percent', percentOff: 10, maxUses: 2 });
    const product = plain[5]!;
    const before = await reserved(product.id);
    const buyers = await Promise.all(Array.from({ length: 4 }, () => quickBuyer(app)));
    const placed = [];
    for (const buyer of buyers) placed.push(await order(buyer, [{ product: product.id, quantity: 1 }], address(), { coupon: coupon.code }));
    // Unpaid, all four could be placed with the coupon: none of them used it up for the others.
    expect(placed.map((p) => [p.status, p.body.data.coupon])).toEqual(Array(4).fill([200, coupon.code]));
    const ids = placed.map((p) => p.body.data.id as string);
    expect(await app.orders.markOrderPaid(ids[0]!, 'cs_two_0')).toBe('paid');
    expect(await app.orders.markOrderPaid(ids[1]!, 'cs_two_1')).toBe('paid');
    const payment = { reference: 'cs_two_2', paymentId: 'pi_two_2', amountMinor: placed[2]!.body.data.orderTotalMinor };
    expect(await app.orders.markOrderPaid(ids[2]!, payment)).toBe('refunding');
    await app.orders.refunds.sendPending(ids[2]!);
    // Exactly two uses counted; the third paid order was cancelled, its units released, its payment refunded in full.
    expect((await app.database.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.usedCount).toBe(2);
    const late = (await getJson(app, buyers[2]!.token, `/api/v1/orders/${ids[2]}`)).body.data;
    expect(late).toMatchObject({ status: 'cancelled', cancelReason: 'coupon_exhausted', refundedMinor: payment.amountMinor, certificates: [] });
    expect(late.timeline.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'payment_received', 'refund_requested', 'cancelled', 'refunded']);
    expect(provider.refunds.filter((r) => r.orderId === ids[2])).toEqual([expect.objectContaining({ paymentId: 'pi_two_2', amountMinor: payment.amountMinor, reason: 'coupon_exhausted' })]);
    expect((await mailTo(app, buyers[2]!.email)).map((m) => m.template)).toEqual(['order-payment-refunded']);
    // The same payment reported again changes nothing.
    expect(await app.orders.markOrderPaid(ids[2]!, payment)).toBe('refunding');
    await app.orders.refunds.sendPending(ids[2]!);
    expect(provider.refunds.filter((r) => r.orderId === ids[2])).toHaveLength(1);
    // The fourth is still pending and holds its unit; once it expires, all units are back.
    expect(await reserved(product.id)).toBe(before + 1);
    await app.orders.expireOrder(ids[3]!);
    expect(await reserved(product.id)).toBe(before);
  });

  it("a person's own unpaid orders count against the coupon's per-person limit until cancelled", async () => {
    const coupon = await createCoupon(createCouponsRepository(app.database.db), { code: `ONCE${Date.now().toString(36).toUpperCase()}`, kind: 'percent', percentOff: 10, maxUsesPerUser: 1 });
    const buyer = await quickBuyer(app);
    const from = address();
    const first = await order(buyer, [{ product: plain[6]!.id, quantity: 1 }], from, { coupon: coupon.code });
    expect(first.status).toBe(200);
    await buyer.cart.clear();
    await buyer.cart.patch({ products: [{ product: plain[6]!.id, quantity: 1 }] });
    await buyer.cart.apply(coupon.code);
    const again = await app.inject({ method: 'POST', url: '/api/v1/orders', headers: bearer(buyer.token), payload: orderBody(), remoteAddress: from });
    expect([again.statusCode, json(again).code]).toEqual([409, 'COUPON_EXHAUSTED']);
    expect((await cancel(buyer.token, first.body.data.id)).status).toBe(200);
    const third = await app.inject({ method: 'POST', url: '/api/v1/orders', headers: bearer(buyer.token), payload: orderBody(), remoteAddress: from });
    expect([third.statusCode, json(third).data?.coupon]).toEqual([200, coupon.code]);
  });
});

describe('POST v1/orders/{id}/cancel', () => {
  it('cancels your own unpaid order at once: units released, checkout closed, on the timeline; again answers the cancelled order', async () => {
    const product = plain[7]!;
    const before = await reserved(product.id);
    const buyer = await quickBuyer(app);
    const placed = await order(buyer, [{ product: product.id, quantity: 2 }], address());
    expect(await reserved(product.id)).toBe(before + 2);
    const first = await cancel(buyer.token, placed.body.data.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: 'Order cancelled', data: { status: 'cancelled', cancelReason: 'buyer', payment: { checkoutUrl: null }, reservedUntil: null } });
    expect(first.body.data.timeline.map((e: { kind: string; actor: string }) => [e.kind, e.actor])).toEqual([['placed', 'buyer'], ['cancelled', 'buyer']]);
    expect(await reserved(product.id)).toBe(before);
    expect(provider.cancelled).toContain(`cs_test_${placed.body.data.id}`);
    expect(app.catalog.snapshot().products.find((p) => p.id === product.id)!.actualStock).toBe(product.stock - before);
    const mail = (await mailTo(app, buyer.email)).find((m) => m.template === 'order-cancelled')!;
    expect(mail.subject).toBe(`Your Carbonwise order ${placed.body.data.orderNumber} is cancelled`);
    expect(mail.text).toContain(`You cancelled order ${placed.body.data.orderNumber} before paying for it.`);
    expect(mail.html).toContain(`/account/orders/${placed.body.data.id}`);
    expect((await cancel(buyer.token, placed.body.data.id)).body).toMatchObject({ message: 'Order already cancelled', data: { status: 'cancelled' } });
  });

  it("answers 404 for someone else's order, 409 for a paid or expired one, 401 without a token and 400 for a malformed id", async () => {
    const [buyer, stranger] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
    const from = address();
    const mine = await order(buyer, [{ product: plain[8]!.id, quantity: 1 }], from);
    expect((await cancel(stranger.token, mine.body.data.id)).status).toBe(404);
    expect((await getJson(app, buyer.token, `/api/v1/orders/${mine.body.data.id}`)).body.data.status).toBe('pending');
    await app.orders.markOrderPaid(mine.body.data.id, 'cs_cancel_paid');
    expect((await cancel(buyer.token, mine.body.data.id)).body).toMatchObject({ code: 'ORDER_NOT_CANCELLABLE', message: `Order ${mine.body.data.orderNumber} is paid and can no longer be cancelled` });
    const lapsed = await order(buyer, [{ product: plain[8]!.id, quantity: 1 }], from);
    await app.database.db.update(orders).set({ reservedUntil: new Date(Date.now() - 1000) }).where(eq(orders.id, lapsed.body.data.id));
    const refused = await cancel(buyer.token, lapsed.body.data.id);
    expect([refused.status, refused.body.code]).toEqual([409, 'ORDER_NOT_CANCELLABLE']);
    expect(refused.body.message).toContain('is expired');
    expect((await app.inject({ method: 'POST', url: `/api/v1/orders/${lapsed.body.data.id}/cancel` })).statusCode).toBe(401);
    expect((await cancel(buyer.token, 'not-an-id')).status).toBe(400);
  });

  it('20 cancels of one order at once: one cancellation, units released once', async () => {
    const product = plain[9]!;
    const before = await reserved(product.id);
    const buyer = await quickBuyer(app);
    const placed = await order(buyer, [{ product: product.id, quantity: 3 }], address());
    const answers = await Promise.all(Array.from({ length: 20 }, () => cancel(buyer.token, placed.body.data.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.body.message === 'Order cancelled')).toHaveLength(1);
    expect(await reserved(product.id)).toBe(before);
    const events = await app.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, placed.body.data.id));
    expect(events.filter((e) => e.kind === 'cancelled')).toHaveLength(1);
  });
});

describe('refunds', () => {
  it('never more than was paid, however many refunds of one order run at once', async () => {
    const buyer = await quickBuyer(app);
    const placed = await order(buyer, [{ product: plain[10]!.id, quantity: 1 }], address());
    const id = placed.body.data.id as string;
    await app.orders.markOrderPaid(id, 'cs_refund_many');
    const total = placed.body.data.orderTotalMinor as number;
    const tenth = Math.floor(total / 10);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => app.orders.refunds.refundOrder(id, { amountMinor: tenth, reason: 'requested', requestKey: `test-${id}-${i}`, actor: 'operator' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(Array(10).fill('REFUND_EXCEEDS_PAYMENT'));
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, id));
    expect([row!.paidMinor, row!.refundedMinor]).toEqual([total, tenth * 10]);
    // Senders running at once may send one refund twice: with one idempotency key (its row id), which the provider answers as one refund.
    const sent = new Map(provider.refunds.filter((r) => r.orderId === id).map((r) => [r.refundId, r.amountMinor]));
    expect([...sent.values()].reduce((sum, amount) => sum + amount, 0)).toBe(tenth * 10);
  });
});
