import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { ASYNC_COMMIT_CALL } from '../../db/async-commit.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { createCatalogSearch } from './catalog.search.ts';
import { createCatalogReadModel, type CatalogReadModel, type CatalogSnapshot } from './catalog.read-model.ts';

/**
 * How the rest of the API reaches the catalog read model.
 *
 * EVERY write that changes what the catalog shows — a product's fields, price, stock (including
 * a sale or a checkout reservation), image, category, standard or SDG link, and later reviews —
 * must, after its transaction commits, call
 *
 *     await app.catalog.changed([productId, ...])   // or changed() when many products change
 *
 * It reloads those products into this process's model (reads show the change once it resolves)
 * and tells the other API processes on the same PostgreSQL database through NOTIFY, whose models
 * reload within a second. `catalog.writes.ts` holds the catalog writes and calls it for you.
 *
 * Stock-only changes (orders, payments, expiries) are coalesced (issue 28): `changed(ids,
 * { stockOnly: true })` resolves at once and the ids wait, with those of the orders after it, for
 * one reload and one NOTIFY at most `CATALOG_STOCK_LAG_MS` later — a burst of 500 orders costs a
 * few reloads, not 500 recompressions, and none of it runs inside a request. The stock shown may
 * lag by that much; it never decides a sale (the order's conditional stock update does).
 */
export interface CatalogHandle {
  /** The newest snapshot, for rendering pages from the catalog. */
  snapshot(): CatalogSnapshot;
  changed(productIds?: string[], options?: ChangeOptions): Promise<void>;
  /**
   * Calls `listener` whenever products change, here or in another process (ids, or null for
   * "anything may have changed"), so caches derived from them (the review pages) drop what is
   * stale. Called when the change is announced, before the read model has reloaded, and again
   * once it has. `stockOnly`: only the stock of those products changed (an order, a payment).
   */
  onChange(listener: (productIds: readonly string[] | null, stockOnly: boolean) => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogHandle;
  }
}

export interface ChangeOptions {
  /**
   * Only the stock of these products changed (an order reserved units, a payment sold them, an
   * expiry released them): reloading reads their stock in one query instead of every table.
   */
  stockOnly?: boolean;
}

export const CATALOG_CHANNEL = 'catalog_changed';
/** PostgreSQL refuses NOTIFY payloads from 8000 bytes; past this, ask for a full reload. */
const MAX_PAYLOAD = 7000;

interface ChangeMessage {
  /** The process that made the change; it has already reloaded. */
  origin: string;
  /** The products changed, or null for "reload everything". */
  ids: string[] | null;
  /** Only their stock changed. */
  stock?: boolean;
}

/**
 * Loads the read model (one bulk load), decorates `app.catalog` and starts listening for other
 * processes' changes. Returns the model for the catalog routes.
 */
export async function registerCatalog(app: FastifyInstance, database: DatabaseHandle, options: { stockLagMs?: number } = {}): Promise<CatalogReadModel> {
  const stockLagMs = options.stockLagMs ?? 0;
  const model = createCatalogReadModel(createCatalogRepository(database.db), createCatalogSearch(database.db));
  await model.refresh();
  const origin = randomUUID();
  const listeners: ((productIds: readonly string[] | null, stockOnly: boolean) => void)[] = [];
  // Told twice per change: as it starts (so answers computed in flight are not kept) and once the
  // read model holds it (so what was computed from the old snapshot meanwhile goes too).
  const announce = (productIds: readonly string[] | null, stockOnly = false) => {
    for (const listener of listeners) listener(productIds, stockOnly);
  };
  const reloadFailed = (error: unknown) => app.log.error({ err: error }, 'catalog read model could not reload');

  const stopListening = await database.listen(CATALOG_CHANNEL, {
    onMessage(payload) {
      let message: ChangeMessage;
      try {
        message = JSON.parse(payload) as ChangeMessage;
      } catch {
        message = { origin: '', ids: null };
      }
      if (message.origin === origin) return;
      const ids = Array.isArray(message.ids) ? message.ids : null;
      const stockOnly = ids !== null && message.stock === true;
      announce(ids, stockOnly);
      model.refresh(ids ?? undefined, { stockOnly }).then(() => announce(ids, stockOnly), reloadFailed);
    },
    // Changes made while the connection was down were not heard: reload everything.
    onReconnect: () => {
      announce(null);
      model.refresh().then(() => announce(null), reloadFailed);
    },
    onError: (error) => app.log.warn({ err: error }, 'catalog change listener lost its connection; reconnecting'),
  });
  app.addHook('onClose', async () => stopListening());

  /** Reloads here and tells the other processes (the uncoalesced path). */
  async function publish(productIds: string[] | undefined, stock: boolean): Promise<void> {
    let payload = JSON.stringify({ origin, ids: productIds ?? null, ...(stock ? { stock } : {}) } satisfies ChangeMessage);
    if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ origin, ids: null } satisfies ChangeMessage);
    announce(productIds ?? null, stock);
    const reloaded = model.refresh(productIds, { stockOnly: stock }).then(() => announce(productIds ?? null, stock)).catch((error: unknown) => {
      // The write has committed; reads must catch up even if nobody writes again soon.
      reloadFailed(error);
      setTimeout(() => void model.refresh().catch(reloadFailed), 1000).unref();
      throw error;
    });
    // Committed without waiting for the disk: nothing is written but the notification (db/async-commit.ts).
    await Promise.all([reloaded, database.db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${payload}), ${sql.raw(ASYNC_COMMIT_CALL)}`)]);
  }

  // Stock-only changes waiting for the next coalesced reload (see the comment at the top).
  let pendingStock = new Set<string>();
  let stockTimer: NodeJS.Timeout | undefined;
  async function flushStock(): Promise<void> {
    clearTimeout(stockTimer);
    stockTimer = undefined;
    if (pendingStock.size === 0) return;
    const ids = [...pendingStock];
    pendingStock = new Set();
    // Errors are logged (and a full reload scheduled) by publish; nobody awaits this.
    await publish(ids, true).catch((error: unknown) => app.log.warn({ err: error }, 'catalog: coalesced stock change could not be announced'));
  }
  // Unannounced stock changes go out before the process stops, so the other hosts hear them.
  app.addHook('preClose', async () => flushStock());

  async function changed(productIds?: string[], options: ChangeOptions = {}): Promise<void> {
    const stock = options.stockOnly === true && productIds !== undefined;
    if (stock && stockLagMs > 0) {
      for (const id of productIds) pendingStock.add(id);
      stockTimer ??= setTimeout(() => void flushStock(), stockLagMs);
      return;
    }
    if (!stock) return publish(productIds, false);
    // A sale, a payment or an expiry has committed before this: the stock shown never decides a
    // sale, so failing to announce it (a busy pool, a lost connection) must not turn the buyer's
    // placed order into an error. It is logged and tried again once; publish schedules a full
    // reload of this process's model when its own reload failed.
    await publish(productIds, true).catch((error: unknown) => {
      app.log.warn({ err: error }, 'catalog: stock change could not be announced; trying again in a second');
      setTimeout(() => void publish(productIds, true).catch((again: unknown) => app.log.error({ err: again }, 'catalog: stock change could not be announced')), 1000).unref();
    });
  }

  const onChange = (listener: (productIds: readonly string[] | null, stockOnly: boolean) => void) => void listeners.push(listener);
  app.decorate('catalog', { snapshot: model.snapshot, changed, onChange } satisfies CatalogHandle);
  return model;
}
