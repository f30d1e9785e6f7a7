import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp, isBackgroundStatement, settleAfterAnswers } from './helper.ts';
import { placeOrder, quickBuyer } from './order-helpers.ts';

/**
 * Issue 28 / decision 0059: a cart change, a coupon apply and a coupon unapply are one database
 * round trip each, and the cart read answers from the person's cached cart. These tests count the
 * SQL statements each request sends, with the cart cache and the session cache on as in
 * production (the session check is then no statement either), and check that the cache never
 * answers a cart that another write changed.
 */
let app: FastifyInstance;
const statements: string[] = [];
let counting = false;

beforeAll(async () => {
  app = await createTestApp({
    env: { CART_CACHE_MS: '60000', SESSION_CACHE_MS: '10000', ORDER_RATE_LIMIT_MAX: '1000' },
    logger: { logQuery: (query: string, params: unknown[]) => void (counting && !isBackgroundStatement(query, params) && statements.push(query)) },
  });
});
afterAll(async () => app?.close());

/** Runs `request` and answers its result with the statements it sent. */
async function counted<T>(request: () => Promise<T>): Promise<{ result: T; count: number; sent: string }> {
  statements.length = 0;
  counting = true;
  try {
    const result = await request();
    return { result, count: statements.length, sent: statements.map((q) => q.slice(0, 120)).join('\n') };
  } finally {
    counting = false;
  }
}

describe('statements per cart write', () => {
  it('a cart change, a coupon apply and a coupon unapply are one statement each; a read of a cart seen before is none', async () => {
    const { plain } = pickProducts(app);
    const buyer = await quickBuyer(app);
    await buyer.cart.get(); // the session is checked and cached; the cart (none yet) is seen

    const added = await counted(() => buyer.cart.patch({ products: [{ product: plain[0].id, quantity: 1 }] }));
    expect(added.result.status).toBe(200);
    expect(added.result.body.message).toBe('Added to cart Successfully');
    expect(added.count, added.sent).toBe(1);

    const again = await counted(() => buyer.cart.patch({ products: [{ product: plain[0].id, quantity: 2 }, { product: plain[1].id, quantity: 1 }] }));
    expect(again.result.body.data.products.map((line: { quantity: number }) => line.quantity)).toEqual([3, 1]);
    expect(again.count, again.sent).toBe(1);

    const applied = await counted(() => buyer.cart.apply('welcome10'));
    expect(applied.result.status).toBe(200);
    expect(applied.result.body.message).toBe('Coupon WELCOME10 applied');
    expect(applied.result.body.data.discountMinor).toBeGreaterThan(0);
    expect(applied.count, applied.sent).toBe(1);

    const read = await counted(() => buyer.cart.get());
    expect(read.result.body.data.coupon).toBe('WELCOME10');
    expect(read.result.body.data.products).toHaveLength(2);
    expect(read.count, read.sent).toBe(0);

    const unapplied = await counted(() => buyer.cart.unapply());
    expect(unapplied.result.body.data.coupon).toBeNull();
    expect(unapplied.count, unapplied.sent).toBe(1);

    const removed = await counted(() => buyer.cart.patch({ products: [{ product: plain[1].id, quantity: 0 }] }));
    expect(removed.result.body.message).toBe('Item Removed from cart');
    expect(removed.result.body.data.products).toHaveLength(1);
    expect(removed.count, removed.sent).toBe(1);

    const refused = await counted(() => buyer.cart.apply('NOSUCHCODE'));
    expect(refused.result.status).toBe(404);
    expect(refused.result.body.message).toBe('There is no coupon NOSUCHCODE');
    expect(refused.count, refused.sent).toBe(1);
  });

  it('a cart changed behind the cache (another process, the database) is planned again from the database, never overwritten', async () => {
    const { plain } = pickProducts(app);
    const buyer = await quickBuyer(app);
    const first = await buyer.cart.patch({ products: [{ product: plain[2].id, quantity: 1 }] });
    const lineId = first.body.data.products[0].cartItemId as string;
    // Another writer raises the line to 4 without this process knowing.
    await app.database.db.execute(sql`update cart_items set quantity = 4 where id = ${lineId}::uuid`);

    const added = await counted(() => buyer.cart.patch({ products: [{ product: plain[2].id, quantity: 1 }] }));
    expect(added.result.status).toBe(200);
    expect(added.result.body.data.products[0].quantity).toBe(5);
    // The plan made from the cached cart met another cart: the answer carried the cart as it is, planned again.
    expect(added.count, added.sent).toBe(2);
  });

  it('forgets the cart when an order empties it, so the next read shows it empty', async () => {
    const { plain } = pickProducts(app);
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: plain[3].id, quantity: 1 }] });
    expect((await buyer.cart.get()).body.data.products).toHaveLength(1);
    const placed = await placeOrder(app, buyer.token);
    expect(placed.status).toBe(200);
    await settleAfterAnswers(app);
    const straight = await counted(() => buyer.cart.patch({ products: [{ product: plain[3].id, quantity: 1 }] }));
    // Planned from the emptied cart the order left: one call.
    expect(straight.count, straight.sent).toBe(1);
    expect((await placeOrder(app, buyer.token)).status).toBe(200);
    await settleAfterAnswers(app);
    const after = await counted(() => buyer.cart.get());
    expect(after.result.body.data.products).toEqual([]);
    expect(after.count).toBe(1);
    // The next add (the buyer's next purchase) is one call again.
    const next = await counted(() => buyer.cart.patch({ products: [{ product: plain[3].id, quantity: 1 }] }));
    expect(next.result.body.data.products.map((line: { quantity: number }) => line.quantity)).toEqual([1]);
    expect(next.count, next.sent).toBe(1);
  });

  it('refuses more than is in stock from a cached cart with the same message', async () => {
    const { plain } = pickProducts(app);
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: plain[4].id, quantity: 1 }] });
    await app.database.db.execute(sql`update products set stock = 2, reserved = 0 where id = ${plain[4].id}::uuid`);
    const refused = await counted(() => buyer.cart.patch({ products: [{ product: plain[4].id, quantity: 5 }] }));
    expect(refused.result.status).toBe(409);
    expect(refused.result.body.message).toBe(`Only 2 of ${plain[4].name} are left in stock; you already have 1 in your cart`);
    expect(refused.count, refused.sent).toBe(1);
    expect((await buyer.cart.get()).body.data.products[0].quantity).toBe(1);
  });

  it.runIf(!!process.env.DATABASE_URL)('forgets a cart another API process changed, when its NOTIFY arrives (PostgreSQL)', async () => {
    const { plain } = pickProducts(app);
    const buyer = await quickBuyer(app);
    const added = await buyer.cart.patch({ products: [{ product: plain[5].id, quantity: 1 }] });
    expect((await buyer.cart.get()).body.data.products[0].quantity).toBe(1);
    // What another process's change leaves behind: the rows changed, and the carts trigger's NOTIFY.
    await app.database.db.execute(sql`update cart_items set quantity = 3 where id = ${added.body.data.products[0].cartItemId}::uuid`);
    await app.database.db.execute(sql`select pg_notify('cart_changed', ${`${buyer.id} carbonwise-api:another-process`})`);
    let quantity = 0;
    for (let waited = 0; waited < 3000 && quantity !== 3; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      quantity = (await buyer.cart.get()).body.data.products[0].quantity;
    }
    expect(quantity).toBe(3);
  });

  it('the cart functions answer json text, not jsonb (migration 0045)', async () => {
    // orders-kept-cart.test.ts pins that an order placed from such an answer still matches the
    // locked cart (place_order compares them as jsonb) and needs no placement read.
    const answers = (await app.database.db.execute(
      sql`select proname as name, prorettype::regtype::text as type from pg_proc where proname in ('cart_read', 'cart_lock_state', 'cart_apply', 'cart_coupon_apply', 'cart_coupon_unapply', 'cart_state') order by proname`,
    )) as unknown as { rows: { name: string; type: string }[] };
    expect(answers.rows).toEqual(['cart_apply', 'cart_coupon_apply', 'cart_coupon_unapply', 'cart_lock_state', 'cart_read', 'cart_state'].map((name) => ({ name, type: 'json' })));
  });
});
