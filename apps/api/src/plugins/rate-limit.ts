import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** A route's limit: `{ max, timeWindow }` in `config.rateLimit`, or `false` for none (health checks). */
export interface RateLimitOptions {
  max: number;
  /** Milliseconds, or words such as '1 minute', '30 seconds', '1 hour'. */
  timeWindow: number | string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RateLimitOptions | false;
  }
}

/** Most client addresses remembered per counter; past it the oldest windows are forgotten first. */
const MAX_KEYS = 100_000;
/** IPv6 clients are counted per /56, the smallest block a home connection is usually given. */
const IPV6_PREFIX_HEXTETS = 3.5;

/**
 * Fixed-window counters per client: how many requests each made in its current window. Windows
 * start at a client's first request; expired ones are swept once a window.
 */
export class FixedWindowCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(readonly windowMs: number) {
    this.sweeper = setInterval(() => this.sweep(Date.now()), windowMs);
    this.sweeper.unref();
  }

  /** Counts one request of `key` and answers its count in this window and when the window ends. */
  hit(key: string, now: number): { count: number; resetAt: number } {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (!window && this.windows.size >= MAX_KEYS) this.sweep(now, true);
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window;
  }

  private sweep(now: number, evenUnexpired = false) {
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
    // Still full (many distinct clients in one window): forget the oldest tenth.
    if (evenUnexpired && this.windows.size >= MAX_KEYS) {
      let drop = Math.ceil(MAX_KEYS / 10);
      for (const key of this.windows.keys()) {
        if (drop-- <= 0) break;
        this.windows.delete(key);
      }
    }
  }

  close() {
    clearInterval(this.sweeper);
  }
}

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

/**
 * The request rate limit: every route gets the global limit (`max` requests a minute per client)
 * unless its `config.rateLimit` names its own (counted separately, per route) or `false`.
 *
 * Our own rather than @fastify/rate-limit: a synchronous hook with one Map lookup, where the
 * plugin's async hook cost every request several promises — a sixth of a cached catalog read.
 * Counters are per process (decision 0004). Answers carry x-ratelimit-limit, -remaining and
 * -reset (seconds); a refused one is 429 RATE_LIMITED with retry-after.
 */
export function registerRateLimit(app: FastifyInstance, options: { max: number; timeWindow: number | string }) {
  const global = { max: options.max, counter: new FixedWindowCounter(windowMilliseconds(options.timeWindow)) };
  const counters: FixedWindowCounter[] = [global.counter];
  app.addHook('onClose', async () => counters.forEach((counter) => counter.close()));

  app.addHook('onRoute', (route: RouteOptions) => {
    const own = route.config?.rateLimit;
    if (own === false) return;
    let limit = global;
    if (own) {
      limit = { max: own.max, counter: new FixedWindowCounter(windowMilliseconds(own.timeWindow)) };
      counters.push(limit.counter);
    }
    const hook = limiter(limit.max, limit.counter);
    const existing = route.onRequest;
    // First, so a refused request costs nothing more.
    route.onRequest = existing ? [hook, ...(Array.isArray(existing) ? existing : [existing])] : [hook];
  });
}

function limiter(max: number, counter: FixedWindowCounter) {
  const limitHeader = String(max);
  return function rateLimit(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const now = Date.now();
    const { count, resetAt } = counter.hit(clientKey(request.ip), now);
    const resetSeconds = Math.ceil((resetAt - now) / 1000);
    reply.header('x-ratelimit-limit', limitHeader);
    reply.header('x-ratelimit-remaining', String(Math.max(0, max - count)));
    reply.header('x-ratelimit-reset', String(resetSeconds));
    if (count <= max) return done();
    reply.header('retry-after', String(resetSeconds));
    const error = Object.assign(new AppError('RATE_LIMITED', `Too many requests. Please try again in ${describeWait(resetAt - now)}.`), { statusCode: 429 });
    done(error);
  };
}
