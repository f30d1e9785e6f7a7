/**
 * The benchmark's server process: the product (buildApp, as `npm start` runs it) on a free port
 * and, beside it in the same process, a bare Fastify instance that serves copies of the
 * product's answers from memory: the ceiling the product's routes are compared with.
 * Prints one JSON line `{ baseUrl, bareUrl, database, dataset }` when both listen (dataset: rows the
 * data set wrote, or null with BENCH_DATASET=0); SIGTERM closes both.
 */
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { BENCH_ACCOUNT } from './account.ts';
import { BENCH_IMPACT_SLUG } from './sections/catalog.ts';
import { DATASET_PASSWORD, insertDataset, type DatasetInfo } from './dataset.ts';
import { getRaw } from './load.ts';
import { registerWriteFloor } from './write-floor.ts';
import { registerOrderHttpFloor } from './order-http-floor.ts';
import { loopBuyers } from './loop-buyers.ts';
import { personalReads, productIdsForLists } from './personal-reads.ts';
import { loadConfig } from '../src/config.ts';
import { users } from '../src/db/schema/index.ts';
import { TokenSigner } from '../src/lib/jwt.ts';
import { createCatalogWrites } from '../src/modules/catalog/catalog.writes.ts';
import { createCoupon } from '../src/modules/coupons/coupon-admin.ts';
import { createCouponsRepository } from '../src/modules/coupons/coupons.repository.ts';

const DROPPED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  // The whole run comes from one loopback client: the limit is raised to the most the config allows
  // (10 million a minute), or fast routes would meet it mid-run and count 429s as errors.
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '10000000',
      RATE_LIMIT_AUTH_MAX: '1000000',
      ORDER_RATE_LIMIT_MAX: '10000000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      // READ_CACHE_MS=0 measures the per-person reads without their cache (decision 0062).
      ...(process.env.READ_CACHE_MS ? { READ_CACHE_MS: process.env.READ_CACHE_MS } : {}),
      // SESSION_CACHE_MS compares how long a checked session is kept (decision 0053, docs/speed-writes.md).
      ...(process.env.SESSION_CACHE_MS ? { SESSION_CACHE_MS: process.env.SESSION_CACHE_MS } : {}),
      // DATABASE_POOL_SIZE compares pool sizes on one machine (docs/speed-writes.md).
      ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
    },
    { inMemoryDatabase: !databaseUrl },
  );
  const app = await buildApp(config);
  // One verified account to log in with.
  const { email, password } = BENCH_ACCOUNT;
  await app.inject({ method: 'POST', url: '/api/auth/register', payload: { firstName: 'Bench', lastName: 'Mark', email, password } });
  await app.database.db.execute(sql`UPDATE users SET email_verified_at = now() WHERE email = ${email}`);
  // A public sustainability page for the impact badge read (catalog section, BENCH_READS=badge).
  await app.database.db.execute(sql`UPDATE users SET slug = ${BENCH_IMPACT_SLUG} WHERE email = ${email}`);
  await app.database.db.execute(sql`INSERT INTO sustainability_profiles (user_id, title) SELECT id, 'Bench Mark' FROM users WHERE email = ${email}`);
  // The realistic data set (dataset.ts), unless BENCH_DATASET=0 asks for a quick run on the seed alone.
  let dataset: DatasetInfo | undefined;
  if (process.env.BENCH_DATASET !== '0') {
    dataset = await insertDataset(app);
    dataset.counts.catalogProducts = app.catalog.snapshot().products.length;
    console.error(`data set written in ${(dataset.milliseconds / 1000).toFixed(1)} s: ${Object.entries(dataset.counts).map(([table, n]) => `${n} ${table}`).join(', ')}`);
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  // Copies keyed by path and by whether the client asked for compression.
  // A POST (a calculation) is copied with its body and served for any POST to the same path.
  const copies = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
  const copyKey = (method: string, path: string, encoded: boolean) => `${method} ${path}|${encoded ? 'enc' : 'plain'}`;
  const bare = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  bare.post<{ Body: { path: string; headers: Record<string, string>; method?: 'GET' | 'POST'; body?: string }[] }>('/__bench/copy', async (request) => {
    for (const { path, headers, method = 'GET', body } of request.body) {
      const response = await getRaw(baseUrl + path, headers, method, body);
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (!DROPPED_HEADERS.has(name) && typeof value === 'string') kept[name] = value;
      }
      copies.set(copyKey(method, path, Boolean(headers['accept-encoding'])), { status: response.status, headers: kept, body: response.body });
    }
    return { copied: request.body.length };
  });
  // Buyers for the order scenario: verified accounts with session tokens, written straight into
  // the database (signing up hundreds through the API would measure the password hash), and one
  // offset project with stock enough for the whole run. Answers { tokens, productId }.
  bare.post<{ Body: { buyers: number; stock: number } }>('/__bench/buyers', async (request) => {
    const signer = new TokenSigner(config.jwtSecret, 3600);
    const tag = Date.now().toString(36);
    const rows = await app.database.db
      .insert(users)
      .values(Array.from({ length: request.body.buyers }, (_, i) => ({ email: `buyer.${tag}.${i}@bench.example`, passwordHash: 'not-a-hash', firstName: 'Bench', lastName: `Buyer ${i}`, slug: `bench-buyer-${tag}-${i}`, emailVerifiedAt: new Date() })))
      .returning();
    const tokens = await Promise.all(rows.map((row) => signer.sign({ sub: row.id, tv: row.tokenVersion })));
    const product = app.catalog.snapshot().products.find((p) => p.kind === 'offset' && p.variation.length === 0)!;
    await createCatalogWrites(app.database.db, app.catalog).setStock(product.id, request.body.stock);
    return { tokens, productId: product.id };
  });
  // Buyers for the order loop (sections/order-loop.ts): `buyers` fresh accounts with tokens and up to
  // `products` offset projects without variations, each with stock enough for any run.
  bare.post<{ Body: { buyers: number; products: number } }>('/__bench/order-loop', async (request) => loopBuyers(app, config.jwtSecret, request.body));
  // People for the scenarios (sections/scenarios.ts): `count` signed-in accounts with tokens, each
  // a different person (the data set's users; without it, fresh buyers written like /__bench/buyers),
  // their emails and password for logins, the data set's first business with its owner's token, and
  // a coupon with no usage limit or minimum (created here through the coupon module, as the CLI does).
  bare.post<{ Body: { count: number } }>('/__bench/people', async (request) => {
    const signer = new TokenSigner(config.jwtSecret, 3600);
    const wanted = request.body.count;
    let rows: { id: string; email: string; tokenVersion: number }[];
    if (dataset) {
      rows = await app.database.db.select({ id: users.id, email: users.email, tokenVersion: users.tokenVersion }).from(users).where(inArray(users.id, dataset.userIds.slice(-wanted)));
    } else {
      const tag = Date.now().toString(36);
      rows = await app.database.db
        .insert(users)
        .values(Array.from({ length: wanted }, (_, i) => ({ email: `person.${tag}.${i}@bench.example`, passwordHash: 'not-a-hash', firstName: 'Bench', lastName: `Person ${i}`, slug: `bench-person-${tag}-${i}`, emailVerifiedAt: new Date() })))
        .returning();
    }
    const tokens = await Promise.all(rows.map((row) => signer.sign({ sub: row.id, tv: row.tokenVersion })));
    let business: { id: string; ownerToken: string; members: number } | null = null;
    if (dataset) {
      const [owner] = await app.database.db.select({ tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, dataset.business.ownerUserId));
      business = { id: dataset.business.id, ownerToken: await signer.sign({ sub: dataset.business.ownerUserId, tv: owner!.tokenVersion }), members: dataset.business.members };
    }
    const personal = await personalReads(app, signer, rows[0]!.id, tokens[0]!, dataset, productIdsForLists(app));
    const couponCode = 'BENCHOPEN10';
    const repo = createCouponsRepository(app.database.db);
    if (!(await repo.findByCode(couponCode))) await createCoupon(repo, { code: couponCode, kind: 'percent', percentOff: 10, description: 'Bench: 10% off, no limits' });
    // Offset projects without variations and with plenty of stock, for cart lines.
    const productIds = app.catalog
      .snapshot()
      .products.filter((p) => p.kind === 'offset' && p.variation.length === 0)
      .slice(0, 4)
      .map((p) => p.id);
    return {
      tokens,
      userIds: rows.map((row) => row.id),
      logins: dataset ? rows.map((row) => ({ email: row.email, password: DATASET_PASSWORD })) : [{ email: BENCH_ACCOUNT.email, password: BENCH_ACCOUNT.password }],
      business,
      personal,
      couponCode,
      productIds,
    };
  });
  // The process's CPU time so far: per-request CPU cost is robust where req/s is at the mercy
  // of whatever else the machine runs.
  bare.get('/__bench/cpu', async () => process.cpuUsage());
  // How long the process's event loop stalled since the last reading (ms): a stall delays every
  // request in flight, so it shows in the writes' p99 though no single request is slow.
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  stalls.enable();
  bare.get('/__bench/stalls', async () => {
    const reading = { p99: stalls.percentile(99) / 1e6, max: stalls.max / 1e6 };
    stalls.reset();
    return reading;
  });
  const serveCopy = (request: FastifyRequest, reply: FastifyReply) => {
    const copy = copies.get(copyKey(request.method, request.url, Boolean(request.headers['accept-encoding'])));
    if (!copy) return reply.code(404).send();
    return reply.code(copy.status).headers(copy.headers).send(copy.body);
  };
  registerWriteFloor(bare, app);
  registerOrderHttpFloor(bare, app);
  bare.get('/*', serveCopy);
  // Bodies are read (as the product reads them) and not looked at.
  bare.post('/*', serveCopy);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;

  process.stdout.write(`${JSON.stringify({ baseUrl, bareUrl, database: app.database.kind, dataset: dataset ? { ...dataset.counts, seconds: dataset.milliseconds / 1000 } : null })}\n`);
  process.on('SIGTERM', async () => {
    await bare.close();
    await app.close();
    process.exit(0);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
