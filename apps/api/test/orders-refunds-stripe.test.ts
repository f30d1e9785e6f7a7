import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Product } from '@app/contract';
import { certificates, orderRefunds } from '../src/db/schema/index.ts';
import { pickProducts } from './cart-helpers.ts';
import { signedWebhook, startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { createTestApp, json } from './helper.ts';
import { adminCall, signedInOperator, type TestOperator } from './admin-helpers.ts';
import { getJson, placeOrder, quickBuyer } from './order-helpers.ts';

/**
 * Operator refunds through Stripe's Refunds API on the local fake (decision 0042): Stripe answers
 * `pending`, and the signed `refund.updated` / `charge.refunded` webhooks confirm it — whichever
 * comes first, replayed, reordered or duplicated, the refund is confirmed once.
 */
const WEBHOOK_SECRET = 'whsec_operatorRefundsSecret';
let stripe: FakeStripe;
let app: FastifyInstance;
let owner: TestOperator;
let offset: Product;

beforeAll(async () => {
  stripe = await startFakeStripe();
  app = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_operatorRefunds', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url, ORDER_RATE_LIMIT_MAX: '1000', RATE_LIMIT_MAX: '100000' } });
  owner = await signedInOperator(app, 'owner');
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
const sessionOf = (orderId: string) => [...stripe.sessions.values()].find((s) => s.metadata?.orderId === orderId)!;

async function paidOrder(quantity = 3) {
  const buyer = await quickBuyer(app);
  await buyer.cart.patch({ products: [{ product: offset.id, quantity }] });
  const placed = await placeOrder(app, buyer.token);
  expect(placed.status).toBe(200);
  const order = placed.body.data;
  const paid = stripe.pay(sessionOf(order.id).id);
  expect((await deliver(paid.event)).statusCode).toBe(200);
  return { buyer, order, paymentIntent: paid.paymentIntent };
}
const timeline = async (token: string, id: string) => (await getJson(app, token, `/api/v1/orders/${id}`)).body.data.timeline as { kind: string; amountMinor: number | null }[];
const refundRow = async (orderId: string) => (await app.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)))[0]!;

describe('operator refunds through Stripe', () => {
  it('pending at Stripe, then refund.updated confirms it once; charge.refunded after it and replays change nothing', async () => {
    stripe.answerRefundsAs('pending');
    const { buyer, order, paymentIntent } = await paidOrder();
    const line = order.products[0];
    const response = await adminCall(app, owner.token)('POST', `/orders/${order.id}/refunds`, { kind: 'lines', lines: [{ lineId: line._id, quantity: 1 }], reason: 'One tonne too many' });
    expect(response.statusCode, response.body).toBe(201);
    const result = json(response).data;
    expect(result).toMatchObject({ status: 'partially_refunded', refund: { status: 'pending' }, voided: [{ tonnes: 1 }] });
    const sent = stripe.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(sent.body).toMatchObject({ payment_intent: paymentIntent, amount: String(result.refund.amountMinor), metadata: { orderId: order.id, reason: 'requested' } });
    const row = await refundRow(order.id);
    expect(row).toMatchObject({ status: 'pending', providerRefundId: expect.stringMatching(/^re_/) });
    expect((await timeline(buyer.token, order.id)).filter((e) => e.kind === 'refunded')).toHaveLength(0);

    const updated = stripe.refundUpdatedEvent(row.providerRefundId!, 'succeeded');
    expect((await deliver(updated)).statusCode).toBe(200);
    expect((await deliver(updated)).statusCode).toBe(200);
    expect((await deliver({ ...updated, id: `${updated.id}_dup` })).statusCode).toBe(200);
    expect((await deliver(stripe.chargeRefundedEvent(paymentIntent))).statusCode).toBe(200);
    expect((await refundRow(order.id)).status).toBe('succeeded');
    const kinds = (await timeline(buyer.token, order.id)).map((e) => e.kind);
    expect(kinds).toEqual(['placed', 'paid', 'refund_requested', 'partially_refunded', 'certificates_voided', 'refunded']);
    expect((await getJson(app, buyer.token, `/api/v1/orders/${order.id}`)).body.data.refundedMinor).toBe(result.refund.amountMinor);
    stripe.answerRefundsAs('succeeded');
  });

  it('charge.refunded first confirms it; a later (reordered) refund.updated and duplicates do nothing more', async () => {
    stripe.answerRefundsAs('pending');
    const { buyer, order, paymentIntent } = await paidOrder(2);
    const response = await adminCall(app, owner.token)('POST', `/orders/${order.id}/refunds`, { kind: 'order', reason: 'Cancelled event' });
    expect(json(response).data).toMatchObject({ status: 'refunded', refund: { status: 'pending', amountMinor: order.orderTotalMinor } });
    const charge = stripe.chargeRefundedEvent(paymentIntent);
    expect((await deliver(charge)).statusCode).toBe(200);
    expect((await deliver(charge)).statusCode).toBe(200);
    const row = await refundRow(order.id);
    expect(row.status).toBe('succeeded');
    expect((await deliver(stripe.refundUpdatedEvent(row.providerRefundId!, 'succeeded'))).statusCode).toBe(200);
    const events = await timeline(buyer.token, order.id);
    expect(events.filter((e) => e.kind === 'refunded')).toEqual([expect.objectContaining({ amountMinor: order.orderTotalMinor })]);
    expect((await app.database.db.select().from(certificates).where(eq(certificates.orderId, order.id))).map((c) => c.status)).toEqual(['void']);
    stripe.answerRefundsAs('succeeded');
  });

  it('Stripe answers succeeded at once: the refund is settled without waiting for a webhook, and the webhook later changes nothing', async () => {
    const { buyer, order, paymentIntent } = await paidOrder(1);
    const response = await adminCall(app, owner.token)('POST', `/orders/${order.id}/refunds`, { kind: 'amount', amountMinor: 100, reason: 'Goodwill' });
    expect(json(response).data.refund.status).toBe('succeeded');
    expect((await deliver(stripe.chargeRefundedEvent(paymentIntent))).statusCode).toBe(200);
    expect((await timeline(buyer.token, order.id)).filter((e) => e.kind === 'refunded')).toHaveLength(1);
  });

  it('a refund Stripe refuses (refund.updated failed) is marked failed on the timeline and its amount can be refunded again', async () => {
    stripe.answerRefundsAs('pending');
    const { buyer, order } = await paidOrder(2);
    await adminCall(app, owner.token)('POST', `/orders/${order.id}/refunds`, { kind: 'amount', amountMinor: 200, reason: 'Goodwill' });
    const row = await refundRow(order.id);
    expect((await deliver(stripe.refundUpdatedEvent(row.providerRefundId!, 'failed'))).statusCode).toBe(200);
    const read = (await getJson(app, buyer.token, `/api/v1/orders/${order.id}`)).body.data;
    expect(read.refundedMinor).toBe(0);
    expect(read.timeline.map((e: { kind: string }) => e.kind)).toContain('refund_failed');
    // The buyer sees their part (what happens next); the operator also sees the provider's reason (an internal row).
    const buyerRows = read.timeline.filter((e: { kind: string }) => e.kind === 'refund_failed');
    expect(buyerRows.map((e: { note: string }) => e.note)).toEqual(['The refund could not be made. We will contact you about it.']);
    const history = json(await adminCall(app, owner.token)('GET', `/orders/${order.id}/history`)).data;
    const operatorRows = history.timeline.filter((e: { kind: string }) => e.kind === 'refund_failed');
    expect(operatorRows).toHaveLength(2);
    expect(operatorRows.map((e: { note: string }) => e.note)).toContain('The refund could not be made. We will contact you about it.');
    expect(history.refundableMinor).toBe(order.orderTotalMinor);
    stripe.answerRefundsAs('succeeded');
    // Its amount can be refunded again, and this time it goes through.
    const again = await adminCall(app, owner.token)('POST', `/orders/${order.id}/refunds`, { kind: 'amount', amountMinor: 200, reason: 'Goodwill, again' });
    expect([again.statusCode, json(again).data?.refund.status], again.body).toEqual([201, 'succeeded']);
    expect((await getJson(app, buyer.token, `/api/v1/orders/${order.id}`)).body.data.refundedMinor).toBe(200);
  });
});
