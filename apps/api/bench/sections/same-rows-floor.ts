import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { uuidv7 } from '../../src/lib/uuid.ts';
import { ASYNC_COMMIT_CALL } from '../../src/db/async-commit.ts';
import { ANNOUNCE_AFTER_COMMIT_CALL } from '../../src/db/announce.ts';

/** One buyer's two round trips of a bare-SQL loop, on that buyer's own connection. */
export interface SqlLoopSteps {
  cart(client: pg.Client, buyer: number): Promise<void>;
  /** Throws when no order was placed. */
  order(client: pg.Client, buyer: number): Promise<void>;
}

/**
 * The issue's floor (floor.sql): a cart upsert, then one statement that empties the cart, takes
 * the stock, and writes the order and its line, in a scratch schema of four narrow tables.
 */
export function issueFloor(productOf: (buyer: number) => number): SqlLoopSteps {
  const users = new Map<number, string>();
  const user = (buyer: number) => users.get(buyer) ?? (users.set(buyer, randomUUID()), users.get(buyer)!);
  return {
    async cart(client, buyer) {
      await client.query('INSERT INTO floor.cart VALUES ($1, $2, 1) ON CONFLICT (user_id, product) DO UPDATE SET qty = floor.cart.qty + 1', [user(buyer), productOf(buyer)]);
    },
    async order(client, buyer) {
      const placed = await client.query(
        `WITH c AS (DELETE FROM floor.cart WHERE user_id = $1 RETURNING product, qty),
              s AS (UPDATE floor.stock st SET stock = st.stock - c.qty FROM c
                    WHERE st.id = c.product AND st.stock >= c.qty RETURNING st.id, c.qty, st.price),
              o AS (INSERT INTO floor.orders (id, user_id, total, status)
                    SELECT $2, $1, sum(qty * price), 'paid' FROM s HAVING count(*) > 0 RETURNING id)
         INSERT INTO floor.lines SELECT o.id, s.id, s.qty, s.price FROM o, s RETURNING order_id`,
        [user(buyer), randomUUID()],
      );
      if (placed.rowCount !== 1) throw new Error(`the floor placed ${placed.rowCount} lines`);
    },
  };
}

type Row = Record<string, unknown>;

/** Rows copied from an order the product placed in the warm-up, and the floor's buyers' carts. */
export interface SameRowsTemplates {
  order: Row;
  item: Row;
  events: Row[];
  certificate: Row;
  mail: Row;
  cartOf: Map<string, string>;
}

/** Reads the templates; makes the buyers' carts where the product never did. */
export async function loadSameRowsTemplates(client: pg.Client, buyers: { userId: string; cartId: string }[]): Promise<SameRowsTemplates> {
  const one = async (text: string, values: unknown[] = []) => {
    const result = await client.query<{ row: Row }>(text, values);
    if (!result.rows[0]) throw new Error(`same-rows floor: no template for ${text.slice(0, 60)}`);
    return result.rows[0].row;
  };
  const order = await one(`SELECT to_jsonb(o) AS row FROM orders o WHERE o.status = 'paid' AND EXISTS (SELECT 1 FROM certificates c WHERE c.order_id = o.id) ORDER BY o.created_at DESC LIMIT 1`);
  const item = await one(`SELECT to_jsonb(i) AS row FROM order_items i WHERE i.order_id = $1 LIMIT 1`, [order.id]);
  const events = (await client.query<{ row: Row }>(`SELECT to_jsonb(e) AS row FROM order_events e WHERE e.order_id = $1 ORDER BY e.at`, [order.id])).rows.map((r) => r.row);
  const certificate = await one(`SELECT to_jsonb(c) AS row FROM certificates c WHERE c.order_id = $1 LIMIT 1`, [order.id]);
  const mail = await one(`SELECT to_jsonb(m) AS row FROM outbox_emails m WHERE m.template = 'order-confirmation' ORDER BY m.created_at DESC LIMIT 1`);
  // Written as already kept, so the API's mail worker leaves these rows alone during the floor's rounds.
  Object.assign(mail, { status: 'sent', transport: 'outbox' });
  // The carts the floor's buyers use: their own, made here if the product never did.
  await client.query(
    `INSERT INTO carts (id, user_id, currency) SELECT (b->>'cartId')::uuid, (b->>'userId')::uuid, 'usd' FROM jsonb_array_elements($1::jsonb) b ON CONFLICT (user_id) DO NOTHING`,
    [JSON.stringify(buyers)],
  );
  const cartIds = (await client.query<{ user_id: string; id: string }>(`SELECT user_id, id FROM carts WHERE user_id = ANY($1::uuid[])`, [buyers.map((b) => b.userId)])).rows;
  return { order, item, events, certificate, mail, cartOf: new Map(cartIds.map((row) => [row.user_id, row.id])) };
}

/** Copies of the templates for one new order of `userId` buying `productId`, with fresh ids, numbers and serials. */
export function freshOrderRows(t: SameRowsTemplates, userId: string, productId: string) {
  const orderId = uuidv7();
  const itemId = uuidv7();
  return {
    orderId,
    itemId,
    order: { ...t.order, id: orderId, user_id: userId, order_number: `FL-${randomBytes(6).toString('hex').toUpperCase()}`, idempotency_key: `floor-${orderId}`, created_at: new Date().toISOString() },
    item: { ...t.item, id: itemId, order_id: orderId, product_id: productId },
    events: t.events.map((event) => ({ ...event, id: uuidv7(), order_id: orderId })),
    certificate: { ...t.certificate, id: uuidv7(), serial: `FLC-${randomBytes(8).toString('hex').toUpperCase()}`, order_id: orderId, order_item_id: itemId, user_id: userId, product_id: productId },
    mail: { ...t.mail, id: uuidv7() },
  };
}

/**
 * The head of the same-rows order statement ($1 the cart, $2 the order row, $3 its line): the
 * cart emptied, the stock taken only if it is there, the order and its line.
 */
export const SAME_ROWS_ORDER_HEAD = `c AS (DELETE FROM cart_items WHERE cart_id = $1 RETURNING product_id, quantity),
              s AS (UPDATE products p SET stock = p.stock - c.quantity FROM c
                    WHERE p.id = c.product_id AND p.stock - p.reserved >= c.quantity RETURNING p.id, p.stock, c.quantity),
              o AS (INSERT INTO orders SELECT * FROM jsonb_populate_record(NULL::orders, $2::jsonb) WHERE EXISTS (SELECT 1 FROM s) RETURNING id),
              i AS (INSERT INTO order_items SELECT * FROM jsonb_populate_record(NULL::order_items, $3::jsonb) WHERE EXISTS (SELECT 1 FROM o) RETURNING id)`;

/**
 * The same-rows floor: the rows the product's paid order of one offset line writes, in the
 * product's own tables with all their indexes, foreign keys and triggers — the cart line and the
 * cart's timestamp (round trip 1); the cart emptied, the stock taken only if it is there, the
 * order, its line, its two timeline rows, the certificate, the confirmation mail and the stock
 * ledger row (round trip 2, one statement) — with none of the product's reads, re-checks, rules
 * or API. Row contents are copied from an order the product placed in the warm-up, with fresh
 * ids, numbers and serials. What it leaves out is what the product adds on top of the writes.
 * Both statements are prepared (named), as the product's calls are: sent unnamed, PostgreSQL
 * parsed and planned the nine-part order statement on every order, about 1.2 ms of its CPU per
 * loop that no row needs (docs/speed-writes.md).
 */
export async function sameRowsFloor(client: pg.Client, buyers: { userId: string; cartId: string }[], productOf: (buyer: number) => string): Promise<SqlLoopSteps> {
  return sameRowsFloorFrom(await loadSameRowsTemplates(client, buyers), buyers, productOf);
}

/** The same-rows floor's two round trips, from templates already read. */
export function sameRowsFloorFrom(templates: SameRowsTemplates, buyers: { userId: string }[], productOf: (buyer: number) => string): SqlLoopSteps {
  const { cartOf } = templates;

  return {
    async cart(db, buyer) {
      const { userId } = buyers[buyer]!;
      await db.query({
        name: 'same-rows-cart',
        // Committed as the product commits a cart change: without waiting for the disk (decision 0069),
        // the carts trigger silent (the product announces the change after the commit, decision 0074).
        text: `WITH touched AS (UPDATE carts SET updated_at = now() WHERE id = $1 RETURNING ${ASYNC_COMMIT_CALL}, ${ANNOUNCE_AFTER_COMMIT_CALL})
         INSERT INTO cart_items (id, cart_id, product_id, quantity) VALUES ($2, $1, $3, 1)`,
        values: [cartOf.get(userId), uuidv7(), productOf(buyer)],
      });
    },
    async order(db, buyer) {
      const { userId } = buyers[buyer]!;
      const rows = freshOrderRows(templates, userId, productOf(buyer));
      const placed = await db.query({
        name: 'same-rows-order',
        text: `WITH ${SAME_ROWS_ORDER_HEAD},
              e AS (INSERT INTO order_events SELECT r.* FROM jsonb_array_elements($4::jsonb) x, jsonb_populate_record(NULL::order_events, x) r WHERE EXISTS (SELECT 1 FROM o)),
              ce AS (INSERT INTO certificates SELECT * FROM jsonb_populate_record(NULL::certificates, $5::jsonb) WHERE EXISTS (SELECT 1 FROM i)),
              m AS (INSERT INTO outbox_emails SELECT * FROM jsonb_populate_record(NULL::outbox_emails, $6::jsonb) WHERE EXISTS (SELECT 1 FROM o)),
              l AS (INSERT INTO stock_ledger (id, reason, order_id, product_id, label, delta, resulting_stock)
                    SELECT $7, 'sale', o.id, s.id, 'Stock', -s.quantity, s.stock FROM s, o),
              -- As place_order: the cart's change is told after the commit, not by the trigger (migration 0050).
              u AS (UPDATE carts SET updated_at = now() WHERE id = $1 RETURNING ${ANNOUNCE_AFTER_COMMIT_CALL})
         SELECT id FROM o`,
        values: [cartOf.get(userId), JSON.stringify(rows.order), JSON.stringify(rows.item), JSON.stringify(rows.events), JSON.stringify(rows.certificate), JSON.stringify(rows.mail), uuidv7()],
      });
      if (placed.rowCount !== 1) throw new Error(`the same-rows floor placed ${placed.rowCount} orders`);
    },
  };
}
