import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Product } from '@app/contract';
import { WISHLIST_MAX_ITEMS } from '@app/contract/wishlist';
import { products as productsTable } from '../src/db/schema/index.ts';
import { createCatalogWrites } from '../src/modules/catalog/catalog.writes.ts';
import { bearer, registerVerified } from './auth-helpers.ts';
import { createTestApp, json } from './helper.ts';

describe('wishlists (spec §7 GET and PATCH /v1/wishlists)', () => {
  let app: FastifyInstance;
  let products: Product[];
  let alice: string;
  let bob: string;

  const get = (token: string) => app.inject({ method: 'GET', url: '/api/v1/wishlists', headers: bearer(token) });
  const patch = (token: string, payload: unknown) => app.inject({ method: 'PATCH', url: '/api/v1/wishlists', headers: bearer(token), payload: payload as object });
  const idsOf = async (token: string): Promise<string[]> => json(await get(token)).data.products;

  beforeAll(async () => {
    app = await createTestApp();
    products = [...app.catalog.snapshot().products];
    alice = (await registerVerified(app)).token;
    bob = (await registerVerified(app)).token;
  });
  afterAll(async () => {
    await app.close();
  });

  it('starts empty', async () => {
    const response = await get(alice);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, data: { products: [], items: [] } });
  });

  it('adds, removes and removes all with the whole-list form, keeping the order added', async () => {
    const [a, b, c] = products;
    let response = await patch(alice, { products: [a.id] });
    expect(response.statusCode).toBe(200);
    response = await patch(alice, { products: [a.id, c.id] });
    response = await patch(alice, { products: [a.id, c.id, b.id] });
    const body = json(response);
    expect(body.data.products).toEqual([a.id, c.id, b.id]);
    // The products themselves, as the catalog shows them, in the same order.
    expect(body.data.items.map((p: Product) => p.slug)).toEqual([a.slug, c.slug, b.slug]);
    expect(body.data.items[0].priceList).toEqual(a.priceList);
    expect(await idsOf(alice)).toEqual([a.id, c.id, b.id]);

    response = await patch(alice, { products: [a.id, b.id] });
    expect(json(response).data.products).toEqual([a.id, b.id]);

    response = await patch(alice, { products: [] });
    expect(json(response)).toMatchObject({ success: true, message: 'Removed All From Wishlist', data: { products: [], items: [] } });
    expect(await idsOf(alice)).toEqual([]);
  });

  it('applies the delta form: add and remove touch only the ids sent', async () => {
    const [a, b, c] = products;
    await patch(alice, { products: [a.id, b.id] });
    let response = await patch(alice, { action: 'add', products: [c.id, a.id] });
    expect(json(response)).toMatchObject({ message: 'Added To Wishlist', data: { products: [a.id, b.id, c.id] } });
    response = await patch(alice, { action: 'remove', products: [b.id] });
    expect(json(response)).toMatchObject({ message: 'Removed From Wishlist', data: { products: [a.id, c.id] } });
    // Removing what is not there is not an error: the list simply does not hold it.
    response = await patch(alice, { action: 'remove', products: [b.id] });
    expect(response.statusCode).toBe(200);
    expect(json(response).data.products).toEqual([a.id, c.id]);
    await patch(alice, { products: [] });
  });

  it('lands every one of many parallel adds', async () => {
    const wanted = products.slice(0, 12).map((p) => p.id);
    const responses = await Promise.all(wanted.map((id) => patch(alice, { action: 'add', products: [id] })));
    expect(responses.map((r) => r.statusCode)).toEqual(wanted.map(() => 200));
    const held = await idsOf(alice);
    expect([...held].sort()).toEqual([...wanted].sort());
    // The same product added from several tabs at once ends up once.
    await Promise.all([1, 2, 3, 4].map(() => patch(alice, { action: 'add', products: [products[20].id] })));
    expect((await idsOf(alice)).filter((id) => id === products[20].id)).toHaveLength(1);
    await patch(alice, { products: [] });
  });

  it('refuses unknown, duplicate and malformed ids with 400 naming them, and changes nothing', async () => {
    const [a] = products;
    await patch(alice, { products: [a.id] });
    const unknown = '0190aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee';
    let response = await patch(alice, { action: 'add', products: [unknown] });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(json(response).message).toContain(unknown);

    response = await patch(alice, { products: [a.id, a.id] });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toContain(a.id);
    expect(json(response).message).toContain('more than once');

    response = await patch(alice, { products: ['not-an-id'] });
    expect(response.statusCode).toBe(400);
    response = await patch(alice, { products: a.id });
    expect(response.statusCode).toBe(400);
    response = await patch(alice, { action: 'toggle', products: [a.id] });
    expect(response.statusCode).toBe(400);

    expect(await idsOf(alice)).toEqual([a.id]);
    await patch(alice, { products: [] });
  });

  it(`holds at most ${WISHLIST_MAX_ITEMS} products`, async () => {
    const tooMany = Array.from({ length: WISHLIST_MAX_ITEMS + 1 }, (_, i) => `0190aaaa-bbbb-7ccc-8ddd-${i.toString(16).padStart(12, '0')}`);
    const response = await patch(alice, { products: tooMany });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toContain(String(WISHLIST_MAX_ITEMS));
  });

  it('answers WISHLIST_FULL when a delta add would pass the cap', async () => {
    // Enough products to reach the cap: added to the catalog in one insert, then the model told once.
    const missing = WISHLIST_MAX_ITEMS + 1 - app.catalog.snapshot().products.length;
    if (missing > 0) {
      await app.database.db.insert(productsTable).values(
        Array.from({ length: missing }, (_, i) => ({ slug: `wishlist-cap-${i}`, name: `Cap ${i}`, kind: 'goods' as const, shortDescription: 'x.', description: 'x' })),
      );
      await app.catalog.changed();
    }
    const all = app.catalog.snapshot().products.map((p) => p.id);
    expect(all.length).toBeGreaterThan(WISHLIST_MAX_ITEMS);
    const full = all.slice(0, WISHLIST_MAX_ITEMS);
    expect((await patch(bob, { products: full })).statusCode).toBe(200);
    const response = await patch(bob, { action: 'add', products: [all[WISHLIST_MAX_ITEMS]] });
    expect(response.statusCode).toBe(409);
    expect(json(response).code).toBe('WISHLIST_FULL');
    expect(await idsOf(bob)).toHaveLength(WISHLIST_MAX_ITEMS);
    // Adding what is already there is still fine at the cap.
    expect((await patch(bob, { action: 'add', products: [full[0]] })).statusCode).toBe(200);
    await patch(bob, { products: [] });
  });

  it('answers 401 without a token or with a bad one', async () => {
    for (const response of [
      await app.inject({ method: 'GET', url: '/api/v1/wishlists' }),
      await app.inject({ method: 'PATCH', url: '/api/v1/wishlists', payload: { products: [] } }),
      await app.inject({ method: 'GET', url: '/api/v1/wishlists', headers: bearer('not.a.token') }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(json(response).success).toBe(false);
    }
  });

  it('keeps each user to their own list', async () => {
    const [a, b] = products;
    await patch(alice, { products: [a.id] });
    await patch(bob, { products: [b.id] });
    expect(await idsOf(alice)).toEqual([a.id]);
    expect(await idsOf(bob)).toEqual([b.id]);
    // Bob removing all of his does not touch Alice's.
    await patch(bob, { products: [] });
    expect(await idsOf(alice)).toEqual([a.id]);
    await patch(alice, { products: [] });
  });

  it('drops products deleted from the catalog', async () => {
    const writes = createCatalogWrites(app.database.db, app.catalog);
    const doomed = await writes.createProduct({ slug: 'wishlist-doomed', name: 'Doomed', kind: 'goods', shortDescription: 'x.', description: 'x', stock: 1, prices: [{ currency: 'USD', priceMinor: 100 }] });
    const [a] = products;
    await patch(alice, { products: [a.id, doomed] });
    expect(await idsOf(alice)).toEqual([a.id, doomed]);
    await writes.removeProduct(doomed);
    const body = json(await get(alice));
    expect(body.data.products).toEqual([a.id]);
    expect(body.data.items.map((p: Product) => p.id)).toEqual([a.id]);
    // Sending the old id now is an unknown product.
    expect((await patch(alice, { action: 'add', products: [doomed] })).statusCode).toBe(400);
  });
});
