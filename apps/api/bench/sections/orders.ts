import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { BenchContext, BenchSection, BenchSectionResult } from '../section.ts';

/** Buyers placing orders at once (issue 9: 50, p99 ≤ 100 ms on PostgreSQL, ≤ 150 ms on PGlite). */
const BUYERS = 50;
const ORDERS_PER_BUYER = Number(process.env.BENCH_ORDERS_PER_BUYER ?? 8);
const P99_TARGET_MS = { postgresql: 100, pglite: 150 } as const;

const agent = new http.Agent({ keepAlive: true, maxSockets: BUYERS * 2 });

/** One JSON request with a bearer token; answers its status and body. `through` picks the connection pool (this section's by default). */
export function send(url: string, method: string, token: string, body: unknown, headers: Record<string, string> = {}, through: http.Agent = agent): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, agent: through, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: `Bearer ${token}`, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

export const ORDER = {
  firstName: 'Bench',
  lastName: 'Buyer',
  isBusinessOrder: false,
  referalUserId: '',
  address: { firstName: 'Bench', lastName: 'Buyer', line1: '1 Load Lane', city: 'Bristol', postalCode: 'BS1 1AA', country: 'GB' },
};

/** CPU milliseconds the product's process has used so far (user + system). */
async function serverCpu(ctx: BenchContext): Promise<number> {
  const usage = (await (await fetch(`${ctx.bareUrl}/__bench/cpu`)).json()) as { user: number; system: number };
  return (usage.user + usage.system) / 1000;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface PlacedOrders {
  /** Timed placements, sorted, in milliseconds. */
  latencies: number[];
  /** Seconds the timed phase took. */
  seconds: number;
  errors: number;
  firstError?: string;
}

/**
 * 50 buyers at once, each filling its cart (not timed) and placing an order (timed), one warm-up
 * order each, then `ordersPerBuyer` (default `ORDERS_PER_BUYER`) timed ones. `products` is the
 * product every buyer buys, or each buyer's (by its index in `tokens`). `onTimedPhase` runs just
 * before and after the timed phase (the orders section reads the server's CPU there). Shared by
 * the orders and the processes sections.
 */
export async function placeOrders(
  baseUrl: string,
  tokens: string[],
  products: string | string[],
  keyPrefix: string,
  { onTimedPhase, ordersPerBuyer = ORDERS_PER_BUYER }: { onTimedPhase?: (edge: 'start' | 'end') => Promise<void>; ordersPerBuyer?: number } = {},
): Promise<PlacedOrders> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  async function buyer(token: string, n: number, orders: number, timed: boolean) {
    const product = typeof products === 'string' ? products : products[n]!;
    for (let i = 0; i < orders; i += 1) {
      const cart = await send(`${baseUrl}/api/v1/carts`, 'PATCH', token, { products: [{ product, quantity: 1 }] });
      if (cart.status !== 200) {
        errors += 1;
        firstError ??= `cart ${cart.status} ${cart.body.slice(0, 200)}`;
        continue;
      }
      const t0 = performance.now();
      const placed = await send(`${baseUrl}/api/v1/orders`, 'POST', token, ORDER, { 'idempotency-key': `${keyPrefix}-${token.slice(-12)}-${timed}-${i}` });
      const elapsed = performance.now() - t0;
      if (placed.status !== 200) {
        errors += 1;
        firstError ??= `order ${placed.status} ${placed.body.slice(0, 200)}`;
      } else if (timed) latencies.push(elapsed);
    }
  }
  await Promise.all(tokens.map((token, n) => buyer(token, n, 1, false))); // warm-up
  await onTimedPhase?.('start');
  const started = performance.now();
  await Promise.all(tokens.map((token, n) => buyer(token, n, ordersPerBuyer, true)));
  const seconds = (performance.now() - started) / 1000;
  await onTimedPhase?.('end');
  latencies.sort((a, b) => a - b);
  return { latencies, seconds, errors, firstError };
}

/**
 * Order placement with the built-in test provider, 50 buyers at once: each fills its cart (not
 * timed) and places an order (timed: reservation, order, payment, certificates, in one request),
 * again and again. Every order must answer 200; stock is set high enough for all of them.
 */
export const ordersSection: BenchSection = {
  name: 'order placement, 50 buyers at once',
  async run(ctx: BenchContext): Promise<BenchSectionResult> {
    const setup = await fetch(`${ctx.bareUrl}/__bench/buyers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ buyers: BUYERS, stock: BUYERS * (ORDERS_PER_BUYER + 2) }) });
    const { tokens, productId } = (await setup.json()) as { tokens: string[]; productId: string };
    // The API process's CPU per order (with its cart update): robust where orders/s and latency
    // are at the mercy of whatever else this shared machine runs. The database's CPU is not in it.
    let cpuBefore = 0;
    let cpuMsPerOrder = 0;
    const { latencies, seconds, errors, firstError } = await placeOrders(ctx.baseUrl, tokens, productId, 'bench', { onTimedPhase: async (edge) => {
      if (edge === 'start') cpuBefore = await serverCpu(ctx);
      else cpuMsPerOrder = (await serverCpu(ctx)) - cpuBefore;
    } });
    const p99 = percentile(latencies, 99);
    const target = P99_TARGET_MS[ctx.database];
    const met = p99 <= target && errors === 0;
    return {
      notes: [
        `${BUYERS} buyers, ${ORDERS_PER_BUYER} orders each after one warm-up order; only POST /api/v1/orders is timed (each buyer fills its cart before each order).`,
        ...(firstError ? [`first error: ${firstError}`] : []),
      ],
      rows: [
        {
          scenario: 'POST /api/v1/orders (test provider)',
          orders: latencies.length,
          'orders/s': Number((latencies.length / seconds).toFixed(1)),
          'API CPU ms/order (+ cart update)': Number((cpuMsPerOrder / Math.max(1, latencies.length)).toFixed(2)),
          'p50 ms': Number(percentile(latencies, 50).toFixed(1)),
          'p95 ms': Number(percentile(latencies, 95).toFixed(1)),
          'p99 ms': Number(p99.toFixed(1)),
          errors,
          target: met ? 'met' : 'MISSED',
        },
      ],
      targets: [{ name: `order placement p99 (${ctx.database})`, goal: `p99 ≤ ${target} ms, 0 errors`, actual: `${p99.toFixed(1)} ms, ${errors} errors`, met }],
    };
  },
};
