import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { createTestApp } from './helper.ts';
import { pickProducts, priceIn } from './cart-helpers.ts';
import { quickBuyer } from './order-helpers.ts';

/**
 * Issue 28 (migration 0041): the checks on the write path look up the lines they check by key.
 * cart_apply's sellable-units check was a join that PostgreSQL planned once and kept (0040), and
 * the kept plan hashed every row of products and product_sizes on each cart change;
 * place_order's frozen-price check scanned every price in the order's currency. Both grew with
 * the catalog. This test calls both functions in one transaction on one connection and reads
 * that transaction's own table counters (pg_stat_xact_user_tables): a sequential scan of any
 * table is what must not happen (0044 prices them out for the cart and order functions, whose
 * plans are kept from when a table was small). The transaction is rolled back.
 */
let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
  // Statistics taken while the carts were empty, as an ANALYZE after loading a catalog takes them
  // (the bench's data set does): a plan made from them reads carts and lines by sequential scan,
  // and keeps doing so as they grow, unless the functions price such scans out (migration 0044).
  await app.database.db.execute(sql`analyze carts, cart_items`);
});
afterAll(async () => app?.close());

class RollBack extends Error {}

type Rows<T> = { rows: T[] };

/**
 * In one transaction: calls `call` once, while the tables are as they were (when this connection
 * may make the plan it keeps), lets `addOrders` write orders, calls again, and answers the order
 * rows that second call read (the transaction's own counters).
 */
async function orderRowsReadAfter(tx: Pick<FastifyInstance['database']['db'], 'execute'>, call: () => Promise<unknown>, addOrders: () => Promise<unknown>): Promise<number> {
  const ordersRead = async () => {
    const { rows } = (await tx.execute(sql`select coalesce(idx_tup_fetch, 0) + seq_tup_read as n from pg_stat_xact_user_tables where relname = 'orders'`)) as unknown as Rows<{ n: string | number }>;
    return Number(rows[0]?.n ?? 0);
  };
  await call();
  await addOrders();
  const before = await ordersRead();
  await call();
  return (await ordersRead()) - before;
}

describe('checks on the write path look rows up by key', () => {
  it('a cart change that raises a plain line and a sized line, and an order refused for a changed price, scan no table', async () => {
    const { plain, varied } = pickProducts(app);
    const color = varied.variation[0]!;
    const size = color.sizes.find((s) => s.stock > 2)!;
    const buyer = await quickBuyer(app);
    const seen: { scans: Record<string, number>; applied: { status: string }; placed: { status: string; reason?: string } } = {} as never;

    await app.database.db
      .transaction(async (tx) => {
        const counters = async () => {
          const { rows } = (await tx.execute(sql`select relname as name, seq_scan as scans from pg_stat_xact_user_tables`)) as unknown as Rows<{ name: string; scans: string | number }>;
          return Object.fromEntries(rows.map((row) => [row.name, Number(row.scans)]));
        };
        // Sequential scans made by `call`, added to seen.scans by table (the test's own reads are not counted).
        seen.scans = {};
        const counted = async <T>(call: () => Promise<T>): Promise<T> => {
          const before = await counters();
          const result = await call();
          for (const [table, scans] of Object.entries(await counters())) {
            if (scans > (before[table] ?? 0)) seen.scans[table] = (seen.scans[table] ?? 0) + scans - (before[table] ?? 0);
          }
          return result;
        };
        // The buyer's cart, created and locked, and the state a plan is made from.
        await tx.execute(sql`select cart_lock_state(${buyer.id}::uuid, ${randomUUID()}::uuid, 'USD')`);
        const { rows: fingerprint } = (await tx.execute(sql`select cart_fingerprint(c) as f, c.id as id from carts c where c.user_id = ${buyer.id}::uuid`)) as unknown as Rows<{ f: unknown; id: string }>;
        const lines = [
          { id: null, new_id: randomUUID(), product_id: plain[0]!.id, color_id: null, size_id: null, quantity: 2, before: 0 },
          { id: null, new_id: randomUUID(), product_id: varied.id, color_id: color._id, size_id: size._id, quantity: 1, before: 0 },
        ];
        const { rows: applied } = (await counted(() =>
          tx.execute(sql`select cart_apply(${buyer.id}::uuid, ${randomUUID()}::uuid, 'USD', ${JSON.stringify(fingerprint[0]!.f)}::jsonb, ${JSON.stringify(lines)}::jsonb, '{}'::jsonb, null) as r`),
        )) as unknown as Rows<{ r: { status: string } }>;

        // An order whose second line's price is not the prices table's: refused before any write.
        const { rows: cartSeen } = (await tx.execute(sql`select order_cart_seen(${fingerprint[0]!.id}::uuid) as s`)) as unknown as Rows<{ s: unknown }>;
        const payload = {
          user_id: buyer.id,
          cart_id: fingerprint[0]!.id,
          cart_seen: cartSeen[0]!.s,
          order: { currency: 'USD' },
          items: [
            { product_id: plain[0]!.id, unit_price_minor: priceIn(plain[0]!, 'USD') },
            { product_id: varied.id, unit_price_minor: priceIn(varied, 'USD') + 1 },
          ],
        };
        const { rows: placed } = (await counted(() => tx.execute(sql`select place_order(${JSON.stringify(payload)}::jsonb) as r`))) as unknown as Rows<{ r: { status: string; reason?: string } }>;

        seen.applied = applied[0]!.r;
        seen.placed = placed[0]!.r;
        throw new RollBack();
      })
      .catch((error) => {
        if (!(error instanceof RollBack)) throw error;
      });

    expect(seen.applied.status).toBe('ok');
    expect(seen.placed).toEqual({ status: 'retry', reason: 'price' });
    // Sequential scans by table: none, of the catalog or of the carts (migrations 0041, 0044).
    expect(seen.scans).toEqual({});
  });

  it('the placement read fetches the offset projects of the cart, not every offset project', async () => {
    const offsets = app.catalog.snapshot().products.filter((product) => product.kind === 'offset' && product.stock > 0);
    expect(offsets.length).toBeGreaterThan(3);
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: offsets[0]!.id, quantity: 1 }] });
    const read = await app.database.db
      .transaction(async (tx) => {
        const fetched = async () => {
          const { rows } = (await tx.execute(sql`select relname as name, seq_scan + coalesce(idx_tup_fetch, 0) as n from pg_stat_xact_user_tables where relname in ('products', 'standards')`)) as unknown as Rows<{ name: string; n: string | number }>;
          return { products: Number(rows.find((row) => row.name === 'products')?.n ?? 0), standards: Number(rows.find((row) => row.name === 'standards')?.n ?? 0) };
        };
        const before = await fetched();
        const { rows } = (await tx.execute(sql`select order_placement_context(${buyer.id}::uuid, null, null) as c`)) as unknown as Rows<{ c: { offsets: { product_id: string }[] } }>;
        const after = await fetched();
        return { offsets: rows[0]!.c.offsets.map((offset) => offset.product_id), fetched: { products: after.products - before.products, standards: after.standards - before.standards } };
      });
    expect(read.offsets).toEqual([offsets[0]!.id]);
    // One product row read for the one offset line, and its standards by key (a sequential scan counts as one more).
    const standards = offsets[0]!.details?.standards.length ?? 0;
    expect(read.fetched).toEqual({ products: 1, standards });
  });

  // Migration 0046. The key was compared with an expression (p->>'idempotency_key'), which a plan
  // made while the buyer had no orders (kept per connection, 0040) did not use with the key's
  // unique index: it read every order of the buyer by the (user_id, created_at) index and
  // compared each row's key, so each order cost more than the one before.
  it("the order's Idempotency-Key is looked up by its unique index, whatever the buyer's past orders", async () => {
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: pickProducts(app).plain[0]!.id, quantity: 1 }] });
    const fetched = await app.database.db
      .transaction(async (tx) => {
        const { rows: carts } = (await tx.execute(sql`select id from carts where user_id = ${buyer.id}::uuid`)) as unknown as Rows<{ id: string }>;
        // A cart "seen" that is not the cart: place_order answers 'retry' right after the key's lookup, writing nothing.
        const payload = JSON.stringify({ user_id: buyer.id, cart_id: carts[0]!.id, cart_seen: { stale: true }, idempotency_key: `key-${randomUUID()}` });
        // The first call is while the buyer has no orders.
        const call = async () => {
          const { rows } = (await tx.execute(sql`select place_order(${payload}::jsonb) as r`)) as unknown as Rows<{ r: { status: string } }>;
          expect(rows[0]!.r.status).toBe('retry');
        };
        return orderRowsReadAfter(tx, call, () =>
          tx.execute(sql`
            insert into orders (id, user_id, order_number, currency, status, idempotency_key)
            select gen_random_uuid(), ${buyer.id}::uuid, 'GM-T' || n || '-' || substr(md5(random()::text), 1, 8), 'USD', 'paid', 'earlier-' || n from generate_series(1, 40) n`),
        );
      })
      .finally(() => app.database.db.execute(sql`delete from orders where user_id = ${buyer.id}::uuid`));
    // No order has this key: the unique index finds none and no order row is read.
    expect(fetched).toBe(0);
  });

  // Migration 0047. Counting the buyer's unpaid orders with a coupon, a plan kept from when there
  // were no unpaid orders walked the whole of an index of unpaid orders (by client address),
  // reading every other buyer's unpaid order.
  it("a coupon order counts the buyer's own unpaid orders with that coupon, not every unpaid order", async () => {
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: pickProducts(app).plain[0]!.id, quantity: 1 }] });
    const others = await Promise.all([quickBuyer(app), quickBuyer(app)]);
    const fetched = await app.database.db
      .transaction(async (tx) => {
        const one = async <T>(query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as Rows<T>).rows[0]!;
        const cart = await one<{ id: string; seen: unknown }>(sql`select id, order_cart_seen(id) as seen from carts where user_id = ${buyer.id}::uuid`);
        const coupon = await one<{ id: string; fingerprint: string }>(sql`select id, coupon_fingerprint(id) as fingerprint from coupons limit 1`);
        // Everything as seen but the count of unpaid orders, so place_order counts them and answers 'retry' before any write.
        const payload = JSON.stringify({ user_id: buyer.id, cart_id: cart.id, cart_seen: cart.seen, idempotency_key: null, items: [], coupon: { id: coupon.id, fingerprint: coupon.fingerprint, redeemed: 0, pending: 99, redeem: false } });
        // The first call is while no order is unpaid.
        const call = async () => expect((await one<{ r: { status: string; reason?: string } }>(sql`select place_order(${payload}::jsonb) as r`)).r).toEqual({ status: 'retry', reason: 'coupon' });
        return orderRowsReadAfter(tx, call, () =>
          tx.execute(sql`
            insert into orders (id, user_id, order_number, currency, status, coupon_id, client_key)
            select gen_random_uuid(), (array[${others[0]!.id}::uuid, ${others[1]!.id}::uuid])[1 + n % 2], 'GM-P' || n || '-' || substr(md5(random()::text), 1, 8), 'USD', 'pending', ${coupon.id}::uuid, 'client-' || n
            from generate_series(1, 40) n`),
        );
      })
      .finally(() => app.database.db.execute(sql`delete from orders where user_id in (${others[0]!.id}::uuid, ${others[1]!.id}::uuid)`));
    // This buyer has no unpaid order: none of the 40 other buyers' unpaid orders is read.
    expect(fetched).toBe(0);
  });
});
