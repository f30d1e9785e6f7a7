import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { users } from '../src/db/schema/index.ts';
import { TokenSigner } from '../src/lib/jwt.ts';
import type { PaymentProvider, RefundInput } from '../src/modules/payments/payment-provider.ts';
import { bearer } from './auth-helpers.ts';
import { cartClient } from './cart-helpers.ts';
import { json } from './helper.ts';

/** A valid order body (spec §3 Order payload); tests change what they test. */
export function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    lastName: 'Green',
    isBusinessOrder: false,
    referalUserId: '',
    address: { firstName: 'Ada', lastName: 'Green', line1: '1 Leaf Lane', city: 'Bristol', postalCode: 'BS1 1AA', country: 'gb' },
    ...overrides,
  };
}

/**
 * A verified account with a session, written straight into the database: races need dozens of
 * buyers, and signing up each through the API (password hashing, mail, code) would take most of
 * the test's time. The token is signed with the app's own secret, so the auth hook loads the row.
 */
export async function quickBuyer(app: FastifyInstance) {
  const tag = randomBytes(5).toString('hex');
  const [row] = await app.database.db
    .insert(users)
    .values({ email: `buyer.${tag}@example.com`, passwordHash: 'not-a-hash', firstName: 'Buyer', lastName: tag, slug: `buyer-${tag}`, emailVerifiedAt: new Date() })
    .returning();
  const token = await new TokenSigner(app.config.jwtSecret, 3600).sign({ sub: row.id, tv: row.tokenVersion });
  return { id: row.id, email: row.email, token, cart: cartClient(app, token) };
}

export async function placeOrder(app: FastifyInstance, token: string | null, body: unknown = orderBody(), idempotencyKey?: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { ...(token ? bearer(token) : {}), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: body as object,
  });
  return { status: response.statusCode, body: json(response) };
}

export async function getJson(app: FastifyInstance, token: string | null, url: string) {
  const response = await app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  return { status: response.statusCode, body: json(response) };
}

/**
 * A provider that leaves orders pending, as Stripe does until its webhook: for tests of
 * reservations, expiry and markOrderPaid. Not a stand-in for the database.
 */
export function redirectingProvider(): PaymentProvider & { refunds: RefundInput[]; cancelled: string[] } {
  const refunds: RefundInput[] = [];
  const cancelled: string[] = [];
  return {
    name: 'stripe',
    paysAtOnce: false,
    refunds,
    cancelled,
    async startPayment(input) {
      return { kind: 'redirect', checkoutUrl: `https://checkout.example.test/${input.orderId}`, reference: `cs_test_${input.orderId}` };
    },
    // Refunds at once, as the test provider does; the Stripe path is tested against the local fake.
    async refund(input) {
      refunds.push(input);
      return { status: 'succeeded', reference: `re_test_${input.refundId}` };
    },
    async cancelPayment(reference) {
      cancelled.push(reference);
    },
    parseWebhook() {
      throw new Error('not used in these tests');
    },
  };
}
