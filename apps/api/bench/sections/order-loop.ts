import { readFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { BenchContext, BenchSection, BenchSectionResult, BenchTarget } from '../section.ts';
import { fmt } from '../load.ts';
import { ORDER, percentile } from './orders.ts';
import { ownCpuMs, postgresCpuMs } from '../process-cpu.ts';
import { apiStalls, serverCpuMs } from '../api-readings.ts';
import { issueFloor, sameRowsFloor, type SqlLoopSteps } from './same-rows-floor.ts';

/**
 * Issue 28's write targets: 50 buyers, each looping "add one unit to the cart, place the order"
 * (PATCH /api/v1/carts then POST /api/v1/orders with the test provider) for BENCH_SECONDS, once
 * with the buyers spread over the in-stock products and once all on one product (a flash sale).
 * On PostgreSQL each product round alternates with the bare-SQL floor of the same loop
 * (../shared/bench/order-floor.sql, copied as floor.sql beside this file: node-postgres, one
 * cart upsert and one order statement, no API) from 50 connections on the same database.
 * Each figure is the best of BENCH_LOOP_ROUNDS (3) rounds; the ratio is best product ÷ best floor.
 */
// BENCH_BUYERS changes the number of buyers for a study (how concurrency changes the cost per order); the targets are for 50.
const BUYERS = Number(process.env.BENCH_BUYERS ?? 50);
const SECONDS = Number(process.env.BENCH_LOOP_SECONDS ?? process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_LOOP_ROUNDS ?? 3);
const FLOOR_PRODUCTS = 29;
// Issue 28: p99 ≤ 100 ms on PostgreSQL, ≤ 300 ms on PGlite; the API CPU targets are PostgreSQL's.
const TARGETS = { floorShare: 0.5, p99Ms: 100, pgliteP99Ms: 300, orderCpuMs: 2, cartCpuMs: 1.5, hotShare: 0.7 };
/** BENCH_LOOP=spread or BENCH_LOOP=one runs one of the two scenarios only. */
const onlyScenarios = process.env.BENCH_LOOP?.split(',').map((word) => word.trim().toLowerCase()).filter(Boolean);
const floorSql = readFileSync(path.join(import.meta.dirname, 'floor.sql'), 'utf8');

interface LoopResult {
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
  /** The API's event-loop stalls over the round (ms, p99 and max; product rounds only). */
  stalls?: { p99: number; max: number };
}

/** Readings taken before a round; `perLoop` turns them into CPU ms per loop (per order placed). */
async function cpuReadings(ctx: BenchContext | undefined) {
  // On PGlite the database is inside the API process: a PostgreSQL server that happens to run on
  // this machine is not the product's, so its CPU is not read.
  const onPostgres = !ctx || Boolean(ctx.databaseUrl);
  const database = onPostgres ? postgresCpuMs() : undefined;
  const api = ctx ? await serverCpuMs(ctx) : undefined;
  const client = ownCpuMs();
  return async (loops: number): Promise<LoopResult['loopCpu']> => {
    const n = Math.max(1, loops);
    const databaseAfter = onPostgres ? postgresCpuMs() : undefined;
    const apiAfter = ctx ? await serverCpuMs(ctx) : undefined;
    return {
      database: database === undefined || databaseAfter === undefined ? undefined : (databaseAfter - database) / n,
      api: api === undefined || apiAfter === undefined ? undefined : (apiAfter - api) / n,
      client: (ownCpuMs() - client) / n,
    };
  };
}

function request(agent: http.Agent, url: string, method: string, token: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method, agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: `Bearer ${token}`, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** The product's loop: each buyer adds one unit (its product) and places the order, until the deadline. */
async function productLoop(ctx: BenchContext, tokens: string[], productOf: (buyer: number) => string, seconds: number, tag: string, only?: 'cart'): Promise<LoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: BUYERS });
  const cpu = await cpuReadings(ctx);
  await apiStalls(ctx); // starts the reading afresh
  const orderTimes: number[] = [];
  const cartTimes: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token, buyer) => {
      for (let i = 0; performance.now() < deadline; i += 1) {
        let t0 = performance.now();
        // The cart-only run (for its CPU) sets the line to 1 and back to 0, so the cart stays small.
        const cart = await request(agent, `${ctx.baseUrl}/api/v1/carts`, 'PATCH', token, { products: [{ product: productOf(buyer), quantity: only === 'cart' && i % 2 ? 0 : 1 }] });
        cartTimes.push(performance.now() - t0);
        if (cart.status !== 200) {
          errors += 1;
          firstError ??= `cart ${cart.status} ${cart.body.slice(0, 200)}`;
          continue;
        }
        if (only === 'cart') continue;
        t0 = performance.now();
        const placed = await request(agent, `${ctx.baseUrl}/api/v1/orders`, 'POST', token, ORDER, { 'idempotency-key': `${tag}-${buyer}-${i}`.replace(/[^A-Za-z0-9-]/g, '_') });
        if (placed.status !== 200) {
          errors += 1;
          firstError ??= `order ${placed.status} ${placed.body.slice(0, 200)}`;
        } else orderTimes.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const loopCpu = await cpu(orderTimes.length);
  const stalls = await apiStalls(ctx);
  agent.destroy();
  orderTimes.sort((a, b) => a - b);
  cartTimes.sort((a, b) => a - b);
  return { loopCpu, stalls, orders: orderTimes.length, carts: cartTimes.length, ordersPerSecond: orderTimes.length / elapsed, orderP50: percentile(orderTimes, 50) ?? NaN, orderP99: percentile(orderTimes, 99) ?? NaN, cartP50: percentile(cartTimes, 50) ?? NaN, cartP99: percentile(cartTimes, 99) ?? NaN, errors, firstError };
}

/** A bare-SQL floor (same-rows-floor.ts): 50 node-postgres connections looping its two round trips. */
async function sqlLoop(databaseUrl: string, steps: SqlLoopSteps, seconds: number): Promise<LoopResult> {
  const clients = await Promise.all(Array.from({ length: BUYERS }, async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return client;
  }));
  const cpu = await cpuReadings(undefined);
  const orderTimes: number[] = [];
  const cartTimes: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client, buyer) => {
      while (performance.now() < deadline) {
        try {
          let t0 = performance.now();
          await steps.cart(client, buyer);
          cartTimes.push(performance.now() - t0);
          t0 = performance.now();
          await steps.order(client, buyer);
          orderTimes.push(performance.now() - t0);
        } catch (error) {
          errors += 1;
          firstError ??= (error as Error).message;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const loopCpu = await cpu(orderTimes.length);
  await Promise.all(clients.map((client) => client.end()));
  orderTimes.sort((a, b) => a - b);
  cartTimes.sort((a, b) => a - b);
  return { loopCpu, orders: orderTimes.length, carts: cartTimes.length, ordersPerSecond: orderTimes.length / elapsed, orderP50: percentile(orderTimes, 50) ?? NaN, orderP99: percentile(orderTimes, 99) ?? NaN, cartP50: percentile(cartTimes, 50) ?? NaN, cartP99: percentile(cartTimes, 99) ?? NaN, errors, firstError };
}

/** API CPU per cart change and per order request, each measured alone (cart-only, then orders of one-line carts). */
async function cpuCosts(ctx: BenchContext, tokens: string[], productOf: (buyer: number) => string, tag: string): Promise<{ cart: number; order: number }> {
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

function row(name: string, result: LoopResult, floor?: LoopResult) {
  return {
    scenario: name,
    'orders/s': fmt(result.ordersPerSecond),
    ...(floor ? { 'floor orders/s': fmt(floor.ordersPerSecond), 'of floor': `${fmt((result.ordersPerSecond / floor.ordersPerSecond) * 100, 1)}%` } : {}),
    'order p50 ms': fmt(result.orderP50, 1),
    'order p99 ms': fmt(result.orderP99, 1),
    ...(floor ? { 'floor p99 ms': fmt(floor.orderP99, 1) } : {}),
    'cart p99 ms': fmt(result.cartP99, 1),
    'API CPU ms/order': result.cpuPerOrder === undefined ? null : fmt(result.cpuPerOrder, 2),
    'API CPU ms/cart': result.cpuPerCart === undefined ? null : fmt(result.cpuPerCart, 2),
    'loop CPU ms: db / API / client': loopCpuText(result.loopCpu),
    'API stall ms: p99 / max': result.stalls ? `${fmt(result.stalls.p99, 1)} / ${fmt(result.stalls.max, 1)}` : null,
    errors: result.errors,
  };
}

function loopCpuText(cpu: LoopResult['loopCpu']): string | null {
  if (!cpu) return null;
  const part = (ms: number | undefined) => (ms === undefined ? '–' : fmt(ms, 2));
  return `${part(cpu.database)} / ${part(cpu.api)} / ${part(cpu.client)}`;
}

const best = (runs: LoopResult[]) => runs.reduce((a, b) => (b.ordersPerSecond > a.ordersPerSecond ? b : a));

export const orderLoopSection: BenchSection = {
  name: 'fast writes: 50 buyers loop cart-add + order (vs the bare-SQL floor)',
  async run(ctx: BenchContext): Promise<BenchSectionResult> {
    const setup = await fetch(`${ctx.bareUrl}/__bench/order-loop`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ buyers: BUYERS * 3, products: FLOOR_PRODUCTS }) });
    const { tokens: all, userIds, productIds } = (await setup.json()) as { tokens: string[]; userIds: string[]; productIds: string[] };
    const spreadTokens = all.slice(0, BUYERS);
    const hotTokens = all.slice(BUYERS, BUYERS * 2);
    // The same-rows floor's own buyers: accounts the product's rounds never use, with carts made for them.
    const sameRowsBuyers = userIds.slice(BUYERS * 2).map((userId) => ({ userId, cartId: randomUUID() }));
    const spreadOf = (buyer: number) => productIds[buyer % productIds.length]!;
    const hotOf = () => productIds[0]!;
    let floorClient: pg.Client | undefined;
    if (ctx.databaseUrl) {
      floorClient = new pg.Client({ connectionString: ctx.databaseUrl });
      await floorClient.connect();
      await floorClient.query(floorSql);
    }
    const notes = [
      `${BUYERS} buyers, each looping PATCH /api/v1/carts (one unit) + POST /api/v1/orders (test provider) for ${SECONDS} s; best of ${ROUNDS} rounds, product and floors alternating.`,
      'bare-SQL floor: floor.sql, the issue\'s (four narrow scratch tables). Same-rows floor (spread): the rows the product\'s order and cart change write, in its own tables with their indexes, keys and triggers, in two statements (same-rows-floor.ts).',
      `spread: buyers over ${productIds.length} offset products; one product: all ${BUYERS} on one. API CPU per request from separate runs of cart changes alone and of the loop.`,
    ];
    const rows: BenchSectionResult['rows'] = [];
    const targets: BenchTarget[] = [];
    const results: Record<string, { product: LoopResult; floor?: LoopResult; sameRows?: LoopResult }> = {};
    for (const [scenario, tokens, productOf, floorOf] of [
      ['spread', spreadTokens, spreadOf, (buyer: number) => buyer % FLOOR_PRODUCTS],
      ['one product', hotTokens, hotOf, () => 0],
    ] as const) {
      if (onlyScenarios && !onlyScenarios.some((word) => scenario.includes(word))) continue;
      // Warm-up: one short loop.
      await productLoop(ctx, tokens, productOf, 1, `${scenario}-warm`);
      const productRuns: LoopResult[] = [];
      const floorRuns: LoopResult[] = [];
      const sameRowsRuns: LoopResult[] = [];
      // After the warm-up: the same-rows floor copies one of the orders it placed.
      const sameRows = ctx.databaseUrl && floorClient && scenario === 'spread' ? await sameRowsFloor(floorClient, sameRowsBuyers, productOf) : undefined;
      for (let round = 0; round < ROUNDS; round += 1) {
        const order = round % 2 === 0 ? (['product', 'floor', 'same'] as const) : (['same', 'floor', 'product'] as const);
        for (const who of order) {
          if (who === 'floor' && ctx.databaseUrl) floorRuns.push(await sqlLoop(ctx.databaseUrl, issueFloor(floorOf), SECONDS));
          if (who === 'same' && ctx.databaseUrl && sameRows) sameRowsRuns.push(await sqlLoop(ctx.databaseUrl, sameRows, SECONDS));
          if (who === 'product') productRuns.push(await productLoop(ctx, tokens, productOf, SECONDS, `${scenario}-${round}`));
        }
      }
      const product = best(productRuns);
      product.errors = productRuns.reduce((sum, run) => sum + run.errors, 0);
      product.firstError = productRuns.find((run) => run.firstError)?.firstError;
      const cpu = await cpuCosts(ctx, tokens, productOf, scenario);
      product.cpuPerOrder = cpu.order;
      product.cpuPerCart = cpu.cart;
      const floor = floorRuns.length ? best(floorRuns) : undefined;
      const sameRowsFloorResult = sameRowsRuns.length ? best(sameRowsRuns) : undefined;
      results[scenario] = { product, floor, sameRows: sameRowsFloorResult };
      rows.push(row(`product, ${scenario}`, product, floor));
      if (floor) rows.push(row(`bare-SQL floor, ${scenario}`, floor));
      if (sameRowsFloorResult) rows.push(row(`same-rows floor, ${scenario}`, sameRowsFloorResult));
      if (sameRowsFloorResult?.firstError) notes.push(`first error (same-rows floor): ${sameRowsFloorResult.firstError}`);
      if (product.firstError) notes.push(`first error (${scenario}): ${product.firstError}`);
      notes.push(`${scenario} rounds, product orders/s: ${productRuns.map((run) => fmt(run.ordersPerSecond)).join(', ')}${floorRuns.length ? `; floor: ${floorRuns.map((run) => fmt(run.ordersPerSecond)).join(', ')}` : ''}${sameRowsRuns.length ? `; same-rows floor: ${sameRowsRuns.map((run) => fmt(run.ordersPerSecond)).join(', ')}` : ''}`);
    }
    const spread = results.spread;
    const hot = results['one product'];
    if (spread?.floor) {
      const share = spread.product.ordersPerSecond / spread.floor.ordersPerSecond;
      targets.push({ name: 'orders/s, spread, vs the bare-SQL floor', goal: `≥ ${TARGETS.floorShare * 100}% of the floor`, actual: `${fmt(share * 100, 1)}% (${fmt(spread.product.ordersPerSecond)} vs ${fmt(spread.floor.ordersPerSecond)} orders/s)`, met: share >= TARGETS.floorShare });
    }
    if (spread?.sameRows) {
      // Not one of issue 28's targets: what share of the rate that its own writes alone allow the product reaches.
      notes.push(`spread vs the same-rows floor: ${fmt((spread.product.ordersPerSecond / spread.sameRows.ordersPerSecond) * 100, 1)}% (${fmt(spread.product.ordersPerSecond)} vs ${fmt(spread.sameRows.ordersPerSecond)} orders/s)`);
    }
    const totalCpu = (cpu: LoopResult['loopCpu']) => (cpu ? (cpu.database ?? 0) + (cpu.api ?? 0) + cpu.client : NaN);
    if (spread?.floor?.loopCpu?.database !== undefined && spread.product.loopCpu?.database !== undefined) {
      // Every process shares this machine's cores: CPU per loop bounds the rate whatever the waits.
      const cores = availableParallelism();
      const productCpu = totalCpu(spread.product.loopCpu);
      const floorCpu = totalCpu(spread.floor.loopCpu);
      notes.push(
        `where the cores go, spread (CPU ms per cart change + order, all processes): product ${fmt(productCpu, 2)} (database ${fmt(spread.product.loopCpu.database, 2)}, API ${fmt(spread.product.loopCpu.api ?? NaN, 2)}, load ${fmt(spread.product.loopCpu.client, 2)}), ` +
          `floor ${fmt(floorCpu, 2)} (database ${fmt(spread.floor.loopCpu.database, 2)}, load ${fmt(spread.floor.loopCpu.client, 2)})` +
          (spread.sameRows?.loopCpu?.database !== undefined ? `, same-rows floor ${fmt(totalCpu(spread.sameRows.loopCpu), 2)} (database ${fmt(spread.sameRows.loopCpu.database, 2)}, load ${fmt(spread.sameRows.loopCpu.client, 2)})` : '') +
          `; ${cores} cores cap the product at ${fmt((cores * 1000) / productCpu)} orders/s and the floor at ${fmt((cores * 1000) / floorCpu)}`,
      );
    }
    const onPostgres = Boolean(ctx.databaseUrl);
    const p99Goal = onPostgres ? TARGETS.p99Ms : TARGETS.pgliteP99Ms;
    if (spread) targets.push({ name: `order p99, spread (${ctx.database})`, goal: `≤ ${p99Goal} ms, 0 errors`, actual: `${fmt(spread.product.orderP99, 1)} ms, ${spread.product.errors} errors`, met: spread.product.orderP99 <= p99Goal && spread.product.errors === 0 });
    if (spread && onPostgres) {
      targets.push({ name: 'API CPU per order request', goal: `≤ ${TARGETS.orderCpuMs} ms`, actual: `${fmt(spread.product.cpuPerOrder!, 2)} ms`, met: spread.product.cpuPerOrder! <= TARGETS.orderCpuMs });
      targets.push({ name: 'API CPU per cart change', goal: `≤ ${TARGETS.cartCpuMs} ms`, actual: `${fmt(spread.product.cpuPerCart!, 2)} ms`, met: spread.product.cpuPerCart! <= TARGETS.cartCpuMs });
    } else if (spread) {
      // PGlite runs inside the API process: its CPU is the API's and the database's together.
      notes.push(`API process CPU, database included (PGlite runs inside it): ${fmt(spread.product.cpuPerOrder!, 2)} ms per order request, ${fmt(spread.product.cpuPerCart!, 2)} ms per cart change; the API CPU targets are judged on PostgreSQL`);
    }
    if (hot?.floor) notes.push(`one product: ${fmt((hot.product.ordersPerSecond / hot.floor.ordersPerSecond) * 100, 1)}% of its floor`);
    const hotShare = hot && spread ? hot.product.ordersPerSecond / spread.product.ordersPerSecond : NaN;
    if (hot && spread) targets.push({ name: 'one product vs spread', goal: `≥ ${TARGETS.hotShare * 100}% of the spread rate, 0 errors`, actual: `${fmt(hotShare * 100, 1)}% (${fmt(hot.product.ordersPerSecond)} vs ${fmt(spread.product.ordersPerSecond)} orders/s), ${hot!.product.errors} errors`, met: hotShare >= TARGETS.hotShare && hot!.product.errors === 0 });
    if (floorClient) {
      await floorClient.query('DROP SCHEMA IF EXISTS floor CASCADE');
      await floorClient.end();
    }
    return { notes, rows, targets };
  },
};
