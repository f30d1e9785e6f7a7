import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Product } from '@app/contract';
import { cartItems, orderItems, products } from '../src/db/schema/index.ts';
import { createCatalogWrites } from '../src/modules/catalog/catalog.writes.ts';
import { deleteUnorderedProduct } from '../src/modules/catalog/delete-product.ts';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp } from './helper.ts';
import { placeOrder, quickBuyer } from './order-helpers.ts';

/**
 * Decision 0058: order lines, certificates and cart lines keep no foreign key to products, so the
 * buyers of one product do not share-lock its row. What the keys guaranteed is kept by the code:
 * no oversell (the conditional stock update decides), an ordered product is never deleted, and
 * deleting an unordered one takes its cart lines with it. Runs on PGlite and on PostgreSQL.
 */
let app: FastifyInstance;
let plain: Product[];

beforeAll(async () => {
  app = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '1000' } });
  ({ plain } = pickProducts(app));
});
afterAll(async () => app?.close());

describe('hot products without foreign keys to products', () => {
  it('order lines, certificates and cart lines have no foreign key to products', async () => {
    const result = (await app.database.db.execute(sql`
      select c.conrelid::regclass::text as table_name from pg_constraint c
      where c.contype = 'f' and c.confrelid = 'products'::regclass
        and c.conrelid::regclass::text in ('order_items', 'certificates', 'cart_items')`)) as unknown as { rows: unknown[] };
    expect(result.rows).toEqual([]);
  });

  it('two buyers racing for the last unit of one product: one order, stock 0, the other told it is out of stock', async () => {
    const product = plain[7];
    await createCatalogWrites(app.database.db, app.catalog).setStock(product.id, 1);
    const [first, second] = await Promise.all([quickBuyer(app), quickBuyer(app)]);
    for (const buyer of [first, second]) expect((await buyer.cart.patch({ products: [{ product: product.id, quantity: 1 }] })).status).toBe(200);

    const results = await Promise.all([placeOrder(app, first.token), placeOrder(app, second.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body).toMatchObject({ code: 'CART_OUT_OF_STOCK', message: `${product.name} is out of stock. Please remove it from your cart` });
    const [row] = await app.database.db.select().from(products).where(eq(products.id, product.id));
    expect([row.stock, row.reserved]).toEqual([0, 0]);
    expect(await app.database.db.select().from(orderItems).where(eq(orderItems.productId, product.id))).toHaveLength(1);
  }, 60_000);

  it('an ordered product is never deleted (archived instead); an unordered one goes with its cart lines', async () => {
    const ordered = plain[8];
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: ordered.id, quantity: 1 }] });
    expect((await placeOrder(app, buyer.token)).status).toBe(200);
    expect(await deleteUnorderedProduct(app.database.db, ordered.id)).toBe(false);
    expect(await app.database.db.select({ id: products.id }).from(products).where(eq(products.id, ordered.id))).toHaveLength(1);

    const writes = createCatalogWrites(app.database.db, app.catalog);
    const unordered = await writes.createProduct({ slug: 'hot-product-unordered', name: 'Never ordered', kind: 'goods', shortDescription: 'x.', description: 'x', stock: 3, prices: [{ currency: 'USD', priceMinor: 500 }] });
    const holder = await quickBuyer(app);
    expect((await holder.cart.patch({ products: [{ product: unordered, quantity: 1 }] })).status).toBe(200);
    await writes.removeProduct(unordered);
    expect(await app.database.db.select().from(cartItems).where(eq(cartItems.productId, unordered))).toEqual([]);
    expect((await holder.cart.get()).body.data.products).toEqual([]);
  }, 60_000);
});
