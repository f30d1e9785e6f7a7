/**
 * `npm run bench`: starts the product on a fresh in-memory database and measures the main read
 * paths and login over real HTTP on loopback. Prints p50/p95 latency and throughput per call and
 * compares them with targets; exits 1 when a target is missed.
 */
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

interface Case {
  name: string;
  requests: number;
  concurrency: number;
  /** p95 target in milliseconds on this 2-core machine. */
  p95TargetMs: number;
  run: (base: string) => Promise<Response>;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(base: string, c: Case) {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: c.concurrency }, async () => {
      while (next < c.requests) {
        next += 1;
        const t0 = performance.now();
        const response = await c.run(base);
        await response.arrayBuffer();
        if (!response.ok) errors += 1;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), rps: c.requests / seconds, errors };
}

async function main() {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000', RATE_LIMIT_AUTH_MAX: '1000000' }, { inMemoryDatabase: true });
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  // One verified account to log in with.
  const email = 'bench@example.com';
  const password = 'Bench-password-1';
  await fetch(`${base}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email, password }) });
  await app.database.db.execute((await import('drizzle-orm')).sql`UPDATE users SET email_verified_at = now() WHERE email = ${email}`);
  const slug = (await (await fetch(`${base}/api/v1/products?limit=1`)).json()).data[0].slug;

  const cases: Case[] = [
    { name: 'GET /api/health', requests: 2000, concurrency: 20, p95TargetMs: 25, run: (b) => fetch(`${b}/api/health`) },
    { name: 'GET /api/v1/products?showDetails=1', requests: 500, concurrency: 10, p95TargetMs: 150, run: (b) => fetch(`${b}/api/v1/products?showDetails=1`) },
    { name: 'GET /api/v1/productBySlug/{slug}', requests: 1000, concurrency: 10, p95TargetMs: 60, run: (b) => fetch(`${b}/api/v1/productBySlug/${slug}`) },
    {
      name: 'POST /api/auth/login (argon2id)',
      requests: 100,
      concurrency: 4,
      p95TargetMs: 400,
      run: (b) => fetch(`${b}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: email, password, strategy: 'password' }) }),
    },
    { name: 'GET / (web app shell)', requests: 1000, concurrency: 10, p95TargetMs: 30, run: (b) => fetch(`${b}/`) },
  ];

  let missed = 0;
  console.log(`Carbonwise benchmark on ${app.database.kind}, ${new Date().toISOString()}`);
  console.log('call'.padEnd(42), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'req/s'.padStart(8), 'target'.padStart(10));
  for (const c of cases) {
    await measure(base, { ...c, requests: Math.min(20, c.requests) }); // warm-up
    const r = await measure(base, c);
    const ok = r.p95 <= c.p95TargetMs && r.errors === 0;
    if (!ok) missed += 1;
    console.log(c.name.padEnd(42), r.p50.toFixed(1).padStart(8), r.p95.toFixed(1).padStart(8), r.rps.toFixed(0).padStart(8), `${ok ? 'ok' : 'MISSED'} ≤${c.p95TargetMs}`.padStart(10), r.errors ? `${r.errors} errors` : '');
  }
  await app.close();
  process.exit(missed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
