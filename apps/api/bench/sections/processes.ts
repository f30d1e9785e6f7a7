import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { BenchContext, BenchSection, BenchSectionResult, BenchTarget } from '../section.ts';
import { combine, drive, type LoadResult, BROWSER, CONNECTIONS, fmt, rounds, seconds, warmUpSeconds, latencyColumns } from '../load.ts';
import { floorHosts, placeOrdersOn, sampleAnswers, type OrdersOnHosts } from './processes-floor.ts';
import { TokenSigner } from '../../src/lib/jwt.ts';
import { uuidv7 } from '../../src/lib/uuid.ts';
import { serverBundle } from '../../src/paths.ts';
import { buildServer } from '../../scripts/build-server.mjs';

const BUYERS = 50;
// The hosts' loop (1 process, 2 processes, 2 hosts, their floor) runs longer than the orders
// section's 8 orders a buyer: a second's run swings too much to compare two of them.
const HOST_ORDERS_PER_BUYER = Number(process.env.BENCH_HOST_ORDERS_PER_BUYER ?? 40);
const SPREAD_PRODUCTS = 27;
const JWT_SECRET = 'bench-processes-secret-that-is-long-enough-0123456789';
const repoRoot = path.resolve(import.meta.dirname, '../../../..');


async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The server `npm start` runs, built once per bench run from the sources being measured. */
let serverBuilt: Promise<void> | undefined;

/**
 * `npm start`'s server (apps/api/dist/server.mjs, built first) with WEB_CONCURRENCY=`processes`
 * on the run's PostgreSQL database, started as `npm start` would (production, high rate limits,
 * a JWT secret from the environment); answers once every API process listens.
 */
async function startProduct(databaseUrl: string, processes: number): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  // Each start is its own host: its own data directory (uploads, secrets), as on another machine.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cw-bench-host-'));
  await (serverBuilt ??= buildServer());
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--import', path.join(import.meta.dirname, '../announce-listen.ts'), serverBundle], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET,
      RATE_LIMIT_MAX: '10000000',
      RATE_LIMIT_AUTH_MAX: '1000000',
      ORDER_RATE_LIMIT_MAX: '10000000',
      WEB_CONCURRENCY: String(processes),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  const listening = () => new Set([...output.matchAll(/bench-listening (\d+)/g)].map((match) => match[1])).size;
  while (listening() < processes) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`the product did not start with WEB_CONCURRENCY=${processes}:\n${output.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Buyers written straight into the run's database, with tokens signed by the JWT secret the product gets. */
async function createBuyers(databaseUrl: string): Promise<{ tokens: string[]; spread: string[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tag = Date.now().toString(36);
    const ids = Array.from({ length: BUYERS }, () => uuidv7());
    await client.query(
      `insert into users (id, email, password_hash, first_name, last_name, slug, email_verified_at)
       select id, 'proc.' || $2 || '.' || n || '@bench.example', 'not-a-hash', 'Bench', 'Process ' || n, 'bench-proc-' || $2 || '-' || n, now()
       from unnest($1::uuid[]) with ordinality as t(id, n)`,
      [ids, tag],
    );
    // Offset projects without colours (as the order loop spreads over), with stock for every order
    // of every run. The hosts' loop spreads the buyers over them, so a product's row lock does not
    // set the pace.
    const products = await client.query<{ id: string }>(
      `select p.id from products p where p.kind = 'offset' and not exists (select 1 from product_colors c where c.product_id = p.id) order by p.id limit $1`,
      [SPREAD_PRODUCTS],
    );
    const productIds = products.rows.map((row) => row.id);
    await client.query('update products set stock = stock + 1000000 where id = any($1::uuid[])', [productIds]);
    const signer = new TokenSigner(JWT_SECRET, 3600);
    return { tokens: await Promise.all(ids.map((id) => signer.sign({ sub: id, tv: 0 }))), spread: ids.map((_, buyer) => productIds[buyer % productIds.length]!) };
  } finally {
    await client.end();
  }
}

async function productList(base: string): Promise<LoadResult> {
  const options = { connections: CONNECTIONS, seconds, headers: { 'accept-encoding': BROWSER } };
  await drive(`${base}/api/v1/products`, { ...options, seconds: warmUpSeconds });
  const runs: LoadResult[] = [];
  for (let round = 0; round < rounds; round += 1) runs.push(await drive(`${base}/api/v1/products`, options));
  return combine(runs);
}

/**
 * 1 vs 2 API processes (issue 12): `npm start`'s server with WEB_CONCURRENCY=1, then 2, on the
 * run's PostgreSQL database (the data set included), each running the product-list read and the
 * order placement; the scaling ratio is 2-process ÷ 1-process. PostgreSQL only (PGlite is one
 * process's embedded database).
 */
export const processesSection: BenchSection = {
  name: '1 vs 2 API processes (WEB_CONCURRENCY)',
  async run(ctx: BenchContext): Promise<BenchSectionResult> {
    if (!ctx.databaseUrl) {
      return { rows: [{ scenario: '1 vs 2 processes', note: 'skipped: needs DATABASE_URL (PostgreSQL); WEB_CONCURRENCY above 1 refuses the embedded database' }], targets: [] };
    }
    const { tokens, spread } = await createBuyers(ctx.databaseUrl);
    const measured: Record<1 | 2, { list: LoadResult; orders: OrdersOnHosts }> = {} as never;
    let twoHosts: OrdersOnHosts | undefined;
    let floor: { one: OrdersOnHosts; two: OrdersOnHosts } | undefined;
    let answers: { cart: string; order: string } | undefined;
    // The benchmark's own server would rebuild its catalog on every order measured here.
    const resumeProduct = ctx.pauseProduct?.();
    try {
      for (const processes of [1, 2] as const) {
        const product = await startProduct(ctx.databaseUrl, processes);
        try {
          // The floor hosts answer the product's own bytes; buyer 0's extra order is outside the timing.
          if (processes === 1) answers = await sampleAnswers(product.base, tokens[0]!, spread[0]!);
          measured[processes] = { list: await productList(product.base), orders: await placeOrdersOn([product.base], tokens, spread, `proc-${processes}`, HOST_ORDERS_PER_BUYER) };
        } finally {
          await product.stop();
        }
      }
      // Two independent hosts (separate `npm start`s, ports and data directories) on the database.
      const hosts = [await startProduct(ctx.databaseUrl, 1), await startProduct(ctx.databaseUrl, 1)];
      try {
        twoHosts = await placeOrdersOn([hosts[0]!.base, hosts[1]!.base], tokens, spread, 'proc-hosts', HOST_ORDERS_PER_BUYER);
      } finally {
        await Promise.all(hosts.map((host) => host.stop()));
      }
      // The same loop against the HTTP floor as one host, then two: what a second host can add here.
      floor = await floorHosts(ctx.databaseUrl, [await freePort(), await freePort()], tokens, spread, answers!, HOST_ORDERS_PER_BUYER);
    } finally {
      resumeProduct?.();
    }
    const rows: BenchSectionResult['rows'] = [];
    const targets: BenchTarget[] = [];
    const notes: string[] = [];
    for (const processes of [1, 2] as const) {
      const { list, orders } = measured[processes];
      const listErrors = list.errors + list.non2xx;
      rows.push({ scenario: 'GET /api/v1/products (browser)', processes, 'req/s': fmt(list.rps), ...latencyColumns(list), errors: listErrors, scaling: processes === 2 ? `${fmt((list.rps / measured[1].list.rps) * 100)}%` : '' });
      rows.push({ scenario: 'POST /api/v1/orders (50 buyers)', processes, 'req/s': fmt(orders.perSecond, 1), ...latencyColumns(orders), errors: orders.errors, scaling: processes === 2 ? `${fmt((orders.perSecond / measured[1].orders.perSecond) * 100)}%` : '' });
      targets.push({ name: `product list, ${processes} process${processes > 1 ? 'es' : ''}`, goal: '0 errors', actual: `${listErrors} errors`, met: listErrors === 0 });
      targets.push({ name: `order placement, ${processes} process${processes > 1 ? 'es' : ''}`, goal: '0 errors', actual: `${orders.errors} errors`, met: orders.errors === 0 });
      if (orders.firstError) notes.push(`orders, ${processes} process(es), first error: ${orders.firstError}`);
    }
    if (twoHosts) {
      const ratio = twoHosts.perSecond / measured[1].orders.perSecond;
      const floorRatio = floor ? floor.two.perSecond / floor.one.perSecond : NaN;
      rows.push({ scenario: 'POST /api/v1/orders (50 buyers), 2 hosts', processes: '2 hosts', 'req/s': fmt(twoHosts.perSecond, 1), ...latencyColumns(twoHosts), errors: twoHosts.errors, scaling: `${fmt(ratio * 100)}%` });
      if (floor) {
        rows.push({ scenario: '  the HTTP floor (the issue\'s rows behind bare routes), 1 host', processes: '1 host', 'req/s': fmt(floor.one.perSecond, 1), ...latencyColumns(floor.one), errors: floor.one.errors, scaling: '' });
        rows.push({ scenario: '  the HTTP floor, 2 hosts', processes: '2 hosts', 'req/s': fmt(floor.two.perSecond, 1), ...latencyColumns(floor.two), errors: floor.two.errors, scaling: `${fmt(floorRatio * 100)}%` });
        for (const [hosts, run] of [['1 host', floor.one], ['2 hosts', floor.two]] as const) if (run.firstError) notes.push(`HTTP floor, ${hosts}, first error: ${run.firstError}`);
      }
      const beside = floor ? ` (the HTTP floor in the same run: ${floorRatio.toFixed(2)}×, ${fmt(floor.one.perSecond)} → ${fmt(floor.two.perSecond)} orders/s)` : '';
      targets.push({ name: 'two API hosts on one PostgreSQL: orders/s vs one (issue 28)', goal: '≥ 1.3×', actual: `${ratio.toFixed(2)}×${beside}`, met: ratio >= 1.3 });
      targets.push({ name: 'order placement, 2 hosts', goal: '0 errors', actual: `${twoHosts.errors} errors`, met: twoHosts.errors === 0 });
      if (twoHosts.firstError) notes.push(`orders, 2 hosts, first error: ${twoHosts.firstError}`);
    }
    return {
      rows,
      targets,
      notes: [
        'Two hosts: two separate servers (WEB_CONCURRENCY=1 each, own port and DATA_DIR) on the same database, 25 buyers on each at once; compared with the 1-process run.',
        "The HTTP floor beside them (bench/floor-host.ts): a process with only two bare Fastify routes and a pool of 10, writing the issue's rows (floor.sql) and answering a copy of the product's answers, run as one host and then as two, with the same buyers, product and loop. Its scaling is what a second host can add on this machine when each host does only the essential work.",
        `apps/api/dist/server.mjs as npm start runs it (NODE_ENV=production, WEB_CONCURRENCY=1, then 2), on this run's PostgreSQL database with the data set; the benchmark's own server is paused (SIGSTOP) meanwhile, so it takes no CPU from them.`,
        `Product list: ${CONNECTIONS} connections, ${warmUpSeconds} s warm-up, ${rounds} rounds of ${seconds} s. Orders: ${BUYERS} buyers spread over ${SPREAD_PRODUCTS} offset projects, ${HOST_ORDERS_PER_BUYER} timed orders each after one warm-up order, each after its cart change ("req/s" is orders per second).`,
        'scaling = 2-process req/s ÷ 1-process req/s. Two cores are shared by the product, PostgreSQL and the load generator: 200% is out of reach here by construction.',
        ...notes,
      ],
    };
  },
};
