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
 * The window bookkeeping every in-memory counter shares: one window per client, started at its
 * first request and replaced once it has ended; ended windows are swept once a window, and past
 * MAX_KEYS clients the oldest are forgotten. Subclasses say what a window holds (`open`) and what
 * a hit adds to it; FixedWindowCounter here, SyncedWindowCounter in rate-limit-postgres.ts.
 */
export abstract class ClientWindows<W extends WindowHit> {
  protected readonly windows = new Map<string, W>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(readonly windowMs: number) {
    this.sweeper = setInterval(() => this.sweep(Date.now()), windowMs);
    this.sweeper.unref();
  }

  /** A new window for `key`, ending at `resetAt`, with no hits yet. */
  protected abstract open(key: string, resetAt: number): W;

  /** Whether an ended window may be swept; a subclass keeps one whose hits are still to be sent. */
  protected sweepable(_window: W): boolean {
    return true;
  }

  /** The window `key`'s request at `now` counts in: its current one, or a new one if none is live. */
  protected windowOf(key: string, now: number): W {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (!window && this.windows.size >= MAX_KEYS) this.sweep(now, true);
      window = this.open(key, now + this.windowMs);
      this.windows.set(key, window);
    }
    return window;
  }

  private sweep(now: number, evenUnexpired = false) {
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now && this.sweepable(window)) this.windows.delete(key);
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

  protected stopSweeping() {
    clearInterval(this.sweeper);
  }
}

/**
 * Fixed-window counters per client: how many requests each made in its current window. Windows
 * start at a client's first request; expired ones are swept once a window.
 */
export class FixedWindowCounter extends ClientWindows<WindowHit> implements CounterStore {
  protected open(_key: string, resetAt: number): WindowHit {
    return { count: 0, resetAt };
  }

  /** Counts one request of `key` and answers its count in this window and when the window ends. */
  hit(key: string, now: number): WindowHit {
    const window = this.windowOf(key, now);
    window.count += 1;
    return window;
  }

  close() {
    this.stopSweeping();
  }
}
