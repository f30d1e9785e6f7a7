import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { ADMIN_ROUTES } from '@app/contract/admin';
import { auditLog } from '../src/db/schema/index.ts';
import { createTestApp, json } from './helper.ts';
import { bearer, registerVerified } from './auth-helpers.ts';
import { ADMIN, adminCall, signedInOperator, totpCode, type TestOperator } from './admin-helpers.ts';
import { adminFixtures, multipartImage, type Fixtures } from './admin-fixtures.ts';
import { pickProducts } from './cart-helpers.ts';
import { placeOrder, quickBuyer } from './order-helpers.ts';

/**
 * Every admin route, found in the OpenAPI document, checked by a row of ROWS (issue 24): a route
 * without a row (or without an entry in the contract's ADMIN_ROUTES) fails the first test.
 * Each row is called anonymously (401), by a shopper (403), by an operator who has not passed
 * the second factor (401 MFA_REQUIRED), by staff where only an owner may act (403
 * OWNER_REQUIRED), and — for writes — by an owner with a valid request, which must leave
 * exactly the audit rows of that request.
 */
const app = await createTestApp({ env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_AUTH_MAX: '100000' } });
let owner: TestOperator;
let staff: TestOperator;
let fx: Fixtures;

interface Call {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Another token than the owner's admin token (the second-factor routes). */
  token?: string;
}
/** A valid request for the route, made fresh for each use (destructive rows get their own record). */
type Row = (f: Fixtures) => Promise<Call> | Call;

const same = (url: string, payload?: unknown): Row => () => ({ url, payload });
const ROWS: Record<string, Row> = {
  'GET /mfa': same('/mfa'),
  'POST /mfa/enrolment': async () => ({ url: '/mfa/enrolment', token: (await signedInOperator(app, 'staff', { enrol: false })).signInToken }),
  'POST /mfa/enrolment/confirm': async () => {
    const op = await signedInOperator(app, 'staff', { enrol: false });
    const started = json(await app.inject({ method: 'POST', url: `${ADMIN}/mfa/enrolment`, headers: bearer(op.signInToken) })).data;
    return { url: '/mfa/enrolment/confirm', token: op.signInToken, payload: { code: totpCode(started.secret) } };
  },
  'POST /mfa/verify': async () => {
    const op = await signedInOperator(app, 'staff');
    return { url: '/mfa/verify', token: op.signInToken, payload: { code: await op.code() } };
  },
  'POST /mfa/recovery-codes': same('/mfa/recovery-codes'),
  'DELETE /mfa/session': async () => ({ url: '/mfa/session', token: (await signedInOperator(app, 'staff')).token }),
  'GET /operators': same('/operators'),
  'POST /operators': async () => ({ url: '/operators', payload: { email: `invited.${Math.random().toString(36).slice(2)}@example.com`, role: 'staff' } }),
  'PATCH /operators/{id}': async (f) => ({ url: `/operators/${await f.operatorId()}`, payload: { role: 'owner' } }),
  'DELETE /operators/{id}': async (f) => ({ url: `/operators/${await f.operatorId()}` }),
  'POST /operators/{id}/mfa-reset': async (f) => ({ url: `/operators/${await f.operatorId()}/mfa-reset` }),
  'GET /audit': same('/audit?action=product.&size=5'),
  'GET /products': same('/products?q=a&sort=name&order=asc'),
  'POST /products': (f) => ({ url: '/products', payload: f.newProduct() }),
  'GET /products/references': same('/products/references'),
  'GET /products/low-stock': same('/products/low-stock'),
  'GET /products/export': same('/products/export'),
  'POST /products/import': async (f) => ({ url: '/products/import', payload: { csv: await f.importCsv(), dryRun: false } }),
  'GET /products/{id}': (f) => ({ url: `/products/${f.productId}` }),
  'PATCH /products/{id}': (f) => ({ url: `/products/${f.productId}`, payload: { featured: true, name: `Edited ${Math.random().toString(36).slice(2, 6)}` } }),
  'DELETE /products/{id}': async (f) => ({ url: `/products/${await f.freshProduct()}` }),
  'POST /products/{id}/archive': async (f) => ({ url: `/products/${await f.freshProduct()}/archive` }),
  'POST /products/{id}/restore': async (f) => {
    const id = await f.freshProduct();
    await adminCall(app, owner.token)('POST', `/products/${id}/archive`);
    return { url: `/products/${id}/restore` };
  },
  'GET /products/{id}/stock': (f) => ({ url: `/products/${f.productId}/stock` }),
  'POST /products/{id}/stock': (f) => ({ url: `/products/${f.productId}/stock`, payload: { adjust: 3, reason: 'restock' } }),
  'POST /products/{id}/images': (f) => ({ url: `/products/${f.productId}/images`, ...multipartImage() }),
  'PUT /products/{id}/images': async (f) => ({ url: `/products/${f.productId}/images`, payload: { images: (await f.images(f.productId)).reverse().map((_id) => ({ _id })) } }),
  'DELETE /products/{id}/images/{imageId}': async (f) => {
    const [imageId] = await f.images(f.productId, true);
    return { url: `/products/${f.productId}/images/${imageId}` };
  },
  'GET /categories': same('/categories'),
  'POST /categories': () => ({ url: '/categories', payload: { name: `Category ${Math.random().toString(36).slice(2, 8)}` } }),
  'PUT /categories/order': async (f) => ({ url: '/categories/order', payload: { ids: (await f.categoryIds()).reverse() } }),
  'PATCH /categories/{id}': async (f) => ({ url: `/categories/${await f.categoryId()}`, payload: { name: `Renamed ${Math.random().toString(36).slice(2, 8)}` } }),
  'DELETE /categories/{id}': async (f) => ({ url: `/categories/${await f.categoryId()}` }),
  'POST /categories/{id}/merge': async (f) => ({ url: `/categories/${await f.categoryId()}/merge`, payload: { into: await f.categoryId() } }),
  'GET /tags': same('/tags'),
  'POST /tags': () => ({ url: '/tags', payload: { name: `tag-${Math.random().toString(36).slice(2, 8)}` } }),
  'PUT /tags/order': async (f) => ({ url: '/tags/order', payload: { ids: (await f.tagIds()).reverse() } }),
  'PATCH /tags/{id}': async (f) => ({ url: `/tags/${await f.tagId()}`, payload: { name: `renamed-${Math.random().toString(36).slice(2, 8)}` } }),
  'DELETE /tags/{id}': async (f) => ({ url: `/tags/${await f.tagId()}` }),
  'POST /tags/{id}/merge': async (f) => ({ url: `/tags/${await f.tagId()}/merge`, payload: { into: await f.tagId() } }),
  'GET /coupons': same('/coupons?status=active'),
  'POST /coupons': () => ({ url: '/coupons', payload: { code: `SAVE${Math.random().toString(36).slice(2, 8)}`, kind: 'percent', percentOff: 10 } }),
  'GET /coupons/{id}': async (f) => ({ url: `/coupons/${await f.couponId()}` }),
  'PATCH /coupons/{id}': async (f) => ({ url: `/coupons/${await f.couponId()}`, payload: { description: 'Spring sale', maxUses: 50 } }),
  'POST /coupons/{id}/disable': async (f) => ({ url: `/coupons/${await f.couponId()}/disable` }),
  'POST /coupons/{id}/enable': async (f) => {
    const id = await f.couponId();
    await adminCall(app, owner.token)('POST', `/coupons/${id}/disable`);
    return { url: `/coupons/${id}/enable` };
  },
  'GET /reviews': same('/reviews?hidden=false&rating=5'),
  'POST /reviews/{id}/hide': async (f) => ({ url: `/reviews/${await f.reviewId()}/hide`, payload: { reason: 'Personal data in the text' } }),
  'POST /reviews/{id}/unhide': async (f) => {
    const id = await f.reviewId();
    await adminCall(app, owner.token)('POST', `/reviews/${id}/hide`, { reason: 'Checking' });
    return { url: `/reviews/${id}/unhide`, payload: {} };
  },
  'GET /customers': same('/customers?q=example'),
  'GET /customers/{id}': (f) => ({ url: `/customers/${f.customerId}` }),
  'GET /customers/{id}/orders': (f) => ({ url: `/customers/${f.customerId}/orders` }),
  'GET /customers/{id}/certificates': (f) => ({ url: `/customers/${f.customerId}/certificates` }),
  'GET /customers/{id}/footprints': (f) => ({ url: `/customers/${f.customerId}/footprints` }),
  'GET /customers/{id}/businesses': (f) => ({ url: `/customers/${f.customerId}/businesses` }),
  'POST /customers/{id}/lock': async (f) => ({ url: `/customers/${await f.freshCustomer()}/lock`, payload: { reason: 'Chargeback fraud' } }),
  'POST /customers/{id}/unlock': async (f) => {
    const id = await f.freshCustomer();
    await adminCall(app, owner.token)('POST', `/customers/${id}/lock`, { reason: 'Checking' });
    return { url: `/customers/${id}/unlock` };
  },
  'POST /customers/{id}/verification-email': async (f) => ({ url: `/customers/${await f.unverifiedCustomer()}/verification-email` }),
  'GET /newsletter': same('/newsletter'),
  'POST /newsletter/preview': same('/newsletter/preview', { subject: 'Hello', body: 'First paragraph.\n\nSecond one.' }),
  'GET /newsletter/issues': same('/newsletter/issues'),
  'POST /newsletter/issues': same('/newsletter/issues', { subject: 'November news', body: 'Hello subscribers.' }),
  'GET /newsletter/issues/{id}': async (f) => ({ url: `/newsletter/issues/${await f.issueId()}` }),
  'PATCH /newsletter/issues/{id}': async (f) => ({ url: `/newsletter/issues/${await f.issueId()}`, payload: { subject: 'December news' } }),
  'DELETE /newsletter/issues/{id}': async (f) => ({ url: `/newsletter/issues/${await f.issueId()}` }),
  'POST /newsletter/issues/{id}/send': async (f) => ({ url: `/newsletter/issues/${await f.issueId()}/send` }),
  'GET /dashboard': same('/dashboard?interval=week'),
  'GET /orders': same('/orders?status=paid&sort=total'),
  'GET /orders/{id}': (f) => ({ url: `/orders/${f.orderId}` }),
  'GET /orders/{id}/history': (f) => ({ url: `/orders/${f.orderId}/history` }),
  'POST /orders/{id}/cancel': async (f) => ({ url: `/orders/${await f.pendingOrder()}/cancel`, payload: { reason: 'Customer asked by phone' } }),
  'POST /orders/{id}/refunds': async (f) => ({ url: `/orders/${await f.paidOrder()}/refunds`, payload: { kind: 'order', reason: 'Customer asked' } }),
  'GET /orders/totals': same('/orders/totals?currency=USD&status=paid'),
  'GET /orders/export': same('/orders/export?status=paid'),
  'GET /orders/{id}/fulfilments': (f) => ({ url: `/orders/${f.orderId}/fulfilments` }),
  'POST /orders/{id}/fulfilments': async () => {
    const order = await goodsOrder();
    return { url: `/orders/${order.id}/fulfilments`, payload: { lines: [{ lineId: order.lineId, quantity: 1 }], carrier: 'DHL', trackingNumber: '1234567890' } };
  },
  'POST /orders/{id}/fulfilments/{fulfilmentId}/delivery': async () => {
    const order = await goodsOrder(true);
    return { url: `/orders/${order.id}/fulfilments/${order.shipmentId}/delivery` };
  },
  'POST /orders/{id}/returns': async () => {
    const order = await goodsOrder(true);
    return { url: `/orders/${order.id}/returns`, payload: { lines: [{ lineId: order.lineId, quantity: 1 }], note: 'Damaged in transit' } };
  },
};

/** A paid order of one goods unit (shipped already with `shipped`): what the fulfilment rows act on. */
async function goodsOrder(shipped = false): Promise<{ id: string; lineId: string; shipmentId?: string }> {
  const buyer = await quickBuyer(app);
  const product = pickProducts(app).plain.find((p) => p.kind === 'goods')!;
  await buyer.cart.patch({ products: [{ product: product.id, quantity: 1 }] });
  const order = (await placeOrder(app, buyer.token)).body.data as { _id: string; products: { _id: string }[] };
  const lineId = order.products[0]!._id;
  if (!shipped) return { id: order._id, lineId };
  const response = await adminCall(app, owner.token)('POST', `/orders/${order._id}/fulfilments`, { lines: [{ lineId, quantity: 1 }], carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
  return { id: order._id, lineId, shipmentId: json(response).data.shipments[0]._id };
}

const spec = json(await app.inject({ method: 'GET', url: '/api/docs/json' }));
const operations = Object.entries(spec.paths as Record<string, Record<string, { tags?: string[] }>>)
  .filter(([path]) => path.startsWith(ADMIN))
  .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path.slice(ADMIN.length)}`, tags: op.tags ?? [] })));
const contract = new Map(ADMIN_ROUTES.map((route) => [`${route.method} ${route.path}`, route]));

let shopperToken: string;
let unenrolled: TestOperator;

beforeAll(async () => {
  owner = await signedInOperator(app, 'owner');
  staff = await signedInOperator(app, 'staff');
  unenrolled = await signedInOperator(app, 'staff', { enrol: false });
  shopperToken = (await registerVerified(app)).token;
  fx = await adminFixtures(app, owner);
});
afterAll(async () => {
  await app.newsletterJob.idle();
  await app.close();
});

async function send(method: string, call: Call, token: string | undefined) {
  const headers = { ...(token ? bearer(token) : {}), ...call.headers };
  return app.inject({ method: method as 'GET', url: `${ADMIN}${call.url}`, headers, payload: call.payload as string | undefined });
}

describe('admin API access, route by route', () => {
  it('has a row for every admin route in the OpenAPI document, under the tag admin, and nothing else', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.filter((op) => !op.tags.includes('admin')).map((op) => op.key)).toEqual([]);
    expect(operations.map((op) => op.key).filter((key) => !ROWS[key])).toEqual([]);
    expect(operations.map((op) => op.key).filter((key) => !contract.has(key))).toEqual([]);
    expect(Object.keys(ROWS).filter((key) => !operations.some((op) => op.key === key))).toEqual([]);
  });

  it.each(operations.map((op) => [op.key] as const))('%s: anonymous 401, shopper 403, no second factor 401, staff only where allowed', async (key) => {
    const route = contract.get(key)!;
    const method = key.split(' ')[0]!;
    const call = await ROWS[key]!(fx);
    const anonymous = await send(method, call, undefined);
    expect([anonymous.statusCode, json(anonymous).code]).toEqual([401, 'UNAUTHENTICATED']);
    const shopper = await send(method, call, shopperToken);
    expect([shopper.statusCode, json(shopper).code]).toEqual([403, 'FORBIDDEN']);
    if (route.session === 'admin') {
      const withoutFactor = await send(method, call, staff.signInToken);
      expect([withoutFactor.statusCode, json(withoutFactor).code]).toEqual([401, 'MFA_REQUIRED']);
      const notEnrolled = await send(method, call, unenrolled.signInToken);
      expect([notEnrolled.statusCode, json(notEnrolled).code]).toEqual([401, 'MFA_ENROLMENT_REQUIRED']);
    }
    if (route.role === 'owner') {
      const asStaff = await send(method, call, staff.token);
      expect([asStaff.statusCode, json(asStaff).code]).toEqual([403, 'OWNER_REQUIRED']);
    }
  });

  it.each(operations.filter((op) => contract.get(op.key)!.writes).map((op) => [op.key] as const))('%s: an owner’s write succeeds and leaves its audit row', async (key) => {
    const method = key.split(' ')[0]!;
    const call = await ROWS[key]!(fx);
    const response = await send(method, call, call.token ?? owner.token);
    expect(response.statusCode, response.body).toBeLessThan(300);
    const requestId = response.headers['x-request-id'] as string;
    const [rows] = await app.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.requestId, requestId));
    expect(Number(rows!.n), `audit rows of ${key}`).toBeGreaterThanOrEqual(1);
  });

  it('refuses staff a refund above STAFF_REFUND_LIMIT_MINOR (403 OWNER_REQUIRED, nothing written); an owner makes it, with its audit row', async () => {
    const orderId = await fx.paidOrder(8);
    const limit = app.config.staffRefundLimitMinor;
    const refused = await send('POST', { url: `/orders/${orderId}/refunds`, payload: { kind: 'amount', amountMinor: limit + 1, reason: 'Too much for staff' } }, staff.token);
    expect([refused.statusCode, json(refused).code], refused.body).toEqual([403, 'OWNER_REQUIRED']);
    const [none] = await app.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entityId, orderId));
    expect(Number(none!.n)).toBe(0);
    const allowed = await send('POST', { url: `/orders/${orderId}/refunds`, payload: { kind: 'amount', amountMinor: limit, reason: 'Within the limit' } }, staff.token);
    expect(allowed.statusCode, allowed.body).toBe(201);
    const [row] = await app.database.db.select().from(auditLog).where(eq(auditLog.requestId, allowed.headers['x-request-id'] as string));
    expect(row).toMatchObject({ action: 'order.refund', entity: 'order', entityId: orderId, actorEmail: staff.email });
  });

  it('keeps reads out of the audit log', async () => {
    const response = await adminCall(app, owner.token)('GET', '/products');
    const [rows] = await app.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.requestId, response.headers['x-request-id'] as string));
    expect(Number(rows!.n)).toBe(0);
  });

  it('answers unknown admin paths with a 404 envelope, not a page', async () => {
    const response = await app.inject({ method: 'GET', url: `${ADMIN}/no-such-thing`, headers: bearer(owner.token) });
    expect([response.statusCode, json(response).code]).toEqual([404, 'ROUTE_NOT_FOUND']);
    expect(response.headers['content-type']).toContain('application/json');
  });

  // A locked operator's session ending at once: admin-effects.test.ts.
  it('refuses an admin token on storefront routes', async () => {
    const me = await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(owner.token) });
    expect(me.statusCode).toBe(401);
  });
});
