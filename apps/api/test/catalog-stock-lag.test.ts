import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { products } from '../src/db/schema/index.ts';
import { createCatalogWrites } from '../src/modules/catalog/catalog.writes.ts';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp } from './helper.ts';
import { placeOrder, quickBuyer } from './order-helpers.ts';

/**
 * Issue 28: stock changes reach the catalog read model coalesced, after the answers. Runs on
 * PGlite by default and on PostgreSQL with DATABASE_URL.
 */
const LAG_MS = 300;
let app: FastifyInstance;
let stockReloads = 0;

beforeAll(async () => {
  app = await createTestApp({
    env: { ORDER_RATE_LIMIT_MAX: '1000', CATALOG_STOCK_LAG_MS: String(LAG_MS) },
    // The read model's stock-only reload is the one statement that aggregates sizes as json.
    logger: { logQuery: (query: string) => void (query.includes("json_build_object('id', s.id, 'stock', s.stock") && stockReloads++) },
  });
});
afterAll(async () => {
  await app.close();
});

const shownStock = (id: string) => app.catalog.snapshot().products.find((p) => p.id === id)!.actualStock;

describe('coalesced catalog stock refresh', () => {
  it('a burst of 20 orders is one or two stock reloads, shown within the lag; the database decides the sale', async () => {
    const product = pickProducts(app).plain[3];
    await createCatalogWrites(app.database.db, app.catalog).setStock(product.id, 10);
    expect(shownStock(product.id)).toBe(10);
    const racers = await Promise.all(Array.from({ length: 20 }, () => quickBuyer(app)));
    for (const racer of racers) expect((await racer.cart.patch({ products: [{ product: product.id, quantity: 1 }] })).status).toBe(200);

    stockReloads = 0;
    const results = await Promise.all(racers.map((racer) => placeOrder(app, racer.token)));
    // The read model still shows 10 for a moment: never used to decide, so only 10 were sold.
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409)).toHaveLength(10);
    const [row] = await app.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row.stock).toBe(0);

    const until = Date.now() + LAG_MS + 2000;
    while (shownStock(product.id) !== 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shownStock(product.id)).toBe(0);
    expect(stockReloads).toBeGreaterThanOrEqual(1);
    expect(stockReloads).toBeLessThanOrEqual(3);
  }, 60_000);

  it('edits that are not stock-only still show before the write answers', async () => {
    const product = pickProducts(app).plain[4];
    await createCatalogWrites(app.database.db, app.catalog).setStock(product.id, 7);
    expect(shownStock(product.id)).toBe(7);
  });
});
