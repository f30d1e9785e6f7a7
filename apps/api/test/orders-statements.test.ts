import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp, isBackgroundStatement, isCoalescedStockRefresh } from './helper.ts';
import { getJson, placeOrder, quickBuyer, redirectingProvider } from './order-helpers.ts';

/**
 * Placing and paying an order is the hottest write, and on one database connection (PGlite) or
 * one locked stock row every statement is queue time for the next buyer. These tests count the
 * SQL statements an order costs, so a change that adds round trips shows up here, not only as a
 * slower benchmark.
 */
let app: FastifyInstance;
const statements: string[] = [];
let counting = false;
/**
 * On PostgreSQL the order route's own limit is counted in the shared table (one upsert, decision
 * 0020), and node-postgres logs a transaction's begin and commit, which PGlite's driver does not
 * (the order paid at once has none: its one call is its transaction).
 */
const postgresOnlyStatements = process.env.DATABASE_URL ? 1 : 0;
const postgresTransactionStatements = process.env.DATABASE_URL ? 2 : 0;

beforeAll(async () => {
  // The shop's default stock lag (500 ms): the catalog's stock refresh runs after the answers,
  // coalesced over every order of that half second (catalog-stock-lag.test.ts holds it).
  app = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '1000', CATALOG_STOCK_LAG_MS: '500' }, logger: { logQuery: (query: string, params: unknown[]) => void (counting && !isBackgroundStatement(query, params) && !isCoalescedStockRefresh(query, params) && statements.push(query)) } });
});
afterAll(async () => app?.close());

describe('statements per order', () => {
  it('places and pays an order of one line with the test provider in a fixed, small number of statements', async () => {
    const { plain } = pickProducts(app);
    const counts: number[] = [];
    const placements: number[] = [];
    for (let i = 0; i < 3; i++) {
      const buyer = await quickBuyer(app);
      await buyer.cart.patch({ products: [{ product: plain[i].id, quantity: 1 }] });
      statements.length = 0;
      counting = true;
      const { status, body } = await placeOrder(app, buyer.token);
      counting = false;
      expect(status).toBe(200);
      expect(body.data.status).toBe('paid');
      counts.push(statements.length);
      placements.push(statements.filter((q) => q.includes('place_order(')).length);
    }
    console.log(`statements per order: ${counts.join(', ')}`);
    // 43 before the catalog learnt stock-only reloads; 24 before the test provider's orders were
    // placed and paid in one transaction; 16 before the order timeline; 17 before the impact read
    // model's NOTIFY; 18 (19 statements in a transaction, plus BEGIN/COMMIT on PostgreSQL) before
    // the order became one database call (decision 0058); 5 while the catalog's stock refresh ran
    // in the request. Now issue 28's bound, 1 + 2: ONE call of place_order, which is the whole
    // transaction, and around it the placement's own read (cart, coupon, earlier order with the
    // key, certificate fields) and the session lookup (kept SESSION_CACHE_MS in a running shop).
    // With the shop's caches on, an order from the cart last seen is place_order alone
    // (orders-kept-cart.test.ts, decision 0067).
    expect(Math.max(...counts), statements.map((q) => q.slice(0, 100)).join('\n')).toBeLessThanOrEqual(3);
    expect(placements, statements.map((q) => q.slice(0, 100)).join('\n')).toEqual([1, 1, 1]);
    // No BEGIN/COMMIT: the one call is its own transaction.
    expect(statements.filter((q) => /^\s*(begin|commit)/i.test(q))).toEqual([]);
  });

  it('answers a placed order as it was stored, paid at once or waiting for its payment', async () => {
    // place_order answers a placed order by its status alone (migration 0052): the API answers
    // from the row it sent. That answer must be the order as the database keeps it, read back
    // (the read adds the timeline, which the placement's answer leaves out).
    const redirecting = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '1000' }, paymentProvider: redirectingProvider() });
    try {
      for (const shop of [app, redirecting]) {
        const { plain } = pickProducts(shop);
        const buyer = await quickBuyer(shop);
        await buyer.cart.patch({ products: [{ product: plain[3].id, quantity: 2 }] });
        const placed = await placeOrder(shop, buyer.token);
        expect(placed.status).toBe(200);
        expect(placed.body.data.status).toBe(shop === app ? 'paid' : 'pending');
        const read = await getJson(shop, buyer.token, `/api/v1/orders/${placed.body.data.id}`);
        expect(read.status).toBe(200);
        const { timeline, ...stored } = read.body.data;
        expect(timeline.length).toBeGreaterThan(0);
        expect(placed.body.data).toEqual(stored);
      }
    } finally {
      await redirecting.close();
    }
  });

  it('places an order that waits for its payment (Stripe-like) in a fixed, small number of statements', async () => {
    const redirecting = await createTestApp({ env: { ORDER_RATE_LIMIT_MAX: '1000', CATALOG_STOCK_LAG_MS: '500' }, paymentProvider: redirectingProvider(), logger: { logQuery: (query: string, params: unknown[]) => void (counting && !isBackgroundStatement(query, params) && !isCoalescedStockRefresh(query, params) && statements.push(query)) } });
    try {
      // Its own database on PostgreSQL: its own product ids.
      const { plain } = pickProducts(redirecting);
      const counts: number[] = [];
      const placements: number[] = [];
      for (let i = 0; i < 3; i++) {
        const buyer = await quickBuyer(redirecting);
        await buyer.cart.patch({ products: [{ product: plain[i].id, quantity: 1 }] });
        statements.length = 0;
        counting = true;
        const { status, body } = await placeOrder(redirecting, buyer.token);
        counting = false;
        expect(status).toBe(200);
        expect(body.data.status).toBe('pending');
        expect(body.data.payment.checkoutUrl).toBeTruthy();
        counts.push(statements.length);
        placements.push(statements.filter((q) => q.includes('place_order(')).length);
      }
      console.log(`statements per unpaid order: ${counts.join(', ')}`);
      const listed = statements.map((q) => q.slice(0, 100)).join('\n');
      // Issue 28's bound, as for an order paid at once (decision 0076): ONE call of place_order,
      // which is the whole transaction (the caps on unpaid orders counted in it, under the cart
      // lock), and around it the placement's read and, after the provider answers, the one update
      // that records where the buyer pays (it answers the row: no read after it). Plus the session
      // lookup, kept SESSION_CACHE_MS in a running shop. 15 statements in a transaction before.
      expect(placements, listed).toEqual([1, 1, 1]);
      expect(Math.max(...counts), listed).toBeLessThanOrEqual(PENDING_ORDER_STATEMENTS);
      expect(statements.filter((q) => /^\s*(begin|commit)/i.test(q)), listed).toEqual([]);
      // No order row read back, and no certificates read for an order that has none yet.
      expect(statements.filter((q) => /^select .* from "(orders|certificates)"/i.test(q.trim())), listed).toEqual([]);
    } finally {
      await redirecting.close();
    }
  });
});

/** The session lookup, the placement's read, place_order and the payment's update (13–15 before decision 0076). */
const PENDING_ORDER_STATEMENTS = 4;
