import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { PersonalReadCache } from '../src/plugins/personal-reads.ts';
import { certificatesChanged } from '../src/modules/impact/impact.events.ts';
import { bearer } from './auth-helpers.ts';
import { insertBusiness, insertMember } from './business-fixtures.ts';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp, isBackgroundStatement, json, settleAfterAnswers } from './helper.ts';
import { insertOrder } from './order-fixtures.ts';
import { orderBody, placeOrder, quickBuyer } from './order-helpers.ts';

/**
 * Decision 0062: a person's own reads (orders list, wishlist, saved footprints, a business's
 * member list) kept as ready answers for READ_CACHE_MS (on here; off in the other tests). Each
 * read again costs no statement, goes only to the person it was computed for, and a write of that
 * person (or, for member lists and wishlists, of anyone who changes them) shows at the next read.
 */
let app: FastifyInstance;
const statements: string[] = [];

async function read(token: string, url: string) {
  const before = statements.length;
  const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: response.statusCode, body: json(response), statements: statements.length - before, headers: response.headers };
}

/**
 * Reads until an answer comes from the cache (no statement), at most 20 times: a catalog reload an
 * earlier test's order started may still forget kept answers once, as it should. Never kept: fails.
 */
async function keptRead(token: string, url: string) {
  let answer = await read(token, url);
  for (let i = 0; answer.statements > 0 && i < 20; i += 1) answer = await read(token, url);
  return answer;
}

beforeAll(async () => {
  app = await createTestApp({
    env: { READ_CACHE_MS: '3000', SESSION_CACHE_MS: '3000', ORDER_RATE_LIMIT_MAX: '1000' },
    logger: { logQuery: (query: string, params: unknown[]) => void (!isBackgroundStatement(query, params) && statements.push(query)) },
  });
});
afterAll(async () => app?.close());

describe('orders list', () => {
  it('answers again without a query, only to its person, and shows an order the person places at once', async () => {
    const [buyer, other] = [await quickBuyer(app), await quickBuyer(app)];
    const { plain } = pickProducts(app);
    for (let i = 0; i < 3; i += 1) await insertOrder(app, { userId: buyer.id, productIds: [plain[i]!.id] });
    const url = '/api/v1/customer-orders?page=1&size=20';
    const first = await read(buyer.token, url);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(3);
    expect(first.statements).toBeGreaterThan(0);
    const again = await read(buyer.token, url);
    expect(again.statements).toBe(0);
    expect(again.body).toEqual(first.body);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    // The same URL for someone else: their own (empty) list, read from the database.
    const theirs = await read(other.token, url);
    expect(theirs.statements).toBeGreaterThan(0);
    expect(theirs.body.data).toHaveLength(0);
    // The person places an order (their write): the next read shows it.
    expect((await buyer.cart.patch({ products: [{ product: plain[3]!.id, quantity: 1 }] })).status).toBe(200);
    const placed = await placeOrder(app, buyer.token, orderBody());
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const after = await read(buyer.token, url);
    expect(after.body.data).toHaveLength(4);
    expect(after.body.data[0].id).toBe(placed.body.data.id);
  });

  it('runs one read for twenty requests of one person and URL arriving together', async () => {
    const buyer = await quickBuyer(app);
    const { plain } = pickProducts(app);
    for (let i = 0; i < 5; i += 1) await insertOrder(app, { userId: buyer.id, productIds: [plain[i]!.id] });
    // The session is checked (and kept) first, so only the list's own statements are counted.
    await read(buyer.token, '/api/v1/wishlists');
    const one = await read(buyer.token, '/api/v1/customer-orders?size=5');
    const before = statements.length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => read(buyer.token, '/api/v1/customer-orders?size=6')));
    expect(answers.every((answer) => answer.status === 200 && answer.body.data.length === 5)).toBe(true);
    expect(statements.length - before).toBe(one.statements);
  });

  it('keeps no page with an order awaiting payment (its status moves with time and the provider)', async () => {
    const buyer = await quickBuyer(app);
    await insertOrder(app, { userId: buyer.id, productIds: [pickProducts(app).plain[0]!.id], status: 'pending' });
    const url = '/api/v1/customer-orders?size=20';
    expect((await read(buyer.token, url)).body.data[0].status).toBe('pending');
    expect((await read(buyer.token, url)).statements).toBeGreaterThan(0);
  });

  it("forgets a person's list when certificates of their order change (the impact channel, any process)", async () => {
    const buyer = await quickBuyer(app);
    const orderId = await insertOrder(app, { userId: buyer.id, productIds: [pickProducts(app).plain[0]!.id] });
    const url = '/api/v1/customer-orders?size=20';
    await read(buyer.token, url);
    expect((await read(buyer.token, url)).statements).toBe(0);
    await certificatesChanged(app.database.db, [orderId]);
    // NOTIFY arrives asynchronously (after the commit; over the listening connection on PostgreSQL).
    await expect.poll(async () => (await read(buyer.token, url)).statements, { timeout: 3000, interval: 50 }).toBeGreaterThan(0);
  });
});

describe('wishlist', () => {
  it("shows the person's change at once, and a catalog change too", async () => {
    const person = await quickBuyer(app);
    const { plain } = pickProducts(app);
    const patch = (ids: string[]) => app.inject({ method: 'PATCH', url: '/api/v1/wishlists', headers: bearer(person.token), payload: { products: ids } });
    expect((await patch([plain[0]!.id])).statusCode).toBe(200);
    expect((await read(person.token, '/api/v1/wishlists')).body.data.products).toEqual([plain[0]!.id]);
    expect((await keptRead(person.token, '/api/v1/wishlists')).statements).toBe(0);
    expect((await patch([plain[0]!.id, plain[1]!.id])).statusCode).toBe(200);
    expect((await read(person.token, '/api/v1/wishlists')).body.data.products).toEqual([plain[0]!.id, plain[1]!.id]);
    // A product's price changes: the kept wishlist (which shows it) goes.
    expect((await keptRead(person.token, '/api/v1/wishlists')).statements).toBe(0);
    app.catalog.changed([plain[0]!.id]);
    await expect.poll(async () => (await read(person.token, '/api/v1/wishlists')).statements, { timeout: 3000, interval: 50 }).toBeGreaterThan(0);
  });
});

describe('cart', () => {
  it("answers again without a query, only to its person; the person's change and a price change show at once", async () => {
    const [person, other] = [await quickBuyer(app), await quickBuyer(app)];
    const { plain } = pickProducts(app);
    expect((await person.cart.patch({ products: [{ product: plain[0]!.id, quantity: 2 }] })).status).toBe(200);
    // The change forgets the person's answers again once it has answered (its onResponse hook),
    // which can come after inject has resolved: a read that overlaps it is rightly not kept.
    await settleAfterAnswers(app);
    const first = await read(person.token, '/api/v1/carts');
    expect(first.body.data.products).toHaveLength(1);
    const again = await keptRead(person.token, '/api/v1/carts');
    expect(again.statements).toBe(0);
    expect(again.body).toEqual(first.body);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    expect((await read(other.token, '/api/v1/carts')).body.data.products ?? []).toHaveLength(0);
    // The person's own change: shown at the next read.
    expect((await person.cart.patch({ products: [{ product: plain[1]!.id, quantity: 1 }] })).status).toBe(200);
    expect((await read(person.token, '/api/v1/carts')).body.data.products).toHaveLength(2);
    // A price change in the catalog: the kept cart (priced from it) goes, and the new price shows.
    const before = (await read(person.token, '/api/v1/carts')).body.data;
    await app.database.db.execute(sql`update product_prices set price_minor = price_minor + 100 where product_id = ${plain[0]!.id}::uuid`);
    app.catalog.changed([plain[0]!.id]);
    await expect.poll(async () => JSON.stringify((await read(person.token, '/api/v1/carts')).body.data) !== JSON.stringify(before), { timeout: 2000, interval: 50 }).toBe(true);
  });
});

describe('cart and catalog changes', () => {
  it('keeps a cart answer through stock changes of products not in it, and forgets it when a product in it changes', async () => {
    const person = await quickBuyer(app);
    const { plain } = pickProducts(app);
    const [inCart, elsewhere] = [plain[4]!, plain[5]!];
    expect((await person.cart.patch({ products: [{ product: inCart.id, quantity: 1 }] })).status).toBe(200);
    await settleAfterAnswers(app);
    await read(person.token, '/api/v1/carts');
    expect((await keptRead(person.token, '/api/v1/carts')).statements).toBe(0);
    // An order elsewhere moves another product's stock: the kept cart stays (it was forgotten before).
    await app.catalog.changed([elsewhere.id], { stockOnly: true });
    const kept = await read(person.token, '/api/v1/carts');
    expect(kept.statements).toBe(0);
    const shown = kept.body.data.products[0].inStock as number;
    // Its own product's stock moves: the next read shows the new stock.
    await app.database.db.execute(sql`update products set stock = stock - 1 where id = ${inCart.id}::uuid`);
    await app.catalog.changed([inCart.id], { stockOnly: true });
    const after = await read(person.token, '/api/v1/carts');
    expect(after.statements).toBeGreaterThan(0);
    expect(after.body.data.products[0].inStock).toBe(shown - 1);
    // A change of everything forgets every kept cart.
    expect((await keptRead(person.token, '/api/v1/carts')).statements).toBe(0);
    await app.catalog.changed();
    expect((await read(person.token, '/api/v1/carts')).statements).toBeGreaterThan(0);
  });
});

describe('saved footprints', () => {
  it('shows a saved or deleted footprint at once; another id still answers 404', async () => {
    const [person, other] = [await quickBuyer(app), await quickBuyer(app)];
    const save = (token: string) =>
      app.inject({ method: 'POST', url: '/api/v1/carbon/footprints', headers: bearer(token), payload: { kind: 'household', inputs: { country: 'GB', houseHoldMembers: 2, publicTransportationMembers: 0, income: 'medium', houseSize: 'medium', airTravel: 'medium', meatConsumption: 'medium' } } });
    expect((await save(person.token)).statusCode).toBe(201);
    const url = '/api/v1/carbon/footprints?page=1&size=20';
    expect((await read(person.token, url)).body.data).toHaveLength(1);
    expect((await read(person.token, url)).statements).toBe(0);
    const second = json(await save(person.token));
    const listed = await read(person.token, url);
    expect(listed.body.data).toHaveLength(2);
    expect(listed.body.meta.total).toBe(2);
    // Someone else cannot delete it (404 as ever), and the owner's kept list still holds it.
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/carbon/footprints/${second.data._id}`, headers: bearer(other.token) })).statusCode).toBe(404);
    expect((await read(person.token, url)).body.data).toHaveLength(2);
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/carbon/footprints/${second.data._id}`, headers: bearer(person.token) })).statusCode).toBe(200);
    expect((await read(person.token, url)).body.data).toHaveLength(1);
  });
});

describe('business member list', () => {
  it('is kept for its owner only; a member leaving (their own write) shows at once', async () => {
    const owner = await quickBuyer(app);
    const stranger = await quickBuyer(app);
    const business = await insertBusiness(app, owner.id, 'Kept Members Ltd');
    const members = [await quickBuyer(app), await quickBuyer(app)];
    for (const member of members) await insertMember(app, business.id, member.id);
    const url = `/api/v1/business-user-profiles/business/${business.id}?page=1&size=50`;
    const first = await read(owner.token, url);
    expect(first.body.data.filter((m: { status: string }) => m.status === 'active')).toHaveLength(2);
    expect((await read(owner.token, url)).statements).toBe(0);
    // Not the owner: refused as before, though the owner's answer is kept.
    expect([403, 404]).toContain((await read(stranger.token, url)).status);
    expect([403, 404]).toContain((await read(members[0]!.token, url)).status);
    const left = await app.inject({ method: 'PUT', url: '/api/v1/business-user-profiles/exit/business', headers: bearer(members[0]!.token) });
    expect(left.statusCode).toBe(200);
    const after = await read(owner.token, url);
    expect(after.statements).toBeGreaterThan(0);
    expect(after.body.data.filter((m: { status: string }) => m.status === 'active')).toHaveLength(1);
  });
});

describe('the cache itself', () => {
  const json = (n: number) => JSON.stringify({ n, pad: 'x'.repeat(100) });

  it('lapses after its time, keeps at most 16 answers a person, and stores nothing a write overtook', async () => {
    const cache = new PersonalReadCache(1000);
    const token = cache.token('a');
    await cache.put('a', '/x', json(1), token);
    expect(cache.get('a', '/x')).toBeDefined();
    expect(cache.get('b', '/x')).toBeUndefined();
    expect(cache.get('a', '/x', Date.now() + 1001)).toBeUndefined();
    for (let i = 0; i < 20; i += 1) await cache.put('a', `/page/${i}`, json(i), cache.token('a'));
    expect(cache.size().entries).toBe(16);
    expect(cache.get('a', '/page/19')).toBeDefined();
    expect(cache.get('a', '/page/3')).toBeUndefined();
    // A read began, then the person wrote: its answer is not kept.
    const before = cache.token('a', ['t']);
    cache.forgetPerson('a');
    await cache.put('a', '/late', json(2), before, ['t']);
    expect(cache.get('a', '/late')).toBeUndefined();
    expect(cache.size().entries).toBe(0);
    const tagged = cache.token('b', ['t']);
    await cache.put('b', '/tagged', json(3), tagged, ['t']);
    cache.forgetTag('t');
    expect(cache.get('b', '/tagged')).toBeUndefined();
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 });
  });

  it('is off with READ_CACHE_MS=0 (the default in tests)', async () => {
    const cache = new PersonalReadCache(0);
    await cache.put('a', '/x', json(1), cache.token('a'));
    expect(cache.get('a', '/x')).toBeUndefined();
  });
});

// A kept answer still needs a valid session: the session check runs before the cache is asked.
describe('sessions', () => {
  it('refuses a kept URL without a token (401), as before', async () => {
    const buyer = await quickBuyer(app);
    await read(buyer.token, '/api/v1/wishlists');
    expect((await app.inject({ method: 'GET', url: '/api/v1/wishlists' })).statusCode).toBe(401);
  });
});
