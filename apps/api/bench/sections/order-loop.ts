import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { BenchContext, BenchSection, BenchSectionResult, BenchTarget } from '../section.ts';
import { fmt } from '../load.ts';
import { issueFloor, sameRowsFloor } from './same-rows-floor.ts';
import { ORDER_HTTP_FLOOR_PREFIX } from '../order-http-floor.ts';
import { BUYERS, SECONDS, best, cpuCosts, productLoop, sampleAnswers, setUpHttpFloor, sqlLoop, type LoopResult } from './order-loop-runs.ts';

/**
 * Issue 28's write targets: 50 buyers, each looping "add one unit to the cart, place the order"
 * (PATCH /api/v1/carts then POST /api/v1/orders with the test provider) for BENCH_SECONDS, once
 * with the buyers spread over the in-stock products and once all on one product (a flash sale).
 * On PostgreSQL each product round alternates with the bare-SQL floor of the same loop
 * (../shared/bench/order-floor.sql, copied as floor.sql beside this file: node-postgres, one
 * cart upsert and one order statement, no API) from 50 connections on the same database.
 * Beside it run three more floors, to show what bounds the ratio: the same-rows floor (the
 * product's own rows, bare SQL) and both floors behind bare HTTP routes (order-http-floor.ts).
 * Each figure is the best of BENCH_LOOP_ROUNDS (3) rounds; the ratio is best product ÷ best floor.
 */
const ROUNDS = Number(process.env.BENCH_LOOP_ROUNDS ?? 3);
// The product's code is still being optimised by V8 for 20 s or more after it starts (a process
// profile showed TurboFan compiling through the first rounds), so each scenario warms up for
// BENCH_LOOP_WARM_UP_SECONDS (10) before its rounds; the floors' little code is warm at once.
const WARM_UP_SECONDS = Number(process.env.BENCH_LOOP_WARM_UP_SECONDS ?? 10);
const FLOOR_PRODUCTS = 29;
// Issue 28: p99 ≤ 100 ms on PostgreSQL, ≤ 300 ms on PGlite; the API CPU targets are PostgreSQL's.
const TARGETS = { floorShare: 0.5, p99Ms: 100, pgliteP99Ms: 300, orderCpuMs: 2, cartCpuMs: 1.5, hotShare: 0.7 };
/** BENCH_LOOP=spread or BENCH_LOOP=one runs one of the two scenarios only. */
const onlyScenarios = process.env.BENCH_LOOP?.split(',').map((word) => word.trim().toLowerCase()).filter(Boolean);
const floorSql = readFileSync(path.join(import.meta.dirname, 'floor.sql'), 'utf8');

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
    // Host-independent: what the loop's rows cost the database's log (PostgreSQL only).
    'WAL bytes/loop': result.walPerLoop === undefined ? null : fmt(result.walPerLoop),
    'API stall ms: p99 / max': result.stalls ? `${fmt(result.stalls.p99, 1)} / ${fmt(result.stalls.max, 1)}` : null,
    errors: result.errors,
  };
}

function loopCpuText(cpu: LoopResult['loopCpu']): string | null {
  if (!cpu) return null;
  const part = (ms: number | undefined) => (ms === undefined ? '–' : fmt(ms, 2));
  return `${part(cpu.database)} / ${part(cpu.api)} / ${part(cpu.client)}`;
}

/** The loops a round runs, each with a name for its row; the bare-SQL ones and the HTTP ones need PostgreSQL. */
type Contender = 'product' | 'floor' | 'httpFloor' | 'sameRows' | 'httpSameRows';
const ROW_NAMES: Record<Contender, string> = { product: 'product', floor: 'bare-SQL floor', httpFloor: 'HTTP floor', sameRows: 'same-rows floor', httpSameRows: 'HTTP same-rows floor' };

export const orderLoopSection: BenchSection = {
  name: 'fast writes: 50 buyers loop cart-add + order (vs the bare-SQL floor)',
  async run(ctx: BenchContext): Promise<BenchSectionResult> {
    const setup = await fetch(`${ctx.bareUrl}/__bench/order-loop`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ buyers: BUYERS * 3, products: FLOOR_PRODUCTS }) });
    const { tokens: all, userIds, productIds } = (await setup.json()) as { tokens: string[]; userIds: string[]; productIds: string[] };
    const spreadTokens = all.slice(0, BUYERS);
    const hotTokens = all.slice(BUYERS, BUYERS * 2);
    // The same-rows floors' own buyers: accounts the product's rounds never use, with carts made for them.
    const sameRowsTokens = all.slice(BUYERS * 2);
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
      `${BUYERS} buyers, each looping PATCH /api/v1/carts (one unit) + POST /api/v1/orders (test provider) for ${SECONDS} s; best of ${ROUNDS} rounds, product and floors alternating, after a ${WARM_UP_SECONDS} s warm-up of the product.`,
      'bare-SQL floor: floor.sql, the issue\'s (four narrow scratch tables). Same-rows floor (spread): the rows the product\'s order and cart change write, in its own tables with their indexes, keys and triggers, in two prepared statements (same-rows-floor.ts).',
      'HTTP floors: the same statements behind two bare Fastify routes in the product\'s process, on its database pool, answering copies of the product\'s answers, driven by the same HTTP load generator (order-http-floor.ts). The HTTP floor is the most any HTTP API can reach on this machine; the HTTP same-rows floor, the most this data model can.',
      `spread: buyers over ${productIds.length} offset products; one product: all ${BUYERS} on one. API CPU per request from separate runs of cart changes alone and of the loop.`,
    ];
    const rows: BenchSectionResult['rows'] = [];
    const targets: BenchTarget[] = [];
    const results: Record<string, Partial<Record<Contender, LoopResult>> & { product: LoopResult }> = {};
    for (const [scenario, tokens, productOf, floorOf] of [
      ['spread', spreadTokens, spreadOf, (buyer: number) => buyer % FLOOR_PRODUCTS],
      ['one product', hotTokens, hotOf, () => 0],
    ] as const) {
      if (onlyScenarios && !onlyScenarios.some((word) => scenario.includes(word))) continue;
      // Warm-up: the product's loop, so the rounds measure optimised code.
      await productLoop(ctx, tokens, productOf, WARM_UP_SECONDS, `${scenario}-warm`);
      // Each loop gets the round, which keeps the product's Idempotency-Keys apart between rounds.
      const loops: Partial<Record<Contender, (round: number) => Promise<LoopResult>>> = {
        product: (round) => productLoop(ctx, tokens, productOf, SECONDS, `${scenario}-${round}`),
      };
      const databaseUrl = ctx.databaseUrl;
      if (databaseUrl && floorClient) {
        const answers = await sampleAnswers(ctx, tokens[0]!, productOf(0), scenario);
        loops.floor = () => sqlLoop(databaseUrl, issueFloor(floorOf), SECONDS);
        await setUpHttpFloor(ctx, { floor: 'issue', tokens, products: tokens.map((_, buyer) => floorOf(buyer)), answers });
        loops.httpFloor = () => productLoop(ctx, tokens, productOf, SECONDS, 'http-floor', undefined, ctx.bareUrl + ORDER_HTTP_FLOOR_PREFIX.issue);
        if (scenario === 'spread') {
          // After the warm-up: the same-rows floors copy one of the orders the product placed.
          const steps = await sameRowsFloor(floorClient, sameRowsBuyers, productOf);
          loops.sameRows = () => sqlLoop(databaseUrl, steps, SECONDS);
          await setUpHttpFloor(ctx, { floor: 'same-rows', tokens: sameRowsTokens, products: sameRowsTokens.map((_, buyer) => productOf(buyer)), buyers: sameRowsBuyers, answers });
          loops.httpSameRows = () => productLoop(ctx, sameRowsTokens, productOf, SECONDS, 'http-same-rows', undefined, ctx.bareUrl + ORDER_HTTP_FLOOR_PREFIX['same-rows']);
        }
      }
      const runs: Partial<Record<Contender, LoopResult[]>> = {};
      const contenders = Object.keys(loops) as Contender[];
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const who of round % 2 === 0 ? contenders : [...contenders].reverse()) (runs[who] ??= []).push(await loops[who]!(round));
      }
      const bestOf = Object.fromEntries(Object.entries(runs).map(([who, list]) => [who, best(list)])) as Partial<Record<Contender, LoopResult>>;
      const product = bestOf.product!;
      product.errors = runs.product!.reduce((sum, run) => sum + run.errors, 0);
      product.firstError = runs.product!.find((run) => run.firstError)?.firstError;
      const cpu = await cpuCosts(ctx, tokens, productOf, scenario);
      product.cpuPerOrder = cpu.order;
      product.cpuPerCart = cpu.cart;
      results[scenario] = { ...bestOf, product };
      for (const who of contenders) {
        const result = bestOf[who]!;
        // The product and the HTTP floor are shown as a share of the bare-SQL floor.
        rows.push(row(`${ROW_NAMES[who]}, ${scenario}`, result, who === 'product' || who === 'httpFloor' ? bestOf.floor : undefined));
        if (result.firstError) notes.push(`first error (${ROW_NAMES[who]}, ${scenario}): ${result.firstError}`);
      }
      notes.push(`${scenario} rounds, orders/s: ${contenders.map((who) => `${ROW_NAMES[who]} ${runs[who]!.map((run) => fmt(run.ordersPerSecond)).join(', ')}`).join('; ')}`);
    }
    const spread = results.spread;
    const hot = results['one product'];
    if (spread?.floor) {
      const share = spread.product.ordersPerSecond / spread.floor.ordersPerSecond;
      targets.push({ name: 'orders/s, spread, vs the bare-SQL floor', goal: `≥ ${TARGETS.floorShare * 100}% of the floor`, actual: `${fmt(share * 100, 1)}% (${fmt(spread.product.ordersPerSecond)} vs ${fmt(spread.floor.ordersPerSecond)} orders/s)`, met: share >= TARGETS.floorShare });
      // Not targets: what bounds that share. Each floor's rate beside the issue's and the product's.
      const shareOf = (who: Contender) => (spread[who] ? `${ROW_NAMES[who]} ${fmt((spread[who]!.ordersPerSecond / spread.floor!.ordersPerSecond) * 100, 1)}% of the bare-SQL floor (the product ${fmt((spread.product.ordersPerSecond / spread[who]!.ordersPerSecond) * 100, 1)}% of it)` : undefined);
      const shares = (['httpFloor', 'sameRows', 'httpSameRows'] as const).map(shareOf).filter(Boolean);
      if (shares.length) notes.push(`spread: ${shares.join('; ')}`);
    }
    const totalCpu = (cpu: LoopResult['loopCpu']) => (cpu ? (cpu.database ?? 0) + (cpu.api ?? 0) + cpu.client : NaN);
    if (spread?.floor?.loopCpu?.database !== undefined && spread.product.loopCpu?.database !== undefined) {
      // Every process shares this machine's cores: CPU per loop bounds the rate whatever the waits.
      const cores = availableParallelism();
      const cpuText = (who: Contender) => {
        const cpu = spread[who]?.loopCpu;
        if (!cpu) return undefined;
        return `${ROW_NAMES[who]} ${fmt(totalCpu(cpu), 2)} (database ${fmt(cpu.database ?? NaN, 2)}${cpu.api === undefined ? '' : `, API ${fmt(cpu.api, 2)}`}, load ${fmt(cpu.client, 2)})`;
      };
      notes.push(
        `where the cores go, spread (CPU ms per cart change + order, all processes): ${(['product', 'floor', 'httpFloor', 'sameRows', 'httpSameRows'] as const).map(cpuText).filter(Boolean).join(', ')}` +
          `; ${cores} cores cap the product at ${fmt((cores * 1000) / totalCpu(spread.product.loopCpu))} orders/s and the floor at ${fmt((cores * 1000) / totalCpu(spread.floor.loopCpu))}`,
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
