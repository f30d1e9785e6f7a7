/**
 * The order loop's runs (sections/order-loop.ts): the product's loop over HTTP, a bare-SQL floor's
 * loop over node-postgres, the API's CPU per request, and the set-up of the HTTP floors
 * (order-http-floor.ts), which run the product's loop against bare routes.
 */
import http from 'node:http';
import pg from 'pg';
import type { BenchContext } from '../section.ts';
import { ORDER, percentile, send } from './orders.ts';
import { apiStalls, serverCpuMs, startCpuMeter } from '../api-readings.ts';
import { walReadings } from '../wal-readings.ts';
import type { SqlLoopSteps } from './same-rows-floor.ts';
import type { OrderHttpFloorSetup } from '../order-http-floor.ts';

// BENCH_BUYERS changes the number of buyers for a study (how concurrency changes the cost per order); the targets are for 50.
export const BUYERS = Number(process.env.BENCH_BUYERS ?? 50);
export const SECONDS = Number(process.env.BENCH_LOOP_SECONDS ?? process.env.BENCH_SECONDS ?? 5);

export interface LoopResult {
  orders: number;
  /** Cart changes answered (any status). */
  carts: number;
  ordersPerSecond: number;
  orderP50: number;
  orderP99: number;
  cartP50: number;
  cartP99: number;
  errors: number;
  firstError?: string;
  /** API CPU ms per order request and per cart change (separate runs of each alone; product only). */
  cpuPerOrder?: number;
  cpuPerCart?: number;
  /**
   * CPU of one whole loop (cart change + order) on this machine, by process, over the same
   * round: where the two cores go. Database: a local PostgreSQL (undefined otherwise; on PGlite
   * it is inside the API). API: the product's process (product rounds only). Client: this load
   * generator (its HTTP or node-postgres side).
   */
  loopCpu?: { database?: number; api?: number; client: number };
  /**
   * Bytes of write-ahead log PostgreSQL wrote over the round, per loop (PostgreSQL only). Unlike
   * CPU time it does not depend on how fast the host runs that day, so a change to the rows an
   * order writes shows in it even when the rates swing (docs/speed-writes.md).
   */
  walPerLoop?: number;
  /** The API's event-loop stalls over the round (ms, p99 and max; product rounds only). */
  stalls?: { p99: number; max: number };
}

/** Starts a CPU reading for a round; the returned function answers CPU ms per loop (per order placed). */
async function cpuReadings(ctx: BenchContext | undefined) {
  // On PGlite the database is inside the API process: a PostgreSQL server that happens to run on
  // this machine is not the product's, so its CPU is not read. The bare-SQL loops (no ctx) run on PostgreSQL.
  const spent = await startCpuMeter({ database: !ctx || Boolean(ctx.databaseUrl), api: ctx });
  return async (loops: number): Promise<LoopResult['loopCpu']> => {
    const n = Math.max(1, loops);
    const { database, api, client } = await spent();
    return { database: database === undefined ? undefined : database / n, api: api === undefined ? undefined : api / n, client: client / n };
  };
}

/** What a loop's buyers record as they go; `result` sums it up once the deadline has passed. */
function loopTally() {
  const orderTimes: number[] = [];
  const cartTimes: number[] = [];
  const tally = { orderTimes, cartTimes, errors: 0, firstError: undefined as string | undefined };
  const started = performance.now();
  return {
    tally,
    fail(message: string) {
      tally.errors += 1;
      tally.firstError ??= message;
    },
    result(extra: Pick<LoopResult, 'loopCpu' | 'stalls' | 'walPerLoop'>): LoopResult {
      const elapsed = (performance.now() - started) / 1000;
      orderTimes.sort((a, b) => a - b);
      cartTimes.sort((a, b) => a - b);
      const p = (times: number[], n: number) => percentile(times, n) ?? NaN;
      return { ...extra, orders: orderTimes.length, carts: cartTimes.length, ordersPerSecond: orderTimes.length / elapsed, orderP50: p(orderTimes, 50), orderP99: p(orderTimes, 99), cartP50: p(cartTimes, 50), cartP99: p(cartTimes, 99), errors: tally.errors, firstError: tally.firstError };
    },
  };
}

/**
 * The product's loop: each buyer adds one unit (its product) and places the order, until the deadline.
 * `base` sends the same requests to another server in the product's process (the HTTP floor).
 */
export async function productLoop(ctx: BenchContext, tokens: string[], productOf: (buyer: number) => string, seconds: number, tag: string, only?: 'cart', base = ctx.baseUrl): Promise<LoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: BUYERS });
  const cpu = await cpuReadings(ctx);
  const wal = await walReadings(ctx.databaseUrl);
  await apiStalls(ctx); // starts the reading afresh
  const { tally, fail, result } = loopTally();
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    tokens.map(async (token, buyer) => {
      for (let i = 0; performance.now() < deadline; i += 1) {
        let t0 = performance.now();
        // The cart-only run (for its CPU) sets the line to 1 and back to 0, so the cart stays small.
        const cart = await send(`${base}/api/v1/carts`, 'PATCH', token, { products: [{ product: productOf(buyer), quantity: only === 'cart' && i % 2 ? 0 : 1 }] }, {}, agent);
        tally.cartTimes.push(performance.now() - t0);
        if (cart.status !== 200) {
          fail(`cart ${cart.status} ${cart.body.slice(0, 200)}`);
          continue;
        }
        if (only === 'cart') continue;
        t0 = performance.now();
        const placed = await send(`${base}/api/v1/orders`, 'POST', token, ORDER, { 'idempotency-key': `${tag}-${buyer}-${i}`.replace(/[^A-Za-z0-9-]/g, '_') }, agent);
        if (placed.status !== 200) fail(`order ${placed.status} ${placed.body.slice(0, 200)}`);
        else tally.orderTimes.push(performance.now() - t0);
      }
    }),
  );
  const loopCpu = await cpu(tally.orderTimes.length);
  const walPerLoop = await wal(tally.orderTimes.length);
  const stalls = await apiStalls(ctx);
  agent.destroy();
  return result({ loopCpu, stalls, walPerLoop });
}

/** A bare-SQL floor (same-rows-floor.ts): 50 node-postgres connections looping its two round trips. */
export async function sqlLoop(databaseUrl: string, steps: SqlLoopSteps, seconds: number): Promise<LoopResult> {
  const clients = await Promise.all(Array.from({ length: BUYERS }, async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return client;
  }));
  const cpu = await cpuReadings(undefined);
  const wal = await walReadings(databaseUrl);
  const { tally, fail, result } = loopTally();
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    clients.map(async (client, buyer) => {
      while (performance.now() < deadline) {
        try {
          let t0 = performance.now();
          await steps.cart(client, buyer);
          tally.cartTimes.push(performance.now() - t0);
          t0 = performance.now();
          await steps.order(client, buyer);
          tally.orderTimes.push(performance.now() - t0);
        } catch (error) {
          fail((error as Error).message);
        }
      }
    }),
  );
  const loopCpu = await cpu(tally.orderTimes.length);
  const walPerLoop = await wal(tally.orderTimes.length);
  await Promise.all(clients.map((client) => client.end()));
  return result({ loopCpu, walPerLoop });
}

/** API CPU per cart change and per order request, each measured alone (cart-only, then orders of one-line carts). */
export async function cpuCosts(ctx: BenchContext, tokens: string[], productOf: (buyer: number) => string, tag: string): Promise<{ cart: number; order: number }> {
  const seconds = Math.max(2, Math.round(SECONDS / 2));
  let before = await serverCpuMs(ctx);
  const carts = await productLoop(ctx, tokens, productOf, seconds, `${tag}-cpu-cart`, 'cart');
  const cartCpu = (await serverCpuMs(ctx)) - before;
  before = await serverCpuMs(ctx);
  const loop = await productLoop(ctx, tokens, productOf, seconds, `${tag}-cpu-loop`);
  const loopCpu = (await serverCpuMs(ctx)) - before;
  const cart = cartCpu / Math.max(1, carts.carts);
  return { cart, order: (loopCpu - cart * loop.carts) / Math.max(1, loop.orders) };
}

/**
 * The product's answers to one cart change and one order of a buyer (`token`), as sent without
 * compression: what the HTTP floors answer, so their client reads the same bytes.
 */
export async function sampleAnswers(ctx: BenchContext, token: string, product: string, tag: string): Promise<OrderHttpFloorSetup['answers']> {
  const cart = await send(`${ctx.baseUrl}/api/v1/carts`, 'PATCH', token, { products: [{ product, quantity: 1 }] });
  const order = await send(`${ctx.baseUrl}/api/v1/orders`, 'POST', token, ORDER, { 'idempotency-key': `${tag}-floor-sample`.replace(/[^A-Za-z0-9-]/g, '_') });
  if (cart.status !== 200 || order.status !== 200) throw new Error(`HTTP floor: the product's sample answers were ${cart.status} and ${order.status}`);
  return { cart: cart.body, order: order.body };
}

/** Hands an HTTP floor (order-http-floor.ts) its buyers, their products and the answers to send. */
export async function setUpHttpFloor(ctx: BenchContext, setup: OrderHttpFloorSetup): Promise<void> {
  const response = await fetch(`${ctx.bareUrl}/__bench/order-http-floor`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(setup) });
  if (!response.ok) throw new Error(`HTTP floor: set-up answered ${response.status} ${await response.text()}`);
}

export const best = (runs: LoopResult[]) => runs.reduce((a, b) => (b.ordersPerSecond > a.ordersPerSecond ? b : a));
