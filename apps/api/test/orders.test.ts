import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Product } from '@app/contract';
import { coupons, orders, products } from '../src/db/schema/index.ts';
import { createCatalogWrites } from '../src/modules/catalog/catalog.writes.ts';
import { createCoupon } from '../src/modules/coupons/coupon-admin.ts';
import { createCouponsRepository } from '../src/modules/coupons/coupons.repository.ts';
import { mailTo } from './auth-helpers.ts';
import { pickProducts, priceIn } from './cart-helpers.ts';
import { createTestApp } from './helper.ts';
import { getJson, orderBody, placeOrder, quickBuyer } from './order-helpers.ts';

let app: FastifyInstance;
let plain: Product[];

beforeAll(async () => {
  app = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '1000' } });
  ({ plain } = pickProducts(app));
});
afterAll(async () => {
  await app.close();
});

describe('POST v1/orders: placing an order from the cart', () => {
  it('freezes the lines, prices and totals; pays with the test provider; empties the cart', async () => {
    const buyer = await quickBuyer(app);
    const [a, b] = plain;
    await buyer.cart.patch({ products: [{ product: a.id, quantity: 2 }, { product: b.id, quantity: 1 }] });
    const placed = await placeOrder(app, buyer.token);
    expect(placed.status).toBe(200);
    expect(placed.body.success).toBe(true);
    const order = placed.body.data;
    const expected = priceIn(a, 'USD') * 2 + priceIn(b, 'USD');
    expect(order).toMatchObject({ status: 'paid', kind: 'personal', currency: 'USD', subTotalMinor: expected, discountMinor: 0, orderTotalMinor: expected, buyerEmail: buyer.email });
    // No date in the number (issue 26: a UTC date contradicted the buyer's own).
    expect(order.orderNumber).toMatch(/^GM-[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);
    expect(order.payment).toEqual({ provider: 'test', checkoutUrl: null });
    expect(order.products.map((line: { product: { id: string }; quantity: number; priceMinor: number }) => [line.product.id, line.quantity, line.priceMinor])).toEqual([
      [a.id, 2, priceIn(a, 'USD')],
      [b.id, 1, priceIn(b, 'USD')],
    ]);
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.paymentReference).toMatch(/^test_[0-9a-f-]{36}$/);
    expect((await buyer.cart.get()).body.data.products).toEqual([]);

    // A later price change leaves the order as it was placed.
    await createCatalogWrites(app.database.db, app.catalog).setPrice(a.id, 'USD', priceIn(a, 'USD') + 1234);
    const again = await getJson(app, buyer.token, `/api/v1/orders/${order.id}`);
    expect(again.status).toBe(200);
    expect(again.body.data.products[0].priceMinor).toBe(priceIn(a, 'USD'));
    expect(again.body.data.orderTotalMinor).toBe(expected);
  });

  it('sells the units: stock falls by the quantity and nothing stays reserved', async () => {
    const buyer = await quickBuyer(app);
    const product = plain[2];
    const [before] = await app.database.db.select().from(products).where(eq(products.id, product.id));
    await buyer.cart.patch({ products: [{ product: product.id, quantity: 3 }] });
    expect((await placeOrder(app, buyer.token)).status).toBe(200);
    const [after] = await app.database.db.select().from(products).where(eq(products.id, product.id));
    expect([after.stock, after.reserved]).toEqual([before.stock - 3, 0]);
    expect(app.catalog.snapshot().products.find((p) => p.id === product.id)!.actualStock).toBe(before.stock - 3);
  });

  it('takes the coupon off the total, freezes it on the order and counts its use', async () => {
    const repo = createCouponsRepository(app.database.db);
    const coupon = await createCoupon(repo, { code: `TENOFF${Date.now().toString(36).toUpperCase()}`, kind: 'percent', percentOff: 10 });
    const buyer = await quickBuyer(app);
    const product = plain[3];
    await buyer.cart.patch({ products: [{ product: product.id, quantity: 2 }] });
    expect((await buyer.cart.apply(coupon.code)).status).toBe(200);
    const { status, body } = await placeOrder(app, buyer.token);
    expect(status).toBe(200);
    const sub = priceIn(product, 'USD') * 2;
    const discount = Math.round(sub / 10);
    expect(body.data).toMatchObject({ coupon: coupon.code, discountUnit: 'percent', subTotalMinor: sub, discountMinor: discount, orderTotalMinor: sub - discount });
    const [row] = await app.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row.usedCount).toBe(1);
    expect((await buyer.cart.get()).body.data.coupon).toBeNull();
  });

  it('refuses an empty cart (CART_EMPTY) and writes nothing', async () => {
    const buyer = await quickBuyer(app);
    const { status, body } = await placeOrder(app, buyer.token);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'CART_EMPTY' });
    expect(await app.database.db.select().from(orders).where(eq(orders.userId, buyer.id))).toEqual([]);
  });

  it('refuses a total the card provider cannot charge (ORDER_TOTAL_OUT_OF_RANGE)', async () => {
    const buyer = await quickBuyer(app);
    const product = plain[4];
    await createCatalogWrites(app.database.db, app.catalog).setPrice(product.id, 'USD', 10);
    await buyer.cart.patch({ products: [{ product: product.id, quantity: 1 }] });
    const { status, body } = await placeOrder(app, buyer.token);
    expect(status).toBe(400);
    expect(body.code).toBe('ORDER_TOTAL_OUT_OF_RANGE');
    expect(body.message).toContain('0.50 USD');
    expect((await buyer.cart.get()).body.data.products).toHaveLength(1);
  });

  it('records an event order by conferanceCode', async () => {
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: plain[0].id, quantity: 1 }] });
    const { body } = await placeOrder(app, buyer.token, orderBody({ conferanceCode: 'COP-31' }));
    expect(body.data).toMatchObject({ kind: 'event', conferanceCode: 'COP-31', isBusinessOrder: false });
  });

  it('refuses a business order without businessCode (400) or for a business the buyer has no part in (403)', async () => {
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: plain[0].id, quantity: 1 }] });
    const missing = await placeOrder(app, buyer.token, orderBody({ isBusinessOrder: true }));
    expect(missing.status).toBe(400);
    expect(missing.body.fields.businessCode).toBeDefined();
    const refused = await placeOrder(app, buyer.token, orderBody({ isBusinessOrder: true, businessCode: 'ACME' }));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/Only the owner and members of this business/);
    expect((await buyer.cart.get()).body.data.products).toHaveLength(1);
  });
});

describe('hostile and wrong requests', () => {
  it('answers 401 without a token', async () => {
    const { status, body } = await placeOrder(app, null);
    expect(status).toBe(401);
    expect(body.code).toBe('UNAUTHENTICATED');
  });

  it('ignores cart fields and prices the client sends along', async () => {
    const buyer = await quickBuyer(app);
    const product = plain[1];
    await buyer.cart.patch({ products: [{ product: product.id, quantity: 1 }] });
    const { status, body } = await placeOrder(app, buyer.token, orderBody({ orderTotal: 0.01, subTotal: 0.01, products: [{ product: product.id, price: 0 }], discount: 999 }));
    expect(status).toBe(200);
    expect(body.data.orderTotalMinor).toBe(priceIn(product, 'USD'));
  });

  it('answers 400 with fields for wrong types, a bad address or a bad Idempotency-Key', async () => {
    const buyer = await quickBuyer(app);
    const wrong = await placeOrder(app, buyer.token, orderBody({ firstName: 42, isBusinessOrder: 'yes', referalUserId: 'not-an-id' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(wrong.body.fields)).toEqual(expect.arrayContaining(['firstName', 'isBusinessOrder', 'referalUserId']));
    const address = await placeOrder(app, buyer.token, orderBody({ address: { line1: '', country: 'Britain' } }));
    expect(address.status).toBe(400);
    const key = await placeOrder(app, buyer.token, orderBody(), 'short');
    expect(key.status).toBe(400);
    const notJson = await app.inject({ method: 'POST', url: '/api/v1/orders', headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' }, payload: '{"firstName":' });
    expect(notJson.statusCode).toBe(400);
  });

  it("answers 404 for someone else's order, for an unknown id and for a malformed id (400)", async () => {
    const owner = await quickBuyer(app);
    await owner.cart.patch({ products: [{ product: plain[0].id, quantity: 1 }] });
    const { body } = await placeOrder(app, owner.token);
    const stranger = await quickBuyer(app);
    expect((await getJson(app, stranger.token, `/api/v1/orders/${body.data.id}`)).status).toBe(404);
    expect((await getJson(app, owner.token, `/api/v1/orders/${body.data.id}?isBusinessOrder=true&businessCode=ACME`)).status).toBe(404);
    expect((await getJson(app, owner.token, '/api/v1/orders/0190a5b2-0000-7000-8000-000000000000')).status).toBe(404);
    expect((await getJson(app, owner.token, '/api/v1/orders/nope')).status).toBe(400);
    expect((await getJson(app, null, `/api/v1/orders/${body.data.id}`)).status).toBe(401);
  });
});

describe('after payment', () => {
  it('the timeline says placed and paid; the test provider refunds at once, never more than was paid', async () => {
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: plain[2].id, quantity: 1 }] });
    const { body } = await placeOrder(app, buyer.token);
    const id = body.data.id as string;
    const total = body.data.orderTotalMinor as number;
    const read = (await getJson(app, buyer.token, `/api/v1/orders/${id}`)).body.data;
    expect(read.timeline.map((e: { kind: string; actor: string; amountMinor: number }) => [e.kind, e.actor, e.amountMinor])).toEqual([
      ['placed', 'buyer', total],
      ['paid', 'provider', total],
    ]);
    await app.orders.refunds.refundOrder(id, { amountMinor: total - 100, reason: 'requested', requestKey: `orders-test-${id}-1`, actor: 'operator' });
    await expect(app.orders.refunds.refundOrder(id, { amountMinor: 101, reason: 'requested', requestKey: `orders-test-${id}-2`, actor: 'operator' })).rejects.toMatchObject({ code: 'REFUND_EXCEEDS_PAYMENT' });
    // The same request again does nothing.
    expect(await app.orders.refunds.refundOrder(id, { amountMinor: total - 100, reason: 'requested', requestKey: `orders-test-${id}-1`, actor: 'operator' })).toBeNull();
    await app.orders.refunds.refundOrder(id, { amountMinor: 100, reason: 'requested', requestKey: `orders-test-${id}-3`, actor: 'operator' });
    const after = (await getJson(app, buyer.token, `/api/v1/orders/${id}`)).body.data;
    expect(after.refundedMinor).toBe(total);
    expect(after.timeline.filter((e: { kind: string }) => e.kind === 'refunded').map((e: { amountMinor: number }) => e.amountMinor)).toEqual([total - 100, 100]);
  });

  it('mails the confirmation with the number, lines, total and the order page', async () => {
    const buyer = await quickBuyer(app);
    const product = plain[0];
    await buyer.cart.patch({ products: [{ product: product.id, quantity: 1 }] });
    const { body } = await placeOrder(app, buyer.token);
    const [mail] = await mailTo(app, buyer.email);
    expect(mail.template).toBe('order-confirmation');
    expect(mail.subject).toContain(body.data.orderNumber);
    // An offset says what a unit is (issue 26.10): "1 t CO₂e × …"; goods stay a count.
    expect(mail.text).toContain(product.unit === 'item' ? `1 × ${product.name}` : `1 t CO₂e × ${product.name}`);
    expect(mail.text).toContain(`/account/orders/${body.data.id}`);
    expect(mail.text).toMatch(/Total: \d+\.\d{2} USD/);
  });

  it("mails the account's own address, not a buyerEmail typed into the order", async () => {
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: plain[0].id, quantity: 1 }] });
    const { body } = await placeOrder(app, buyer.token, orderBody({ buyerEmail: 'someone.else@example.com' }));
    expect(body.data.buyerEmail).toBe('someone.else@example.com');
    expect(await mailTo(app, 'someone.else@example.com')).toEqual([]);
    expect((await mailTo(app, buyer.email)).map((m) => m.template)).toEqual(['order-confirmation']);
  });

  it('makes the buyer eligible to review the product (reviews read real orders)', async () => {
    const buyer = await quickBuyer(app);
    const product = plain[1];
    const before = await getJson(app, buyer.token, `/api/v1/review/eligibility/${product.id}`);
    expect(before.body.data.orders).toEqual([]);
    await buyer.cart.patch({ products: [{ product: product.id, quantity: 1 }] });
    const { body } = await placeOrder(app, buyer.token);
    const after = await getJson(app, buyer.token, `/api/v1/review/eligibility/${product.id}`);
    expect(after.body.data.orders.map((o: { order: string }) => o.order)).toEqual([body.data.id]);
  });
});
