import { createHash } from 'node:crypto';
import {
  catalogQueryParams,
  computeFacets,
  pageOf,
  productSchema,
  selectProducts,
  type CatalogQuery,
  type Product,
  type SearchRanking,
} from '@app/contract';
import { BodyLru } from './body-lru.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import type { CatalogSearch } from './catalog.search.ts';
import { toProducts, withStock } from './catalog.service.ts';
import { encodeBody, type EncodedBody } from '../../lib/encoded-body.ts';

/**
 * What the catalog looks like right now, for code that renders it (the server-rendered pages).
 * A snapshot never changes; `app.catalog.snapshot()` returns the newest one.
 */
export interface CatalogSnapshot {
  /** Changes whenever the catalog changes. */
  version: string;
  /** With details, sorted by id. */
  products: readonly Product[];
  bySlug(slug: string): Product | undefined;
}

/** Which products a list shows: all, or those flagged featured / offered. */
export type ListFilter = 'all' | 'featured' | 'offered';
export interface ListView {
  filter: ListFilter;
  withDetails: boolean;
  /** Keep only the first `limit` products (spec: "an option keeps only the first 8"). */
  limit?: number;
}

/** One product's JSON, with and without details, exactly as the response schema writes it. */
interface ProductEntry {
  product: Product;
  fullJson: string;
  plainJson: string;
  /** Digest of fullJson: the catalog's version is derived from these, not from every byte again. */
  digest: string;
}

/** A reload waiting for the one before it; later calls merge into it. */
interface Queued {
  ids: Set<string> | null;
  stockOnly: boolean;
  promise: Promise<void>;
}

/** Searched, filtered, sorted or paged bodies kept per catalog state (each is a few KB to 120 KB). */
export const QUERY_BODIES_KEPT = 500;

interface State {
  snapshot: CatalogSnapshot;
  entries: ProductEntry[];
  entryById: Map<string, ProductEntry>;
  /** Bodies of queried lists and facets; a new state starts empty, so a change drops them all. */
  queried: BodyLru;
  /** Ready bodies by the request's raw URL (see `bodiesByUrl`). */
  byUrl: Map<string, EncodedBody>;
  /** How many products each filter selects. */
  counts: Record<ListFilter, number>;
  /** Product pages: ready, or (changed by a stock-only change and not read since) built on first read. */
  bodiesBySlug: Map<string, EncodedBody | Promise<EncodedBody>>;
  /** List bodies, built on first use and kept until the next change. */
  lists: Map<string, EncodedBody | Promise<EncodedBody>>;
}

const LISTS_BUILT_AT_CHANGE: ListView[] = [
  { filter: 'all', withDetails: false },
  { filter: 'all', withDetails: true },
  { filter: 'featured', withDetails: false },
  { filter: 'offered', withDetails: false },
];

/**
 * The catalog read model: every product held in memory with its response bodies already
 * serialised and compressed, so a catalog read is a map lookup and a write of bytes (no query,
 * no zod pass). It is derived from the database: `refresh()` loads everything in one bulk load,
 * `refresh(ids)` reloads only those products. Writes reach it through `app.catalog.changed`
 * (catalog.events.ts), never directly.
 */
export function createCatalogReadModel(repository: CatalogRepository, search?: CatalogSearch) {
  let state: State | undefined;
  let entriesById = new Map<string, ProductEntry>();
  let queued: Queued | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  // After a failed partial reload, only a full one is known to be right.
  let needsFullReload = false;

  async function reload(ids: readonly string[] | null, stockOnly: boolean): Promise<void> {
    const full = ids === null || needsFullReload;
    needsFullReload = true;
    const next = full ? new Map<string, ProductEntry>() : new Map(entriesById);
    // Only stock changed (an order, a payment, an expiry): one query, patched into the entries.
    // Products it cannot patch (new, or their sizes changed) are reloaded whole.
    let whole: readonly string[] | undefined = full ? undefined : ids!;
    if (!full && stockOnly) {
      const unpatched: string[] = [];
      const rows = new Map((await repository.loadStock(ids!)).map((row) => [row.id, row]));
      for (const id of ids!) {
        const entry = entriesById.get(id);
        const row = rows.get(id);
        const patched = entry && row ? withStock(entry.product, row) : undefined;
        if (patched) next.set(id, toEntry(patched));
        else if (row || entry) unpatched.push(id);
      }
      whole = unpatched;
    }
    if (whole === undefined || whole.length > 0) {
      const bundle = await repository.loadProducts(whole);
      if (whole) for (const id of whole) next.delete(id);
      for (const product of toProducts(bundle, true)) next.set(product.id, toEntry(product));
    }
    const previous = state;
    // A stock-only change (an order, a payment, an expiry) comes in bursts under load: the list
    // and product-page bodies it changes are built when first read, so a burst of orders with
    // nobody browsing compresses nothing (issue 28: compression was 13% of the order loop's CPU).
    state = await buildState(next, previous, { eager: !stockOnly || full });
    entriesById = next;
    needsFullReload = false;
  }

  /**
   * Reloads the given products (all when none are given) and resolves once reads show them;
   * `stockOnly` when only their stock changed. Calls are serialised; calls made while one waits
   * to start are merged into it (stock-only only if all of them were).
   */
  function refresh(productIds?: readonly string[], options: { stockOnly?: boolean } = {}): Promise<void> {
    const stockOnly = options.stockOnly === true;
    if (queued) {
      if (!productIds) queued.ids = null;
      else if (queued.ids) for (const id of productIds) queued.ids.add(id);
      queued.stockOnly &&= stockOnly;
      return queued.promise;
    }
    const entry: Queued = { ids: productIds ? new Set(productIds) : null, stockOnly, promise: Promise.resolve() };
    queued = entry;
    entry.promise = chain.then(() => {
      queued = null;
      return reload(entry.ids ? [...entry.ids] : null, entry.stockOnly);
    });
    chain = entry.promise.catch(() => {});
    return entry.promise;
  }

  function current(): State {
    if (!state) throw new Error('The catalog read model is used before it was loaded');
    return state;
  }

  return {
    refresh,
    snapshot: (): CatalogSnapshot => current().snapshot,
    /**
     * The body of one product page (ready, or a promise of it for a page first read since a
     * stock change), or undefined for an unknown slug.
     */
    productBody(slug: string): EncodedBody | Promise<EncodedBody> | undefined {
      const s = current();
      const known = s.bodiesBySlug.get(slug);
      if (known !== undefined) return known;
      const product = s.snapshot.bySlug(slug);
      const entry = product && s.entryById.get(product.id);
      if (!entry) return undefined;
      const building = encodeBody(envelope(entry.fullJson));
      s.bodiesBySlug.set(slug, building);
      void building.then((body) => s.bodiesBySlug.set(slug, body)).catch(() => s.bodiesBySlug.delete(slug));
      return building;
    },
    /**
     * The body of a product list: ready, or (for a view first asked for since the last change)
     * a promise of it. Ready bodies are returned as they are, so the hot path does not wait a tick.
     */
    listBody(view: ListView): EncodedBody | Promise<EncodedBody> {
      const s = current();
      const key = listKey(view, s.counts);
      const known = s.lists.get(key);
      if (known) return known;
      const building = encodeBody(listJson(s.entries, view));
      // A list per limit and filter: bounded by the catalog's size.
      s.lists.set(key, building);
      void building.then((body) => s.lists.set(key, body)).catch(() => s.lists.delete(key));
      return building;
    },
    /**
     * The body of a searched, filtered, sorted or paged list: from the bounded cache of this
     * catalog state, else built from the products in memory (plus one search query when the
     * query has text). `query` must be normalised (toCatalogQuery does it).
     */
    queriedListBody(view: ListView, query: CatalogQuery): EncodedBody | Promise<EncodedBody> {
      const s = current();
      const key = `list|${listKey(view, s.counts)}|${queryKey(query)}`;
      return s.queried.getOrBuild(key, async () => {
        const ranking = await rankingOf(query);
        const base = view.filter === 'all' ? s.snapshot.products : s.snapshot.products.filter((product) => product[view.filter as 'featured' | 'offered']);
        let selected = selectProducts(base, query, ranking);
        if (view.limit !== undefined) selected = selected.slice(0, view.limit);
        const { items, meta } = pageOf(selected, query);
        const data = `[${items.map((product) => (view.withDetails ? s.entryById.get(product.id)!.fullJson : s.entryById.get(product.id)!.plainJson)).join(',')}]`;
        return encodeBody(meta ? `{"success":true,"data":${data},"meta":${JSON.stringify(meta)}}` : envelope(data));
      });
    },
    /**
     * Ready bodies by raw request URL, for the catalog's current state: a repeated read is
     * answered before its query string is validated (catalog.routes.ts). Writers must take
     * the map before building a body and store into that same map, so a body built across a
     * catalog change lands in the old state's map, never the new one. Bounded: cleared when full.
     */
    bodiesByUrl: (): Map<string, EncodedBody> => current().byUrl,
    /** The body of `GET /v1/filters` for a query: the facets with their counts. */
    filtersBody(query: CatalogQuery): EncodedBody | Promise<EncodedBody> {
      const s = current();
      const key = `filters|${queryKey(query)}`;
      return s.queried.getOrBuild(key, async () => {
        const ranking = await rankingOf(query);
        return encodeBody(envelope(JSON.stringify(computeFacets(s.snapshot.products, query, ranking))));
      });
    },
  };

  async function rankingOf(query: CatalogQuery): Promise<SearchRanking | undefined> {
    if (!query.q) return undefined;
    if (!search) throw new Error('The catalog read model was made without search');
    const ids = await search.rankedIds(query.q);
    return new Map(ids.map((id, index) => [id, index]));
  }
}
export type CatalogReadModel = ReturnType<typeof createCatalogReadModel>;

function toEntry(product: Product): ProductEntry {
  // The same pass the response serialiser made per request, now once per change: it orders the
  // keys as the schema does, so the bytes are what clients got before.
  const full = productSchema.parse(product);
  const { details: _details, ...plain } = full;
  const fullJson = JSON.stringify(full);
  return { product: full, fullJson, plainJson: JSON.stringify(productSchema.parse(plain)), digest: createHash('sha256').update(fullJson).digest('base64url') };
}

/**
 * A new state from the entries. Work per change stays proportional to what changed: unchanged
 * entries (same digest as before) keep their compressed product page, and the version hashes
 * the entries' digests, not their JSON. `eager` compresses the changed product pages and the
 * whole-catalog lists now rather than on their first read.
 */
async function buildState(byId: Map<string, ProductEntry>, previous: State | undefined, { eager }: { eager: boolean }): Promise<State> {
  const entries = [...byId.values()].sort((a, b) => (a.product.id < b.product.id ? -1 : a.product.id > b.product.id ? 1 : 0));
  const slugs = new Map(entries.map((entry) => [entry.product.slug, entry.product]));
  const hash = createHash('sha256');
  for (const entry of entries) hash.update(entry.digest);
  const products = Object.freeze(entries.map((entry) => entry.product));
  const snapshot: CatalogSnapshot = Object.freeze({
    version: hash.digest('base64url').slice(0, 16),
    products,
    bySlug: (slug: string) => slugs.get(slug),
  });

  // Product pages: unchanged products keep their body (ready or being built); changed ones are
  // compressed now when eager, else on first read (productBody).
  const bodiesBySlug = new Map<string, EncodedBody | Promise<EncodedBody>>();
  await Promise.all(
    entries.map(async (entry) => {
      const old = previous?.entryById.get(entry.product.id)?.digest === entry.digest ? previous.bodiesBySlug.get(entry.product.slug) : undefined;
      if (old !== undefined) bodiesBySlug.set(entry.product.slug, old);
      else if (eager) bodiesBySlug.set(entry.product.slug, await encodeBody(envelope(entry.fullJson)));
    }),
  );
  const counts: Record<ListFilter, number> = {
    all: entries.length,
    featured: entries.filter((entry) => entry.product.featured).length,
    offered: entries.filter((entry) => entry.product.offered).length,
  };
  const lists = new Map<string, EncodedBody | Promise<EncodedBody>>();
  await Promise.all(
    (eager ? LISTS_BUILT_AT_CHANGE : []).map(async (view) => {
      lists.set(listKey(view, counts), await encodeBody(listJson(entries, view)));
    }),
  );
  return { snapshot, entries, entryById: new Map(entries.map((entry) => [entry.product.id, entry])), queried: new BodyLru(QUERY_BODIES_KEPT), byUrl: new Map(), counts, bodiesBySlug, lists };
}

function envelope(dataJson: string): string {
  return `{"success":true,"data":${dataJson}}`;
}

function selected(entries: ProductEntry[], view: ListView): ProductEntry[] {
  const { filter } = view;
  const filtered = filter === 'all' ? entries : entries.filter((entry) => entry.product[filter]);
  return view.limit !== undefined && view.limit < filtered.length ? filtered.slice(0, view.limit) : filtered;
}

function listJson(entries: ProductEntry[], view: ListView): string {
  return envelope(`[${selected(entries, view).map((entry) => (view.withDetails ? entry.fullJson : entry.plainJson)).join(',')}]`);
}

/** Views that select the same products share one body: a limit past the end is no limit. */
function listKey(view: ListView, counts: Record<ListFilter, number>): string {
  const limit = view.limit !== undefined && view.limit < counts[view.filter] ? view.limit : '';
  return `${view.filter}|${view.withDetails ? 1 : 0}|${limit}`;
}

/**
 * A normalised query's cache key. Queries come from the route's validator, which hands out the
 * same object for the same query string, so the key is worked out once per distinct query.
 */
const keys = new WeakMap<CatalogQuery, string>();
function queryKey(query: CatalogQuery): string {
  let key = keys.get(query);
  if (key === undefined) {
    key = catalogQueryParams(query).toString();
    keys.set(query, key);
  }
  return key;
}
