/**
 * The two-host floor of the processes section (issue 28): the HTTP floor
 * (../floor-host.ts) as one host, then as two independent hosts on the same PostgreSQL, driven by
 * the same buyers and the same loop (placeOrders) as the product's hosts. Its scaling is what a
 * second host can add on this machine when each host does only the essential work.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { placeOrders, percentile, send, ORDER } from './orders.ts';

const floorSql = readFileSync(path.join(import.meta.dirname, 'floor.sql'), 'utf8');
const hostScript = path.join(import.meta.dirname, '../floor-host.ts');

/** Orders placed through one host or several at once (placeOrdersOn). */
export interface OrdersOnHosts {
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  orders: number;
  errors: number;
  firstError?: string;
}

/** The product's answers to one cart change and one order of `token` at `base`, uncompressed: what the floor hosts answer. */
export async function sampleAnswers(base: string, token: string, productId: string): Promise<{ cart: string; order: string }> {
  const cart = await send(`${base}/api/v1/carts`, 'PATCH', token, { products: [{ product: productId, quantity: 1 }] });
  const order = await send(`${base}/api/v1/orders`, 'POST', token, ORDER, { 'idempotency-key': `proc-floor-sample-${Date.now()}` });
  if (cart.status !== 200 || order.status !== 200) throw new Error(`floor hosts: the product's sample answers were ${cart.status} and ${order.status}`);
  return { cart: cart.body, order: order.body };
}

/** One floor host on its own port, set up with the buyers; answers its base URL and a stop. */
async function startFloorHost(databaseUrl: string, port: number, tokens: string[], stockIds: number[], answers: { cart: string; order: string }) {
  const child = spawn(process.execPath, ['--import', 'tsx', hostScript], { env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  while (!output.includes('floor-host-listening')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`the floor host did not start:\n${output.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const base = `http://127.0.0.1:${port}`;
  const setup = await fetch(`${base}/__setup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tokens, stockIds, answers }) });
  if (!setup.ok) throw new Error(`the floor host's set-up answered ${setup.status}`);
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * Buyers split over `bases` (one host: all of them; two: half on each), all at once, each buying
 * its product (`products[buyer]`) `ordersPerBuyer` times after one warm-up order; orders/s is
 * all orders over the time the slower side took. Each side's timed phase follows its own warm-up.
 */
export async function placeOrdersOn(bases: string[], tokens: string[], products: string[], label: string, ordersPerBuyer: number): Promise<OrdersOnHosts> {
  const share = Math.ceil(tokens.length / bases.length);
  const part = <T>(list: T[], i: number) => list.slice(i * share, (i + 1) * share);
  const sides = await Promise.all(bases.map((base, i) => placeOrders(base, part(tokens, i), part(products, i), `${label}-${i}`, { ordersPerBuyer })));
  const elapsed = Math.max(...sides.map((side) => side.seconds));
  const latencies = sides.flatMap((side) => side.latencies).sort((a, b) => a - b);
  return {
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    orders: latencies.length,
    errors: sides.reduce((sum, side) => sum + side.errors, 0),
    firstError: sides.find((side) => side.firstError)?.firstError,
  };
}

/**
 * The floor on one host, then on two, in the run's database (its scratch schema made here and
 * dropped after). `ports` gives two free ports. Buyers who buy one product in `products` buy one
 * floor.stock row, so the floor spreads its buyers as the product's hosts are driven.
 */
export async function floorHosts(databaseUrl: string, ports: [number, number], tokens: string[], products: string[], answers: { cart: string; order: string }, ordersPerBuyer: number): Promise<{ one: OrdersOnHosts; two: OrdersOnHosts }> {
  const distinct = [...new Set(products)];
  // floor.sql stocks rows 0–28, one per product the order loop spreads over.
  if (distinct.length > 29) throw new Error(`floor hosts: ${distinct.length} products, but floor.sql stocks 29`);
  const stockIds = products.map((product) => distinct.indexOf(product));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(floorSql);
    const run = async (count: 1 | 2) => {
      const hosts = await Promise.all(ports.slice(0, count).map((port) => startFloorHost(databaseUrl, port, tokens, stockIds, answers)));
      try {
        return await placeOrdersOn(hosts.map((host) => host.base), tokens, products, `floor-${count}`, ordersPerBuyer);
      } finally {
        await Promise.all(hosts.map((host) => host.stop()));
      }
    };
    const one = await run(1);
    const two = await run(2);
    return { one, two };
  } finally {
    await client.query('DROP SCHEMA IF EXISTS floor CASCADE');
    await client.end();
  }
}
