import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Product } from '@app/contract';
import { LISTEN_APPLICATION_NAME } from '../src/db/listen.ts';
import { categories, sdgs, standards } from '../src/db/schema/index.ts';
import { createCatalogWrites, type CatalogWrites } from '../src/modules/catalog/catalog.writes.ts';
import { createTestApp, json } from './helper.ts';

/** What a client sees right now: every list, the product page and the snapshot. */
async function read(app: FastifyInstance, slug: string) {
  const list: Product[] = json(await app.inject({ method: 'GET', url: '/api/v1/products?showDetails=1' })).data;
  const plain: Product[] = json(await app.inject({ method: 'GET', url: '/api/v1/products' })).data;
  const page = await app.inject({ method: 'GET', url: `/api/v1/productBySlug/${slug}` });
  return {
    fromList: list.find((p) => p.slug === slug),
    fromPlainList: plain.find((p) => p.slug === slug),
    page: page.statusCode === 200 ? (json(page).data as Product) : undefined,
    pageStatus: page.statusCode,
    snapshot: app.catalog.snapshot().bySlug(slug),
    featured: (json(await app.inject({ method: 'GET', url: '/api/v1/products/featured' })).data as Product[]).map((p) => p.slug),
  };
}

describe('catalog reads after each kind of write', () => {
  let app: FastifyInstance;
  let writes: CatalogWrites;
  let target: Product;
  beforeAll(async () => {
    app = await createTestApp();
    writes = createCatalogWrites(app.database.db, app.catalog);
    const products: Product[] = json(await app.inject({ method: 'GET', url: '/api/v1/products' })).data;
    target = products.find((p) => p.variation.length === 0 && !p.featured)!;
  });
  afterAll(async () => {
    await app.close();
  });

  it('stock', async () => {
    const etag = (await app.inject({ method: 'GET', url: `/api/v1/productBySlug/${target.slug}` })).headers.etag as string;
    await writes.setStock(target.id, 4321);
    const seen = await read(app, target.slug);
    for (const product of [seen.fromList, seen.fromPlainList, seen.page, seen.snapshot]) expect(product?.actualStock).toBe(4321);
    // A client holding the old body gets the new one, not a 304.
    const revalidated = await app.inject({ method: 'GET', url: `/api/v1/productBySlug/${target.slug}`, headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(200);
  });

  it('stock of one size of a product with variations', async () => {
    const withSizes = app.catalog.snapshot().products.find((p) => p.variation.length > 0)!;
    const size = withSizes.variation[0].sizes[0];
    const expected = withSizes.actualStock - size.stock + 77;
    await writes.setSizeStock(size._id, 77);
    const seen = await read(app, withSizes.slug);
    for (const product of [seen.fromList, seen.page, seen.snapshot]) expect(product?.actualStock).toBe(expected);
  });

  it('price', async () => {
    const version = app.catalog.snapshot().version;
    await writes.setPrice(target.id, 'EUR', 12345, 15000);
    const seen = await read(app, target.slug);
    for (const product of [seen.fromList, seen.fromPlainList, seen.page, seen.snapshot]) {
      expect(product?.priceList.find((entry) => entry.currency === 'EUR')).toMatchObject({ price: 123.45, priceMinor: 12345, oldPrice: 150 });
    }
    expect(app.catalog.snapshot().version).not.toBe(version);
  });

  it('name, description and the featured flag', async () => {
    await writes.updateProduct(target.id, { name: 'Renamed product', description: 'A new description.', featured: true });
    const seen = await read(app, target.slug);
    for (const product of [seen.fromList, seen.fromPlainList, seen.page, seen.snapshot]) {
      expect(product).toMatchObject({ name: 'Renamed product', description: 'A new description.', featured: true });
    }
    expect(seen.featured).toContain(target.slug);
  });

  it('image', async () => {
    await writes.setImages(target.id, ['/catalog/products/new-one.svg', '/catalog/products/new-two.svg']);
    const seen = await read(app, target.slug);
    for (const product of [seen.fromList, seen.page, seen.snapshot]) expect(product?.image).toEqual(['/catalog/products/new-one.svg', '/catalog/products/new-two.svg']);
  });

  it('category link and category name', async () => {
    const [category] = await app.database.db.select().from(categories).limit(1);
    await writes.setCategories(target.id, [category.id]);
    let seen = await read(app, target.slug);
    expect(seen.page?.categoryList).toEqual([{ category: { _id: category.id, name: category.name, slug: category.slug, position: category.position } }]);
    await writes.renameCategory(category.id, 'Renamed category');
    seen = await read(app, target.slug);
    for (const product of [seen.fromList, seen.page, seen.snapshot]) expect(product?.categoryList[0].category.name).toBe('Renamed category');
  });

  it('standard and SDG links', async () => {
    const [standard] = await app.database.db.select().from(standards).limit(1);
    const [sdg] = await app.database.db.select().from(sdgs).limit(1);
    await writes.setStandards(target.id, [standard.id]);
    await writes.setSdgs(target.id, [sdg.id]);
    const seen = await read(app, target.slug);
    for (const product of [seen.fromList, seen.page, seen.snapshot]) {
      expect(product?.details?.standards.map((s) => s._id)).toEqual([standard.id]);
      expect(product?.details?.sdgs.map((s) => s.sdg._id)).toEqual([sdg.id]);
    }
  });

  it('new product', async () => {
    const before = app.catalog.snapshot().products.length;
    const id = await writes.createProduct({
      slug: 'brand-new-product',
      name: 'Brand new product',
      kind: 'goods',
      shortDescription: 'New. Useful.',
      description: 'Just added.',
      stock: 5,
      featured: true,
      prices: [{ currency: 'USD', priceMinor: 999 }],
      images: ['/catalog/products/brand-new.svg'],
    });
    const seen = await read(app, 'brand-new-product');
    for (const product of [seen.fromList, seen.fromPlainList, seen.page, seen.snapshot]) expect(product).toMatchObject({ id, name: 'Brand new product', actualStock: 5 });
    expect(seen.featured).toContain('brand-new-product');
    expect(app.catalog.snapshot().products.length).toBe(before + 1);
  });

  it('removed product', async () => {
    await writes.removeProduct(target.id);
    const seen = await read(app, target.slug);
    expect([seen.fromList, seen.fromPlainList, seen.snapshot]).toEqual([undefined, undefined, undefined]);
    expect(seen.pageStatus).toBe(404);
    expect(seen.featured).not.toContain(target.slug);
  });

  it('a change made directly in the database shows after changed() (for writes outside catalog.writes)', async () => {
    const other = app.catalog.snapshot().products[0];
    await app.database.db.execute(sql`UPDATE products SET name = 'Changed by SQL' WHERE id = ${other.id}`);
    await app.catalog.changed([other.id]);
    expect((await read(app, other.slug)).page?.name).toBe('Changed by SQL');
  });
});

describe('catalog changes across API processes on one database', () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await createTestApp();
    // A second API process: on PostgreSQL its own pool and LISTEN connection on the same database.
    second = await createTestApp({ sameDatabaseAs: first });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  // Their stock is the product's own, so setStock shows in actualStock.
  const withoutVariations = (app: FastifyInstance) => app.catalog.snapshot().products.filter((p) => p.variation.length === 0);
  const pageOf = async (app: FastifyInstance, slug: string) => json(await app.inject({ method: 'GET', url: `/api/v1/productBySlug/${slug}` })).data as Product;

  it("reaches the other process's reads through NOTIFY", async () => {
    const product = withoutVariations(first)[1];
    await createCatalogWrites(first.database.db, first.catalog).setStock(product.id, 9876);
    expect((await pageOf(first, product.slug)).actualStock).toBe(9876);
    await vi.waitFor(async () => expect((await pageOf(second, product.slug)).actualStock).toBe(9876), { timeout: 5000, interval: 50 });
    await createCatalogWrites(second.database.db, second.catalog).updateProduct(product.id, { name: 'Renamed in the second process' });
    await vi.waitFor(async () => expect((await pageOf(first, product.slug)).name).toBe('Renamed in the second process'), { timeout: 5000, interval: 50 });
  });

  // PGlite is one process's database, so there is no connection to lose; CI runs this on PostgreSQL.
  it.skipIf(!process.env.DATABASE_URL)('keeps listening after its connection drops, catching up on what it missed (needs DATABASE_URL: PostgreSQL only)', async () => {
    const killed = await first.database.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${LISTEN_APPLICATION_NAME}`,
    );
    expect((killed as unknown as { rows: unknown[] }).rows.length).toBe(2);
    const product = withoutVariations(first)[2];
    await createCatalogWrites(first.database.db, first.catalog).setStock(product.id, 4242);
    await vi.waitFor(async () => expect((await pageOf(second, product.slug)).actualStock).toBe(4242), { timeout: 10000, interval: 100 });
    // And later changes arrive by NOTIFY again.
    await createCatalogWrites(first.database.db, first.catalog).setStock(product.id, 4343);
    await vi.waitFor(async () => expect((await pageOf(second, product.slug)).actualStock).toBe(4343), { timeout: 10000, interval: 100 });
  });
});
