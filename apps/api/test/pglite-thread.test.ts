import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client.ts';
import { uniqueViolation } from '../src/db/errors.ts';
import { PGliteThread } from '../src/db/pglite-thread.ts';
import { openTestDatabase } from './helper.ts';

/**
 * PGlite in a worker thread (decision 0063) against PGlite on this thread: the same errors with
 * the same fields, and the same serialisation: one transaction at a time, and a query from
 * another caller waits while a transaction's callback runs here.
 */
const SETUP = [
  sql`CREATE TABLE thread_probe (id int PRIMARY KEY, note text)`,
  sql.raw(`CREATE FUNCTION thread_probe_refuse() RETURNS void LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'out of stock' USING ERRCODE = 'P0002', DETAIL = 'product 7', HINT = 'try fewer'; END $$`),
];

/** What our error mapping and logs read from a failed statement (Drizzle wraps the driver's error as `cause`). */
function shapeOf(error: unknown) {
  const cause = (error as { cause?: Record<string, unknown> }).cause!;
  const { code, constraint, detail, hint, severity, table, schema, message, name } = cause;
  return { code, constraint, detail, hint, severity, table, schema, message, name, isError: cause instanceof Error, mapped: uniqueViolation(error) };
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
}

describe.skipIf(!!process.env.DATABASE_URL)('PGlite in a worker thread', () => {
  let here: DatabaseHandle;
  let thread: DatabaseHandle;

  beforeAll(async () => {
    [here, thread] = await Promise.all([openTestDatabase({ seeded: false, worker: false }), openTestDatabase({ seeded: false, worker: true })]);
    for (const database of [here, thread]) {
      for (const statement of SETUP) await database.db.execute(statement);
      await database.db.execute(sql`INSERT INTO thread_probe VALUES (1, 'first')`);
    }
  });
  afterAll(async () => {
    await Promise.all([here?.close(), thread?.close()]);
  });

  it('errors reach the caller with the fields they have in-process', async () => {
    const cases = [
      (db: DatabaseHandle['db']) => db.execute(sql`INSERT INTO thread_probe VALUES (1, 'again')`),
      (db: DatabaseHandle['db']) => db.execute(sql`SELECT thread_probe_refuse()`),
      (db: DatabaseHandle['db']) => db.transaction(async (tx) => tx.execute(sql`INSERT INTO thread_probe VALUES (1, 'in a transaction')`)),
      (db: DatabaseHandle['db']) => db.execute(sql`SELECT 1 / 0`),
    ];
    for (const run of cases) {
      const expected = shapeOf(await failure(() => run(here.db)));
      expect(shapeOf(await failure(() => run(thread.db)))).toEqual(expected);
    }
    const unique = shapeOf(await failure(() => cases[0](thread.db)));
    expect(unique).toMatchObject({ code: '23505', constraint: 'thread_probe_pkey', mapped: { constraint: 'thread_probe_pkey' } });
    expect(shapeOf(await failure(() => cases[1](thread.db)))).toMatchObject({ code: 'P0002', detail: 'product 7', hint: 'try fewer', message: 'out of stock' });
  });

  it('values come back as Drizzle reads them in-process', async () => {
    const query = sql`SELECT now()::timestamptz(0) = now()::timestamptz(0) AS same, '2026-01-02'::date AS day, 12345678901::int8 AS big, 1.50::numeric AS price,
      '{"a":[1,2]}'::jsonb AS doc, ARRAY['2026-01-02'::date] AS days, '\\x0102'::bytea AS bytes, true AS yes, NULL::text AS nothing`;
    expect(((await thread.db.execute(query)) as { rows: unknown[] }).rows).toEqual(((await here.db.execute(query)) as { rows: unknown[] }).rows);
  });

  it('concurrent transactions run one after the other, even while their callbacks wait on this thread', async () => {
    const events: string[] = [];
    const bump = (name: string) =>
      thread.db.transaction(async (tx) => {
        events.push(`${name} begins`);
        const [row] = ((await tx.execute(sql`SELECT note FROM thread_probe WHERE id = 1`)) as { rows: unknown[] }).rows as { note: string }[];
        await sleep(50);
        await tx.execute(sql`UPDATE thread_probe SET note = ${`${row.note}+${name}`} WHERE id = 1`);
        events.push(`${name} ends`);
      });
    await Promise.all([bump('a'), bump('b'), bump('c')]);
    expect(events).toEqual(['a begins', 'a ends', 'b begins', 'b ends', 'c begins', 'c ends']);
    const [row] = ((await thread.db.execute(sql`SELECT note FROM thread_probe WHERE id = 1`)) as { rows: unknown[] }).rows;
    expect(row).toEqual({ note: 'first+a+b+c' });
  });

  it('a query from another caller waits for an open transaction, then sees what it committed', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertDone = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = thread.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO thread_probe VALUES (2, 'committed')`);
      inserted();
      await held;
    });
    await insertDone;
    let answered = false;
    const read = thread.db.execute(sql`SELECT note FROM thread_probe WHERE id = 2`).then((result) => ((answered = true), (result as { rows: unknown[] }).rows));
    await sleep(150);
    expect(answered).toBe(false);
    release();
    await transaction;
    expect(await read).toEqual([{ note: 'committed' }]);
  });

  it('a callback that throws rolls back and frees the database; savepoints nest', async () => {
    const error = await failure(() =>
      thread.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO thread_probe VALUES (3, 'never')`);
        throw new Error('changed my mind');
      }),
    );
    expect((error as Error).message).toBe('changed my mind');
    await thread.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO thread_probe VALUES (4, 'kept')`);
      await failure(() => tx.transaction(async (inner) => inner.execute(sql`INSERT INTO thread_probe VALUES (4, 'duplicate')`)));
    });
    const rows = ((await thread.db.execute(sql`SELECT id FROM thread_probe WHERE id IN (3, 4) ORDER BY id`)) as { rows: unknown[] }).rows;
    expect(rows).toEqual([{ id: 4 }]);
  });

  it('NOTIFY reaches a listener until it stops listening', async () => {
    const payloads: string[] = [];
    const stop = await thread.listen('thread_probe_channel', { onMessage: (payload) => payloads.push(payload) });
    await thread.db.transaction(async (tx) => tx.execute(sql`SELECT pg_notify('thread_probe_channel', 'one')`));
    await expect.poll(() => payloads).toEqual(['one']);
    await stop();
    await thread.db.execute(sql`SELECT pg_notify('thread_probe_channel', 'two')`);
    await sleep(50);
    expect(payloads).toEqual(['one']);
  });

  it('opens the embedded database in the worker thread by default (PGLITE_WORKER unset or 1), on this thread with PGLITE_WORKER=0', async () => {
    const before = process.env.PGLITE_WORKER;
    const clientOf = (database: DatabaseHandle) => (database.db as unknown as { $client: unknown }).$client;
    try {
      delete process.env.PGLITE_WORKER;
      const unset = await openTestDatabase({ seeded: false });
      process.env.PGLITE_WORKER = '1';
      const on = await openTestDatabase({ seeded: false });
      process.env.PGLITE_WORKER = '0';
      const off = await openTestDatabase({ seeded: false });
      expect(clientOf(unset)).toBeInstanceOf(PGliteThread);
      expect(clientOf(on)).toBeInstanceOf(PGliteThread);
      expect(clientOf(off)).not.toBeInstanceOf(PGliteThread);
      await Promise.all([unset.close(), on.close(), off.close()]);
    } finally {
      if (before === undefined) delete process.env.PGLITE_WORKER;
      else process.env.PGLITE_WORKER = before;
    }
  });

  it('both ways open a copy of the seeded template with its rows, twice from the same bytes, with the in-memory buffer settings', async () => {
    const copies = await Promise.all([openTestDatabase({ seeded: true, worker: false }), openTestDatabase({ seeded: true, worker: true }), openTestDatabase({ seeded: true, worker: false })]);
    const rows = async <Row,>(database: DatabaseHandle, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
    try {
      for (const copy of copies) {
        const [products] = await rows<{ n: number }>(copy, sql`SELECT count(*)::int AS n FROM products`);
        expect(products.n).toBeGreaterThan(0);
        const settings = await rows(copy, sql`SELECT name, setting, unit FROM pg_settings WHERE name IN ('shared_buffers', 'max_connections') ORDER BY name`);
        // shared_buffers is counted in 8 kB pages: 2048 × 8 kB = 16 MB (pglite-start.js).
        expect(settings).toEqual([
          { name: 'max_connections', setting: '5', unit: null },
          { name: 'shared_buffers', setting: '2048', unit: '8kB' },
        ]);
      }
      // A write to one copy is not seen by another made from the same bytes.
      await copies[0].db.execute(sql`DELETE FROM product_reviews`);
      await copies[0].db.execute(sql`UPDATE products SET name = 'changed in one copy'`);
      const [other] = await rows<{ n: number }>(copies[2], sql`SELECT count(*)::int AS n FROM products WHERE name = 'changed in one copy'`);
      expect(other.n).toBe(0);
    } finally {
      await Promise.all(copies.map((copy) => copy.close()));
    }
  });

  it('closing twice is safe, and calls after close fail instead of hanging', async () => {
    const extra = await openTestDatabase({ seeded: false, worker: true });
    await extra.close();
    await extra.close();
    await expect(extra.db.execute(sql`SELECT 1`)).rejects.toThrow();
  });
});
