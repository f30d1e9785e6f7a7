import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { processOrderBody, serverProcess } from './process-helpers.ts';

/**
 * Several API processes on one database (issue 12): `WEB_CONCURRENCY=2 npm start` with
 * PostgreSQL runs two processes on one port; orders stay exact across them, a process that dies
 * is replaced, SIGTERM stops them all. Without DATABASE_URL it refuses to start and says why.
 */
let server: Awaited<ReturnType<typeof serverProcess>>;
beforeAll(async () => {
  server = await serverProcess({ env: { WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' } });
});
afterAll(async () => server.cleanup());

/** A health check on a new connection (a kept-alive one may belong to the process just killed). */
const healthOnNewConnection = (base: string) =>
  new Promise<number>((resolve, reject) => {
    const request = http.get(`${base}/api/health`, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    // A connection handed to the process at the moment it was killed is never answered.
    request.setTimeout(3_000, () => request.destroy(new Error('no answer in 3 s')));
  });

const servingPids = (output: string) => new Set([...output.matchAll(/"pid":(\d+)[^\n]*is serving at/g)].map((match) => Number(match[1])));

describe.runIf(!process.env.DATABASE_URL)('WEB_CONCURRENCY on the embedded database', () => {
  it('refuses to start and names the variable and what it needs', async () => {
    await expect(server.start()).rejects.toThrow('WEB_CONCURRENCY: above 1 needs DATABASE_URL (PostgreSQL)');
  }, 120_000);
});

describe.runIf(Boolean(process.env.DATABASE_URL))('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  it('serves from two processes, sells exactly the stock across them, replaces a killed process and stops on SIGTERM', async () => {
    const primary = await server.start();
    const deadline = Date.now() + 90_000;
    while (servingPids(primary.output()).size < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(primary.output()).toContain('starting 2 API processes');
    const pids = [...servingPids(primary.output())];
    expect(pids).toHaveLength(2);
    expect(pids).not.toContain(primary.child.pid);

    // 20 buyers at once for the last 5 units, their requests spread over both processes.
    const list = await server.call('GET', '/api/v1/products?showDetails=1');
    const product = (list.body.data as any[]).find((p) => p.variation.length === 0);
    const productId = product._id ?? product.id;
    const db = await openDatabase({ databaseUrl: server.databaseUrl });
    try {
      await db.db.execute(sql`update products set stock = 5 where id = ${productId}`);
      const buyers = await Promise.all(Array.from({ length: 20 }, () => server.signUp()));
      for (const buyer of buyers) expect((await server.call('PATCH', '/api/v1/carts', buyer.token, { products: [{ product: productId, quantity: 1 }] })).status).toBe(200);
      const results = await Promise.all(buyers.map((buyer) => server.call('POST', '/api/v1/orders', buyer.token, processOrderBody)));
      expect(results.filter((r) => r.status === 200)).toHaveLength(5);
      expect(results.filter((r) => r.status === 409)).toHaveLength(15);
      const rows = await db.db.execute(sql`select stock, reserved from products where id = ${productId}`);
      const [row] = (Array.isArray(rows) ? rows : (rows as any).rows) as { stock: number; reserved: number }[];
      expect([Number(row.stock), Number(row.reserved)]).toEqual([0, 0]);
    } finally {
      await db.close();
    }

    // A process killed outright is replaced, and the service keeps answering meanwhile.
    process.kill(pids[0], 'SIGKILL');
    const replaceBy = Date.now() + 90_000;
    let answered = 0;
    while ((servingPids(primary.output()).size < 3 || answered === 0) && Date.now() < replaceBy) {
      if ((await healthOnNewConnection(server.base).catch(() => 0)) === 200) answered += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(answered).toBeGreaterThan(0);
    expect(primary.output()).toMatch(/API process \d+ ended \(SIGKILL\); starting another/);
    expect(servingPids(primary.output()).size).toBe(3);

    primary.child.kill('SIGTERM');
    const exitCode = await Promise.race([primary.exited, new Promise<string>((resolve) => setTimeout(() => resolve('still running after 30 s'), 30_000))]);
    expect(exitCode, primary.output().slice(-2000)).toBe(0);
    const survivors = [...servingPids(primary.output())].filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(survivors).toEqual([]);
  }, 300_000);
});
