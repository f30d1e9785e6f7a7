import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { LISTEN_APPLICATION_NAME } from '../src/db/listen.ts';
import { createAnnouncer, type Announcement } from '../src/db/announce.ts';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp, json } from './helper.ts';
import { watchNotifications } from './notification-watcher.ts';
import { sustainabilityProfiles } from '../src/db/schema/index.ts';
import { placeOrder, quickBuyer } from './order-helpers.ts';

const url = process.env.DATABASE_URL;
const describeOnPostgres = url ? describe : describe.skip;

/**
 * Issue 28, migration 0050: a transaction that notifies holds PostgreSQL's notify lock through
 * its commit's flush, so an order's transaction no longer notifies. The API announces the emptied
 * cart and the certificates after the commit, from its listening connection, coalesced.
 */
describeOnPostgres('an order announces its changes after the commit (PostgreSQL)', () => {
  let app: FastifyInstance;
  let watcher: Awaited<ReturnType<typeof watchNotifications>>;

  beforeAll(async () => {
    app = await createTestApp();
    watcher = await watchNotifications(app, url!, ['cart_changed', 'impact_changed']);
  });
  afterAll(async () => {
    await watcher?.end();
    await app?.close();
  });

  it("tells other processes of the buyer's emptied cart and new certificates once, from the listening connection, not from the order's transaction", async () => {
    const { heard } = watcher;
    const offset = app.catalog.snapshot().products.find((product) => product.kind === 'offset' && product.variation.length === 0 && product.stock > 5)!;
    expect(offset).toBeDefined();
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: offset.id, quantity: 1 }] });
    // The cart change's own announcement is heard before we look.
    await vi.waitFor(() => expect(heard.some((entry) => entry.payload.startsWith(buyer.id))).toBe(true));
    heard.length = 0;

    const { status, body } = await placeOrder(app, buyer.token);
    expect(status).toBe(200);
    expect(body.data.status).toBe('paid');
    const about = () => heard.filter((entry) => entry.payload.includes(buyer.id));
    await vi.waitFor(() => expect(about().map((entry) => entry.channel).sort()).toEqual(['cart_changed', 'impact_changed']));
    // Nothing more arrives for this order (a NOTIFY from inside place_order would be a third).
    await new Promise((resolve) => setTimeout(resolve, 150));
    const messages = about();
    expect(messages).toHaveLength(2);
    const cart = messages.find((entry) => entry.channel === 'cart_changed')!;
    expect(cart.payload.split(' ')[0]).toBe(buyer.id);
    expect(JSON.parse(messages.find((entry) => entry.channel === 'impact_changed')!.payload)).toEqual({ users: [buyer.id], businesses: [] });
    // Both came from the API's LISTEN connection: the order's transaction sent none.
    expect(await watcher.senders(messages)).toEqual([LISTEN_APPLICATION_NAME]);
  });

  it('the order transaction leaves the carts trigger silent only for itself: a later write of the cart in the same pooled connection still notifies', async () => {
    const { heard } = watcher;
    const { plain } = pickProducts(app);
    const buyer = await quickBuyer(app);
    await buyer.cart.patch({ products: [{ product: plain[0].id, quantity: 1 }] });
    expect((await placeOrder(app, buyer.token)).status).toBe(200);
    await app.announcer.flush();
    heard.length = 0;
    // Every connection of the pool takes a write of the cart by a writer that leaves the telling to
    // the trigger (as the account's deletion does): the setting must not outlive place_order's transaction.
    for (let i = 0; i < 12; i += 1) await app.database.db.execute(sql`update carts set updated_at = now() where user_id = ${buyer.id}`);
    // Counted from the pool's backends only: the order's own announcement (the LISTEN connection) may land meanwhile.
    const listenPids = await watcher.listenPids();
    const fromPool = () => heard.filter((entry) => entry.payload.startsWith(buyer.id) && !listenPids.has(entry.pid));
    await vi.waitFor(() => expect(fromPool().length).toBe(12));
  });
});

describe('an order paid at once, in its own process (PGlite and PostgreSQL)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app?.close());

  it("drops the buyer's kept public impact page before the order is answered", async () => {
    const offset = app.catalog.snapshot().products.find((product) => product.kind === 'offset' && product.variation.length === 0 && product.stock > 5)!;
    const buyer = await quickBuyer(app);
    const slug = json<{ data: { slug: string } }>(await app.inject({ method: 'GET', url: '/api/v1/sustainability-profile', headers: { authorization: `Bearer ${buyer.token}` } })).data.slug;
    await app.database.db.insert(sustainabilityProfiles).values({ userId: buyer.id, title: 'Announced', name: 'Announced', showName: false });
    const tonnes = async () => json<{ data: { tonnesRetired: number } }>(await app.inject({ method: 'GET', url: `/api/v1/impact/users/${slug}` })).data.tonnesRetired;
    // Read twice: the page is now kept by the impact read model.
    expect(await tonnes()).toBe(0);
    expect(await tonnes()).toBe(0);
    await buyer.cart.patch({ products: [{ product: offset.id, quantity: 2 }] });
    expect((await placeOrder(app, buyer.token)).status).toBe(200);
    // No waiting: the announcement reached this process's read model before the answer.
    expect(await tonnes()).toBeGreaterThan(0);
  });
});

describe('the announcer', () => {
  it('calls this process at once, and sends what came within its span in one batch, each message once', async () => {
    const here: string[] = [];
    const batches: Announcement[][] = [];
    const announcer = createAnnouncer({ deliverHere: (channel, payload) => here.push(`${channel}:${payload}`), send: async (batch) => void batches.push(batch), onError: () => {}, coalesceMs: 30 });
    announcer.announce('a', '1');
    announcer.announce('b', '2');
    announcer.announce('a', '1');
    expect(here).toEqual(['a:1', 'b:2', 'a:1']);
    expect(batches).toEqual([]);
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    expect(batches[0]).toEqual([
      { channel: 'a', payload: '1' },
      { channel: 'b', payload: '2' },
    ]);
  });

  it('tries a failed batch again once, and a listener that throws fails nothing', async () => {
    const errors: boolean[] = [];
    let calls = 0;
    const sent: Announcement[][] = [];
    vi.useFakeTimers();
    try {
      const announcer = createAnnouncer({
        deliverHere: () => {
          throw new Error('a listener broke');
        },
        send: async (batch) => {
          calls += 1;
          if (calls === 1) throw new Error('connection lost');
          sent.push(batch);
        },
        onError: (_error, willRetry) => errors.push(willRetry),
      });
      expect(() => announcer.announce('c', 'x')).not.toThrow();
      await announcer.flush();
      expect(sent).toEqual([]);
      await vi.advanceTimersByTimeAsync(1000);
      expect(sent).toEqual([[{ channel: 'c', payload: 'x' }]]);
      expect(errors).toEqual([false, true]);
    } finally {
      vi.useRealTimers();
    }
  });
});
