import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { operators, outboxEmails, products, users } from '../src/db/schema/index.ts';
import { TokenSigner } from '../src/lib/jwt.ts';
import { totpCode } from './admin-helpers.ts';
import { processOrderBody, serverProcess } from './process-helpers.ts';
import { multipartBody, PNG_BYTES } from './upload-helpers.ts';
import { startSmtp } from './smtp-capture.ts';

/**
 * Issue 28, decision 0060: two independent API hosts — separate `npm start` processes with their
 * own ports and data directories — on one PostgreSQL database. Images, catalog edits, mail and
 * stock are shared through the database; nothing one host must see lives only in the other's
 * memory. PGlite is opened by one process only, so this needs DATABASE_URL.
 */
const SKIP_REASON = 'needs DATABASE_URL: several hosts share one PostgreSQL; the embedded PGlite is opened by one process only';
const JWT_SECRET = 'multi-host-test-secret-that-is-long-enough-0123456789';


type Host = Awaited<ReturnType<typeof serverProcess>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let first: Host;
let second: Host;
let db: DatabaseHandle;

/** Verified accounts written straight into the shared database, with sessions both hosts accept. */
async function accounts(n: number) {
  const signer = new TokenSigner(JWT_SECRET, 3600);
  const rows = await db.db
    .insert(users)
    .values(Array.from({ length: n }, () => {
      const tag = randomBytes(5).toString('hex');
      return { email: `host.${tag}@example.com`, passwordHash: 'not-a-hash', firstName: 'Host', lastName: tag, slug: `host-${tag}`, emailVerifiedAt: new Date() };
    }))
    .returning();
  return Promise.all(rows.map(async (row) => ({ id: row.id, email: row.email, token: await signer.sign({ sub: row.id, tv: row.tokenVersion }) })));
}

async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - started;
}

const describeHosts = process.env.DATABASE_URL ? describe : describe.skip;
if (!process.env.DATABASE_URL) console.log(`[multi-host] skipped: ${SKIP_REASON}`);

describeHosts('two API hosts on one PostgreSQL', () => {
  beforeAll(async () => {
    smtp = await startSmtp();
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, JWT_SECRET };
    first = await serverProcess({ env });
    await first.start();
    // The second host: its own port and data directory, the first one's database.
    second = await serverProcess({ env, databaseUrl: first.databaseUrl });
    await second.start();
    db = await openDatabase({ databaseUrl: first.databaseUrl });
  }, 240_000);
  afterAll(async () => {
    await db?.close();
    await second?.cleanup();
    await first?.cleanup();
    await smtp?.close();
  });

  it('serves an image uploaded through one host from the other, with the same headers', async () => {
    const [person] = await accounts(1);
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'me.png', type: 'image/png', content: PNG_BYTES }]);
    const uploaded = await fetch(`${first.base}/api/v1/uploads`, { method: 'POST', headers: { ...headers, authorization: `Bearer ${person.token}` }, body: payload });
    expect(uploaded.status).toBe(201);
    const { url } = ((await uploaded.json()) as { data: { url: string } }).data;
    const served = await fetch(`${second.base}${url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=300');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    // Kept in the database, in neither host's data directory.
    expect([existsSync(path.join(first.dataDir, 'uploads')), existsSync(path.join(second.dataDir, 'uploads'))]).toEqual([false, false]);
  }, 60_000);

  it('shows a console edit made on one host on the other within a second', async () => {
    const [owner] = await accounts(1);
    await db.db.insert(operators).values({ email: owner.email, role: 'owner', source: 'cli' });
    const enrolment = await first.call('POST', '/api/admin/v1/mfa/enrolment', owner.token);
    expect(enrolment.status, JSON.stringify(enrolment.body)).toBe(201);
    const confirmed = await first.call('POST', '/api/admin/v1/mfa/enrolment/confirm', owner.token, { code: totpCode(enrolment.body.data.secret) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const list = await second.call('GET', '/api/v1/products');
    const product = (list.body.data as { _id: string; slug: string }[])[2];
    const name = `Renamed on host one ${randomBytes(3).toString('hex')}`;
    expect((await first.call('PATCH', `/api/admin/v1/products/${product._id}`, confirmed.body.data.token, { name })).status).toBe(200);
    const took = await within(1000, async () => (await second.call('GET', `/api/v1/productBySlug/${product.slug}`)).body.data.name === name);
    console.log(`[multi-host] console edit visible on the other host after ${took} ms`);
  }, 60_000);

  it('sells exactly the last 5 units to 20 buyers racing across both hosts; both show 0 left within a second or so', async () => {
    const list = await first.call('GET', '/api/v1/products?showDetails=1');
    const product = (list.body.data as { _id: string; slug: string; variation: unknown[] }[]).filter((p) => p.variation.length === 0)[3];
    await db.db.update(products).set({ stock: 5, reserved: 0 }).where(eq(products.id, product._id));
    const buyers = await accounts(20);
    const hostOf = (i: number) => (i % 2 === 0 ? first : second);
    for (const [i, buyer] of buyers.entries()) expect((await hostOf(i).call('PATCH', '/api/v1/carts', buyer.token, { products: [{ product: product._id, quantity: 1 }] })).status).toBe(200);
    const results = await Promise.all(buyers.map((buyer, i) => hostOf(i + 1).call('POST', '/api/v1/orders', buyer.token, processOrderBody)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(15);
    const [row] = await db.db.select({ stock: products.stock, reserved: products.reserved }).from(products).where(eq(products.id, product._id));
    expect([row.stock, row.reserved]).toEqual([0, 0]);
    // Stock shown lags by at most CATALOG_STOCK_LAG_MS (500 ms) plus a reload, on either host.
    for (const host of [first, second]) await within(2000, async () => (await host.call('GET', `/api/v1/productBySlug/${product.slug}`)).body.data.actualStock === 0);
  }, 120_000);

  it("shows a cart change made on one host in the other host's kept cart answer within a second", async () => {
    const [buyer] = await accounts(1);
    const list = await first.call('GET', '/api/v1/products?showDetails=1');
    const [a, b] = (list.body.data as { _id: string; variation: unknown[]; stock: number }[]).filter((p) => p.variation.length === 0 && p.stock > 10);
    expect((await first.call('PATCH', '/api/v1/carts', buyer.token, { products: [{ product: a._id, quantity: 1 }] })).status).toBe(200);
    // The second host reads the cart twice: its answer is now kept (READ_CACHE_MS, 3 s by default).
    for (let i = 0; i < 2; i += 1) expect((await second.call('GET', '/api/v1/carts', buyer.token)).body.data.products).toHaveLength(1);
    expect((await first.call('PATCH', '/api/v1/carts', buyer.token, { products: [{ product: b._id, quantity: 2 }] })).status).toBe(200);
    // The first host's announcement after the commit makes the second forget it, well before the 3 s would lapse.
    const took = await within(1000, async () => (await second.call('GET', '/api/v1/carts', buyer.token)).body.data.products.length === 2);
    console.log(`[multi-host] cart change visible on the other host after ${took} ms`);
  }, 60_000);

  it("empties the buyer's cart in the other host's kept cart answer within a second of an order", async () => {
    const [buyer] = await accounts(1);
    const list = await first.call('GET', '/api/v1/products?showDetails=1');
    const [a] = (list.body.data as { _id: string; variation: unknown[]; stock: number }[]).filter((p) => p.variation.length === 0 && p.stock > 10);
    expect((await first.call('PATCH', '/api/v1/carts', buyer.token, { products: [{ product: a._id, quantity: 1 }] })).status).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await second.call('GET', '/api/v1/carts', buyer.token)).body.data.products).toHaveLength(1);
    expect((await first.call('POST', '/api/v1/orders', buyer.token, processOrderBody)).status).toBe(200);
    // The order's transaction does not notify; the first host announces the emptied cart after
    // its commit (migration 0050), well before the second host's 3 s would lapse.
    const took = await within(1000, async () => (await second.call('GET', '/api/v1/carts', buyer.token)).body.data.products.length === 0);
    console.log(`[multi-host] order's emptied cart visible on the other host after ${took} ms`);
  }, 60_000);

  it('sends each outbox mail exactly once, though both hosts deliver the outbox', async () => {
    const people = await accounts(30);
    const subjects = people.map((person, i) => `Multi-host check ${i} ${person.id}`);
    await db.db.insert(outboxEmails).values(people.map((person, i) => ({ toAddress: person.email, template: 'test', subject: subjects[i], html: `<p>${i}</p>`, text: String(i) })));
    // Both hosts sweep the outbox every 15 s; orders on each kick theirs at once as well.
    await within(45_000, async () => {
      const pending = await db.db.select({ id: outboxEmails.id }).from(outboxEmails).where(sql`${outboxEmails.status} <> 'sent'`);
      return pending.length === 0;
    });
    const rows = await db.db.select().from(outboxEmails).where(inArray(outboxEmails.subject, subjects));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.transport === 'smtp')).toBe(true);
    // Every mail of the database (the orders' confirmations too) reached the SMTP server once.
    const all = await db.db.select({ subject: outboxEmails.subject, to: outboxEmails.toAddress }).from(outboxEmails);
    const arrived = smtp.received.map((mail) => `${mail.subject}|${(mail.to as { text: string }).text}`);
    expect(arrived.length).toBe(all.length);
    expect(new Set(arrived).size).toBe(arrived.length);
    for (const subject of subjects) expect(arrived.filter((key) => key.startsWith(`${subject}|`))).toHaveLength(1);
  }, 90_000);
});
