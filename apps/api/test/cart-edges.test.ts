import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Product } from '@app/contract';
import { eq } from 'drizzle-orm';
import { carts } from '../src/db/schema/index.ts';
import { createCatalogWrites, type CatalogWrites } from '../src/modules/catalog/catalog.writes.ts';
import { bearer, registerVerified } from './auth-helpers.ts';
import { cartClient, pickProducts, priceIn } from './cart-helpers.ts';
import { createTestApp, json } from './helper.ts';

let app: FastifyInstance;
let writes: CatalogWrites;
let plain: Product[];
let varied: Product;

async function newShopper() {
  const { token, user } = await registerVerified(app);
  return { token, userId: user._id as string, cart: cartClient(app, token) };
}

beforeAll(async () => {
  app = await createTestApp();
  writes = createCatalogWrites(app.database.db, app.catalog);
  ({ plain, varied } = pickProducts(app));
});
afterAll(async () => {
  await app.close();
});

/** The cart at its edges: guest merges, hostile bodies, parallel changes, express checkout, track-country. */
describe('merging the guest cart at login (itemsPreLogin)', () => {
  it('adds the guest lines to the account cart, skipping what no longer exists and cutting to stock', async () => {
    const { cart } = await newShopper();
    const [a, b, c] = plain;
    await writes.setStock(c.id, 4);
    await cart.patch({ products: [{ product: a.id, quantity: 1 }] });
    const { status, body } = await cart.patch({
      itemsPreLogin: true,
      products: [
        { product: a.id, quantity: 2 },
        { product: b.id, quantity: 1 },
        { product: c.id, quantity: 9 },
        { product: '0190a0a0-0000-7000-8000-000000000000', quantity: 1 },
      ],
    });
    expect(status).toBe(200);
    const quantities = Object.fromEntries(body.data.products.map((l: any) => [l.product._id, l.quantity]));
    expect(quantities).toEqual({ [a.id]: 3, [b.id]: 1, [c.id]: 4 });
    expect(body.message).toContain(`Only 4 of ${c.name} are in stock`);
    expect(body.message).toContain('product was not found');
    await writes.setStock(c.id, 1000);
  });

  it('adds one browser cart (mergeId) once, however often it is sent', async () => {
    const { cart } = await newShopper();
    const [a] = plain;
    const merge = { itemsPreLogin: true, mergeId: 'browser-cart-1234', products: [{ product: a.id, quantity: 2 }] };
    const results = await Promise.all([cart.patch(merge), cart.patch(merge), cart.patch(merge)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.body.message === 'Your earlier cart was added already')).toHaveLength(2);
    expect((await cart.get()).body.data.products[0].quantity).toBe(2);
    // Another browser cart is another merge.
    await cart.patch({ ...merge, mergeId: 'browser-cart-5678' });
    expect((await cart.get()).body.data.products[0].quantity).toBe(4);
    expect((await cart.patch({ ...merge, mergeId: 'bad id!' })).status).toBe(400);
  });
});

describe('hostile bodies', () => {
  it('answers 400, never 5xx, and writes nothing', async () => {
    const { cart } = await newShopper();
    const id = plain[0].id;
    const bodies: unknown[] = [
      { products: [{ product: id, quantity: -1 }] },
      { products: [{ product: id, quantity: 1.5 }] },
      { products: [{ product: id, quantity: 10_001 }] },
      { products: [{ product: id, quantity: '1' }] },
      { products: [{ product: 'x'.repeat(5000), quantity: 1 }] },
      { products: [{ product: "'; drop table carts; --", quantity: 1 }] },
      { products: Array.from({ length: 101 }, () => ({ product: id, quantity: 1 })) },
      { products: 'all' },
      { products: [], type: 'business' },
      { products: [], conferanceCode: '<script>alert(1)</script>' },
      { products: [], conferanceCode: 'A'.repeat(65) },
      { products: [], unknownField: true },
      { products: [{ product: id, quantity: 1, __proto__: { admin: true }, constructor: 1 }] },
      [],
    ];
    for (const payload of bodies) {
      const { status } = await cart.patch(payload);
      expect(status, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    // Not JSON at all: refused before the route (415 unsupported media type).
    expect((await cart.patch('not json at all')).status).toBe(415);
    const raw = await app.inject({ method: 'PATCH', url: '/api/v1/carts', headers: { ...bearer((await newShopper()).token), 'content-type': 'application/json' }, payload: '{"products": [' });
    expect(raw.statusCode).toBe(400);
    expect((await cart.get()).body.data.products).toEqual([]);
  });

  it('caps a quantity at 10,000', async () => {
    const { cart } = await newShopper();
    await writes.setStock(plain[0].id, 50_000);
    await cart.patch({ products: [{ product: plain[0].id, quantity: 10_000 }] });
    const over = await cart.patch({ products: [{ product: plain[0].id, quantity: 1 }] });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(`You can have at most 10000 of ${plain[0].name} in your cart`);
    await writes.setStock(plain[0].id, 1000);
  });
});

describe('many changes at once', () => {
  it('20 parallel additions by one person lose nothing and never duplicate a line', async () => {
    const { cart, userId } = await newShopper();
    const [a, b] = plain;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => cart.patch({ products: [{ product: i % 2 ? a.id : b.id, quantity: 1 }] })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const { body } = await cart.get();
    expect(body.data.products).toHaveLength(2);
    expect(body.data.products.map((l: any) => l.quantity)).toEqual([10, 10]);
    // One cart row for this person, however many first calls raced to create it.
    const rows = await app.database.db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
    expect(rows).toEqual([{ id: body.data._id }]);
  });

  it('parallel additions never sell more than the stock allows into one cart', async () => {
    const { cart } = await newShopper();
    const product = plain[3];
    await writes.setStock(product.id, 5);
    const results = await Promise.all(Array.from({ length: 12 }, () => cart.patch({ products: [{ product: product.id, quantity: 1 }] })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    expect((await cart.get()).body.data.products[0].quantity).toBe(5);
    await writes.setStock(product.id, 1000);
  });
});

describe('express checkout', () => {
  it('prices products bought at once, with a coupon, and stores nothing', async () => {
    const { cart } = await newShopper();
    const [a] = plain;
    const { status, body } = await cart.express({ products: [{ product: a.id, quantity: 2 }], coupon: 'welcome10', getStripeCoupon: true, updateCurrency: 'JPY' });
    expect(status).toBe(200);
    const sub = 2 * priceIn(a, 'JPY');
    expect(body.data).toMatchObject({ _id: null, currency: 'JPY', subTotalMinor: sub, coupon: 'WELCOME10', discountUnit: 'percent', discountMinor: Math.round(sub / 10), orderTotalMinor: sub - Math.round(sub / 10) });
    expect((await cart.get()).body.data.products).toEqual([]);
    expect((await cart.express({ products: [{ product: a.id, quantity: 1 }], coupon: 'NOPE42' })).status).toBe(404);
    expect((await cart.express({ products: [] })).status).toBe(400);
  });
});

describe('track-country', () => {
  it("answers a guest's currency without storing anything", async () => {
    const response = await app.inject({ method: 'PATCH', url: '/api/v1/track-country', payload: { country: 'gb' } });
    expect(response.statusCode).toBe(200);
    expect(json(response).data).toEqual({ country: 'GB', currency: 'GBP', changed: false });
  });

  it("stores a signed-in person's country and moves the currency at level 2, never over a forced one", async () => {
    const { token } = await newShopper();
    const tracked = await app.inject({ method: 'PATCH', url: '/api/v1/track-country', headers: bearer(token), payload: { country: 'JP' } });
    expect(json(tracked).data).toEqual({ country: 'JP', currency: 'JPY', changed: true });
    const me = json(await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) }));
    expect(me).toMatchObject({ selectedCountry: 'JP', temporaryCheckoutCurrency: 'JPY', currencyLevel: 2 });

    await app.inject({ method: 'POST', url: '/api/auth/set-currency', headers: bearer(token), payload: { currency: 'EUR', level: 3 } });
    const again = json(await app.inject({ method: 'PATCH', url: '/api/v1/track-country', headers: bearer(token), payload: { country: 'IN' } }));
    expect(again.data).toEqual({ country: 'IN', currency: 'EUR', changed: false });
    expect(again.message).toMatch(/stronger preference/);
  });

  it('refuses unknown or malformed countries with 400', async () => {
    for (const country of ['ZZ', '123', 'GBR', '', null]) {
      const response = await app.inject({ method: 'PATCH', url: '/api/v1/track-country', payload: { country } });
      expect(response.statusCode, String(country)).toBe(400);
    }
  });
});
