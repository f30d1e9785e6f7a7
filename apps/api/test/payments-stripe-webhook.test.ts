import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/uuid.ts';
import type { PaymentEventHandler } from '../src/modules/payments/payments.service.ts';
import { checkoutSessionEvent, signedWebhook } from './fake-stripe.ts';
import { createTestApp, json } from './helper.ts';

const WEBHOOK_SECRET = 'whsec_fakeStripeWebhookSecret';
const WEBHOOK = '/api/v1/payments/stripe/webhook';

describe('Stripe webhook: POST /api/v1/payments/stripe/webhook', () => {
  let app: FastifyInstance;
  const received: Parameters<PaymentEventHandler>[0][] = [];
  let failNextEvent = false;

  beforeAll(async () => {
    app = await createTestApp({
      seed: false,
      env: { STRIPE_SECRET_KEY: 'sk_test_fakeStripeKey123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: 'http://127.0.0.1:9' },
      onPaymentEvent: async (event) => {
        received.push(event);
        if (failNextEvent) {
          failNextEvent = false;
          throw new Error('database went away');
        }
      },
    });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(() => {
    received.length = 0;
  });

  const deliver = (payload: string | Buffer, signature?: string, contentType = 'application/json; charset=utf-8') =>
    app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': contentType, ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
      payload,
    });

  async function recordedEvents(eventId: string) {
    const result = await app.database.db.execute(sql`select event_id, kind, order_id from payment_events where event_id = ${eventId}`);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows;
  }

  function expectRefused(response: { statusCode: number; body: string }, code = 'WEBHOOK_SIGNATURE_INVALID') {
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ success: false, code });
  }

  it('marks the order paid once for a completed, paid session whose signature verifies', async () => {
    const orderId = uuidv7();
    const event = checkoutSessionEvent('checkout.session.completed', { orderId, paymentStatus: 'paid' });
    const { payload, signature } = signedWebhook(event, WEBHOOK_SECRET);

    const response = await deliver(payload, signature);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, data: { received: true, duplicate: false } });
    expect(received).toEqual([{ kind: 'paid', orderId, reference: event.data.object.id, paymentId: null, amountMinor: 2500, eventId: event.id }]);
    expect(await recordedEvents(event.id)).toEqual([{ event_id: event.id, kind: 'paid', order_id: orderId }]);
  });

  it('answers a replayed event 200 without acting again: the same request, or Stripe re-signing its retry', async () => {
    const orderId = uuidv7();
    const event = checkoutSessionEvent('checkout.session.completed', { orderId });
    const first = signedWebhook(event, WEBHOOK_SECRET);
    expect((await deliver(first.payload, first.signature)).statusCode).toBe(200);
    expect(received).toHaveLength(1);

    const replay = await deliver(first.payload, first.signature);
    expect(replay.statusCode).toBe(200);
    expect(json(replay).data).toEqual({ received: true, duplicate: true });
    const retry = signedWebhook(event, WEBHOOK_SECRET, { timestamp: Math.floor(Date.now() / 1000) + 1 });
    expect(json(await deliver(retry.payload, retry.signature)).data.duplicate).toBe(true);

    expect(received).toHaveLength(1);
    expect(await recordedEvents(event.id)).toHaveLength(1);
  });

  it('reads async payment success as paid, and expiry or async payment failure as expired', async () => {
    const orderId = uuidv7();
    const cases = [
      ['checkout.session.async_payment_succeeded', 'paid'],
      ['checkout.session.expired', 'expired'],
      ['checkout.session.async_payment_failed', 'expired'],
    ] as const;
    for (const [type, kind] of cases) {
      const event = checkoutSessionEvent(type, { orderId, paymentStatus: type === 'checkout.session.async_payment_succeeded' ? 'paid' : 'unpaid' });
      const { payload, signature } = signedWebhook(event, WEBHOOK_SECRET);
      expect((await deliver(payload, signature)).statusCode).toBe(200);
      expect(received.at(-1)).toEqual(kind === 'paid' ? { kind, orderId, reference: event.data.object.id, paymentId: null, amountMinor: 2500, eventId: event.id } : { kind, orderId, reference: event.data.object.id, eventId: event.id });
    }
    expect(received).toHaveLength(3);
  });

  it('ignores, with 200, other event types, sessions still awaiting a delayed payment, and sessions that are not ours', async () => {
    const ignored = [
      { ...checkoutSessionEvent('payment_intent.created', { orderId: uuidv7() }), data: { object: { id: 'pi_test_1', object: 'payment_intent' } } },
      checkoutSessionEvent('checkout.session.completed', { orderId: uuidv7(), paymentStatus: 'unpaid' }),
      checkoutSessionEvent('checkout.session.completed', { metadata: { shop: 'another-app' } }),
      checkoutSessionEvent('checkout.session.completed', { orderId: 'order-42' }),
    ];
    for (const event of ignored) {
      const { payload, signature } = signedWebhook(event, WEBHOOK_SECRET);
      const response = await deliver(payload, signature);
      expect(response.statusCode).toBe(200);
      expect(json(response).data).toEqual({ received: true, duplicate: false });
      expect(await recordedEvents(event.id)).toEqual([]);
    }
    expect(received).toEqual([]);
  });

  it('refuses a forged signature (another secret), a body altered after signing and a signature older than 5 minutes', async () => {
    const event = checkoutSessionEvent('checkout.session.completed', { orderId: uuidv7() });

    const forged = signedWebhook(event, 'whsec_someoneElsesSecret');
    expectRefused(await deliver(forged.payload, forged.signature));

    const genuine = signedWebhook(event, WEBHOOK_SECRET);
    const altered = genuine.payload.replace('"amount_total": 2500', '"amount_total": 1');
    expect(altered).not.toBe(genuine.payload);
    expectRefused(await deliver(altered, genuine.signature));
    // Even whitespace counts: the signature covers the exact bytes.
    expectRefused(await deliver(JSON.stringify(event), genuine.signature));

    const old = signedWebhook(event, WEBHOOK_SECRET, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expectRefused(await deliver(old.payload, old.signature));

    expect(received).toEqual([]);
    expect(await recordedEvents(event.id)).toEqual([]);
  });

  it('refuses a missing or unreadable Stripe-Signature header', async () => {
    const { payload } = signedWebhook(checkoutSessionEvent('checkout.session.completed', { orderId: uuidv7() }), WEBHOOK_SECRET);
    const missing = await deliver(payload);
    expectRefused(missing);
    expect(json(missing).message).toBe('The Stripe-Signature header is missing');
    for (const header of ['', 't=abc,v1=', 'v1=deadbeef', 't=1700000000', 'nonsense', 't=1,v0=' + 'a'.repeat(64)]) {
      expectRefused(await deliver(payload, header));
    }
    expect(received).toEqual([]);
  });

  it('answers hostile bodies with 400, never 5xx: not JSON, empty, another media type, binary, or signed but unreadable', async () => {
    const bogus = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
    expectRefused(await deliver('{"id":"evt_1","type":"checkout.session.completed"', bogus));
    expectRefused(await deliver('', bogus));
    expectRefused(await deliver('<xml>hello</xml>', bogus, 'application/xml'));
    expectRefused(await deliver('id=evt_1', bogus, 'application/x-www-form-urlencoded'));
    expectRefused(await deliver(Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80]), bogus, 'application/octet-stream'));

    // Validly signed (only someone holding the secret could) yet not an event: refused as unreadable.
    for (const body of ['not json at all', '[]', 'null', '{"type":"checkout.session.completed"}', JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed', data: { object: { id: 'cs_1', object: 'checkout.session', metadata: 'oops' } } })]) {
      const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
      expectRefused(await deliver(body, signature), 'VALIDATION_FAILED');
    }

    const huge = await deliver('{"padding":"' + 'a'.repeat(2 * 1024 * 1024) + '"}', bogus);
    expect(huge.statusCode).toBe(413);
    expect(received).toEqual([]);
  });

  it('leaves an event unrecorded when acting on it failed, so the retry of the provider acts on it', async () => {
    const orderId = uuidv7();
    const event = checkoutSessionEvent('checkout.session.completed', { orderId });
    const { payload, signature } = signedWebhook(event, WEBHOOK_SECRET);
    failNextEvent = true;
    const failed = await deliver(payload, signature);
    expect(failed.statusCode).toBe(500);
    expect(await recordedEvents(event.id)).toEqual([]);

    const retried = await deliver(payload, signature);
    expect(retried.statusCode).toBe(200);
    expect(json(retried).data.duplicate).toBe(false);
    expect(received).toHaveLength(2);
    expect(await recordedEvents(event.id)).toHaveLength(1);
  });

  it('keeps JSON parsing everywhere else in the API: only the webhook reads raw bytes', async () => {
    const bad = await app.inject({ method: 'POST', url: '/api/v1/mailing-lists', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON' });
    const good = await app.inject({ method: 'POST', url: '/api/v1/mailing-lists', payload: { email: 'not-an-email' } });
    expect(good.statusCode).toBe(400);
    expect(json(good).fields).toHaveProperty('email');
  });
});

describe('Webhook with the test provider (no Stripe keys)', () => {
  it('refuses every webhook: the test provider pays at once and sends none', async () => {
    const app = await createTestApp({ seed: false });
    try {
      const { payload, signature } = signedWebhook(checkoutSessionEvent('checkout.session.completed', { orderId: uuidv7() }), WEBHOOK_SECRET);
      const response = await app.inject({ method: 'POST', url: WEBHOOK, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
      expect(response.statusCode).toBe(400);
      expect(json(response).code).toBe('WEBHOOK_SIGNATURE_INVALID');
    } finally {
      await app.close();
    }
  });
});
