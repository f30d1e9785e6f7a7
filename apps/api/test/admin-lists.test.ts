import { afterAll, describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import { products, productSizes, stockLedger } from '../src/db/schema/index.ts';
import { recordOpeningStock } from '../src/modules/catalog/stock-opening.ts';
import { createTestApp, json } from './helper.ts';
import { adminCall, signedInOperator } from './admin-helpers.ts';
import { newProductBody } from './admin-fixtures.ts';
import { insertBusiness, insertMember } from './business-fixtures.ts';
import { pickProducts } from './cart-helpers.ts';
import { placeOrder, quickBuyer } from './order-helpers.ts';

/** The console's lists: product and review filters, a customer's paged records, the seeded stock's ledger. */
const app = await createTestApp({ env: { RATE_LIMIT_AUTH_MAX: '100000', ORDER_RATE_LIMIT_MAX: '100000' } });
const owner = await signedInOperator(app, 'owner');
const call = adminCall(app, owner.token);
afterAll(() => app.close());

const ids = async (url: string): Promise<string[]> => {
  const response = await call('GET', url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return json(response).data.map((row: { _id: string }) => row._id);
};
const unique = () => Math.random().toString(36).slice(2, 8);

describe('product list filters', () => {
  it('filters by kind, category, tag, status, low stock, featured and offered', async () => {
    const category = json(await call('POST', '/categories', { name: `Peatlands ${unique()}` })).data.find((c: { name: string }) => c.name.startsWith('Peatlands'))._id as string;
    const tag = `filter-${unique()}`;
    const offset = json(await call('POST', '/products', newProductBody({ categoryIds: [category], tags: [tag], stock: 3, lowStockThreshold: 5, featured: true }))).data._id as string;
    const goods = json(await call('POST', '/products', newProductBody({ kind: 'goods', unit: 'item', tags: [tag], stock: 50, offered: true, vintage: null, registryProjectId: null }))).data._id as string;
    const archived = json(await call('POST', '/products', newProductBody({ categoryIds: [category], tags: [tag] }))).data._id as string;
    expect((await call('POST', `/products/${archived}/archive`)).statusCode).toBe(200);

    expect((await ids(`/products?tag=${tag}`)).sort()).toEqual([offset, goods].sort());
    expect(await ids(`/products?tag=${tag}&kind=goods`)).toEqual([goods]);
    expect(await ids(`/products?tag=${tag}&kind=offset`)).toEqual([offset]);
    expect(await ids(`/products?category=${category}`)).toEqual([offset]);
    expect(await ids(`/products?category=${category}&status=archived`)).toEqual([archived]);
    expect((await ids(`/products?category=${category}&status=all`)).sort()).toEqual([offset, archived].sort());
    expect(await ids(`/products?tag=${tag}&lowStock=true`)).toEqual([offset]);
    expect(await ids(`/products?tag=${tag}&lowStock=false`)).toEqual([goods]);
    expect(await ids(`/products?tag=${tag}&featured=true`)).toEqual([offset]);
    expect(await ids(`/products?tag=${tag}&offered=true`)).toEqual([goods]);
    expect(json(await call('GET', `/products?tag=${tag}&size=1&page=2&sort=name&order=asc`)).meta).toEqual({ page: 2, size: 1, total: 2 });
  });

  it('names the field of a bad filter', async () => {
    for (const [url, field] of [
      ['/products?kind=vegetable', 'kind'],
      ['/products?category=not-an-id', 'category'],
      ['/products?lowStock=maybe', 'lowStock'],
      ['/products?status=gone', 'status'],
      ['/reviews?rating=6', 'rating'],
      ['/reviews?hidden=perhaps', 'hidden'],
      ['/reviews?product=x', 'product'],
    ] as const) {
      const response = await call('GET', url);
      expect([url, response.statusCode]).toEqual([url, 400]);
      expect(Object.keys(json(response).fields ?? {}), url).toContain(field);
    }
  });
});

describe('category and tag counts', () => {
  it('count the products in each category and carrying each tag', async () => {
    const name = `Wetlands ${unique()}`;
    const category = json(await call('POST', '/categories', { name })).data.find((c: { name: string }) => c.name === name)._id as string;
    const tag = `counted-${unique()}`;
    const untouched = `unused-${unique()}`;
    expect((await call('POST', '/tags', { name: untouched })).statusCode).toBe(201);
    for (let i = 0; i < 2; i++) expect((await call('POST', '/products', newProductBody({ categoryIds: [category], tags: [tag] }))).statusCode).toBe(201);
    const categories = json(await call('GET', '/categories')).data as { _id: string; productCount: number }[];
    expect(categories.find((c) => c._id === category)?.productCount).toBe(2);
    const tags = json(await call('GET', '/tags')).data as { name: string; productCount: number }[];
    expect(tags.find((t) => t.name === tag)?.productCount).toBe(2);
    expect(tags.find((t) => t.name === untouched)?.productCount).toBe(0);
    // The seeded catalog's tags are carried by its products.
    const seededTag = (await app.database.db.select({ tags: products.tags }).from(products).limit(1))[0]!.tags[0]!;
    expect(tags.find((t) => t.name === seededTag)?.productCount).toBeGreaterThanOrEqual(1);
  });
});

describe('review list filters', () => {
  it('filters by product, rating and hidden', async () => {
    const bought = pickProducts(app).plain[1]!;
    const other = pickProducts(app).plain[2]!;
    const review = async (product: string, rating: number) => {
      const shopper = await quickBuyer(app);
      await shopper.cart.patch({ products: [{ product, quantity: 1 }] });
      const order = await placeOrder(app, shopper.token);
      const made = await app.inject({ method: 'POST', url: '/api/v1/review', headers: { authorization: `Bearer ${shopper.token}` }, payload: { product, order: order.body.data._id, rating, comment: `Rated ${rating}.` } });
      expect(made.statusCode, made.body).toBe(201);
      return json(made).data._id as string;
    };
    const five = await review(bought.id, 5);
    const two = await review(bought.id, 2);
    const elsewhere = await review(other.id, 2);
    expect((await call('POST', `/reviews/${two}/hide`, { reason: 'Not about the product' })).statusCode).toBe(200);

    expect((await ids(`/reviews?product=${bought.id}`)).sort()).toEqual([five, two].sort());
    expect(await ids(`/reviews?product=${bought.id}&rating=5`)).toEqual([five]);
    expect(await ids(`/reviews?product=${bought.id}&hidden=true`)).toEqual([two]);
    expect(await ids(`/reviews?product=${bought.id}&hidden=false`)).toEqual([five]);
    expect(await ids(`/reviews?product=${other.id}&rating=2`)).toEqual([elsewhere]);
    const hiddenTwos = await ids('/reviews?rating=2&hidden=true');
    expect(hiddenTwos).toContain(two);
    expect(hiddenTwos).not.toContain(elsewhere);
  });
});

describe("a customer's records", () => {
  it('pages orders (newest first by default) with the total', async () => {
    const buyer = await quickBuyer(app);
    const product = pickProducts(app).plain[0]!;
    const orders: string[] = [];
    for (let i = 0; i < 3; i++) {
      await buyer.cart.patch({ products: [{ product: product.id, quantity: 1 }] });
      const placed = await placeOrder(app, buyer.token);
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      orders.push(placed.body.data._id);
    }
    const first = json(await call('GET', `/customers/${buyer.id}/orders?size=2&page=1`));
    const second = json(await call('GET', `/customers/${buyer.id}/orders?size=2&page=2`));
    expect(first.meta).toEqual({ page: 1, size: 2, total: 3 });
    expect(second.meta).toEqual({ page: 2, size: 2, total: 3 });
    expect([...first.data, ...second.data].map((o: { _id: string }) => o._id)).toEqual([...orders].reverse());
    expect(json(await call('GET', `/customers/${buyer.id}/orders?size=2&page=1&order=asc`)).data.map((o: { _id: string }) => o._id)).toEqual(orders.slice(0, 2));
    for (const what of ['certificates', 'footprints']) {
      const all = json(await call('GET', `/customers/${buyer.id}/${what}?size=100`));
      const past = json(await call('GET', `/customers/${buyer.id}/${what}?size=5&page=3`));
      expect([past.meta, past.data]).toEqual([{ page: 3, size: 5, total: all.meta.total }, all.data.slice(10, 15)]);
    }
  });

  it('pages the businesses a customer owns or belongs to', async () => {
    const buyer = await quickBuyer(app);
    const owned = [await insertBusiness(app, buyer.id, 'Owned one'), await insertBusiness(app, (await quickBuyer(app)).id, 'Joined two')];
    await insertMember(app, owned[1]!.id, buyer.id, { role: 'employee', status: 'exited' });
    const joined = await insertBusiness(app, (await quickBuyer(app)).id, 'Joined one');
    await insertMember(app, joined!.id, buyer.id, { role: 'supplier' });
    const first = json(await call('GET', `/customers/${buyer.id}/businesses?size=2`));
    const second = json(await call('GET', `/customers/${buyer.id}/businesses?size=2&page=2`));
    expect([first.meta, second.meta]).toEqual([{ page: 1, size: 2, total: 3 }, { page: 2, size: 2, total: 3 }]);
    const all = [...first.data, ...second.data];
    expect(all.map((b: { _id: string }) => b._id).sort()).toEqual([...owned.map((b) => b!.id), joined!.id].sort());
    expect(all.find((b: { _id: string }) => b._id === joined!.id)).toMatchObject({ role: 'supplier', status: 'active' });
    expect((await call('GET', `/customers/${buyer.id}/businesses?size=500`)).statusCode).toBe(400);
  });
});

describe('the stock ledger of seeded stock', () => {
  it('opens with an "initial" row for every seeded level, and writing the openings again adds nothing', async () => {
    const db = app.database.db;
    const plain = await db.select({ id: products.id, stock: products.stock }).from(products).where(eq(products.kind, 'offset')).limit(1);
    const ledger = json(await call('GET', `/products/${plain[0]!.id}/stock`)).data.ledger as { reason: string; delta: number; resultingStock: number }[];
    expect(ledger.at(-1)).toMatchObject({ reason: 'initial', resultingStock: ledger.at(-1)!.delta });

    const [size] = await db.select({ id: productSizes.id, stock: productSizes.stock }).from(productSizes).limit(1);
    const sizeRows = await db.select().from(stockLedger).where(eq(stockLedger.sizeId, size!.id));
    expect(sizeRows.reduce((sum, row) => sum + row.delta, 0)).toBe(size!.stock);
    expect(sizeRows.some((row) => row.reason === 'initial')).toBe(true);

    const before = (await db.select({ id: stockLedger.id }).from(stockLedger)).length;
    await recordOpeningStock(db);
    expect((await db.select({ id: stockLedger.id }).from(stockLedger)).length).toBe(before);
    // Every level without colours is explained by its ledger.
    const all = await db.select({ id: products.id, stock: products.stock }).from(products);
    const sums = await db.select({ productId: stockLedger.productId, delta: stockLedger.delta }).from(stockLedger).where(isNull(stockLedger.sizeId));
    const explained = new Map<string, number>();
    for (const row of sums) explained.set(row.productId, (explained.get(row.productId) ?? 0) + row.delta);
    const colourless = all.filter((p) => explained.has(p.id));
    expect(colourless.length).toBeGreaterThan(10);
    for (const product of colourless) expect(explained.get(product.id)).toBe(product.stock);
  });
});
