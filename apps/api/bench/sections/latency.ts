import { performance } from 'node:perf_hooks';
import type { BenchContext, BenchSection, BenchSectionResult } from '../section.ts';
import { BENCH_ACCOUNT } from '../account.ts';

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

async function measure(base: string, c: Case) {
  const latencies: number[] = [];
  let errors = 0;
  for (let i = 0; i < c.requests; i += 1) {
    const t0 = performance.now();
    const response = await c.run(base);
    await response.arrayBuffer();
    if (!response.ok) errors += 1;
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), errors };
}

/** One request at a time: the latency a single visitor sees, for health, login and the web shell. */
export const latencySection: BenchSection = {
  name: 'latency, one request at a time',
  async run(ctx: BenchContext): Promise<BenchSectionResult> {
    const { email, password } = BENCH_ACCOUNT;
    const cases: Case[] = [
      { name: 'GET /api/health', requests: 300, p95TargetMs: 5, run: (b) => fetch(`${b}/api/health`) },
      {
        name: 'POST /api/auth/login (argon2id)',
        requests: 50,
        p95TargetMs: 150,
        run: (b) => fetch(`${b}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: email, password, strategy: 'password' }) }),
      },
      { name: 'GET / (web app shell)', requests: 300, p95TargetMs: 5, run: (b) => fetch(`${b}/`) },
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
