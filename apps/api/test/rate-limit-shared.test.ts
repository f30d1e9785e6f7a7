import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { FLUSH_INTERVAL_MS, PostgresWindowCounter, SyncedWindowCounter, rateLimitTable } from '../src/plugins/rate-limit-postgres.ts';
import { createTestApp, json } from './helper.ts';

/**
 * Rate limits across API processes (issue 12, decision 0020): two app instances on one
 * PostgreSQL database stand for two processes. The strict limits are exact in total; the global
 * limit is caught up within a flush interval. On PGlite the counters stay in memory.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const AUTH_MAX = 5;
const GLOBAL_MAX = 10;
const env = { RATE_LIMIT_AUTH_MAX: String(AUTH_MAX), RATE_LIMIT_MAX: String(GLOBAL_MAX) };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Long enough for every instance's pending increments to have been sent and answered. */
const afterFlush = () => sleep(FLUSH_INTERVAL_MS * 2 + 100);

/** A login the schema refuses (400): the limiter counts it before validation, and no password is hashed. */
const badLogin = (app: FastifyInstance, ip: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { userId: 'not-an-email', password: 'x' }, remoteAddress: ip });
const catalogRead = (app: FastifyInstance, ip: string) => app.inject({ method: 'GET', url: '/api/v1/countries', remoteAddress: ip });

async function windowCount(app: FastifyInstance, key: string): Promise<number | undefined> {
  const result = (await app.database.db.execute(sql`SELECT count FROM rate_limit_windows WHERE key = ${key}`)) as unknown as { rows: { count: number }[] };
  return result.rows[0]?.count;
}

describe.runIf(!onPostgres)('rate limits on the embedded database (PGlite)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ seed: false, env });
  });
  afterAll(async () => app.close());

  it('counts in memory and writes nothing to rate_limit_windows', async () => {
    const statuses = [];
    for (let i = 0; i < AUTH_MAX + 1; i += 1) statuses.push((await badLogin(app, '198.51.100.10')).statusCode);
    expect(statuses).toEqual([...Array<number>(AUTH_MAX).fill(400), 429]);
    await afterFlush();
    const rows = (await app.database.db.execute(sql`SELECT count(*)::int AS n FROM rate_limit_windows`)) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(0);
  });
});

describe.runIf(onPostgres)('rate limits shared by two API instances on one PostgreSQL database', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  const queries: string[] = [];
  beforeAll(async () => {
    a = await createTestApp({ seed: false, env, logger: { logQuery: (query) => queries.push(query) } });
    b = await createTestApp({ seed: false, env, sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('refuses a login after exactly the limit in total when the client alternates between instances', async () => {
    const ip = '198.51.100.20';
    const statuses = [];
    for (let i = 0; i < AUTH_MAX; i += 1) statuses.push((await badLogin(i % 2 === 0 ? a : b, ip)).statusCode);
    expect(statuses).toEqual(Array<number>(AUTH_MAX).fill(400));

    // Each instance alone has seen fewer than the limit; together they have seen it all.
    for (const app of [b, a]) {
      const refused = await badLogin(app, ip);
      expect(refused.statusCode).toBe(429);
      expect(json(refused)).toMatchObject({ success: false, code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests\. Please try again in \d+ (second|minute)s?\.$/) });
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another client, and the same client's catalog reads (the global limit), are not affected.
    expect((await badLogin(a, '198.51.100.21')).statusCode).toBe(400);
    expect((await catalogRead(b, ip)).statusCode).toBe(200);
  });

  it('lets exactly the limit through when 50 logins arrive at once on both instances', async () => {
    const ip = '198.51.100.30';
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => badLogin(i % 2 === 0 ? a : b, ip)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(AUTH_MAX);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - AUTH_MAX);
    // Every hit was counted once, none lost to a race.
    expect(await windowCount(a, `POST /api/auth/login|${ip}`)).toBe(50);
  });

  it('sends the global limit in batches: many catalog reads, at most a couple of statements', async () => {
    const before = queries.length;
    await Promise.all(Array.from({ length: 8 }, (_, i) => catalogRead(a, `198.51.100.${40 + i}`)));
    await afterFlush();
    const sent = queries.slice(before).filter((query) => query.includes('rate_limit_windows'));
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.length).toBeLessThanOrEqual(2);
    expect(await windowCount(a, 'global|198.51.100.47')).toBe(1);
  });

  it('refuses a client over the global limit across instances within a flush interval', async () => {
    const ip = '198.51.100.50';
    // 6 + 6 requests: under the limit of 10 in each instance, over it in total.
    for (let i = 0; i < 6; i += 1) expect((await catalogRead(a, ip)).statusCode).toBe(200);
    await afterFlush();
    for (let i = 0; i < 6; i += 1) expect((await catalogRead(b, ip)).statusCode).toBe(200);
    await afterFlush();
    // b sent its six after a's and was answered with the total of 12.
    expect((await catalogRead(b, ip)).statusCode).toBe(429);
    // a last heard 6; its next request is judged on that, and its flush brings the total back.
    await catalogRead(a, ip);
    await afterFlush();
    const refused = await catalogRead(a, ip);
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    // Every request was counted once in the shared total, refused ones too.
    await afterFlush();
    expect(await windowCount(a, `global|${ip}`)).toBe(15);
  });

  it('starts a new window once the shared one has ended, and sweeps ended windows', async () => {
    const table = rateLimitTable(a.database.db);
    const exact = new PostgresWindowCounter(table, 'short', 300, a.log);
    const synced = new SyncedWindowCounter(table, 'short-synced', 300, a.log);
    try {
      expect((await exact.hit('c', Date.now())).count).toBe(1);
      expect((await exact.hit('c', Date.now())).count).toBe(2);
      expect(synced.hit('c', Date.now()).count).toBe(1);
      await afterFlush();
      expect(await windowCount(a, 'short-synced|c')).toBe(1);
      await sleep(350);
      expect((await exact.hit('c', Date.now())).count).toBe(1);
      await sleep(350);
      await table.sweep();
      expect(await windowCount(a, 'short|c')).toBeUndefined();
      expect(await windowCount(a, 'short-synced|c')).toBeUndefined();
    } finally {
      exact.close();
      await synced.close();
    }
  });

  it('fails open when the table cannot be reached: no 5xx, the limit still counted in the process', async () => {
    const ip = '198.51.100.60';
    await a.database.db.execute(sql`ALTER TABLE rate_limit_windows RENAME TO rate_limit_windows_away`);
    try {
      expect((await badLogin(a, ip)).statusCode).toBe(400);
      expect((await catalogRead(a, ip)).statusCode).toBe(200);
      // The failed flush keeps its hits; the process goes on counting them itself.
      await afterFlush();
      const statuses = [];
      for (let i = 0; i < AUTH_MAX; i += 1) statuses.push((await badLogin(a, ip)).statusCode);
      expect(statuses).toEqual([...Array<number>(AUTH_MAX - 1).fill(400), 429]);
      // The failure is logged as a warning, once a window rather than once a request.
      const warnings: string[] = [];
      const log = Object.assign(Object.create(a.log) as FastifyInstance['log'], { warn: (_: unknown, message: string) => warnings.push(message) });
      const counter = new PostgresWindowCounter(rateLimitTable(a.database.db), 'outage', 60_000, log);
      expect((await counter.hit('c', Date.now())).count).toBe(1);
      expect((await counter.hit('c', Date.now())).count).toBe(2);
      counter.close();
      expect(warnings).toEqual([expect.stringMatching(/^rate limit: counting a request in PostgreSQL failed/)]);
    } finally {
      await a.database.db.execute(sql`ALTER TABLE rate_limit_windows_away RENAME TO rate_limit_windows`);
    }
    // Back to the shared count once the table answers again; the hits kept during the outage arrive too.
    expect((await badLogin(b, '198.51.100.61')).statusCode).toBe(400);
    await afterFlush();
    expect(await windowCount(a, `global|${ip}`)).toBe(1);
  });
});
