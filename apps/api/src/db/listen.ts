import pg from 'pg';
import { ANNOUNCE_SQL, type Announcement } from './announce.ts';

export interface Listener {
  onMessage(payload: string): void;
  /** The connection was lost and is back: notifications sent meanwhile were missed. */
  onReconnect?(): void;
  onError?(error: Error): void;
}

/** What a process's LISTEN connection calls itself in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'carbonwise-listen';

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5000;

/**
 * LISTEN for every channel on one dedicated PostgreSQL connection (a pooled one would be handed
 * to other queries). One connection, not one per channel: PostgreSQL wakes every listening
 * connection of a database for each NOTIFY, so three channels on three connections cost three
 * wake-ups per cart change or order (about 3% of the database's CPU in the order loop), and a
 * host held three connections for this. The connection opens with the first channel and closes
 * with the last. When it drops it reconnects with back-off (250 ms doubling to 5 s), listens to
 * every channel again, and says so to each listener through `onReconnect`, so they can catch up.
 *
 * The same connection sends this process's announcements (announce.ts): their listeners here
 * heard them as they were made, so a notification this connection sent itself is skipped.
 */
export function createPostgresListener(url: string) {
  const channels = new Map<string, Set<Listener>>();
  /** Channels the current connection has sent LISTEN for, each with that LISTEN's answer. */
  const listening = new Map<string, Promise<unknown>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  /** A connection was lost: the next one to open tells every listener (whoever opens it, a retry or a send). */
  let missedSome = false;
  /** Gives up a connection as lost (what its 'error' or 'end' event does); a no-op once it is. */
  const lose = new WeakMap<pg.Client, () => void>();

  const everyListener = () => [...channels.values()].flatMap((set) => [...set]);

  async function open(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: url, application_name: LISTEN_APPLICATION_NAME });
    next.on('notification', (message) => {
      // node-postgres keeps the backend's pid from the start-up, untyped.
      if (message.processId === (next as unknown as { processID?: number }).processID) return;
      for (const listener of channels.get(message.channel) ?? []) listener.onMessage(message.payload ?? '');
    });
    // 'error' and 'end' both mean the connection is gone; reconnect once for either.
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost || client !== next) return;
      lost = true;
      client = undefined;
      listening.clear();
      missedSome = true;
      if (error) for (const listener of everyListener()) listener.onError?.(error);
      if (channels.size > 0) scheduleReconnect();
    };
    lose.set(next, () => onLost());
    next.on('error', onLost);
    next.on('end', () => onLost());
    try {
      await next.connect();
      client = next;
      await listenToAll(next);
      if (missedSome) {
        missedSome = false;
        for (const listener of everyListener()) listener.onReconnect?.();
      }
      return next;
    } catch (error) {
      lost = true; // the caller retries; the handlers above must not schedule a second retry
      if (client === next) client = undefined;
      listening.clear();
      await next.end().catch(() => {});
      throw error;
    }
  }

  /** LISTEN for `channel` on this connection, once; resolves when PostgreSQL has answered it. */
  function listenOn(connection: pg.Client, channel: string): Promise<unknown> {
    let answered = listening.get(channel);
    if (!answered) {
      answered = connection.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listening.set(channel, answered);
    }
    return answered;
  }

  async function listenToAll(connection: pg.Client): Promise<void> {
    await Promise.all([...channels.keys()].map((channel) => listenOn(connection, channel)));
  }

  /** The open connection, opening it if none is (one attempt; the caller sees its error). */
  function connection(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= open().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  function scheduleReconnect() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(async () => {
      if (channels.size === 0 || client) return;
      try {
        await connection();
        retryMs = RETRY_FIRST_MS;
      } catch (error) {
        for (const listener of everyListener()) listener.onError?.(error as Error);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
        scheduleReconnect();
      }
    }, retryMs);
    retryTimer.unref();
  }

  async function close(): Promise<void> {
    clearTimeout(retryTimer);
    const current = client ?? (await connecting?.catch(() => undefined));
    client = undefined;
    listening.clear();
    await current?.end().catch(() => {});
  }

  /** Calls `listener.onMessage` for every NOTIFY on `channel`; answers a function that stops it. */
  async function listen(channel: string, listener: Listener): Promise<() => Promise<void>> {
    const set = channels.get(channel) ?? new Set<Listener>();
    channels.set(channel, set);
    set.add(listener);
    try {
      await listenOn(await connection(), channel);
    } catch (error) {
      set.delete(listener);
      if (set.size === 0) channels.delete(channel);
      throw error;
    }
    return async () => {
      if (!set.delete(listener) || set.size > 0) return;
      channels.delete(channel);
      if (channels.size === 0) return close();
      if (client && listening.delete(channel)) await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
    };
  }

  /** Calls this process's listeners of `channel`, as a notification from another process would. */
  function deliverHere(channel: string, payload: string): void {
    for (const listener of channels.get(channel) ?? []) listener.onMessage(payload);
  }

  /**
   * Sends announcements to every process (announce.ts) on the listening connection, so this
   * process skips them when they come back. With nothing listened to here, on a connection of
   * its own that closes again.
   */
  async function send(batch: Announcement[]): Promise<void> {
    const values = [batch.map((entry) => entry.channel), batch.map((entry) => entry.payload)];
    if (channels.size > 0) {
      const current = await connection();
      try {
        await current.query(ANNOUNCE_SQL, values);
      } catch (error) {
        if (!connectionLost(error)) throw error;
        // The backend went away before the socket said so (a terminated backend is noticed on its
        // next use): this connection is lost, and the batch goes once more on a new one.
        lose.get(current)?.();
        await (await connection()).query(ANNOUNCE_SQL, values);
      }
      return;
    }
    const once = new pg.Client({ connectionString: url, application_name: LISTEN_APPLICATION_NAME });
    try {
      await once.connect();
      await once.query(ANNOUNCE_SQL, values);
    } finally {
      await once.end().catch(() => {});
    }
  }

  return { listen, deliverHere, send };
}

/** The connection, not the statement, failed: an error with no SQLSTATE (the socket), or of class 08 or 57P (shut down, terminated). */
function connectionLost(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code !== 'string' || code.startsWith('08') || code.startsWith('57P');
}
