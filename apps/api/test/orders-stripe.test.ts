import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Product } from '@app/contract';
import { products } from '../src/db/schema/index.ts';
import { pickProducts } from './cart-helpers.ts';
import { checkoutSessionEvent, signedWebhook, startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { createTestApp, json } from './helper.ts';
import { getJson, placeOrder, quickBuyer } from './order-helpers.ts';

/**
 * Buying with the Stripe provider end to end, against the local fake of Stripe's API: the order
 * waits (pending, stock reserved) until a webhook whose signature verifies says it is paid.
 */
const WEBHOOK_SECRET = 'whsec_ordersStripeTestSecret';
let stripe: FakeStripe;
let app: FastifyInstance;
let offset: Product;

beforeAll(async () => {
  stripe = await startFakeStripe();
  app = await createTestApp({
    env: { STRIPE_SECRET_KEY: 'sk_test_ordersStripeKey', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url, ORDER_RATE_LIMIT_MAX: '1000' },
  });
  offset = pickProducts(app).plain.find((product) => product.kind === 'offset')!;
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

const deliver = (event: unknown, secret = WEBHOOK_SECRET) => {
  const { payload, signature } = signedWebhook(event, secret);
  return app.inject({ method: 'POST', url: '/api/v1/payments/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
};
const reserved = async (id: string) => (await app.database.db.select({ stock: products.stock, reserved: products.reserved }).from(products).where(eq(products.id, id)))[0]!;

describe('orders paid through Stripe', () => {
  it('places a pending order with a Checkout URL, then a verified webhook pays it once: stock sold, certificate issued', async () => {
    const before = await reserved(offset.id);
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: offset.id, quantity: 2 }] });
    const placed = await placeOrder(app, buyer.token);
    expect(placed.status).toBe(200);
    const order = placed.body.data;
    expect(order).toMatchObject({ status: 'pending', payment: { provider: 'stripe' }, certificates: [] });
    const session = [...stripe.sessions.values()].find((s) => s.metadata?.orderId === order.id)!;
    expect(order.payment.checkoutUrl).toBe(session.url);
    expect(session.success_url).toBe(`${app.config.publicUrl}/other/checkout/complete/${order.id}`);
    expect(await reserved(offset.id)).toEqual({ stock: before.stock, reserved: before.reserved + 2 });

    // A forged webhook (another secret) changes nothing.
    const paid = checkoutSessionEvent('checkout.session.completed', { orderId: order.id, sessionId: session.id, paymentStatus: 'paid' });
    expect((await deliver(paid, 'whsec_someoneElsesSecret')).statusCode).toBe(400);
    expect((await getJson(app, buyer.token, `/api/v1/orders/${order.id}`)).body.data.status).toBe('pending');

    // The real one pays it; the same event delivered again does nothing more.
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await deliver(paid)).statusCode).toBe(200);
    const read = (await getJson(app, buyer.token, `/api/v1/orders/${order.id}`)).body.data;
    expect(read.status).toBe('paid');
    expect(read.certificates).toHaveLength(1);
    expect(read.certificates[0]).toMatchObject({ tonnes: 2 });
    expect(await reserved(offset.id)).toEqual({ stock: before.stock - 2, reserved: before.reserved });
    const certificates = json(await app.inject({ method: 'GET', url: `/api/v1/users/${buyer.id}/certificates`, headers: { authorization: `Bearer ${buyer.token}` } }));
    expect(certificates.data.map((c: { serial: string }) => c.serial)).toEqual([read.certificates[0].serial]);
  });

  it('an expired session releases the reservation; a paid event for an order we do not have is acknowledged', async () => {
    const before = await reserved(offset.id);
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: offset.id, quantity: 3 }] });
    const order = (await placeOrder(app, buyer.token)).body.data;
    expect((await reserved(offset.id)).reserved).toBe(before.reserved + 3);
    expect((await deliver(checkoutSessionEvent('checkout.session.expired', { orderId: order.id }))).statusCode).toBe(200);
    expect((await getJson(app, buyer.token, `/api/v1/orders/${order.id}`)).body.data.status).toBe('expired');
    expect(await reserved(offset.id)).toEqual(before);
    // Paid after it expired: acknowledged (Stripe would retry for days), logged for a refund, not paid.
    expect((await deliver(checkoutSessionEvent('checkout.session.completed', { orderId: order.id }))).statusCode).toBe(200);
    expect((await getJson(app, buyer.token, `/api/v1/orders/${order.id}`)).body.data.status).toBe('expired');
    expect((await deliver(checkoutSessionEvent('checkout.session.completed', { orderId: '01900000-0000-7000-8000-000000000000' }))).statusCode).toBe(200);
  });
});
