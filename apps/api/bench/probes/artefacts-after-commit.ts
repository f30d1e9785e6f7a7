/**
 * What writing an order's certificate, timeline rows and stock-ledger row after its commit would
 * save (issue 28; decision 0075; docs/speed-writes.md). Two bare-SQL loops from 50 connections,
 * rounds alternating, on a database the bench kept (BENCH_KEEP_DATABASE=1, after an order-loop
 * run, so it holds product-placed orders to copy and buyers to loop as):
 * - "all rows in the order": the same-rows floor (sections/same-rows-floor.ts), the rows the
 *   product's order writes, in one statement, as `place_order` writes them;
 * - "artefacts batched after": the order, its line, its mail, the stock and the cart in the
 *   order's statement, and the certificate, the two timeline rows and the ledger row queued in
 *   memory and written by one statement every 20 ms, for all the orders placed since the last.
 *
 *   STUDY_URL=postgres://postgres@127.0.0.1:5432/cw_bench_… node --import tsx apps/api/bench/probes/artefacts-after-commit.ts
 *
 * STUDY_ROUNDS (3) and STUDY_SECONDS (5) set the rounds. The queue in memory is what makes this a
 * floor and not a design: a crash between the commit and the batch loses the rows.
 */
import pg from 'pg';
import { uuidv7 } from '../../src/lib/uuid.ts';
import { SAME_ROWS_ORDER_HEAD, freshOrderRows, loadSameRowsTemplates, sameRowsFloorFrom, type SqlLoopSteps } from '../sections/same-rows-floor.ts';
import { sqlLoop } from '../sections/order-loop-runs.ts';
import { ANNOUNCE_AFTER_COMMIT_CALL } from '../../src/db/announce.ts';

const url = process.env.STUDY_URL;
if (!url) throw new Error('STUDY_URL: a PostgreSQL database the bench kept (see the top of this file)');
const client = new pg.Client({ connectionString: url });
await client.connect();
const users = (await client.query<{ id: string }>(`select id from users order by id limit 50`)).rows.map((r) => r.id);
const products = (await client.query<{ id: string }>(`select id from products where stock - reserved > 100000 order by id`)).rows.map((r) => r.id);
const buyers = users.map((userId) => ({ userId, cartId: uuidv7() }));
const productOf = (b: number) => products[b % products.length]!;
const templates = await loadSameRowsTemplates(client, buyers);
const full = sameRowsFloorFrom(templates, buyers, productOf);

/** The rows waiting for the next batch. */
let queue: { events: unknown[]; certificates: unknown[]; ledger: unknown[] } = { events: [], certificates: [], ledger: [] };
let batches = 0;
const batcher = new pg.Client({ connectionString: url });
await batcher.connect();
let running = false;
async function flush() {
  if (running || queue.certificates.length === 0) return;
  running = true;
  const q = queue; queue = { events: [], certificates: [], ledger: [] };
  await batcher.query(
    `WITH e AS (INSERT INTO order_events SELECT r.* FROM jsonb_array_elements($1::jsonb) x, jsonb_populate_record(NULL::order_events, x) r),
          ce AS (INSERT INTO certificates SELECT r.* FROM jsonb_array_elements($2::jsonb) x, jsonb_populate_record(NULL::certificates, x) r)
     INSERT INTO stock_ledger (id, reason, order_id, product_id, label, delta, resulting_stock)
     SELECT (x->>'id')::uuid, 'sale', (x->>'order_id')::uuid, (x->>'product_id')::uuid, 'Stock', (x->>'delta')::int, (x->>'resulting_stock')::int FROM jsonb_array_elements($3::jsonb) x`,
    [JSON.stringify(q.events), JSON.stringify(q.certificates), JSON.stringify(q.ledger)]);
  batches += 1;
  running = false;
}
const timer = setInterval(() => void flush(), 20);

const batched: SqlLoopSteps = {
  cart: full.cart,
  async order(db, buyer) {
    const { userId } = buyers[buyer]!;
    const productId = productOf(buyer);
    const rows = freshOrderRows(templates, userId, productId);
    const placed = await db.query(
      `WITH ${SAME_ROWS_ORDER_HEAD},
            m AS (INSERT INTO outbox_emails SELECT * FROM jsonb_populate_record(NULL::outbox_emails, $4::jsonb) WHERE EXISTS (SELECT 1 FROM o)),
            u AS (UPDATE carts SET updated_at = now() WHERE id = $1 RETURNING ${ANNOUNCE_AFTER_COMMIT_CALL})
       SELECT o.id, s.stock, s.quantity FROM o, s`,
      [templates.cartOf.get(userId), JSON.stringify(rows.order), JSON.stringify(rows.item), JSON.stringify(rows.mail)]);
    if (placed.rowCount !== 1) throw new Error(`placed ${placed.rowCount}`);
    const { stock, quantity } = placed.rows[0] as { stock: number; quantity: number };
    queue.events.push(...rows.events);
    queue.certificates.push(rows.certificate);
    queue.ledger.push({ id: uuidv7(), order_id: rows.orderId, product_id: productId, delta: -quantity, resulting_stock: stock });
  },
};
const seconds = Number(process.env.STUDY_SECONDS ?? 5);
for (let round = 0; round < Number(process.env.STUDY_ROUNDS ?? 3); round++) {
  for (const [name, steps] of [['all rows in the order', full], ['artefacts batched after', batched]] as const) {
    const b0 = batches;
    const r = await sqlLoop(url, steps, seconds);
    await flush();
    console.log(round, name.padEnd(26), 'loops/s', r.ordersPerSecond.toFixed(0), 'p99', r.orderP99.toFixed(1), 'db cpu/loop', r.loopCpu?.database?.toFixed(2), 'client', r.loopCpu?.client?.toFixed(2), 'batches', batches - b0, 'errors', r.errors);
  }
}
clearInterval(timer);
while (running) await new Promise((resolve) => setTimeout(resolve, 10));
await flush();
await batcher.end();
await client.end();
