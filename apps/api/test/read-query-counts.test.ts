import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Product } from '@app/contract';
import { businessEventAttendees, businessEventFootprints, businessEvents, productReviews, referralEarnings, userChains } from '../src/db/schema/index.ts';
import { bearer } from './auth-helpers.ts';
import { insertBusiness, insertMember } from './business-fixtures.ts';
import { pickProducts } from './cart-helpers.ts';
import { insertOrderWithLines, issue } from './certificate-helpers.ts';
import { createTestApp, isBackgroundStatement } from './helper.ts';
import { insertOrder } from './order-fixtures.ts';
import { getJson, quickBuyer } from './order-helpers.ts';

/**
 * Issue 12: every read issues a constant number of SQL queries, whatever the page, cart or list
 * size. For each list-like read this file counts the statements one request sends for a small
 * case (one row) and a large one (many rows), and asserts they are equal and below a bound: a
 * query per row (N+1) makes the large case cost more, and a change that adds a query to every
 * read breaks the bound. Each large case is checked to really return more rows, so no test can
 * pass on two empty answers. The counts are printed for the record; they are the same on PGlite
 * and PostgreSQL (no read here opens a transaction, so node-postgres logs no BEGIN/COMMIT).
 * Statements of background timers are left out, so the counts are deterministic.
 */
let app: FastifyInstance;
const statements: string[] = [];

/** Statements the GET of `url` sends (as `token`; null: a visitor), with its parsed body. */
async function countQueries(url: string, token: string | null = null) {
  const before = statements.length;
  const response = await getJson(app, token, url);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const sent = statements.slice(before);
  return { count: sent.length, body: response.body, sent };
}

type Counted = Awaited<ReturnType<typeof countQueries>>;
const counts: { read: string; small: number; large: number }[] = [];

/** The small and large reads cost the same, at most `bound` statements; recorded for the closing table. */
function expectConstant(read: string, small: Counted, large: Counted, bound: number) {
  counts.push({ read, small: small.count, large: large.count });
  console.log(`${read}: small ${small.count}, large ${large.count}`);
  const listing = (c: Counted) => c.sent.map((q) => `  ${q.slice(0, 160)}`).join('\n');
  expect(large.count, `small:\n${listing(small)}\nlarge:\n${listing(large)}`).toBe(small.count);
  expect(large.count, listing(large)).toBeLessThanOrEqual(bound);
}

/** A fresh signed-in account (written straight into the database). */
const person = () => quickBuyer(app);
/** `n` fresh accounts. */
const people = (n: number) => Promise.all(Array.from({ length: n }, () => person()));

let plain: Product[];
let offsets: Product[];

beforeAll(async () => {
  app = await createTestApp({
    env: { ORDER_RATE_LIMIT_MAX: '1000' },
    logger: { logQuery: (query: string, params: unknown[]) => void (!isBackgroundStatement(query, params) && statements.push(query)) },
  });
  plain = pickProducts(app).plain;
  offsets = app.catalog.snapshot().products.filter((p) => p.kind === 'offset');
  expect(plain.length).toBeGreaterThanOrEqual(8);
  expect(offsets.length).toBeGreaterThanOrEqual(6);
});
afterAll(async () => {
  console.table(counts);
  await app?.close();
});

describe('catalog reads (in-memory read model)', () => {
  it('lists products with details in pages of 4 or 40 with no query', async () => {
    // The seeded catalog holds 44 products.
    const small = await countQueries('/api/v1/products?showDetails=1&page=1&size=4');
    const large = await countQueries('/api/v1/products?showDetails=1&page=1&size=40');
    expect(small.body.data).toHaveLength(4);
    expect(large.body.data).toHaveLength(40);
    expectConstant('GET /products?showDetails=1 (size 4 vs 40)', small, large, 0);
  });

  it('answers featured products, one product by slug and the facets with no query', async () => {
    const products = app.catalog.snapshot().products;
    const oneFeatured = await countQueries('/api/v1/products/featured?showDetails=1&page=1&size=1');
    const featured = await countQueries('/api/v1/products/featured?showDetails=1&page=1&size=100');
    expect(oneFeatured.body.data).toHaveLength(1);
    expect(featured.body.data.length).toBeGreaterThan(1);
    const plainOne = products.find((p) => p.variation.length === 0)!;
    const varied = pickProducts(app).varied;
    const bySlug = await countQueries(`/api/v1/productBySlug/${plainOne.slug}`);
    const bySlugVaried = await countQueries(`/api/v1/productBySlug/${varied.slug}`);
    expect(bySlugVaried.body.data.variation.length).toBeGreaterThan(0);
    const filters = await countQueries('/api/v1/filters');
    const filtered = await countQueries('/api/v1/filters?kind=offset');
    expect(filters.body.data).toBeTruthy();
    expectConstant(`GET /products/featured (size 1 vs ${featured.body.data.length})`, oneFeatured, featured, 0);
    expectConstant('GET /productBySlug/{slug} (plain vs with variations)', bySlug, bySlugVaried, 0);
    expectConstant('GET /filters (all vs kind=offset)', filters, filtered, 0);
  });

  it('searches with one query whether one product matches or many', async () => {
    // A word of one product's name alone, and a word many products share.
    const names = app.catalog.snapshot().products.map((p) => p.name.toLowerCase());
    const words = [...new Set(names.flatMap((name) => name.split(/[^a-z]+/).filter((w) => w.length >= 5)))];
    const holders = (word: string) => names.filter((name) => name.includes(word)).length;
    const rare = words.find((word) => holders(word) === 1)!;
    const common = words.reduce((best, word) => (holders(word) > holders(best) ? word : best));
    const small = await countQueries(`/api/v1/products?q=${rare}&size=100`);
    const large = await countQueries(`/api/v1/products?q=${common}&size=100`);
    expect(small.body.data.length).toBeGreaterThanOrEqual(1);
    expect(large.body.data.length, `q=${rare} vs q=${common}`).toBeGreaterThan(small.body.data.length);
    expectConstant(`GET /products?q= (${small.body.data.length} vs ${large.body.data.length} results)`, small, large, 1);
  });
});

describe('signed-in reads of one person', () => {
  it('GET /carts: one line or eight', async () => {
    const [one, eight] = await people(2);
    expect((await one.cart.patch({ products: [{ product: plain[0].id, quantity: 1 }] })).status).toBe(200);
    expect((await eight.cart.patch({ products: plain.slice(0, 8).map((p) => ({ product: p.id, quantity: 1 })) })).status).toBe(200);
    const small = await countQueries('/api/v1/carts', one.token);
    const large = await countQueries('/api/v1/carts', eight.token);
    expect(small.body.data.products).toHaveLength(1);
    expect(large.body.data.products).toHaveLength(8);
    expectConstant('GET /carts (1 vs 8 lines)', small, large, 3);
  });

  it('GET /wishlists: one product or eight', async () => {
    const [one, eight] = await people(2);
    const patch = (token: string, ids: string[]) => app.inject({ method: 'PATCH', url: '/api/v1/wishlists', headers: bearer(token), payload: { products: ids } });
    expect((await patch(one.token, [plain[0].id])).statusCode).toBe(200);
    expect((await patch(eight.token, plain.slice(0, 8).map((p) => p.id))).statusCode).toBe(200);
    const small = await countQueries('/api/v1/wishlists', one.token);
    const large = await countQueries('/api/v1/wishlists', eight.token);
    expect(small.body.data.products).toHaveLength(1);
    expect(large.body.data.products).toHaveLength(8);
    expectConstant('GET /wishlists (1 vs 8 products)', small, large, 2);
  });

  it('GET /carbon/footprints: one saved footprint or eight', async () => {
    const [one, eight] = await people(2);
    const save = (token: string) =>
      app.inject({ method: 'POST', url: '/api/v1/carbon/footprints', headers: bearer(token), payload: { kind: 'household', inputs: { country: 'GB', houseHoldMembers: 2, publicTransportationMembers: 0, income: 'medium', houseSize: 'medium', airTravel: 'medium', meatConsumption: 'medium' } } });
    expect((await save(one.token)).statusCode).toBe(201);
    for (let i = 0; i < 8; i += 1) expect((await save(eight.token)).statusCode).toBe(201);
    const small = await countQueries('/api/v1/carbon/footprints?size=20', one.token);
    const large = await countQueries('/api/v1/carbon/footprints?size=20', eight.token);
    expect(small.body.data).toHaveLength(1);
    expect(large.body.data).toHaveLength(8);
    expect(large.body.meta.total).toBe(8);
    // The session's account and one statement for the page with its total (a window count).
    expectConstant('GET /carbon/footprints (1 vs 8)', small, large, 2);
  });

  it('GET /customer-orders: one order or twenty', async () => {
    const [one, twenty] = await people(2);
    await insertOrder(app, { userId: one.id, productIds: [plain[0].id] });
    for (let i = 0; i < 20; i += 1) await insertOrder(app, { userId: twenty.id, productIds: [plain[i % 8].id, plain[(i + 1) % 8].id] });
    const small = await countQueries('/api/v1/customer-orders?size=20', one.token);
    const large = await countQueries('/api/v1/customer-orders?size=20', twenty.token);
    expect(small.body.data).toHaveLength(1);
    expect(large.body.data).toHaveLength(20);
    expectConstant('GET /customer-orders?size=20 (1 vs 20 orders)', small, large, 5);
  });

  it('GET /orders/{id}: one line or six', async () => {
    const buyer = await person();
    const oneLine = await insertOrder(app, { userId: buyer.id, productIds: [plain[0].id] });
    const sixLines = await insertOrder(app, { userId: buyer.id, productIds: plain.slice(0, 6).map((p) => p.id) });
    const small = await countQueries(`/api/v1/orders/${oneLine}`, buyer.token);
    const large = await countQueries(`/api/v1/orders/${sixLines}`, buyer.token);
    expect(small.body.data.products).toHaveLength(1);
    expect(large.body.data.products).toHaveLength(6);
    // 4 before the order's timeline came with it (issue 23): one query for its rows.
    expectConstant('GET /orders/{id} (1 vs 6 lines)', small, large, 5);
  });

  it('GET /users/{id}/certificates: one certificate or six', async () => {
    const [one, six] = await people(2);
    await issue(app, await insertOrderWithLines(app, { userId: one.id, lines: [{ productId: offsets[0].id, quantity: 1 }] }));
    await issue(app, await insertOrderWithLines(app, { userId: six.id, lines: offsets.slice(0, 3).map((p) => ({ productId: p.id, quantity: 2 })) }));
    await issue(app, await insertOrderWithLines(app, { userId: six.id, lines: offsets.slice(3, 6).map((p) => ({ productId: p.id, quantity: 1 })) }));
    const small = await countQueries(`/api/v1/users/${one.id}/certificates`, one.token);
    const large = await countQueries(`/api/v1/users/${six.id}/certificates`, six.token);
    expect(small.body.data).toHaveLength(1);
    expect(large.body.data).toHaveLength(6);
    expectConstant('GET /users/{id}/certificates (1 vs 6)', small, large, 2);
  });

  it('GET /user-chains: one chain or eight', async () => {
    const [one, eight] = await people(2);
    const others = await people(8);
    const chain = (parent: string, child: string) => ({ parentUserId: parent, childUserId: child, requestedByUserId: parent, relationship: 'friend' as const, kind: 'invite' as const, acceptanceStatus: 'accepted' as const, respondedAt: new Date() });
    await app.database.db.insert(userChains).values([chain(one.id, others[0].id), ...others.map((other) => chain(eight.id, other.id))]);
    const small = await countQueries('/api/v1/user-chains?size=20', one.token);
    const large = await countQueries('/api/v1/user-chains?size=20', eight.token);
    expect(small.body.data).toHaveLength(1);
    expect(large.body.data).toHaveLength(8);
    expectConstant('GET /user-chains (1 vs 8 chains)', small, large, 4);
  });

  it('GET /referral-user-earning-logs/user/{id}: one earning or eight', async () => {
    const [one, eight] = await people(2);
    const referred = await people(8);
    const earning = async (referrer: string, buyer: string) => ({
      userId: referrer,
      referredUserId: buyer,
      orderId: await insertOrder(app, { userId: buyer, productIds: [plain[0].id] }),
      currency: 'USD',
      amountMinor: 50,
    });
    const rows = [await earning(one.id, referred[0].id)];
    for (const buyer of referred) rows.push(await earning(eight.id, buyer.id));
    await app.database.db.insert(referralEarnings).values(rows);
    const small = await countQueries(`/api/v1/referral-user-earning-logs/user/${one.id}?size=20`, one.token);
    const large = await countQueries(`/api/v1/referral-user-earning-logs/user/${eight.id}?size=20`, eight.token);
    expect(small.body.data).toHaveLength(1);
    expect(large.body.data).toHaveLength(8);
    expectConstant('GET /referral-user-earning-logs/user/{id} (1 vs 8)', small, large, 3);
  });
});

describe('public reads', () => {
  it('GET /review/{id}/product: one review or ten (the first read of a page; later ones are kept in memory)', async () => {
    const [quiet, busy] = plain;
    const reviewers = await people(11);
    const review = async (productId: string, userId: string, rating: number) => ({
      productId,
      userId,
      orderId: await insertOrder(app, { userId, productIds: [productId] }),
      rating,
      comment: `Review ${randomBytes(3).toString('hex')}`,
    });
    const rows = [await review(quiet.id, reviewers[0].id, 4)];
    for (let i = 1; i <= 10; i += 1) rows.push(await review(busy.id, reviewers[i].id, 1 + (i % 5)));
    await app.database.db.insert(productReviews).values(rows);
    const small = await countQueries(`/api/v1/review/${quiet.id}/product?page=1&size=20`);
    const large = await countQueries(`/api/v1/review/${busy.id}/product?page=1&size=20`);
    expect(small.body.data).toHaveLength(1);
    expect(large.body.data).toHaveLength(10);
    expectConstant('GET /review/{id}/product (1 vs 10 reviews)', small, large, 2);
    // The same page again is served from memory.
    expect((await countQueries(`/api/v1/review/${busy.id}/product?page=1&size=20`)).count).toBe(0);
  });

  it('GET /metrics: computed with the same queries before and after many orders', async () => {
    app.metrics.clear();
    const small = await countQueries('/api/v1/metrics');
    const buyer = await person();
    for (let i = 0; i < 10; i += 1) await insertOrder(app, { userId: buyer.id, productIds: [offsets[i % 6].id, plain[i % 8].id] });
    app.metrics.clear();
    const large = await countQueries('/api/v1/metrics');
    expect(large.body.data.orders).toBeGreaterThanOrEqual(small.body.data.orders + 10);
    expectConstant('GET /metrics (uncached; +10 paid orders)', small, large, 1);
    // Within its TTL the answer costs no query.
    expect((await countQueries('/api/v1/metrics')).count).toBe(0);
  });
});

describe('business reads of their owner', () => {
  /** A business owned by a fresh account, with `members` active members. */
  async function businessWith(members: number) {
    const owner = await person();
    const business = await insertBusiness(app, owner.id, `Business ${randomBytes(3).toString('hex')}`);
    for (const member of await people(members)) await insertMember(app, business.id, member.id);
    return { owner, business };
  }

  it('GET /business-user-profiles/business/{id}: one member or ten', async () => {
    const one = await businessWith(1);
    const ten = await businessWith(10);
    const small = await countQueries(`/api/v1/business-user-profiles/business/${one.business.id}?size=20`, one.owner.token);
    const large = await countQueries(`/api/v1/business-user-profiles/business/${ten.business.id}?size=20`, ten.owner.token);
    expect(small.body.data).toHaveLength(1);
    expect(large.body.data).toHaveLength(10);
    expect(large.body.meta.total).toBe(10);
    // The session's account, then one statement: the page, its total and the ownership check
    // together (4 before issue 28: the owner check, the page and a count apart).
    expectConstant('GET /business-user-profiles/business/{id} (1 vs 10 members)', small, large, 2);
  });

  it('GET /business-events/{businessCode} and /business-events/stats/{businessCode}: one event or six', async () => {
    const one = await businessWith(0);
    const six = await businessWith(0);
    const event = (businessId: string, day: number) => ({
      businessId,
      conferanceCode: `EV-${randomBytes(4).toString('hex').toUpperCase()}`,
      name: `Summit ${day}`,
      startDate: `2030-01-${String(day).padStart(2, '0')}`,
      endDate: `2030-01-${String(day + 1).padStart(2, '0')}`,
    });
    const events = await app.database.db
      .insert(businessEvents)
      .values([event(one.business.id, 1), ...Array.from({ length: 6 }, (_, i) => event(six.business.id, i + 1))])
      .returning({ id: businessEvents.id });
    // Each event has an attendee with a footprint, so per-event figures are not all zero.
    const attendees = await people(events.length);
    await app.database.db.insert(businessEventAttendees).values(events.map((e, i) => ({ eventId: e.id, userId: attendees[i].id })));
    await app.database.db.insert(businessEventFootprints).values(
      events.map((e, i) => ({ eventId: e.id, userId: attendees[i].id, email: attendees[i].email, inputs: {}, notes: [], factorSetYear: 2024, totalKg: 12, travelKg: 8, accommodationKg: 3, cateringKg: 1 })),
    );
    const small = await countQueries(`/api/v1/business-events/${one.business.businessCode}?size=20`, one.owner.token);
    const large = await countQueries(`/api/v1/business-events/${six.business.businessCode}?size=20`, six.owner.token);
    expect(small.body.data).toHaveLength(1);
    expect(large.body.data).toHaveLength(6);
    expectConstant('GET /business-events/{businessCode} (1 vs 6 events)', small, large, 5);

    const smallStats = await countQueries(`/api/v1/business-events/stats/${one.business.businessCode}?size=20`, one.owner.token);
    const largeStats = await countQueries(`/api/v1/business-events/stats/${six.business.businessCode}?size=20`, six.owner.token);
    expect(smallStats.body.data).toHaveLength(1);
    expect(largeStats.body.data).toHaveLength(6);
    expect(largeStats.body.data.every((e: { attendeeCount: number; footprintCount: number }) => e.attendeeCount === 1 && e.footprintCount === 1)).toBe(true);
    expectConstant('GET /business-events/stats/{businessCode} (1 vs 6 events)', smallStats, largeStats, 6);
  });

  it('GET /business-customer-orders: one order or ten', async () => {
    const one = await businessWith(0);
    const ten = await businessWith(0);
    await insertOrder(app, { userId: one.owner.id, businessId: one.business.id, productIds: [plain[0].id] });
    for (let i = 0; i < 10; i += 1) await insertOrder(app, { userId: ten.owner.id, businessId: ten.business.id, productIds: [plain[i % 8].id, plain[(i + 1) % 8].id] });
    const small = await countQueries(`/api/v1/business-customer-orders?businessCode=${one.business.businessCode}`, one.owner.token);
    const large = await countQueries(`/api/v1/business-customer-orders?businessCode=${ten.business.businessCode}`, ten.owner.token);
    expect(small.body.data).toHaveLength(1);
    expect(large.body.data).toHaveLength(10);
    expectConstant('GET /business-customer-orders (1 vs 10 orders)', small, large, 6);
  });
});
