import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, eq } from 'drizzle-orm';
import { stockLedger } from '../src/db/schema/index.ts';
import { createTestApp, json } from './helper.ts';
import { bearer, login, PASSWORD, registerVerified } from './auth-helpers.ts';
import { ADMIN, adminCall, signedInOperator } from './admin-helpers.ts';
import { multipartImage, newProductBody } from './admin-fixtures.ts';
import { placeOrder, quickBuyer } from './order-helpers.ts';

/** What the console's writes do to the shop: catalog, stock and its ledger, CSV, reviews, coupons, customers. */
const app = await createTestApp({ env: { RATE_LIMIT_AUTH_MAX: '100000', ORDER_RATE_LIMIT_MAX: '100000' } });
const owner = await signedInOperator(app, 'owner');
const call = adminCall(app, owner.token);
afterAll(() => app.close());

const storefront = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const upload = (id: string) => {
  const image = multipartImage();
  return app.inject({ method: 'POST', url: `${ADMIN}/products/${id}/images`, headers: { ...bearer(owner.token), ...image.headers }, payload: image.payload });
};

describe('products reach the shop at once', () => {
  it('creates a product with images, prices and offset details that the catalog shows; archives and restores it', async () => {
    const created = json(await call('POST', '/products', newProductBody({ name: 'Seagrass meadows Kenya', slug: 'seagrass-meadows-kenya', featured: true })));
    const id = created.data._id;
    expect((await upload(id)).statusCode).toBe(201);
    const images = json(await upload(id)).data;
    expect(images).toHaveLength(2);
    const reordered = json(await call('PUT', `/products/${id}/images`, { images: [{ _id: images[1]._id, alt: 'Meadow at low tide' }, { _id: images[0]._id }] })).data;
    expect(reordered[0]).toMatchObject({ _id: images[1]._id, alt: 'Meadow at low tide', position: 0 });

    const page = json(await storefront('/api/v1/productBySlug/seagrass-meadows-kenya')).data;
    expect(page.image).toEqual([images[1].url, images[0].url]);
    expect(page.priceList.find((p: { currency: string }) => p.currency === 'JPY').priceMinor).toBe(2000);
    expect(page.details).toMatchObject({ vintage: 2024, registryProjectId: 'VCS 1234' });
    expect(page.actualStock).toBe(100);
    expect(json(await storefront('/api/v1/products/featured')).data.map((p: { slug: string }) => p.slug)).toContain('seagrass-meadows-kenya');
    expect(json(await storefront('/api/v1/products?q=seagrass')).data.map((p: { slug: string }) => p.slug)).toContain('seagrass-meadows-kenya');
    expect(json(await storefront('/api/v1/filters?tag=blue%20carbon')).data.total).toBeGreaterThanOrEqual(1);

    expect((await call('PATCH', `/products/${id}`, { name: 'Seagrass meadows, Kenya coast', prices: { ...newProductBody().prices, USD: { priceMinor: 1999, oldPriceMinor: 2500 } } })).statusCode).toBe(200);
    const edited = json(await storefront('/api/v1/productBySlug/seagrass-meadows-kenya')).data;
    expect(edited.name).toBe('Seagrass meadows, Kenya coast');
    expect(edited.priceList[0]).toMatchObject({ currency: 'USD', price: 19.99, oldPrice: 25 });

    expect((await call('POST', `/products/${id}/archive`)).statusCode).toBe(200);
    expect((await storefront('/api/v1/productBySlug/seagrass-meadows-kenya')).statusCode).toBe(404);
    expect(json(await storefront('/api/v1/products')).data.map((p: { slug: string }) => p.slug)).not.toContain('seagrass-meadows-kenya');
    expect(json(await call('GET', '/products?status=archived')).data.map((p: { _id: string }) => p._id)).toContain(id);
    expect((await call('POST', `/products/${id}/restore`)).statusCode).toBe(200);
    expect((await storefront('/api/v1/productBySlug/seagrass-meadows-kenya')).statusCode).toBe(200);

    const taken = await call('POST', '/products', newProductBody({ slug: 'seagrass-meadows-kenya' }));
    expect([taken.statusCode, json(taken).code, Object.keys(json(taken).fields)]).toEqual([409, 'SLUG_TAKEN', ['slug']]);
    const missingPrice = await call('POST', '/products', { ...newProductBody(), prices: { USD: { priceMinor: 100 } } });
    expect([missingPrice.statusCode, Object.keys(json(missingPrice).fields)]).toEqual([400, expect.arrayContaining(['prices.CAD', 'prices.JPY'])]);
  });

  it('never deletes an ordered product: it is archived instead, and stays on the order', async () => {
    const id = json(await call('POST', '/products', newProductBody({ stock: 5 }))).data._id;
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: id, quantity: 2 }] });
    const order = await placeOrder(app, buyer.token);
    expect(order.body.data.status).toBe('paid');
    const refused = await call('DELETE', `/products/${id}`);
    expect([refused.statusCode, json(refused).code]).toEqual([409, 'PRODUCT_HAS_ORDERS']);
    await call('POST', `/products/${id}/archive`);
    const detail = json(await call('GET', `/orders/${order.body.data._id}`)).data;
    expect(detail.lines[0]).toMatchObject({ productId: id, quantity: 2 });
    const unordered = json(await call('POST', '/products', newProductBody())).data._id;
    expect((await call('DELETE', `/products/${unordered}`)).statusCode).toBe(200);
    expect((await call('GET', `/products/${unordered}`)).statusCode).toBe(404);
  });
});

describe('stock and its ledger', () => {
  it('records operator changes and sales, refuses stock below what pending orders hold, and lists low stock', async () => {
    const id = json(await call('POST', '/products', newProductBody({ stock: 10, lowStockThreshold: 4 }))).data._id;
    expect(json(await call('POST', `/products/${id}/stock`, { adjust: -3, reason: 'damaged', note: 'Water damage' })).data.levels[0].stock).toBe(7);
    expect(json(await call('POST', `/products/${id}/stock`, { set: 20, reason: 'restock' })).data.levels[0].stock).toBe(20);
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: id, quantity: 17 }] });
    const order = await placeOrder(app, buyer.token);
    expect(order.body.data.status).toBe('paid');

    const view = json(await call('GET', `/products/${id}/stock`));
    expect(view.data.levels[0]).toMatchObject({ stock: 3, available: 3 });
    expect(view.data.lowStock).toBe(true);
    expect(view.data.ledger.map((e: { reason: string; delta: number; resultingStock: number }) => [e.reason, e.delta, e.resultingStock])).toEqual([
      ['sale', -17, 3],
      ['restock', 13, 20],
      ['damaged', -3, 7],
      ['initial', 10, 10],
    ]);
    expect(view.data.ledger[0].order).toEqual({ _id: order.body.data._id, orderNumber: order.body.data.orderNumber });
    expect(view.data.ledger[1].actor.email).toBe(owner.email);
    const [sale] = await app.database.db.select().from(stockLedger).where(and(eq(stockLedger.productId, id), eq(stockLedger.reason, 'sale')));
    expect(sale!.orderId).toBe(order.body.data._id);

    const below = await call('POST', `/products/${id}/stock`, { adjust: -4, reason: 'correction' });
    expect([below.statusCode, json(below).code]).toEqual([409, 'STOCK_CONFLICT']);
    const low = json(await call('GET', '/products/low-stock?size=100')).data;
    expect(low.find((item: { productId: string }) => item.productId === id)).toMatchObject({ available: 3, lowStockThreshold: 4 });
    expect(json(await storefront(`/api/v1/productBySlug/${json(await call('GET', `/products/${id}`)).data.slug}`)).data.actualStock).toBe(3);
  });
});

describe('CSV import', () => {
  it('lists every row’s problems in a dry run and writes nothing unless every row is valid', async () => {
    const exported = parse((await call('GET', '/products/export')).body, { columns: true }) as Record<string, string>[];
    const [first, second] = exported;
    const csvOf = (rows: Record<string, string>[]) => stringify(rows, { header: true, columns: Object.keys(first!) });
    const bad = csvOf([{ ...first!, priceUSD: 'twelve' }, { ...second!, kind: 'service' }]);
    const dry = json(await call('POST', '/products/import', { csv: bad, dryRun: true })).data;
    expect(dry.ok).toBe(false);
    expect(dry.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [2, 'priceUSD'],
      [3, 'kind'],
    ]);
    const refused = await call('POST', '/products/import', { csv: bad, dryRun: false });
    expect([refused.statusCode, json(refused).code]).toEqual([400, 'IMPORT_INVALID']);
    expect(Object.keys(json(refused).fields)).toEqual(['row 2.priceUSD', 'row 3.kind']);

    const fixed = csvOf([{ ...first!, lowStockThreshold: '42' }]);
    expect(json(await call('POST', '/products/import', { csv: fixed, dryRun: true })).data.changes[0]).toMatchObject({ action: 'update', fields: ['lowStockThreshold'] });
    const done = json(await call('POST', '/products/import', { csv: fixed, dryRun: false })).data;
    expect([done.ok, done.updated]).toEqual([true, 1]);
    expect(json(await call('GET', `/products/${first!.id}`)).data.lowStockThreshold).toBe(42);
  });
});

describe('reviews, coupons and customers', () => {
  it('hides a review from the public list and the average at once; its author can delete it', async () => {
    const id = json(await call('POST', '/products', newProductBody())).data._id;
    const reviews: string[] = [];
    const authors: string[] = [];
    for (const rating of [5, 1]) {
      const buyer = await quickBuyer(app);
      await buyer.cart.patch({ products: [{ product: id, quantity: 1 }] });
      const order = await placeOrder(app, buyer.token);
      const review = await app.inject({ method: 'POST', url: '/api/v1/review', headers: bearer(buyer.token), payload: { product: id, order: order.body.data._id, rating, comment: `Rated ${rating} stars.` } });
      reviews.push(json(review).data._id);
      authors.push(buyer.token);
    }
    const publicView = async () => json(await storefront(`/api/v1/review/${id}/product`));
    expect((await publicView()).summary).toEqual({ averageRating: 3, reviewCount: 2 });
    expect(json(await call('POST', `/reviews/${reviews[1]}/hide`, { reason: 'Abusive language' })).data).toMatchObject({ hidden: true, hiddenReason: 'Abusive language', hiddenBy: owner.email });
    expect((await publicView()).summary).toEqual({ averageRating: 5, reviewCount: 1 });
    const slug = json(await call('GET', `/products/${id}`)).data.slug;
    expect(json(await storefront(`/api/v1/productBySlug/${slug}`)).data).toMatchObject({ averageRating: 5, reviewCount: 1 });
    expect(json(await call('GET', `/reviews?product=${id}&hidden=true`)).data.map((r: { _id: string }) => r._id)).toEqual([reviews[1]]);

    expect((await app.inject({ method: 'DELETE', url: `/api/v1/review/${reviews[0]}`, headers: bearer(authors[1]!) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/review/${reviews[0]}`, headers: bearer(authors[0]!) })).statusCode).toBe(200);
    expect((await publicView()).summary).toEqual({ averageRating: null, reviewCount: 0 });
  });

  it('disables a coupon for carts and re-enables it', async () => {
    const coupon = json(await call('POST', '/coupons', { code: 'CONSOLE15', kind: 'percent', percentOff: 15 })).data;
    const buyer = await quickBuyer(app);
    const lookup = () => app.inject({ method: 'GET', url: '/api/v1/coupons/CONSOLE15', headers: bearer(buyer.token) });
    expect((await lookup()).statusCode).toBe(200);
    expect(json(await call('POST', `/coupons/${coupon._id}/disable`)).data.status).toBe('disabled');
    expect([(await lookup()).statusCode, json(await lookup()).code]).toEqual([400, 'COUPON_NOT_ACTIVE']);
    expect(json(await call('POST', `/coupons/${coupon._id}/enable`)).data.status).toBe('active');
    expect((await lookup()).statusCode).toBe(200);
  });

  it('locks a customer out at once and lets them back in', async () => {
    const customer = await registerVerified(app);
    const locked = json(await call('POST', `/customers/${customer.user._id}/lock`, { reason: 'Card testing' })).data;
    expect(locked).toMatchObject({ locked: true, lockedReason: 'Card testing', lockedBy: owner.email });
    expect((await storefront('/api/v1/me', customer.token)).statusCode).toBe(401);
    const refused = await login(app, customer.email, PASSWORD);
    expect([refused.statusCode, json(refused).code]).toEqual([403, 'ACCOUNT_DISABLED']);
    const self = await call('POST', `/customers/${owner.userId}/lock`, { reason: 'Oops' });
    expect(self.statusCode).toBe(409);
    await call('POST', `/customers/${customer.user._id}/unlock`);
    expect((await login(app, customer.email, PASSWORD)).statusCode).toBe(200);
    expect(json(await call('GET', `/customers?q=${encodeURIComponent(customer.email)}`)).data[0]).toMatchObject({ email: customer.email, locked: false });
  });
});
