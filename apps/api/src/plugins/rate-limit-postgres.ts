import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { ClientWindows, FixedWindowCounter, type CounterStore, type WindowHit } from './rate-limit-store.ts';

/**
 * Rate-limit counters shared by every API process through the `rate_limit_windows` table
 * (decision 0020). Two stores: `PostgresWindowCounter` asks the database on every hit (exact; for
 * the strict per-route limits), `SyncedWindowCounter` counts in memory and sends its increments in
 * one batch every FLUSH_INTERVAL_MS (for the global limit every request, catalog reads included,
 * passes). Both fail open: a database error is logged and the request is judged by this process's
 * own count instead, never answered with a 5xx.
 */

/** How often the global limit's increments are sent; also how late another process's hits may be seen. */
export const FLUSH_INTERVAL_MS = 200;

interface Increment {
  key: string;
  hits: number;
  windowMs: number;
}

interface CountedRow {
  key: string;
  count: number;
  /** Milliseconds until the window ends, by the database's clock (so API hosts' clocks may differ). */
  msLeft: number;
}

/** The table's two statements: count hits, forget expired windows. */
export function rateLimitTable(db: Database) {
  return {
    /**
     * Adds each key's hits to its window in one atomic statement: an expired (or missing) window
     * starts again with these hits, a live one is added to. The row lock of ON CONFLICT DO UPDATE
     * makes concurrent processes queue on one key, so no count is ever lost. Keys must be distinct.
     */
    async add(increments: readonly Increment[]): Promise<CountedRow[]> {
      const result = (await db.execute(sql`
        INSERT INTO rate_limit_windows AS w (key, count, reset_at)
        SELECT key, hits, now() + window_ms * interval '1 millisecond'
          FROM unnest(${sql.param(increments.map((i) => i.key))}::text[],
                      ${sql.param(increments.map((i) => i.hits))}::int[],
                      ${sql.param(increments.map((i) => i.windowMs))}::int[]) AS t(key, hits, window_ms)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN w.reset_at <= now() THEN excluded.count ELSE w.count + excluded.count END,
          reset_at = CASE WHEN w.reset_at <= now() THEN excluded.reset_at ELSE w.reset_at END
        RETURNING key, count, (extract(epoch FROM reset_at - now()) * 1000)::float8 AS "msLeft"`)) as unknown as { rows: CountedRow[] };
      return result.rows;
    },

    /** Deletes windows that have ended, so the table holds only current clients. */
    async sweep(): Promise<void> {
      await db.execute(sql`DELETE FROM rate_limit_windows WHERE reset_at <= now()`);
    },
  };
}

export type RateLimitTable = ReturnType<typeof rateLimitTable>;

/** Logs a database failure of the limiter at most once a window, so an outage does not flood the log. */
function warnOnce(log: FastifyBaseLogger, windowMs: number) {
  let lastAt = -Infinity;
  return (error: unknown, what: string) => {
    const now = Date.now();
    if (now - lastAt < windowMs) return;
    lastAt = now;
    log.warn({ err: error }, `rate limit: ${what} failed; counting in this process only until the database answers`);
  };
}

/**
 * Exact across processes: one upsert per hit, answered with the shared count. Used for the strict
 * limits (logins, sign-ups, resets, orders…) whose routes talk to the database anyway.
 */
export class PostgresWindowCounter implements CounterStore {
  private readonly fallback: FixedWindowCounter;
  private readonly warn: ReturnType<typeof warnOnce>;

  constructor(
    private readonly table: RateLimitTable,
    /** Which limiter: keeps its windows apart from other routes' in the shared table. */
    private readonly name: string,
    readonly windowMs: number,
    log: FastifyBaseLogger,
  ) {
    this.fallback = new FixedWindowCounter(windowMs);
    this.warn = warnOnce(log, windowMs);
  }

  async hit(key: string, now: number): Promise<WindowHit> {
    try {
      const [row] = await this.table.add([{ key: `${this.name}|${key}`, hits: 1, windowMs: this.windowMs }]);
      return { count: row!.count, resetAt: Date.now() + row!.msLeft };
    } catch (error) {
      // Fail open: the request goes on, judged by this process's count (as before issue 12).
      this.warn(error, 'counting a request in PostgreSQL');
      return this.fallback.hit(key, now);
    }
  }

  close() {
    this.fallback.close();
  }
}

interface SyncedWindow extends WindowHit {
  key: string;
  /** The shared count the database answered at the last flush (every process's sent hits). */
  shared: number;
  /** This process's hits not yet in `shared` (unsent, or being sent). */
  pending: number;
  /** Waiting in the next batch. */
  dirty: boolean;
}

/**
 * Nearly exact across processes at the cost of a Map lookup per hit: a client's count is the
 * shared count from the last flush plus this process's hits since. Increments go to the database
 * in one statement for all clients every FLUSH_INTERVAL_MS, and the answer brings back the other
 * processes' hits. A client spreading requests over N processes can so get past the limit by at
 * most what it sends within about one flush interval; one process alone is exact, as before.
 */
export class SyncedWindowCounter extends ClientWindows<SyncedWindow> implements CounterStore {
  private dirty: SyncedWindow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private readonly warn: ReturnType<typeof warnOnce>;
  private closed = false;

  constructor(
    private readonly table: RateLimitTable,
    private readonly name: string,
    windowMs: number,
    log: FastifyBaseLogger,
  ) {
    // The windows, their sweeping and the MAX_KEYS cap are ClientWindows' (as FixedWindowCounter's).
    super(windowMs);
    this.warn = warnOnce(log, windowMs);
  }

  protected open(key: string, resetAt: number): SyncedWindow {
    // A guess until the first flush answers: another process may have started this window earlier.
    return { key, count: 0, resetAt, shared: 0, pending: 0, dirty: false };
  }

  /** An ended window with hits still to send stays until the flush has sent them. */
  protected sweepable(window: SyncedWindow): boolean {
    return !window.dirty;
  }

  hit(key: string, now: number): WindowHit {
    const window = this.windowOf(key, now);
    window.pending += 1;
    window.count = window.shared + window.pending;
    if (!window.dirty) {
      window.dirty = true;
      this.dirty.push(window);
    }
    this.scheduleFlush();
    return window;
  }

  private scheduleFlush() {
    if (this.timer || this.flushing || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flushing = this.flush().finally(() => {
        this.flushing = undefined;
        if (this.dirty.length > 0) this.scheduleFlush();
      });
    }, FLUSH_INTERVAL_MS);
    // A pending flush must not keep a stopping process alive; counters may lose the last 200 ms.
    this.timer.unref();
  }

  /** Sends every dirty window's unsent hits in one statement and takes the shared counts back. */
  private async flush() {
    const batch = this.dirty.map((window) => ({ window, hits: window.pending }));
    this.dirty = [];
    for (const { window } of batch) window.dirty = false;
    try {
      const rows = await this.table.add(batch.map(({ window, hits }) => ({ key: `${this.name}|${window.key}`, hits, windowMs: this.windowMs })));
      const answered = new Map(rows.map((row) => [row.key, row]));
      const now = Date.now();
      for (const { window, hits } of batch) {
        const row = answered.get(`${this.name}|${window.key}`);
        window.pending -= hits;
        // A window replaced meanwhile (its local time ran out) is no longer consulted.
        if (!row || this.windows.get(window.key) !== window) continue;
        window.shared = row.count;
        window.count = window.shared + window.pending;
        window.resetAt = now + row.msLeft;
      }
    } catch (error) {
      // Fail open: the hits stay pending (counted here, sent with the next batch).
      this.warn(error, 'sending rate-limit counts to PostgreSQL');
      for (const { window } of batch) {
        if (window.dirty) continue;
        window.dirty = true;
        this.dirty.push(window);
      }
    }
  }

  /** Stops the timers and waits for a flush under way, so it ends before the database closes. */
  async close() {
    this.closed = true;
    this.stopSweeping();
    clearTimeout(this.timer);
    await this.flushing;
  }
}
