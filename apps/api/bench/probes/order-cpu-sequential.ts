/**
 * The CPU one cart change + order costs the API and the database, with no concurrency: one buyer
 * at a time, through `app.inject` (no sockets), on PostgreSQL. Without the load generator, the
 * other buyers and the scheduler between them, this reads changes of a few tens of µs that the
 * 50-buyer loop's swing hides (docs/speed-writes.md).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<fresh database> \
 *     node --import tsx apps/api/bench/probes/order-cpu-sequential.ts [loops per pass] [passes]
 *
 * Prints, per pass, the API's and PostgreSQL's CPU per loop (all postgres processes, from /proc),
 * the WAL bytes per loop (how far the server's WAL position moved: the rows and index entries a
 * loop writes, which the host's speed does not change) and the loops per second. PROBE_SQL,
 * when set, runs once before the passes: a change to try against the same code, e.g. a key
 * dropped.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { loopBuyers } from '../loop-buyers.ts';
import { ORDER } from '../sections/orders.ts';
import { ownCpuMs, postgresCpuMs } from '../process-cpu.ts';
import { walReadings } from '../wal-readings.ts';

const LOOPS = Number(process.argv[2] ?? 2000);
const PASSES = Number(process.argv[3] ?? 5);
const BUYERS = 20;

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: a fresh PostgreSQL database');
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '10000000', ORDER_RATE_LIMIT_MAX: '10000000', DATABASE_URL: databaseUrl });
const app = await buildApp(config);
const { tokens, productIds } = await loopBuyers(app, config.jwtSecret, { buyers: BUYERS, products: BUYERS }, 'probe');
const tag = Date.now().toString(36);
// PROBE_SQL: a change to try (an index or key dropped, a function replaced), run before the passes.
if (process.env.PROBE_SQL) await app.database.db.execute(sql.raw(process.env.PROBE_SQL));

let sequence = 0;
async function loop(buyer: number) {
  const authorization = `Bearer ${tokens[buyer]}`;
  const cart = await app.inject({ method: 'PATCH', url: '/api/v1/carts', headers: { authorization }, payload: { products: [{ product: productIds[buyer % productIds.length]!, quantity: 1 }] } });
  if (cart.statusCode !== 200) throw new Error(`cart ${cart.statusCode} ${cart.body}`);
  const order = await app.inject({ method: 'POST', url: '/api/v1/orders', headers: { authorization, 'idempotency-key': `probe-${tag}-${(sequence += 1)}` }, payload: ORDER });
  if (order.statusCode !== 200) throw new Error(`order ${order.statusCode} ${order.body}`);
}

for (let pass = 0; pass <= PASSES; pass += 1) {
  // The whole server's WAL (other databases' writes count too: run nothing else meanwhile).
  const wal = await walReadings(databaseUrl);
  const api = ownCpuMs();
  const database = postgresCpuMs() ?? NaN;
  const started = performance.now();
  for (let i = 0; i < LOOPS; i += 1) await loop(i % BUYERS);
  const seconds = (performance.now() - started) / 1000;
  const label = pass === 0 ? 'warm-up' : `pass ${pass}`;
  const apiMs = (ownCpuMs() - api) / LOOPS;
  const databaseMs = ((postgresCpuMs() ?? NaN) - database) / LOOPS;
  const walBytes = (await wal(LOOPS))!;
  console.log(`${label}: API ${apiMs.toFixed(3)} ms, database ${databaseMs.toFixed(3)} ms, WAL ${walBytes.toFixed(0)} bytes per loop; ${(LOOPS / seconds).toFixed(0)} loops/s`);
}
await app.close();
