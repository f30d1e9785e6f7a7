import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createCatalogReadModel } from '../src/modules/catalog/catalog.read-model.ts';
import { createCatalogRepository } from '../src/modules/catalog/catalog.repository.ts';
import type { EncodedBody } from '../src/lib/encoded-body.ts';
import { createTestApp, json } from './helper.ts';

/**
 * Issue 28: a burst of orders changes only stock, and nobody may be reading those product pages.
 * Compressing each changed page at every refresh was 13% of the order loop's API CPU, so a
 * stock-only change leaves the changed pages to be built on their first read. Other changes
 * (an operator's edit) still build them at once, and every read shows the new stock either way.
 */
describe('catalog read model: product pages after a stock-only change', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const stockOf = (body: EncodedBody) => (JSON.parse(body.identity.toString('utf8')) as { data: { stock: number } }).data.stock;

  it('builds a changed page on first read after a stock-only change, at once after any other change', async () => {
    const model = createCatalogReadModel(createCatalogRepository(app.database.db));
    await model.refresh();
    const product = model.snapshot().products.find((candidate) => candidate.variation.length === 0)!;
    const ready = model.productBody(product.slug);
    expect(ready).toBeDefined();
    expect(ready).not.toBeInstanceOf(Promise);

    await app.database.db.execute(sql`update products set stock = stock - 3 where id = ${product.id}::uuid`);
    await model.refresh([product.id], { stockOnly: true });
    const lazy = model.productBody(product.slug);
    expect(lazy).toBeInstanceOf(Promise);
    expect(stockOf(await lazy!)).toBe(product.stock - 3);
    // Built once: the next read has the bytes ready.
    const next = model.productBody(product.slug);
    expect(next).not.toBeInstanceOf(Promise);
    expect(stockOf(next as EncodedBody)).toBe(product.stock - 3);

    // Another product's page, untouched by the change, stayed ready.
    const other = model.snapshot().products.find((candidate) => candidate.id !== product.id)!;
    expect(model.productBody(other.slug)).not.toBeInstanceOf(Promise);

    await app.database.db.execute(sql`update products set stock = stock + 3 where id = ${product.id}::uuid`);
    await model.refresh([product.id]);
    const eager = model.productBody(product.slug);
    expect(eager).not.toBeInstanceOf(Promise);
    expect(stockOf(eager as EncodedBody)).toBe(product.stock);
    expect(model.productBody('no-such-product')).toBeUndefined();
  });

  it('answers the product page over HTTP with the stock an order left, in every encoding', async () => {
    const products = json(await app.inject({ method: 'GET', url: '/api/v1/products' })).data as { id: string; slug: string; stock: number; variation: unknown[] }[];
    const product = products.find((candidate) => candidate.variation.length === 0)!;
    await app.database.db.execute(sql`update products set stock = stock - 2 where id = ${product.id}::uuid`);
    await app.catalog.changed([product.id], { stockOnly: true });
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await app.inject({ method: 'GET', url: `/api/v1/productBySlug/${product.slug}`, headers: { 'accept-encoding': encoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    }
    const fresh = json(await app.inject({ method: 'GET', url: `/api/v1/productBySlug/${product.slug}` })).data as { stock: number };
    expect(fresh.stock).toBe(product.stock - 2);
    const missing = await app.inject({ method: 'GET', url: '/api/v1/productBySlug/no-such-product' });
    expect(missing.statusCode).toBe(404);
  });
});
