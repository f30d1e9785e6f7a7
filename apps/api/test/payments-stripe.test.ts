import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statusForErrorCode } from '@app/contract';
import { ConfigError, loadConfig } from '../src/config.ts';
import { AppError } from '../src/lib/app-error.ts';
import { uuidv7 } from '../src/lib/uuid.ts';
import type { StartPaymentInput } from '../src/modules/payments/payment-provider.ts';
import { sessionExpiresAt, STRIPE_SESSION_CLOSES_AFTER_MS } from '../src/modules/payments/stripe-checkout.ts';
import { createStripeProvider } from '../src/modules/payments/stripe-provider.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { createTestApp } from './helper.ts';

const SECRET_KEY = 'sk_test_fakeStripeKey123';
const WEBHOOK_SECRET = 'whsec_fakeStripeWebhookSecret';
const PUBLIC_URL = 'https://shop.example.com';

function order(overrides: Partial<StartPaymentInput> = {}): StartPaymentInput {
  const orderId = overrides.orderId ?? uuidv7();
  return {
    orderId,
    orderNumber: 'GM-20261123-4F7K2Q',
    currency: 'USD',
    totalMinor: 2 * 1250 + 999,
    lines: [
      { name: 'Rainforest protection, 1 tonne', quantity: 2, unitAmountMinor: 1250 },
      { name: 'Bamboo toothbrush', quantity: 1, unitAmountMinor: 999 },
    ],
    customerEmail: 'buyer@example.com',
    successUrl: `${PUBLIC_URL}/other/checkout/success?order=${orderId}`,
    cancelUrl: `${PUBLIC_URL}/other/checkout?cancelled=${orderId}`,
    ...overrides,
  };
}

function expectProviderFailure(error: unknown) {
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('PAYMENT_PROVIDER_FAILED');
  expect((error as AppError).message).toBe('Payment could not be started; nothing was charged. Please try again.');
  expect(statusForErrorCode((error as AppError).code)).toBe(502);
}

describe('Stripe provider: Checkout Sessions against a local fake of the Stripe API', () => {
  let fake: FakeStripe;
  let app: FastifyInstance;

  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await createTestApp({
      seed: false,
      env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url, PUBLIC_URL },
    });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('is the provider the app chooses when STRIPE_SECRET_KEY is set', () => {
    expect(app.paymentProvider.name).toBe('stripe');
  });

  it("creates a payment-mode session in the order's currency with one line per order line, the order id, the buyer and the return URLs", async () => {
    const input = order();
    const before = Math.floor(Date.now() / 1000);
    const result = await app.paymentProvider.startPayment(input);

    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/checkout/sessions');
    expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.headers['idempotency-key']).toBe(`checkout-session-${input.orderId}`);

    const body = request.body;
    expect(body.mode).toBe('payment');
    expect(body.line_items).toEqual([
      { quantity: '2', price_data: { currency: 'usd', unit_amount: '1250', product_data: { name: 'Rainforest protection, 1 tonne' } } },
      { quantity: '1', price_data: { currency: 'usd', unit_amount: '999', product_data: { name: 'Bamboo toothbrush' } } },
    ]);
    expect(body.client_reference_id).toBe(input.orderId);
    expect(body.metadata).toEqual({ orderId: input.orderId, orderNumber: input.orderNumber });
    expect(body.payment_intent_data.metadata).toEqual({ orderId: input.orderId, orderNumber: input.orderNumber });
    expect(body.customer_email).toBe('buyer@example.com');
    expect(body.success_url).toBe(input.successUrl);
    expect(body.cancel_url).toBe(input.cancelUrl);
    // Stripe accepts 30 minutes to 24 hours; ours closes about 36 minutes after the order was placed.
    const expiresAt = Number(body.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 60);
    expect(expiresAt).toBeLessThanOrEqual(before + 37 * 60);

    const session = fake.sessions.get(result.reference)!;
    expect(result).toEqual({ kind: 'redirect', checkoutUrl: session.url, reference: session.id });
    expect(result.reference).toMatch(/^cs_test_/);
    expect(session.amount_total).toBe(input.totalMinor);
  });

  it('sends yen as they are: JPY has no minor unit in our contract nor at Stripe', async () => {
    const input = order({ currency: 'JPY', totalMinor: 3 * 1500, lines: [{ name: 'Mangrove restoration, 1 tonne', quantity: 3, unitAmountMinor: 1500 }] });
    const result = await app.paymentProvider.startPayment(input);
    expect(fake.requests[0]!.body.line_items).toEqual([{ quantity: '3', price_data: { currency: 'jpy', unit_amount: '1500', product_data: { name: 'Mangrove restoration, 1 tonne' } } }]);
    expect(fake.sessions.get(result.reference)!.amount_total).toBe(4500);
  });

  it('charges the frozen, discounted total as one order line when a coupon lowered it', async () => {
    // 2 × 12.50 + 9.99 = 34.99, minus a 10 % coupon = 31.49.
    const input = order({ currency: 'EUR', totalMinor: 3149 });
    const result = await app.paymentProvider.startPayment(input);
    expect(fake.requests[0]!.body.line_items).toEqual([
      { quantity: '1', price_data: { currency: 'eur', unit_amount: '3149', product_data: { name: 'Order GM-20261123-4F7K2Q', description: '3 items, your discount included' } } },
    ]);
    expect(fake.sessions.get(result.reference)!.amount_total).toBe(3149);
  });

  it('answers the first session to a retry for the same order, even minutes later: Stripe sees the same key and parameters', async () => {
    const input = order();
    const first = await app.paymentProvider.startPayment(input);
    const later = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: fake.url, now: () => Date.now() + 4 * 60 * 1000 });
    const second = await later.startPayment(input);

    expect(second).toEqual(first);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]!.headers['idempotency-key']).toBe(fake.requests[1]!.headers['idempotency-key']);
    expect([...fake.sessions.values()].filter((session) => session.client_reference_id === input.orderId)).toHaveLength(1);
  });

  it('closes the session 36 minutes after placement, or at least 31 minutes from a late call', () => {
    const placedAt = Date.UTC(2026, 10, 23, 7, 0, 0);
    const orderId = uuidv7(placedAt);
    expect(sessionExpiresAt(orderId, placedAt + 1000)).toBe((placedAt + STRIPE_SESSION_CLOSES_AFTER_MS) / 1000);
    expect(sessionExpiresAt(orderId, placedAt + 5 * 60 * 1000)).toBe((placedAt + STRIPE_SESSION_CLOSES_AFTER_MS) / 1000);
    const late = placedAt + 20 * 60 * 1000;
    expect(sessionExpiresAt(orderId, late)).toBe((late + 31 * 60 * 1000) / 1000);
  });

  it('turns a Stripe error into 502 PAYMENT_PROVIDER_FAILED: nothing charged, try again', async () => {
    fake.failNext({ status: 400, type: 'invalid_request_error', message: 'Amount must convert to at least 50 cents.', code: 'amount_too_small' });
    const error = await app.paymentProvider.startPayment(order({ totalMinor: 10, lines: [{ name: 'Sticker', quantity: 1, unitAmountMinor: 10 }] })).catch((caught) => caught);
    expectProviderFailure(error);
  });

  it('turns a refused API key and an unreachable Stripe into the same 502', async () => {
    const badKey = createStripeProvider({ secretKey: 'sk_test_x', webhookSecret: WEBHOOK_SECRET, apiBase: fake.url });
    fake.failNext({ status: 401, type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_x' });
    expectProviderFailure(await badKey.startPayment(order()).catch((caught) => caught));

    const unreachable = await startFakeStripe();
    await unreachable.close();
    const offline = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: unreachable.url });
    expectProviderFailure(await offline.startPayment(order()).catch((caught) => caught));
  });
});

describe('Stripe configuration', () => {
  it('refuses a secret key without its webhook secret, and an API base that is not an http(s) URL', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: SECRET_KEY }, { inMemoryDatabase: true })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: SECRET_KEY }, { inMemoryDatabase: true })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ STRIPE_API_BASE: 'ftp://127.0.0.1' }, { inMemoryDatabase: true })).toThrow(/STRIPE_API_BASE/);
    const config = loadConfig({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: 'http://127.0.0.1:12111' }, { inMemoryDatabase: true });
    expect(config.stripeApiBase).toBe('http://127.0.0.1:12111');
  });

  it('uses the test provider without Stripe keys: paid at once, nothing charged', async () => {
    const app = await createTestApp({ seed: false });
    try {
      expect(app.paymentProvider.name).toBe('test');
      const input = order();
      expect(await app.paymentProvider.startPayment(input)).toEqual({ kind: 'paid', reference: `test_${input.orderId}` });
    } finally {
      await app.close();
    }
  });
});
