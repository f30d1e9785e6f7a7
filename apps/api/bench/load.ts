import http from 'node:http';
import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers other than 2xx. */
  non2xx: number;
  requests: number;
  /**
   * driveEach only: the p99 of the requests sent on a connection that had already answered one
   * in the run. Each run opens its connections afresh, and a connection's first request waits
   * for the server to accept it, which under load can take hundreds of milliseconds.
   */
  p99Open?: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** GET unless given (the same request on every connection: autocannon). */
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT';
  body?: string;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Drives one URL with autocannon (keep-alive, one request in flight per connection) and keeps
 * every response time, so p50/p95/p99 are exact (autocannon's summary has no p95).
 */
export function drive(url: string, options: LoadOptions): Promise<LoadResult> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: options.connections, duration: options.seconds, headers: options.headers, ...(options.method ? { method: options.method } : {}), ...(options.body !== undefined ? { body: options.body } : {}) }, (error, result) => {
      if (error) return reject(error);
      times.sort((a, b) => a - b);
      resolve({
        rps: result.requests.total / result.duration,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        requests: result.requests.total,
      });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/** An answer as sent: status, headers and the body still compressed (fetch would decode it). */
export function getRaw(url: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end(body);
  });
}

/** One request of `driveEach`: what connection `connection` sends as its `n`th request. */
export interface EachRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Results are kept per label (e.g. apply and unapply taking turns on one connection). */
  label?: string;
}

/**
 * Like `drive`, for requests that differ per connection (each connection a different signed-in
 * person, so writes to one cart do not queue behind each other's row lock): `connections` loops,
 * each on its own kept-alive socket, one request in flight each, for `seconds`. Results per label;
 * `firstFailure` keeps the first answer other than 2xx, to say why.
 */
export async function driveEach(
  baseUrl: string,
  options: { connections: number; seconds: number; request: (connection: number, n: number) => EachRequest },
): Promise<{ byLabel: Map<string, LoadResult>; firstFailure?: string }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const times = new Map<string, number[]>();
  const openTimes = new Map<string, number[]>();
  const failures = new Map<string, { errors: number; non2xx: number }>();
  let firstFailure: string | undefined;
  const deadline = performance.now() + options.seconds * 1000;
  const started = performance.now();
  const send = (request: EachRequest) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
      const headers: Record<string, string | number> = { ...request.headers };
      if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
      const outgoing = http.request(baseUrl + request.path, { method: request.method, agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      });
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  await Promise.all(
    Array.from({ length: options.connections }, async (_, connection) => {
      for (let n = 0; performance.now() < deadline; n += 1) {
        const request = options.request(connection, n);
        const label = request.label ?? request.path;
        if (!times.has(label)) {
          times.set(label, []);
          failures.set(label, { errors: 0, non2xx: 0 });
        }
        const t0 = performance.now();
        try {
          const answer = await send(request);
          if (answer.status < 200 || answer.status >= 300) {
            failures.get(label)!.non2xx += 1;
            firstFailure ??= `${label}: HTTP ${answer.status} ${answer.body.slice(0, 200)}`;
          }
        } catch (error) {
          failures.get(label)!.errors += 1;
          firstFailure ??= `${label}: ${(error as Error).message}`;
        }
        const took = performance.now() - t0;
        times.get(label)!.push(took);
        if (n > 0) {
          let open = openTimes.get(label);
          if (!open) openTimes.set(label, (open = []));
          open.push(took);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const byLabel = new Map<string, LoadResult>();
  for (const [label, list] of times) {
    list.sort((a, b) => a - b);
    const failed = failures.get(label)!;
    const open = (openTimes.get(label) ?? []).sort((a, b) => a - b);
    byLabel.set(label, { rps: list.length / elapsed, p50: percentile(list, 50), p95: percentile(list, 95), p99: percentile(list, 99), p99Open: percentile(open, 99), errors: failed.errors, non2xx: failed.non2xx, requests: list.length });
  }
  return { byLabel, firstFailure };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Rounds added up: mean req/s, median p50/p95, the worst p99 (a fair summary for p99), summed errors. */
export function combine(runs: LoadResult[]): LoadResult {
  const sum = (pick: (run: LoadResult) => number) => runs.reduce((total, run) => total + pick(run), 0);
  return {
    rps: sum((run) => run.rps) / runs.length,
    p50: median(runs.map((run) => run.p50)),
    p95: median(runs.map((run) => run.p95)),
    p99: Math.max(...runs.map((run) => run.p99)),
    ...(runs.every((run) => run.p99Open !== undefined) ? { p99Open: Math.max(...runs.map((run) => run.p99Open!)) } : {}),
    errors: sum((run) => run.errors),
    non2xx: sum((run) => run.non2xx),
    requests: sum((run) => run.requests),
  };
}

/**
 * Settings every load section shares: what Chrome sends as Accept-Encoding (without it every
 * answer is identity), 50 connections, and the run lengths (BENCH_SECONDS, BENCH_ROUNDS: product
 * and bare take turns this many times, as load on this shared machine comes and goes;
 * BENCH_WARMUP_SECONDS).
 */
export const BROWSER = 'gzip, deflate, br, zstd';
export const CONNECTIONS = 50;
export const seconds = Number(process.env.BENCH_SECONDS ?? 2);
export const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
export const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

/** A figure for a results row: rounded, or null when not a number (no requests). */
export const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : null);

/** The latency columns of a results row. */
export function latencyColumns(result: Pick<LoadResult, 'p50' | 'p95' | 'p99'>, bare?: Pick<LoadResult, 'p99'>) {
  return {
    'p50 ms': fmt(result.p50, 1),
    'p95 ms': fmt(result.p95, 1),
    'p99 ms': fmt(result.p99, 1),
    ...(bare ? { 'bare p99 ms': fmt(bare.p99, 1) } : {}),
  };
}
