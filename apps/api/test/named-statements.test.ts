import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { runNamed } from '../src/db/named-statement.ts';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp, isBackgroundStatement, settleAfterAnswers } from './helper.ts';
import { placeOrder, quickBuyer } from './order-helpers.ts';

/**
 * Issue 28: the calls every cart change and order makes are named prepared statements on
 * PostgreSQL, parsed and planned once per connection instead of on every call. The API's
 * connection pool is watched: each request must send its database function by name.
 */
let app: FastifyInstance;
const onPostgres = Boolean(process.env.DATABASE_URL);
/** Names (null: unnamed) of the statements the pool was sent while `watching`. */
const sent: (string | null)[] = [];
let watching = false;

beforeAll(async () => {
  app = await createTestApp({ env: { CART_CACHE_MS: '60000', SESSION_CACHE_MS: '10000', ORDER_RATE_LIMIT_MAX: '1000' } });
  if (!onPostgres) return;
  const pool = (app.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = pool.query.bind(pool);
  pool.query = (config: unknown, ...rest: unknown[]) => {
    // The batched rate-limit flush and the outbox poll run on timers and may land inside a request.
    const statement = config as { name?: string; text?: string; values?: unknown[] };
    const background = typeof statement?.text === 'string' && isBackgroundStatement(statement.text, (rest[0] as unknown[] | undefined) ?? statement.values ?? []);
    if (watching && typeof config === 'object' && config !== null && 'text' in config && !background) sent.push(statement.name ?? null);
    return query(config, ...rest);
  };
});
afterAll(async () => app?.close());

async function namesOf(request: () => Promise<{ status: number }>): Promise<(string | null)[]> {
  sent.length = 0;
  watching = true;
  try {
    expect((await request()).status).toBe(200);
    return [...sent];
  } finally {
    watching = false;
  }
}

describe('named statements', () => {
  it('runs a statement by name, with its values, on either database', async () => {
    const probe = { name: 'named_statement_probe', text: 'select $1::int * 21 as v, $2::text as t' };
    const first = await runNamed<{ v: number; t: string | null }>(app.database.db, probe, [2, 'two']);
    const second = await runNamed<{ v: number; t: string | null }>(app.database.db, probe, [3, null]);
    expect([first.rows[0], second.rows[0]]).toEqual([
      { v: 42, t: 'two' },
      { v: 63, t: null },
    ]);
  });

  it.runIf(onPostgres)('keeps it prepared on the connection that ran it (PostgreSQL)', async () => {
    const prepared = await app.database.db.transaction(async (tx) => {
      const kept = { name: 'named_statement_kept', text: 'select $1::int as v' };
      await runNamed(tx, kept, [1]);
      await runNamed(tx, kept, [2]);
      return (await runNamed<{ statement: string }>(tx, { name: 'named_statement_list', text: 'select statement from pg_prepared_statements where name = $1' }, ['named_statement_kept'])).rows;
    });
    expect(prepared).toEqual([{ statement: 'select $1::int as v' }]);
  });

  it.runIf(onPostgres)('a cart change, a coupon apply and unapply and an order each send their function by name (PostgreSQL)', async () => {
    const { plain } = pickProducts(app);
    const buyer = await quickBuyer(app);
    await buyer.cart.get();
    // The forms that leave the carts trigger silent and are announced after the commit (decision 0074).
    expect(await namesOf(() => buyer.cart.patch({ products: [{ product: plain[0].id, quantity: 1 }] }))).toEqual(['cart_apply_announced']);
    expect(await namesOf(() => buyer.cart.apply('welcome10'))).toEqual(['cart_coupon_apply_announced']);
    expect(await namesOf(() => buyer.cart.unapply())).toEqual(['cart_coupon_unapply_announced']);
    const order = await namesOf(() => placeOrder(app, buyer.token));
    expect(order.filter((name) => name === 'place_order')).toHaveLength(1);
    // What the request sends before its answer is named (the placement read, when it is needed, and
    // the order); what runs after it (mail, the catalog's stock refresh) is background work.
    expect(order.slice(0, order.indexOf('place_order'))).not.toContain(null);
    await settleAfterAnswers(app);
  });
});
