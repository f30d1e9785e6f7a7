import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp } from './helper.ts';
import { placeOrder, quickBuyer } from './order-helpers.ts';

type Rows<T> = { rows: T[] };

/**
 * Issue 28, migration 0049: an order writes about 26 index entries. Two of them were NULLs that no
 * look-up reads: the order's business (most orders have none) and the certificate's gift token
 * (most certificates are not gifts). Those indexes now hold only rows with a value.
 * Migration 0053 (decision 0078): four more indexes that no read used are gone.
 */
describe('the indexes an order writes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());

  it("an order without a business and a certificate that is not a gift add no entry to the business and gift-token indexes", async () => {
    const buyer = await quickBuyer(app);
    const offset = pickProducts(app).plain.find((product) => product.unit !== 'item')!;
    await buyer.cart.patch({ products: [{ product: offset.id, quantity: 1 }] });
    const placed = await placeOrder(app, buyer.token);
    expect(placed.status).toBe(200);

    // ANALYZE counts each index's entries exactly while a table is this small (all rows sampled).
    await app.database.db.execute(sql`ANALYZE orders`);
    await app.database.db.execute(sql`ANALYZE certificates`);
    const count = async (query: ReturnType<typeof sql>) => Number(((await app.database.db.execute(query)) as unknown as Rows<{ n: string | number }>).rows[0]!.n);
    const entries = (index: string) => count(sql`SELECT reltuples::bigint AS n FROM pg_class WHERE relname = ${index}`);

    const orders = await count(sql`SELECT count(*) AS n FROM orders`);
    const businessOrders = await count(sql`SELECT count(*) AS n FROM orders WHERE business_id IS NOT NULL`);
    const certificates = await count(sql`SELECT count(*) AS n FROM certificates`);
    const gifts = await count(sql`SELECT count(*) AS n FROM certificates WHERE gift_token_hash IS NOT NULL`);
    expect(orders).toBeGreaterThan(businessOrders);
    expect(certificates).toBeGreaterThan(gifts);
    // Before migration 0049 these were the row counts (an entry per order, per certificate).
    expect(await entries('orders_business_idx')).toBe(businessOrders);
    expect(await entries('certificates_gift_token_unique')).toBe(gifts);
  });

  /** The indexes on `tables` whose entries `act` added: each index's entry count (ANALYZE counts them exactly in tables this small), before and after. */
  async function indexesEntered(tables: string[], act: () => Promise<void>): Promise<string[]> {
    const counts = async () => {
      for (const table of tables) await app.database.db.execute(sql.raw(`ANALYZE ${table}`));
      const result = (await app.database.db.execute(sql`
        SELECT i.relname AS name, i.reltuples::bigint AS n FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
        WHERE t.relname IN (${sql.join(tables.map((table) => sql`${table}`), sql`, `)})`)) as unknown as Rows<{ name: string; n: string | number }>;
      return new Map(result.rows.map((row) => [row.name, Number(row.n)]));
    };
    const before = await counts();
    await act();
    const after = await counts();
    return [...after].filter(([name, n]) => n > (before.get(name) ?? 0)).map(([name]) => name).sort();
  }

  it('a cart change and a paid order of one offset line enter only the indexes some read uses (migration 0053)', async () => {
    const buyer = await quickBuyer(app);
    const offset = pickProducts(app).plain.find((product) => product.unit !== 'item')!;
    // A first loop makes the buyer's cart, so the measured one writes what every later loop writes.
    await buyer.cart.patch({ products: [{ product: offset.id, quantity: 1 }] });
    expect((await placeOrder(app, buyer.token)).status).toBe(200);

    const cartChange = await indexesEntered(['carts', 'cart_items'], async () => {
      await buyer.cart.patch({ products: [{ product: offset.id, quantity: 1 }] });
    });
    // Not cart_items_cart_idx (cart_id, created_at): cart_items_line_unique starts with cart_id.
    expect(cartChange).toEqual(['cart_items_line_unique', 'cart_items_pkey']);

    const order = await indexesEntered(['orders', 'order_items', 'order_events', 'certificates', 'outbox_emails', 'stock_ledger'], async () => {
      expect((await placeOrder(app, buyer.token)).status).toBe(200);
    });
    // Not orders_user_paid_idx (no query's predicate implies it), stock_ledger_order_idx (nothing
    // reads the ledger by order) or certificates_line_idx (look-ups by line name the order).
    expect(order).toEqual([
      'certificates_order_idx',
      'certificates_pkey',
      'certificates_serial_unique',
      'certificates_user_issued_idx',
      'certificates_valid_line_unique',
      'order_events_order_at_idx',
      'order_events_pkey',
      'order_items_order_idx',
      'order_items_pkey',
      'order_items_product_idx',
      'orders_order_number_unique',
      'orders_pkey',
      'orders_user_created_idx',
      'orders_user_idempotency_key_unique',
      'outbox_emails_pkey',
      'outbox_emails_to_idx',
      'stock_ledger_pkey',
      'stock_ledger_product_idx',
    ]);
  });

  it('the reads those indexes could have served still find their rows by an index', async () => {
    const planOf = async (query: ReturnType<typeof sql>) =>
      app.database.db.transaction(async (tx) => {
        // As on a large table: a sequential scan only where no index can answer.
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const result = (await tx.execute(sql`EXPLAIN ${query}`)) as unknown as Rows<Record<string, string>>;
        return result.rows.map((row) => Object.values(row)[0]).join('\n');
      });
    const id = '00000000-0000-0000-0000-000000000000';
    const plans = {
      // A cart's lines in the order they were added (cart_state, order_cart_seen).
      cartLines: await planOf(sql`SELECT * FROM cart_items i WHERE i.cart_id = ${id}::uuid ORDER BY i.created_at, i.id`),
      // Whether an order's line has a certificate (certificates.repository: lines and issuedLines).
      certificateOfLine: await planOf(sql`SELECT 1 FROM certificates c WHERE c.order_id = ${id}::uuid AND c.order_item_id = ${id}::uuid`),
      // A buyer's paid orders since a day (orders.repository: impact over time).
      paidOrders: await planOf(sql`SELECT id FROM orders WHERE user_id = ${id}::uuid AND status IN ('paid', 'partially_refunded') AND paid_at >= now() - interval '30 days'`),
      // A product's stock ledger, newest first (the operator's stock page).
      ledger: await planOf(sql`SELECT * FROM stock_ledger WHERE product_id = ${id}::uuid ORDER BY at DESC LIMIT 20`),
    };
    for (const [read, plan] of Object.entries(plans)) expect(plan, read).not.toMatch(/Seq Scan/);
    expect(plans.cartLines).toMatch(/cart_items_line_unique/);
    expect(plans.certificateOfLine).toMatch(/certificates_order_idx|certificates_valid_line_unique/);
    expect(plans.paidOrders).toMatch(/orders_user_created_idx|orders_user_idempotency_key_unique/);
  });
});
