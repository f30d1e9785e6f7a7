/**
 * Announcements after a commit, coalesced (issue 28, migration 0050).
 *
 * A transaction that sends NOTIFY holds one cluster-wide lock of PostgreSQL from just before its
 * commit until after it, through the commit's flush to disk, so notifying commits run one at a
 * time and everything else that notifies queues behind them. An order therefore does not notify
 * inside its transaction: once it has committed, the API announces what changed with
 * `announce(channel, payload)`. This process's listeners hear it at once; the other processes
 * within `ANNOUNCE_COALESCE_MS`, in one statement for every announcement of that span, committed
 * without waiting for the disk, so the lock is held for microseconds.
 *
 * The price: a process that dies between a commit and its announcement leaves the other hosts
 * with what they kept before it (a cart until its cache's few seconds run out; see decision 0074).
 */

import { ASYNC_COMMIT_CALL } from './async-commit.ts';

/**
 * Set for its own transaction by a write that leaves its announcements to the API (place_order,
 * the cart store's one-call changes): the carts trigger then stays silent (migration 0050).
 */
export const ANNOUNCE_AFTER_COMMIT_CALL = `set_config('carbonwise.announce_after_commit', 'on', true)`;

/** How long an announcement waits for others to share its statement. */
export const ANNOUNCE_COALESCE_MS = 20;
/** A statement that failed is tried again once, this much later. */
const RETRY_MS = 1000;

export interface Announcement {
  channel: string;
  payload: string;
}

export interface Announcer {
  /** Tells every listener on `channel`: this process's now, the others' shortly. Never throws. */
  announce(channel: string, payload: string): void;
  /** Sends what is waiting now (shutdown and tests); resolves once it is sent or has failed. */
  flush(): Promise<void>;
}

export interface AnnouncerOptions {
  /** Calls this process's listeners of `channel` (synchronously). */
  deliverHere(channel: string, payload: string): void;
  /** Sends a batch to the other processes in one statement; undefined when there are none (PGlite). */
  send?: (batch: Announcement[]) => Promise<void>;
  onError(error: unknown, willRetry: boolean): void;
  coalesceMs?: number;
}

export function createAnnouncer(options: AnnouncerOptions): Announcer {
  const coalesceMs = options.coalesceMs ?? ANNOUNCE_COALESCE_MS;
  let waiting: Announcement[] = [];
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> = Promise.resolve();

  async function sendBatch(batch: Announcement[], retried: boolean): Promise<void> {
    try {
      await options.send!(batch);
    } catch (error) {
      options.onError(error, !retried);
      if (!retried) setTimeout(() => void sendBatch(batch, true), RETRY_MS).unref();
    }
  }

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (waiting.length > 0) {
      // The same message twice in one batch is one message (PostgreSQL folds them too).
      const unique = new Map(waiting.map((entry) => [`${entry.channel}\n${entry.payload}`, entry]));
      waiting = [];
      const batch = [...unique.values()];
      // Batches go out in order, one statement at a time.
      sending = sending.then(() => sendBatch(batch, false));
    }
    return sending;
  }

  return {
    announce(channel, payload) {
      try {
        options.deliverHere(channel, payload);
      } catch (error) {
        // The change has committed: a listener's fault here must not fail the request.
        options.onError(error, false);
      }
      if (!options.send) return;
      waiting.push({ channel, payload });
      if (!timer) {
        timer = setTimeout(() => void flush(), coalesceMs);
        timer.unref();
      }
    },
    flush,
  };
}

/**
 * The statement that sends a batch: one NOTIFY per announcement, in a transaction that commits
 * without waiting for the disk (nothing is written but the notifications).
 */
export const ANNOUNCE_SQL = `select ${ASYNC_COMMIT_CALL}, pg_notify(c, p) from unnest($1::text[], $2::text[]) as t(c, p)`;
