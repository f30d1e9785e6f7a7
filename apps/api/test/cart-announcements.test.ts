import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LISTEN_APPLICATION_NAME } from '../src/db/listen.ts';
import { API_CONNECTION_NAME } from '../src/db/client.ts';
import { createCartStore, fingerprint } from '../src/modules/cart/cart.store.ts';
import { pickProducts } from './cart-helpers.ts';
import { createTestApp } from './helper.ts';
import { watchNotifications, type Heard } from './notification-watcher.ts';
import { quickBuyer } from './order-helpers.ts';

const url = process.env.DATABASE_URL;
const describeOnPostgres = url ? describe : describe.skip;

/**
 * Issue 28, decision 0074: a cart change, a coupon apply and a coupon unapply no longer notify
 * from their own transaction (each woke the listening backend and every API process once per
 * change); the API announces the change after the commit, from its listening connection, coalesced.
 */
describeOnPostgres('cart changes announce themselves after the commit (PostgreSQL)', () => {
  let app: FastifyInstance;
  let watcher: Awaited<ReturnType<typeof watchNotifications>>;

  beforeAll(async () => {
    app = await createTestApp();
    watcher = await watchNotifications(app, url!, ['cart_changed']);
  });
  afterAll(async () => {
    await watcher?.end();
    await app?.close();
  });

  /** Runs `change`, sends what waits, and answers what was heard of this person's cart meanwhile. */
  async function heardOf(userId: string, change: () => Promise<{ status: number }>): Promise<Heard[]> {
    watcher.heard.length = 0;
    expect((await change()).status).toBe(200);
    await app.announcer.flush();
    const about = () => watcher.heard.filter((entry) => entry.payload.startsWith(`${userId} `));
    await vi.waitFor(() => expect(about().length).toBeGreaterThan(0));
    // A NOTIFY from the change's own transaction would arrive too, as a second message.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return about();
  }

  it('tells other processes once per change, from the listening connection, with the writer named so this process skips it', async () => {
    const { plain } = pickProducts(app);
    const buyer = await quickBuyer(app);
    for (const change of [
      () => buyer.cart.patch({ products: [{ product: plain[0].id, quantity: 1 }] }),
      () => buyer.cart.patch({ products: [{ product: plain[1].id, quantity: 2 }] }),
      () => buyer.cart.apply('WELCOME10'),
      () => buyer.cart.unapply(),
    ]) {
      const messages = await heardOf(buyer.id, change);
      expect(messages).toHaveLength(1);
      expect(messages[0].payload).toBe(`${buyer.id} ${API_CONNECTION_NAME}`);
      expect(await watcher.senders(messages)).toEqual([LISTEN_APPLICATION_NAME]);
    }
  });

  it('a change made inside a transaction (the busy-cart fallback) still notifies from the trigger', async () => {
    const { plain } = pickProducts(app);
    const buyer = await quickBuyer(app);
    // Given an announcer, the store announces only what it commits alone on the pool.
    const announced: string[] = [];
    const store = createCartStore(app.database.db, (userId) => announced.push(userId));
    watcher.heard.length = 0;
    await app.database.db.transaction(async (tx) => {
      const state = await store.lockAndRead(tx, buyer.id, 'usd');
      const line = { id: null, productId: plain[0].id, colorId: null, sizeId: null, quantity: 1, before: 0 };
      const answer = await store.apply(buyer.id, 'usd', fingerprint(state, 'usd'), [line], {}, null, tx);
      expect(answer.status).toBe('ok');
    });
    expect(announced).toEqual([]);
    const listenPids = await watcher.listenPids();
    await vi.waitFor(() => expect(watcher.heard.filter((entry) => entry.payload.startsWith(`${buyer.id} `) && !listenPids.has(entry.pid)).length).toBeGreaterThan(0));
  });
});
