import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import type { Database } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { PostgresWindowCounter, SyncedWindowCounter, rateLimitTable, type RateLimitTable } from './rate-limit-postgres.ts';
import { FixedWindowCounter, type CounterStore, type WindowHit } from './rate-limit-store.ts';

// The in-memory counter, here since before the stores were split out (tests import it from here).
export { FixedWindowCounter } from './rate-limit-store.ts';

/** A route's limit: `{ max, timeWindow }` in `config.rateLimit`, or `false` for none (health checks). */
export interface RateLimitOptions {
  max: number;
  /** Milliseconds, or words such as '1 minute', '30 seconds', '1 hour'. */
  timeWindow: number | string;
  /**
   * false: counted in memory and synced with the other processes in batches, as the global limit
   * is (decision 0020), instead of a database write per request: a client may pass the limit by
   * what the processes count between two syncs. Order placement uses it (issue 28).
   */
  exact?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RateLimitOptions | false;
  }
}

/** IPv6 clients are counted per /56, the smallest block a home connection is usually given. */
const IPV6_PREFIX_HEXTETS = 3.5;

/** '1 minute' → 60000. Numbers are milliseconds already. */
export function windowMilliseconds(timeWindow: number | string): number {
  if (typeof timeWindow === 'number') return timeWindow;
  const match = /^\s*(\d+)\s*(ms|milliseconds?|s|seconds?|m|minutes?|h|hours?)\s*$/i.exec(timeWindow);
  if (!match) throw new Error(`Unreadable rate-limit time window: ${timeWindow}`);
  const unit = match[2]!.toLowerCase();
  const scale = unit.startsWith('ms') || unit.startsWith('milli') ? 1 : unit.startsWith('s') ? 1000 : unit.startsWith('m') ? 60_000 : 3_600_000;
  return Number(match[1]) * scale;
}

/** "1 minute", "45 seconds": how long until the client may try again, for the 429 message. */
export function describeWait(milliseconds: number): string {
  const seconds = Math.max(1, Math.ceil(milliseconds / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The client a request is counted against: its address, or its /56 block for IPv6. */
export function clientKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  if (ip.startsWith('::ffff:') && ip.includes('.')) return ip.slice(7);
  if (!isIPv6(ip)) return ip.toLowerCase();
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = ip.includes('::') && tail ? tail.split(':') : [];
  const parts = ip.includes('::') ? [...headParts, ...Array<string>(8 - headParts.length - tailParts.length).fill('0'), ...tailParts] : headParts;
  const whole = Math.floor(IPV6_PREFIX_HEXTETS);
  const kept = parts.slice(0, whole).map((part) => part.padStart(4, '0'));
  // Half of the fourth hextet: its first two hex digits.
  kept.push((parts[whole] ?? '0').padStart(4, '0').slice(0, 2));
  return `${kept.join(':')}::/56`;
}

/** Where the plugin counts: in memory (PGlite, one process) or shared in PostgreSQL. */
export interface RateLimitPluginOptions {
  max: number;
  timeWindow: number | string;
  /** PostgreSQL shared by every API process: counters go to `rate_limit_windows` (decision 0020). */
  sharedDatabase?: Database;
}

/**
 * The request rate limit: every route gets the global limit (`max` requests a minute per client)
 * unless its `config.rateLimit` names its own (counted separately, per route) or `false`.
 *
 * Our own rather than @fastify/rate-limit: a synchronous hook with one Map lookup, where the
 * plugin's async hook cost every request several promises — a sixth of a cached catalog read.
 * On PGlite (one process) counters live in memory. On PostgreSQL they are shared by every API
 * process (decision 0020): the global limit, which every catalog read passes, counts in memory
 * and syncs in batches; the stricter per-route limits ask the database on each hit, exactly.
 * Answers carry x-ratelimit-limit, -remaining and -reset (seconds); a refused one is 429
 * RATE_LIMITED with retry-after.
 */
export type RateLimitHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/**
 * Registers the limit on every route; answers the global limit's hook for what routes do not
 * reach: the not-found handler (unknown paths and the web app's pages served as its shell).
 */
export function registerRateLimit(app: FastifyInstance, options: RateLimitPluginOptions): RateLimitHook {
  const globalWindowMs = windowMilliseconds(options.timeWindow);
  const table = options.sharedDatabase ? rateLimitTable(options.sharedDatabase) : undefined;
  const stores: CounterStore[] = [];
  const store = (name: string, windowMs: number, exact: boolean): CounterStore => {
    const made = !table
      ? new FixedWindowCounter(windowMs)
      : exact
        ? new PostgresWindowCounter(table, name, windowMs, app.log)
        : new SyncedWindowCounter(table, name, windowMs, app.log);
    stores.push(made);
    return made;
  };
  const global = { max: options.max, store: store('global', globalWindowMs, false) };
  app.addHook('onClose', async () => {
    await Promise.all(stores.map((counter) => counter.close()));
  });
  if (table) sweepSharedWindows(app, table, globalWindowMs);

  const unrouted = limiter(global.max, global.store);

  app.addHook('onRoute', (route: RouteOptions) => {
    const own = route.config?.rateLimit;
    if (own === false) return;
    let limit = global;
    if (own) {
      // The route's name keeps its windows apart from other routes' in the shared table.
      const name = `${[route.method].flat().join(',')} ${route.url}`;
      limit = { max: own.max, store: store(name, windowMilliseconds(own.timeWindow), own.exact !== false) };
    }
    const hook = limiter(limit.max, limit.store);
    const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    // The global limit counts in memory: first, so every request is counted (those without a
    // valid token included) and a refused one costs nothing more, not even a token check. A
    // route's own limit is exact, on PostgreSQL a write per request: last, after the auth check
    // (registered before this plugin), so only requests that get that far spend it.
    route.onRequest = own ? [...existing, hook] : [hook, ...existing];
  });
  return unrouted;
}

/**
 * Deletes ended windows from the shared table once a window, so it holds only current clients.
 * Every process sweeps; a DELETE racing another's is harmless. Failures only log: the upsert
 * restarts an ended window by itself, so a missed sweep just leaves a few rows longer.
 */
function sweepSharedWindows(app: FastifyInstance, table: RateLimitTable, windowMs: number) {
  const sweeper = setInterval(() => {
    table.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'rate limit: sweeping ended windows failed'));
  }, windowMs);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
}

function limiter(max: number, store: CounterStore): RateLimitHook {
  const limitHeader = String(max);
  function answer(hit: WindowHit, now: number, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const { count, resetAt } = hit;
    const resetSeconds = Math.max(0, Math.ceil((resetAt - now) / 1000));
    reply.header('x-ratelimit-limit', limitHeader);
    reply.header('x-ratelimit-remaining', String(Math.max(0, max - count)));
    reply.header('x-ratelimit-reset', String(resetSeconds));
    if (count <= max) return done();
    reply.header('retry-after', String(resetSeconds));
    const error = Object.assign(new AppError('RATE_LIMITED', `Too many requests. Please try again in ${describeWait(resetAt - now)}.`), { statusCode: 429 });
    done(error);
  }
  return function rateLimit(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const now = Date.now();
    const hit = store.hit(clientKey(request.ip), now);
    // In memory (and the global limit on PostgreSQL) the answer is at hand: no promise per request.
    // The exact shared stores never reject: they fail open themselves.
    if (hit instanceof Promise) void hit.then((shared) => answer(shared, Date.now(), reply, done));
    else answer(hit, now, reply, done);
  };
}
