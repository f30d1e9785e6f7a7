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
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
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
    const instance = autocannon({ url, connections: options.connections, duration: options.seconds, headers: options.headers }, (error, result) => {
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
export function getRaw(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}
