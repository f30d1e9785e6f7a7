import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createCartStore, fingerprint } from '../src/modules/cart/cart.store.ts';
import { registerVerified } from './auth-helpers.ts';
import { cartClient, pickProducts } from './cart-helpers.ts';
import { createTestApp } from './helper.ts';
import { placeOrder, quickBuyer } from './order-helpers.ts';

/**
 * Decision 0069: a cart change (a line, a coupon applied or taken off) commits without waiting
 * for the disk, by `synchronous_commit = off` for its own transaction only. Nothing else that
 * later runs on the same pooled connection (an order above all) may inherit it.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => app?.close());

/** The setting on every connection of the pool at once (PGlite has one session; PostgreSQL ten). */
async function settingEverywhere(): Promise<string[]> {
  const reads = Array.from({ length: 10 }, () => app.database.db.execute(sql`select current_setting('synchronous_commit') as v, pg_sleep(0.02)`));
  return (await Promise.all(reads)).map((result) => ((result as { rows: { v: string }[] }).rows[0]!).v);
}

describe('cart changes commit asynchronously, nothing else does', () => {
  it('a cart change turns synchronous commit off within its own transaction', async () => {
    const user = await quickBuyer(app);
    const product = pickProducts(app).plain[0]!;
    const store = createCartStore(app.database.db);
    const inside = await app.database.db.transaction(async (tx) => {
      const answer = await store.apply(user.id, 'USD', fingerprint(null, 'USD'), [{ id: null, productId: product.id, colorId: null, sizeId: null, quantity: 2, before: 0 }], { currency: 'USD' }, null, tx);
      expect(answer.status).toBe('ok');
      return ((await tx.execute(sql`select current_setting('synchronous_commit') as v`)) as { rows: { v: string }[] }).rows[0]!;
    });
    expect(inside.v).toBe('off');
    // The line was written (the transaction committed).
    const lines = await app.database.db.execute(sql`select quantity from cart_items i join carts c on c.id = i.cart_id where c.user_id = ${user.id}`);
    expect((lines as { rows: unknown[] }).rows).toEqual([{ quantity: 2 }]);
  });

  it('leaves every connection committing synchronously after cart changes and an order', async () => {
    const { token } = await registerVerified(app);
    const carts = cartClient(app, token);
    const [first, second] = pickProducts(app).plain;
    expect((await carts.patch({ products: [{ product: first!.id, quantity: 1 }] })).status).toBe(200);
    expect((await carts.patch({ products: [{ product: second!.id, quantity: 3 }] })).status).toBe(200);
    expect(new Set(await settingEverywhere())).toEqual(new Set(['on']));

    const buyer = await quickBuyer(app);
    expect((await buyer.cart.patch({ products: [{ product: first!.id, quantity: 1 }] })).status).toBe(200);
    const placed = await placeOrder(app, buyer.token);
    expect(placed.status).toBe(200);
    expect(placed.body.data.status).toBe('paid');
    expect(new Set(await settingEverywhere())).toEqual(new Set(['on']));
  });
});
