import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, createBusiness } from './business-helpers.ts';
import { certificatesOfOrder, insertOrderWithLines, issue } from './certificate-helpers.ts';
import { createTestApp, json } from './helper.ts';
import { eq } from 'drizzle-orm';
import { orderItems } from '../src/db/schema/index.ts';
import { issueCertificatesWithGifts } from '../src/modules/certificates/issue-certificates.ts';
import { quickBuyer } from './order-helpers.ts';
import { sendForm } from './shop-pages-helpers.ts';
import { PNG_BYTES } from './upload-helpers.ts';

/**
 * Access to owned records over the whole API (issue 12): every operation in the OpenAPI document
 * has a row here. A row that names someone's record (by id, serial, user id or email) is called
 * with another person's token and must be refused with 403 or 404, and the record must still be
 * there for its owner afterwards. Business routes have their own, finer table
 * (business-access.test.ts: owner, member, stranger). A new route without a row fails the last test.
 */
type Person = Awaited<ReturnType<typeof quickBuyer>>;
let app: FastifyInstance;
let owner: Person;
let partner: Person;
let intruder: Person;
const owned: Record<string, string> = {};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Attack {
  /** The request as the intruder sends it, naming the owner's record. */
  method: Method;
  url: () => string;
  body?: () => unknown;
  /** How the owner checks afterwards that the record is still theirs and unchanged. */
  check?: () => Promise<void>;
}

const attacks: Record<string, Attack> = {
  'GET /api/auth/email-verification-status/{email}': { method: 'GET', url: () => `/api/auth/email-verification-status/${encodeURIComponent(owner.email)}` },
  'PATCH /api/v1/carts/{id}/remove': {
    method: 'PATCH',
    url: () => `/api/v1/carts/${owned.cartItem}/remove`,
    body: () => ({ getStripeCoupon: false }),
    check: async () => expect((await owner.cart.get()).body.data.products).toHaveLength(1),
  },
  'PATCH /api/v1/carbon/footprints/{id}': {
    method: 'PATCH',
    url: () => `/api/v1/carbon/footprints/${owned.footprint}`,
    body: () => ({ public: true }),
    check: async () => expect((await call(app, owner.token, 'GET', '/api/v1/carbon/footprints')).body.data.find((f: { _id: string }) => f._id === owned.footprint).public).toBe(false),
  },
  'DELETE /api/v1/carbon/footprints/{id}': {
    method: 'DELETE',
    url: () => `/api/v1/carbon/footprints/${owned.footprint}`,
    check: async () => expect((await call(app, owner.token, 'GET', '/api/v1/carbon/footprints')).body.data.map((f: { id?: string; _id?: string }) => f.id ?? f._id)).toContain(owned.footprint),
  },
  'PATCH /api/v1/review/{id}': {
    method: 'PATCH',
    url: () => `/api/v1/review/${owned.review}`,
    body: () => ({ rating: 1, comment: 'Hijacked review' }),
    check: async () => expect(JSON.stringify((await call(app, owner.token, 'GET', `/api/v1/review/${owned.product}/${owned.order}`)).body)).not.toContain('Hijacked'),
  },
  'DELETE /api/v1/review/{id}': {
    method: 'DELETE',
    url: () => `/api/v1/review/${owned.review}`,
    check: async () => expect(JSON.stringify((await call(app, owner.token, 'GET', `/api/v1/review/${owned.product}/${owned.order}`)).body)).toContain('Our own review'),
  },
  'GET /api/v1/review/{productId}/{orderId}': { method: 'GET', url: () => `/api/v1/review/${owned.product}/${owned.order}` },
  'GET /api/v1/business/review/{productId}/{orderId}': { method: 'GET', url: () => `/api/v1/business/review/${owned.product}/${owned.businessOrder}?BusinessId=${owned.business}` },
  'DELETE /api/v1/user-galleries/{id}': {
    method: 'DELETE',
    url: () => `/api/v1/user-galleries/${owned.galleryImage}`,
    check: async () => expect(JSON.stringify((await call(app, owner.token, 'GET', '/api/v1/user-galleries')).body)).toContain(owned.galleryImage),
  },
  'GET /api/v1/user-chains/{id}': { method: 'GET', url: () => `/api/v1/user-chains/${owned.chain}` },
  'PUT /api/v1/user-chains/confirm/{id}': {
    method: 'PUT',
    url: () => `/api/v1/user-chains/confirm/${owned.chain}`,
    body: () => ({ acceptanceStatus: 'accepted' }),
    check: async () => expect((await call(app, owner.token, 'GET', `/api/v1/user-chains/${owned.chain}`)).body.data.acceptanceStatus).toBe('pending'),
  },
  'DELETE /api/v1/user-chains/{id}': {
    method: 'DELETE',
    url: () => `/api/v1/user-chains/${owned.chain}`,
    check: async () => expect((await call(app, owner.token, 'GET', `/api/v1/user-chains/${owned.chain}`)).status).toBe(200),
  },
  'GET /api/v1/user-chains/tree/{userId}': { method: 'GET', url: () => `/api/v1/user-chains/tree/${owner.id}` },
  'GET /api/v1/referral-user-earning-logs/user/{userId}': { method: 'GET', url: () => `/api/v1/referral-user-earning-logs/user/${owner.id}` },
  'GET /api/v1/orders/{id}': { method: 'GET', url: () => `/api/v1/orders/${owned.order}` },
  'POST /api/v1/orders/{id}/cancel': {
    method: 'POST',
    url: () => `/api/v1/orders/${owned.order}/cancel`,
    check: async () => expect((await call(app, owner.token, 'GET', `/api/v1/orders/${owned.order}`)).body.data.status).not.toBe('cancelled'),
  },
  'PATCH /api/v1/carts/{id}/gift': {
    method: 'PATCH',
    url: () => `/api/v1/carts/${owned.cartItem}/gift`,
    body: () => ({ gift: { name: 'Mallory', email: 'mallory@example.com' } }),
    check: async () => expect((await owner.cart.get()).body.data.products[0].gift ?? null).toBeNull(),
  },
  // A gift sent to the owner's email: another account holding the link cannot claim it.
  'POST /api/v1/gifts/claim': {
    method: 'POST',
    url: () => '/api/v1/gifts/claim',
    body: () => ({ token: owned.giftToken }),
    check: async () => expect((await call(app, owner.token, 'GET', `/api/v1/gifts/${owned.giftToken}`)).body.data.claimed).toBe(false),
  },
  'GET /api/v1/users/{id}/certificates': { method: 'GET', url: () => `/api/v1/users/${owner.id}/certificates` },
  'GET /api/v1/certificates/{serial}/pdf': { method: 'GET', url: () => `/api/v1/certificates/${owned.serial}/pdf` },
};

/** Operations that name no one's record: public reads, or calls on the caller's own records only. */
const noOwnedRecord = [
  // Public: catalog, reference data, calculators, sign-up and sign-in, mailing list, health.
  'GET /api/dev/outbox', 'GET /api/health', 'GET /api/v1/products', 'GET /api/v1/products/featured', 'GET /api/v1/products/offered', 'GET /api/v1/filters',
  'GET /api/v1/productBySlug/{slug}', 'POST /api/auth/login', 'POST /api/auth/register', 'PATCH /api/auth/registration-otp-verify', 'GET /api/auth/verify-account',
  'PATCH /api/auth/resend-registration-link', 'PATCH /api/auth/resend-otp-register', 'POST /api/auth/reset-password-link', 'POST /api/auth/reset-password',
  'PATCH /api/auth/otp-reset-password', 'PATCH /api/auth/otp-verify', 'GET /api/v1/ip-stack', 'GET /api/auth/referral/deeplink', 'GET /api/v1/countries', 'GET /api/airports',
  'POST /api/v1/carbon/household', 'POST /api/v1/carbon/flights', 'POST /api/v1/carbon/event', 'POST /api/v1/carbon/business', 'PATCH /api/v1/track-country',
  'POST /api/v1/mailing-lists', 'GET /api/v1/mailing-lists/verify', 'GET /api/v1/mailing-lists/unsubscribe', 'POST /api/v1/mailing-lists/unsubscribe', 'GET /api/v1/metrics',
  'GET /api/v1/sustainability-profiles/{slug}', 'GET /api/v1/review/{id}/product', 'GET /api/v1/certificates/{serial}', 'POST /api/v1/payments/stripe/webhook',
  // Public impact of a published sustainability page (404 without one: impact-badge.test.ts).
  'GET /api/v1/impact/{kind}/{slug}', 'GET /api/v1/impact/{kind}/{slug}/badge.svg',
  // Public by a secret token (256 bits, in the recipient's email): the gift's page shows what was given.
  'GET /api/v1/gifts/{token}',
  // The caller's own: the session, profile, cart, coupons, footprints, wishlist, orders, chains they start.
  'POST /api/auth/logout', 'GET /api/v1/me', 'GET /api/v1/verify-token', 'POST /api/auth/set-currency', 'PATCH /api/v1/addresses', 'PATCH /api/v1/save-profile-info',
  'PATCH /api/auth/change-password', 'PATCH /api/auth/update-recovery-email', 'PATCH /api/auth/recovery-email-otp-verify', 'PATCH /api/auth/update-primary-email',
  'PATCH /api/auth/primary-email-otp-verify', 'PATCH /api/auth/primary-email-password-verify', 'GET /api/auth/referral/stats', 'GET /api/auth/referral/earning/stats',
  'GET /api/v1/carts', 'PATCH /api/v1/carts', 'DELETE /api/v1/carts', 'PUT /api/v1/carts/transfer', 'PUT /api/v1/carts/transfer/reverse', 'PATCH /api/v1/calculate-express-checkout',
  'GET /api/v1/coupons/{code}', 'POST /api/v1/coupons/{code}/apply', 'PATCH /api/v1/coupons/unapply', 'POST /api/v1/carbon/footprints', 'GET /api/v1/carbon/footprints',
  'GET /api/v1/carbon/footprints/latest', 'GET /api/v1/carbon/offsets', 'GET /api/v1/sustainability-profile', 'PUT /api/v1/sustainability-profile', 'POST /api/v1/uploads',
  'GET /api/v1/wishlists', 'PATCH /api/v1/wishlists', 'GET /api/v1/review/eligibility/{productId}', 'POST /api/v1/review', 'POST /api/v1/business/review',
  'POST /api/v1/user-galleries', 'GET /api/v1/user-galleries', 'POST /api/v1/user-chains', 'GET /api/v1/user-chains', 'POST /api/v1/user-chains/join',
  'POST /api/v1/user-chains/join/request', 'POST /api/v1/orders', 'GET /api/v1/orders/graph', 'GET /api/v1/orders/annual/graph', 'GET /api/v1/customer-orders',
  // Issue 25: the caller's own export and deletion take no id; the other person's data never enters (account-export/account-deletion tests).
  'GET /api/v1/account/export', 'POST /api/v1/account/delete',
];

beforeAll(async () => {
  app = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
  [owner, partner, intruder] = await Promise.all([quickBuyer(app), quickBuyer(app), quickBuyer(app)]);
  const offset = app.catalog.snapshot().products.find((product) => product.kind === 'offset' && product.variation.length === 0)!;
  owned.product = offset.id;
  owned.order = await insertOrderWithLines(app, { userId: owner.id, lines: [{ productId: offset.id, quantity: 2 }] });
  await issue(app, owned.order);
  owned.serial = (await certificatesOfOrder(app, owned.order))[0].serial;
  // A gift from the partner to the owner's email (decision 0051).
  const giftOrder = await insertOrderWithLines(app, { userId: partner.id, lines: [{ productId: offset.id, quantity: 1 }] });
  await app.database.db.update(orderItems).set({ giftName: 'Owner', giftEmail: owner.email }).where(eq(orderItems.orderId, giftOrder));
  owned.giftToken = (await app.database.db.transaction((tx) => issueCertificatesWithGifts(tx, giftOrder))).gifts[0].token;

  const review = await call(app, owner.token, 'POST', '/api/v1/review', { product: offset.id, order: owned.order, rating: 5, comment: 'Our own review' });
  expect(review.status, JSON.stringify(review.body)).toBeLessThan(300);
  owned.review = review.body.data.id ?? review.body.data._id;

  owned.business = (await createBusiness(app, owner.token, { name: 'Owned Ltd' })).id;
  owned.businessOrder = await insertOrderWithLines(app, { userId: owner.id, businessId: owned.business, lines: [{ productId: offset.id, quantity: 1 }] });
  const businessReview = await call(app, owner.token, 'POST', '/api/v1/business/review', { product: offset.id, order: owned.businessOrder, rating: 4, comment: 'Our own review', BusinessId: owned.business });
  expect(businessReview.status, JSON.stringify(businessReview.body)).toBeLessThan(300);

  const cart = await owner.cart.patch({ products: [{ product: offset.id, quantity: 1 }] });
  owned.cartItem = cart.body.data.products[0].cartItemId ?? cart.body.data.products[0]._id;

  const footprint = await call(app, owner.token, 'POST', '/api/v1/carbon/footprints', { kind: 'household', inputs: { country: 'GB', houseHoldMembers: 2, publicTransportationMembers: 0, income: 'medium' } });
  expect(footprint.status, JSON.stringify(footprint.body)).toBeLessThan(300);
  owned.footprint = footprint.body.data.id ?? footprint.body.data._id;

  const image = await sendForm(app, owner.token, 'POST', '/api/v1/user-galleries', [{ name: 'file', filename: 'a.png', type: 'image/png', content: PNG_BYTES }]);
  expect(image.status, JSON.stringify(image.body)).toBeLessThan(300);
  owned.galleryImage = image.body.data.id ?? image.body.data._id;

  const chain = await call(app, owner.token, 'POST', '/api/v1/user-chains', { userId: partner.id, relationship: 'friend' });
  expect(chain.status, JSON.stringify(chain.body)).toBeLessThan(300);
  owned.chain = chain.body.data.id ?? chain.body.data._id;
});
afterAll(async () => app?.close());

describe("another person's records", () => {
  it.each(Object.entries(attacks))('%s: refused with 403 or 404, the record left as it was', async (_route, attack) => {
    const refused = await call(app, intruder.token, attack.method, attack.url(), attack.body?.());
    expect([403, 404], `${attack.method} ${attack.url()} → ${refused.status} ${JSON.stringify(refused.body).slice(0, 200)}`).toContain(refused.status);
    expect(refused.body.success).toBe(false);
    // Nothing of the owner's record leaks into the refusal.
    for (const value of [owner.email, owned.serial, 'Our own review']) expect(JSON.stringify(refused.body)).not.toContain(value);
    await attack.check?.();
    // The same call by the owner is allowed: the refusal is about who asks, not a broken route.
    if (attack.method === 'GET') {
      const allowed = await app.inject({ method: 'GET', url: attack.url(), headers: { authorization: `Bearer ${owner.token}` } });
      expect(allowed.statusCode, `${attack.url()} for its owner`).toBe(200);
    }
  });

  it('has a row for every operation in the API document', async () => {
    const spec = json(await app.inject({ method: 'GET', url: '/api/docs/json' }));
    const operations = Object.entries(spec.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const covered = new Set([...Object.keys(attacks), ...noOwnedRecord]);
    // Business routes have their own table (business-access.test.ts) and so do the operator
    // console's (admin-access.test.ts: anonymous, shopper, no second factor, staff).
    const missing = operations.filter((operation) => !covered.has(operation) && !/^\S+ \/api\/(v1\/business-|admin\/)/.test(operation));
    console.log(`[access] ${operations.length} operations: ${Object.keys(attacks).length} attacked with another person's token here, ${operations.filter((o) => /\/api\/v1\/business-/.test(o)).length} business routes in business-access.test.ts, ${noOwnedRecord.length} with no owned record`);
    expect(missing).toEqual([]);
  });
});
