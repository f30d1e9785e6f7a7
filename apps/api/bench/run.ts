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
  /** p95 latency target in milliseconds, one request at a time, on a 2-core machine. */
  p95TargetMs: number;
  run: (base: string) => Promise<Response>;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(base: string, c: Case & { concurrency: number }) {
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
  const password = 'Measured-speed-2026';
  await fetch(`${base}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email, password }) });
  await app.database.db.execute((await import('drizzle-orm')).sql`UPDATE users SET email_verified_at = now() WHERE email = ${email}`);
  const slug = (await (await fetch(`${base}/api/v1/products?limit=1`)).json()).data[0].slug;

  const cases: Case[] = [
    { name: 'GET /api/health', requests: 2000, p95TargetMs: 5, run: (b) => fetch(`${b}/api/health`) },
    { name: 'GET /api/v1/products?showDetails=1', requests: 500, p95TargetMs: 40, run: (b) => fetch(`${b}/api/v1/products?showDetails=1`) },
    { name: 'GET /api/v1/productBySlug/{slug}', requests: 1000, p95TargetMs: 15, run: (b) => fetch(`${b}/api/v1/productBySlug/${slug}`) },
    {
      name: 'POST /api/auth/login (argon2id)',
      requests: 100,
      p95TargetMs: 150,
      run: (b) => fetch(`${b}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: email, password, strategy: 'password' }) }),
    },
    { name: 'GET / (web app shell)', requests: 1000, p95TargetMs: 5, run: (b) => fetch(`${b}/`) },
  ];

  let missed = 0;
  console.log(`Carbonwise benchmark on ${app.database.kind}, ${new Date().toISOString()}`);
  console.log('Latency: one request at a time. Throughput: 8 at a time (client and server share the 2 cores).');
  console.log('call'.padEnd(40), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'target'.padStart(12), 'req/s @8'.padStart(10));
  for (const c of cases) {
    await measure(base, { ...c, requests: Math.min(20, c.requests), concurrency: 1 }); // warm-up
    const latency = await measure(base, { ...c, requests: Math.min(c.requests, 300), concurrency: 1 });
    const throughput = await measure(base, { ...c, concurrency: 8 });
    const errors = latency.errors + throughput.errors;
    const ok = latency.p95 <= c.p95TargetMs && errors === 0;
    if (!ok) missed += 1;
    console.log(
      c.name.padEnd(40),
      latency.p50.toFixed(1).padStart(8),
      latency.p95.toFixed(1).padStart(8),
      `${ok ? 'ok' : 'MISSED'} ≤${c.p95TargetMs}`.padStart(12),
      throughput.rps.toFixed(0).padStart(10),
      errors ? `${errors} errors` : '',
    );
  }
  await app.close();
  process.exit(missed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
