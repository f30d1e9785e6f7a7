/**
 * The benchmark's server process: the product (buildApp, as `npm start` runs it) on a free port
 * and, beside it in the same process, a bare Fastify instance that serves copies of the
 * product's answers from memory: the ceiling the product's routes are compared with.
 * Prints one JSON line `{ baseUrl, bareUrl, database, dataset }` when both listen (dataset: rows the
 * data set wrote, or null with BENCH_DATASET=0); SIGTERM closes both.
 */
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { BENCH_ACCOUNT } from './account.ts';
import { insertDataset, type DatasetInfo } from './dataset.ts';
import { getRaw } from './load.ts';
import { loadConfig } from '../src/config.ts';
import { users } from '../src/db/schema/index.ts';
import { TokenSigner } from '../src/lib/jwt.ts';
import { createCatalogWrites } from '../src/modules/catalog/catalog.writes.ts';

const DROPPED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  // The whole run comes from one loopback client: the limit is raised to the most the config allows
  // (10 million a minute), or fast routes would meet it mid-run and count 429s as errors.
  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '10000000', RATE_LIMIT_AUTH_MAX: '1000000', ORDER_RATE_LIMIT_MAX: '10000000', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    { inMemoryDatabase: !databaseUrl },
  );
  const app = await buildApp(config);
  // One verified account to log in with.
  const { email, password } = BENCH_ACCOUNT;
  await app.inject({ method: 'POST', url: '/api/auth/register', payload: { firstName: 'Bench', lastName: 'Mark', email, password } });
  await app.database.db.execute(sql`UPDATE users SET email_verified_at = now() WHERE email = ${email}`);
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
  const copies = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
  const bare = Fastify({ logger: false });
  bare.post<{ Body: { path: string; headers: Record<string, string> }[] }>('/__bench/copy', async (request) => {
    for (const { path, headers } of request.body) {
      const response = await getRaw(baseUrl + path, headers);
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (!DROPPED_HEADERS.has(name) && typeof value === 'string') kept[name] = value;
      }
      copies.set(`${path}|${headers['accept-encoding'] ? 'enc' : 'plain'}`, { status: response.status, headers: kept, body: response.body });
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
  // The process's CPU time so far: per-request CPU cost is robust where req/s is at the mercy
  // of whatever else the machine runs.
  bare.get('/__bench/cpu', async () => process.cpuUsage());
  bare.get('/*', (request, reply) => {
    const copy = copies.get(`${request.url}|${request.headers['accept-encoding'] ? 'enc' : 'plain'}`);
    if (!copy) return reply.code(404).send();
    return reply.code(copy.status).headers(copy.headers).send(copy.body);
  });
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
