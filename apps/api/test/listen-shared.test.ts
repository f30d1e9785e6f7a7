import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPostgresListener, LISTEN_APPLICATION_NAME } from '../src/db/listen.ts';

const url = process.env.DATABASE_URL;
const describeOnPostgres = url ? describe : describe.skip;

/**
 * Issue 28: a process listens for every channel (carts, impact, catalog) on one connection, not
 * one per channel: PostgreSQL wakes each listening connection of a database for every NOTIFY.
 * PostgreSQL only; PGlite has no connections.
 */
describeOnPostgres('one LISTEN connection for every channel', () => {
  let admin: pg.Client;
  /** The backends of LISTEN connections in this database (another process's may be among them). */
  const listenPids = async (): Promise<number[]> =>
    (await admin.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`, [LISTEN_APPLICATION_NAME])).rows.map((row) => Number(row.pid));

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => admin?.end());

  it('delivers each channel its own messages over one connection, again after it drops, and closes with the last channel', async () => {
    const before = new Set(await listenPids());
    const ours = async () => (await listenPids()).filter((pid) => !before.has(pid));
    const { listen } = createPostgresListener(url!);
    const names = ['carts', 'impact', 'catalog'].map((name) => `test_${name}_${randomBytes(4).toString('hex')}`);
    const received = new Map<string, string[]>(names.map((name) => [name, []]));
    const reconnected: string[] = [];
    const stops = await Promise.all(
      names.map((name) => listen(name, { onMessage: (payload) => received.get(name)!.push(payload), onReconnect: () => reconnected.push(name) })),
    );
    // Was one per channel: 3.
    const [pid, ...more] = await ours();
    expect(pid).toBeDefined();
    expect(more).toEqual([]);

    const notifyEach = async (round: string) => {
      for (const name of names) await admin.query(`SELECT pg_notify($1, $2)`, [name, `${name}:${round}`]);
    };
    await notifyEach('first');
    await vi.waitFor(() => expect(names.map((name) => received.get(name))).toEqual(names.map((name) => [`${name}:first`])), { timeout: 5000, interval: 20 });

    // The connection drops: every listener hears it is back, and messages arrive again.
    await admin.query(`SELECT pg_terminate_backend($1)`, [pid]);
    await vi.waitFor(() => expect([...reconnected].sort()).toEqual([...names].sort()), { timeout: 10_000, interval: 50 });
    await notifyEach('second');
    await vi.waitFor(() => expect(names.map((name) => received.get(name)!.at(-1))).toEqual(names.map((name) => `${name}:second`)), { timeout: 5000, interval: 20 });

    // A channel stopped hears nothing more; the last one stopped closes the connection.
    await stops[0]!();
    await notifyEach('third');
    await vi.waitFor(() => expect(received.get(names[2]!)!.at(-1)).toBe(`${names[2]}:third`), { timeout: 5000, interval: 20 });
    expect(received.get(names[0]!)!.at(-1)).toBe(`${names[0]}:second`);
    await Promise.all(stops.slice(1).map((stop) => stop()));
    await vi.waitFor(async () => expect(await ours()).toEqual([]), { timeout: 5000, interval: 50 });
  });

  it("sends announcements on its own connection: other connections hear them, its own listeners are not called twice, and a send that reopens a lost connection still says it was lost", async () => {
    const before = new Set(await listenPids());
    const ours = async () => (await listenPids()).filter((pid) => !before.has(pid));
    const channel = `test_announce_${randomBytes(4).toString('hex')}`;
    const { listen, send } = createPostgresListener(url!);
    const here: string[] = [];
    let reconnects = 0;
    const stop = await listen(channel, { onMessage: (payload) => here.push(payload), onReconnect: () => (reconnects += 1) });
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    const heard: string[] = [];
    other.on('notification', (message) => heard.push(message.payload ?? ''));
    await other.query(`LISTEN ${channel}`);
    try {
      await send([{ channel, payload: 'one' }, { channel, payload: 'two' }]);
      await vi.waitFor(() => expect(heard).toEqual(['one', 'two']), { timeout: 5000, interval: 20 });
      // From another process it is heard here.
      await admin.query(`SELECT pg_notify($1, 'three')`, [channel]);
      await vi.waitFor(() => expect(here).toEqual(['three']), { timeout: 5000, interval: 20 });

      // Lost; a send gets there before the retry timer and opens the connection again.
      const [pid] = await ours();
      await admin.query(`SELECT pg_terminate_backend($1)`, [pid]);
      await vi.waitFor(async () => expect(await ours()).toEqual([]), { timeout: 5000, interval: 20 });
      await send([{ channel, payload: 'four' }]);
      await vi.waitFor(() => expect(heard.at(-1)).toBe('four'), { timeout: 5000, interval: 20 });
      expect(reconnects).toBe(1);
      expect(here).toEqual(['three']);
    } finally {
      await other.end();
      await stop();
    }
  });
});
