import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Product } from '@app/contract';
import { orders, products, referralEarnings, stockLedger, users } from '../src/db/schema/index.ts';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp } from './helper.ts';
import { orderBody, placeOrder, quickBuyer } from './order-helpers.ts';

/**
 * The order paid at once is one call of place_order (decision 0058): what its Idempotency-Key
 * guarantees holds there too. Runs on PGlite and on PostgreSQL.
 */
let app: FastifyInstance;
let plain: Product[];

beforeAll(async () => {
  app = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '1000' } });
  ({ plain } = pickProducts(app));
});
afterAll(async () => app?.close());

const stockOf = async (id: string) => (await app.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

describe('one call places the order', () => {
  it('a retry with the same Idempotency-Key answers the first order; the units are sold once', async () => {
    const product = plain[9];
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: product.id, quantity: 2 }] });
    const before = await stockOf(product.id);
    const first = await placeOrder(app, buyer.token, orderBody(), 'retry-key-0001');
    expect([first.status, first.body.message, first.body.data.status]).toEqual([200, 'Order placed and paid', 'paid']);
    // The cart is empty now, yet the retry answers the first order rather than CART_EMPTY.
    const again = await placeOrder(app, buyer.token, orderBody(), 'retry-key-0001');
    expect([again.status, again.body.message, again.body.data._id, again.body.data.orderNumber]).toEqual([200, 'Order already placed', first.body.data._id, first.body.data.orderNumber]);
    expect(await app.database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(before - 2);
    expect(await app.database.db.select().from(stockLedger).where(eq(stockLedger.orderId, first.body.data._id))).toHaveLength(1);
    // The same key with another body is refused.
    const other = await placeOrder(app, buyer.token, orderBody({ firstName: 'Someone' }), 'retry-key-0001');
    expect([other.status, other.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
  }, 60_000);

  it('two requests with one key at once: one order, both answer it', async () => {
    const product = plain[10];
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: product.id, quantity: 1 }] });
    const before = await stockOf(product.id);
    const results = await Promise.all([placeOrder(app, buyer.token, orderBody(), 'twin-key-0001'), placeOrder(app, buyer.token, orderBody(), 'twin-key-0001')]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(new Set(results.map((r) => r.body.data._id)).size).toBe(1);
    expect(await app.database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(before - 1);
  }, 60_000);

  it('a refused order writes nothing and keeps the cart (stock short at the call)', async () => {
    const product = plain[11];
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: product.id, quantity: 2 }] });
    // Sold out in the database after the cart was filled (the catalog may still show units).
    await app.database.db.update(products).set({ stock: 1 }).where(eq(products.id, product.id));
    const refused = await placeOrder(app, buyer.token);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([409, 'CART_OUT_OF_STOCK', `Only 1 of ${product.name} is left in stock. Please lower the quantity in your cart`]);
    expect(await app.database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, buyer.id))).toEqual([]);
    expect((await buyer.cart.get()).body.data.products).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(1);
  }, 60_000);

  it('credits only the sign-up referrer: an order paid at once naming a second account earns it nothing (issue 23 item 6)', async () => {
    const [buyer, accomplice, referrer] = await Promise.all([quickBuyer(app), quickBuyer(app), quickBuyer(app)]);
    const earnedBy = (id: string) => app.database.db.select().from(referralEarnings).where(eq(referralEarnings.userId, id));
    await buyer.cart.patch({ products: [{ product: plain[12]!.id, quantity: 1 }] });
    const named = await placeOrder(app, buyer.token, orderBody({ referalUserId: accomplice.id }));
    expect([named.status, named.body.data.status]).toEqual([200, 'paid']);
    expect(JSON.stringify(named.body)).not.toContain(accomplice.id);
    expect(await earnedBy(accomplice.id)).toEqual([]);
    // Signed up through the referrer's link: the order earns them, whatever it names.
    await app.database.db.update(users).set({ referredByUserId: referrer.id }).where(eq(users.id, buyer.id));
    await buyer.cart.patch({ products: [{ product: plain[12]!.id, quantity: 1 }] });
    const other = await placeOrder(app, buyer.token, orderBody({ referalUserId: accomplice.id }));
    await buyer.cart.patch({ products: [{ product: plain[12]!.id, quantity: 1 }] });
    const referred = await placeOrder(app, buyer.token, orderBody({ referalUserId: '' }));
    expect([other.body.data.status, referred.body.data.status]).toEqual(['paid', 'paid']);
    expect(await earnedBy(accomplice.id)).toEqual([]);
    expect((await earnedBy(referrer.id)).map((row) => row.orderId)).toEqual([referred.body.data.id]);
  });
});
