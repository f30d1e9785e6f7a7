/** A client's count in its current window and when that window ends (ms since the epoch). */
export interface WindowHit {
  count: number;
  resetAt: number;
}

/**
 * Where a limiter counts requests: in this process's memory, or in PostgreSQL shared by every
 * API process (rate-limit-postgres.ts, decision 0020). A store that answers synchronously keeps
 * the request hook free of promises; one that must ask the database answers a promise.
 */
export interface CounterStore {
  readonly windowMs: number;
  /** Counts one request of `key` (a client) and answers its count in this window. */
  hit(key: string, now: number): WindowHit | Promise<WindowHit>;
  close(): void | Promise<void>;
}

/** Most client addresses remembered per counter; past it the oldest windows are forgotten first. */
export const MAX_KEYS = 100_000;

/**
 * Fixed-window counters per client: how many requests each made in its current window. Windows
 * start at a client's first request; expired ones are swept once a window.
 */
export class FixedWindowCounter implements CounterStore {
  private readonly windows = new Map<string, WindowHit>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(readonly windowMs: number) {
    this.sweeper = setInterval(() => this.sweep(Date.now()), windowMs);
    this.sweeper.unref();
  }

  /** Counts one request of `key` and answers its count in this window and when the window ends. */
  hit(key: string, now: number): WindowHit {
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
