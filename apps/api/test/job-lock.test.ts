import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { openDatabase } from '../src/db/client.ts';
import { aloneAcrossHosts } from '../src/db/job-lock.ts';
import { openTestDatabase } from './helper.ts';

/** Decision 0060: a background job run by one host at a time (an advisory lock on PostgreSQL). */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('aloneAcrossHosts', () => {
  it.runIf(Boolean(process.env.DATABASE_URL))('skips a run while another pool (another host) runs the same job; runs once it is done', async () => {
    const url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    const otherHost = await openDatabase({ databaseUrl: url });
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const first = aloneAcrossHosts(database, 'test.job', async () => {
        started();
        await held;
      });
      await running;
      let ran = false;
      expect(await aloneAcrossHosts(otherHost, 'test.job', async () => void (ran = true))).toBe(false);
      expect(ran).toBe(false);
      // Another job is not held up by it.
      expect(await aloneAcrossHosts(otherHost, 'test.other-job', async () => {})).toBe(true);
      release();
      expect(await first).toBe(true);
      expect(await aloneAcrossHosts(otherHost, 'test.job', async () => void (ran = true))).toBe(true);
      expect(ran).toBe(true);
    } finally {
      await otherHost.close();
    }
  });

  it('runs the work when nobody else runs the job (always on PGlite: one process owns it)', async () => {
    let ran = false;
    expect(await aloneAcrossHosts(database, 'test.embedded', async () => void (ran = true))).toBe(true);
    expect(ran).toBe(true);
  });
});
