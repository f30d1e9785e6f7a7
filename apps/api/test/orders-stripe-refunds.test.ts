import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Product } from '@app/contract';
import { products } from '../src/db/schema/index.ts';
import { createCoupon } from '../src/modules/coupons/coupon-admin.ts';
import { createCouponsRepository } from '../src/modules/coupons/coupons.repository.ts';
import { mailTo } from './auth-helpers.ts';
import { pickProducts } from './cart-helpers.ts';
import { signedWebhook, startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { createTestApp } from './helper.ts';
import { getJson, placeOrder, quickBuyer } from './order-helpers.ts';

/**
 * Refunds through Stripe's Refunds API, against the local fake driven by the real SDK: a payment
 * the shop cannot accept (the coupon ran out, the order was cancelled) goes back in full, once,
 * whatever Stripe retries; refund events are read.
 */
const WEBHOOK_SECRET = 'whsec_ordersStripeRefundsSecret';
let stripe: FakeStripe;
let app: FastifyInstance;
let offset: Product;

beforeAll(async () => {
  stripe = await startFakeStripe();
  app = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_ordersRefundsKey', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url, ORDER_RATE_LIMIT_MAX: '1000' } });
  offset = pickProducts(app).plain.find((product) => product.kind === 'offset')!;
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

const deliver = (event: unknown) => {
  const { payload, signature } = signedWebhook(event, WEBHOOK_SECRET);
  return app.inject({ method: 'POST', url: '/api/v1/payments/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
};
const reservedOf = async (id: string) => (await app.database.db.select({ reserved: products.reserved }).from(products).where(eq(products.id, id)))[0]!.reserved;
const sessionOf = (orderId: string) => [...stripe.sessions.values()].find((s) => s.metadata?.orderId === orderId)!;
const refundRequests = () => stripe.requests.filter((r) => r.path === '/v1/refunds');

async function pendingOrder(coupon?: string) {
  const buyer = await quickBuyer(app);
  await buyer.cart.patch({ products: [{ product: offset.id, quantity: 2 }] });
  if (coupon) expect((await buyer.cart.apply(coupon)).status).toBe(200);
  const placed = await placeOrder(app, buyer.token);
  expect(placed.status).toBe(200);
  return { buyer, order: placed.body.data };
}

describe('refunds through Stripe', () => {
  it('the coupon ran out before the payment: the paid webhook refunds it in full through POST /v1/refunds, once, and cancels the order', async () => {
    const coupon = await createCoupon(createCouponsRepository(app.database.db), { code: `LAST${Date.now().toString(36).toUpperCase()}`, kind: 'percent', percentOff: 15, maxUses: 1 });
    const before = await reservedOf(offset.id);
    const first = await pendingOrder(coupon.code);
    const second = await pendingOrder(coupon.code);
    const paidFirst = stripe.pay(sessionOf(first.order.id).id);
    const paidSecond = stripe.pay(sessionOf(second.order.id).id);
    expect((await deliver(paidFirst.event)).statusCode).toBe(200);
    const refundsBefore = refundRequests().length;
    expect((await deliver(paidSecond.event)).statusCode).toBe(200);

    const sent = refundRequests().slice(refundsBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ payment_intent: paidSecond.paymentIntent, amount: String(second.order.orderTotalMinor), metadata: { orderId: second.order.id, reason: 'coupon_exhausted' } });
    expect(sent[0]!.headers['idempotency-key']).toMatch(/^refund-[0-9a-f-]{36}$/);
    const read = (await getJson(app, second.buyer.token, `/api/v1/orders/${second.order.id}`)).body.data;
    expect(read).toMatchObject({ status: 'cancelled', cancelReason: 'coupon_exhausted', refundedMinor: second.order.orderTotalMinor, certificates: [] });
    expect(read.timeline.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'payment_received', 'refund_requested', 'cancelled', 'refunded']);
    expect((await getJson(app, first.buyer.token, `/api/v1/orders/${first.order.id}`)).body.data.status).toBe('paid');
    expect(await reservedOf(offset.id)).toBe(before);
    expect((await mailTo(app, second.buyer.email)).map((m) => m.template)).toEqual(['order-payment-refunded']);

    // Stripe delivers the event again (a new event id for the same payment) and then charge.refunded: nothing more happens.
    const again = { ...paidSecond.event, id: `${paidSecond.event.id}_retry` };
    expect((await deliver(again)).statusCode).toBe(200);
    expect((await deliver(stripe.chargeRefundedEvent(paidSecond.paymentIntent))).statusCode).toBe(200);
    expect(refundRequests().length).toBe(refundsBefore + 1);
    const after = (await getJson(app, second.buyer.token, `/api/v1/orders/${second.order.id}`)).body.data;
    expect(after.timeline).toHaveLength(5);
    expect(after.refundedMinor).toBe(second.order.orderTotalMinor);
  });

  it('Stripe unreachable while refunding: the webhook answers an error, and its retry sends the same refund (same idempotency key), never a second', async () => {
    const { buyer, order } = await pendingOrder();
    const cancelled = await app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/cancel`, headers: { authorization: `Bearer ${buyer.token}` } });
    expect(cancelled.statusCode).toBe(200);
    // Cancelling closed the Checkout Session at Stripe.
    expect(sessionOf(order.id).status).toBe('expired');
    // A payment made on the page just before it closed still arrives.
    const paid = stripe.pay(sessionOf(order.id).id);
    const start = refundRequests().length;
    stripe.failNext({ status: 500, type: 'api_error', message: 'Stripe is down' }, 10);
    expect((await deliver(paid.event)).statusCode).toBeGreaterThanOrEqual(500);
    stripe.stopFailing();
    expect((await deliver(paid.event)).statusCode).toBe(200);
    const attempts = refundRequests().slice(start);
    expect(new Set(attempts.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect([...stripe.refunds.values()].filter((r) => r.metadata?.orderId === order.id)).toHaveLength(1);
    const read = (await getJson(app, buyer.token, `/api/v1/orders/${order.id}`)).body.data;
    expect(read).toMatchObject({ status: 'cancelled', cancelReason: 'buyer', refundedMinor: order.orderTotalMinor });
    expect(read.timeline.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'cancelled', 'payment_received', 'refund_requested', 'refunded']);
  });

  it('charge.refunded for money refunded in the Stripe dashboard is recorded on the timeline, once', async () => {
    const { buyer, order } = await pendingOrder();
    const paid = stripe.pay(sessionOf(order.id).id);
    expect((await deliver(paid.event)).statusCode).toBe(200);
    // An operator refunds 500 in Stripe's dashboard; Stripe tells us (and may tell us twice).
    const refunded = stripe.chargeRefundedEvent(paid.paymentIntent);
    refunded.data.object.amount_refunded = 500;
    expect((await deliver(refunded)).statusCode).toBe(200);
    expect((await deliver({ ...refunded, id: `${refunded.id}_again` })).statusCode).toBe(200);
    const read = (await getJson(app, buyer.token, `/api/v1/orders/${order.id}`)).body.data;
    expect(read.refundedMinor).toBe(500);
    expect(read.timeline.filter((e: { kind: string }) => e.kind === 'refunded')).toEqual([expect.objectContaining({ actor: 'provider', amountMinor: 500, note: 'Refunded directly with the payment provider' })]);
  });
});
