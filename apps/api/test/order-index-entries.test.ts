import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp } from './helper.ts';
import { placeOrder, quickBuyer } from './order-helpers.ts';

type Rows<T> = { rows: T[] };

/**
 * Issue 28, migration 0049: an order writes about 26 index entries. Two of them were NULLs that no
 * look-up reads: the order's business (most orders have none) and the certificate's gift token
 * (most certificates are not gifts). Those indexes now hold only rows with a value.
 */
describe('indexes an order writes hold no NULL entries', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());

  it("an order without a business and a certificate that is not a gift add no entry to the business and gift-token indexes", async () => {
    const buyer = await quickBuyer(app);
    const offset = pickProducts(app).plain.find((product) => product.unit !== 'item')!;
    await buyer.cart.patch({ products: [{ product: offset.id, quantity: 1 }] });
    const placed = await placeOrder(app, buyer.token);
    expect(placed.status).toBe(200);

    // ANALYZE counts each index's entries exactly while a table is this small (all rows sampled).
    await app.database.db.execute(sql`ANALYZE orders`);
    await app.database.db.execute(sql`ANALYZE certificates`);
    const count = async (query: ReturnType<typeof sql>) => Number(((await app.database.db.execute(query)) as unknown as Rows<{ n: string | number }>).rows[0]!.n);
    const entries = (index: string) => count(sql`SELECT reltuples::bigint AS n FROM pg_class WHERE relname = ${index}`);

    const orders = await count(sql`SELECT count(*) AS n FROM orders`);
    const businessOrders = await count(sql`SELECT count(*) AS n FROM orders WHERE business_id IS NOT NULL`);
    const certificates = await count(sql`SELECT count(*) AS n FROM certificates`);
    const gifts = await count(sql`SELECT count(*) AS n FROM certificates WHERE gift_token_hash IS NOT NULL`);
    expect(orders).toBeGreaterThan(businessOrders);
    expect(certificates).toBeGreaterThan(gifts);
    // Before migration 0049 these were the row counts (an entry per order, per certificate).
    expect(await entries('orders_business_idx')).toBe(businessOrders);
    expect(await entries('certificates_gift_token_unique')).toBe(gifts);
  });
});
