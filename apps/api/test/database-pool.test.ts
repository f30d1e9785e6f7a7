import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';

/**
 * DATABASE_POOL_SIZE (config.ts) bounds the connections one API process holds to PostgreSQL:
 * more queries at once than that wait in the pool, not in new connections.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('the PostgreSQL pool size', () => {
  let handle: DatabaseHandle | undefined;
  afterAll(async () => {
    await handle?.close();
  });

  it('never opens more connections than it is given, and uses them all under load', async () => {
    handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 3 });
    const db = handle.db;
    const backendOfOneQuery = async () =>
      ((await db.execute(sql`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`)) as unknown as { rows: { pid: number }[] }).rows[0]!.pid;
    const backends = new Set(await Promise.all(Array.from({ length: 9 }, backendOfOneQuery)));
    expect(backends.size).toBe(3);
  });
});
