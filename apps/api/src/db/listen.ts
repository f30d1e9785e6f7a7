import pg from 'pg';

export interface Listener {
  onMessage(payload: string): void;
  /** The connection was lost and is back: notifications sent meanwhile were missed. */
  onReconnect?(): void;
  onError?(error: Error): void;
}

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5000;

/**
 * LISTEN on a dedicated PostgreSQL connection (a pooled one would be handed to other queries).
 * When the connection drops it reconnects with back-off (250 ms doubling to 5 s) and says so
 * through `onReconnect`, so the caller can catch up on what it missed.
 */
export async function listenOnPostgres(url: string, channel: string, listener: Listener): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, application_name: `carbonwise-listen-${channel}` });
    next.on('notification', (message) => {
      if (message.channel === channel) listener.onMessage(message.payload ?? '');
    });
    // 'error' and 'end' both mean the connection is gone; reconnect once for either.
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost || stopped) return;
      lost = true;
      if (error) listener.onError?.(error);
      scheduleReconnect();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost = true; // the caller retries; the handlers above must not schedule a second retry
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
  }

  function scheduleReconnect() {
    client = undefined;
    retryTimer = setTimeout(async () => {
      if (stopped) return;
      try {
        await connect();
        retryMs = RETRY_FIRST_MS;
        listener.onReconnect?.();
      } catch (error) {
        listener.onError?.(error as Error);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
        scheduleReconnect();
      }
    }, retryMs);
    retryTimer.unref();
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    await client?.end().catch(() => {});
  };
}
