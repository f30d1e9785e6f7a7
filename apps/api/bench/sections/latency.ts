import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { BenchContext, BenchSection, BenchSectionResult } from '../section.ts';
import { BENCH_ACCOUNT } from '../account.ts';

interface Case {
  name: string;
  requests: number;
  /** p95 latency target in milliseconds, one request at a time, on a 2-core machine. */
  p95TargetMs: number;
  run: (base: string) => Promise<{ ok: boolean }>;
}

const keepAlive = new http.Agent({ keepAlive: true });

/**
 * GET as a browser receives it: the bytes as sent (gzip asked for, not decoded here), time to
 * the last byte, on a kept-alive connection. Node's fetch would also time its own decompression
 * and garbage collection of a 200 KB page, which is the client's cost, not the server's.
 */
function getAsSent(url: string): Promise<{ ok: boolean }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: keepAlive, headers: { 'accept-encoding': 'gzip, deflate, br' } }, (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve({ ok: (response.statusCode ?? 0) < 400 }));
      })
      .on('error', reject);
  });
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(base: string, c: Case) {
  const latencies: number[] = [];
  let errors = 0;
  for (let i = 0; i < c.requests; i += 1) {
    const t0 = performance.now();
    const response = await c.run(base);
    if (!response.ok) errors += 1;
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), errors };
}

/** One request at a time: the latency a single visitor sees, for health, login, the home page and the web shell. */
export const latencySection: BenchSection = {
  name: 'latency, one request at a time',
  async run(ctx: BenchContext): Promise<BenchSectionResult> {
    const { email, password } = BENCH_ACCOUNT;
    const cases: Case[] = [
      { name: 'GET /api/health', requests: 300, p95TargetMs: 5, run: (b) => getAsSent(`${b}/api/health`) },
      {
        name: 'POST /api/auth/login (argon2id)',
        requests: 50,
        p95TargetMs: 150,
        run: async (b) => {
          const response = await fetch(`${b}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: email, password, strategy: 'password' }) });
          await response.arrayBuffer();
          return response;
        },
      },
      { name: 'GET / (server-rendered home)', requests: 300, p95TargetMs: 5, run: (b) => getAsSent(`${b}/`) },
      { name: 'GET /login (server-rendered)', requests: 300, p95TargetMs: 5, run: (b) => getAsSent(`${b}/login`) },
      { name: 'GET /account (web app shell)', requests: 300, p95TargetMs: 5, run: (b) => getAsSent(`${b}/account`) },
    ];
    const rows: BenchSectionResult['rows'] = [];
    const targets = [];
    for (const c of cases) {
      await measure(ctx.baseUrl, { ...c, requests: Math.min(20, c.requests) }); // warm-up
      const result = await measure(ctx.baseUrl, c);
      const met = result.p95 <= c.p95TargetMs && result.errors === 0;
      rows.push({ call: c.name, 'p50 ms': Number(result.p50.toFixed(1)), 'p95 ms': Number(result.p95.toFixed(1)), 'p95 target ms': c.p95TargetMs, errors: result.errors, target: met ? 'met' : 'MISSED' });
      targets.push({ name: c.name, goal: `p95 ≤ ${c.p95TargetMs} ms, 0 errors`, actual: `${result.p95.toFixed(1)} ms, ${result.errors} errors`, met });
    }
    return { rows, targets };
  },
};
