import type { Product } from '@app/contract';
import { catalogQueryParams, type CatalogFacets, type CatalogQuery } from '@app/contract/catalog-query';
import { getCatalogFacets, getProductBySlug, getProductPage, getProducts, productPageParams, type PageQuery, type ProductPage } from './get-products.ts';

/** The cache key of a catalog page query: the API query string it is fetched with (after the list's name, for a flagged list). */
export function productPageKey(query: PageQuery): string {
  return (query.list ? `${query.list}?` : '') + new URLSearchParams(productPageParams(query)).toString();
}

/** The cache key of a facets query: its filters (sort and page do not change the counts). */
export function facetsKey(query: CatalogQuery): string {
  return catalogQueryParams({ ...query, sort: undefined }, { includePaging: false }).toString();
}

/** Catalog-page answers kept in the browser (each page is tens of KB); the oldest go first. */
const QUERY_ENTRIES_KEPT = 40;

/**
 * The shop's public data in the browser: the product list and single products, kept like a tiny
 * query cache (fresh for a minute, one retry, a Retry that refetches). It replaces TanStack Query
 * on the public pages so that library stays out of their first load; it is loaded with the pages
 * that need it (account, carbon, sign-in). A server-rendered page seeds it from the data island,
 * so hydration renders exactly the server's markup and nothing is fetched again.
 */

/** What the server hands over in the data island: the list, one product (null: not found), or pages. */
export interface CatalogSeed {
  list?: Product[];
  detail?: { slug: string; product: Product | null };
  /** Catalog-page answers the server rendered, by productPageKey / facetsKey. */
  pages?: Record<string, ProductPage>;
  facets?: Record<string, CatalogFacets>;
}

/** One cached read. Entries are replaced, never changed, so React sees each change. */
export interface CatalogEntry<T> {
  data: T | undefined;
  error: boolean;
  fetching: boolean;
  updatedAt: number;
}

export interface CatalogCacheOptions {
  /** Retries after a failed read (one covers a blip; more would keep people staring at skeletons). */
  retry?: number;
  retryDelayMs?: number;
  staleMs?: number;
}

const EMPTY: CatalogEntry<never> = Object.freeze({ data: undefined, error: false, fetching: false, updatedAt: 0 });

export class CatalogCache {
  private list: CatalogEntry<Product[]> = EMPTY;
  private readonly details = new Map<string, CatalogEntry<Product | null>>();
  private readonly pages = new Map<string, CatalogEntry<ProductPage>>();
  private readonly facets = new Map<string, CatalogEntry<CatalogFacets>>();
  private readonly listeners = new Set<() => void>();
  private readonly retry: number;
  private readonly retryDelayMs: number;
  private readonly staleMs: number;

  constructor(seed: CatalogSeed = {}, options: CatalogCacheOptions = {}, now = Date.now()) {
    this.retry = options.retry ?? 1;
    this.retryDelayMs = options.retryDelayMs ?? 1000;
    this.staleMs = options.staleMs ?? 60_000;
    // Stamped now, not when the server rendered: the server's data is as fresh as its response.
    if (seed.list) this.list = { data: seed.list, error: false, fetching: false, updatedAt: now };
    if (seed.detail) this.details.set(seed.detail.slug, { data: seed.detail.product, error: false, fetching: false, updatedAt: now });
    for (const [key, page] of Object.entries(seed.pages ?? {})) this.pages.set(key, { data: page, error: false, fetching: false, updatedAt: now });
    for (const [key, facets] of Object.entries(seed.facets ?? {})) this.facets.set(key, { data: facets, error: false, fetching: false, updatedAt: now });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  listEntry(): CatalogEntry<Product[]> {
    return this.list;
  }

  /** A product's entry; coming from a list or a catalog page, the product is already there, so its page shows at once. */
  detailEntry(slug: string): CatalogEntry<Product | null> {
    const entry = this.details.get(slug);
    if (entry) return entry;
    let source: CatalogEntry<unknown> = this.list;
    let fromList = this.list.data?.find((product) => product.slug === slug);
    // A catalog page holds products with details too.
    for (const entry of this.pages.values()) {
      if (fromList) break;
      fromList = entry.data?.products.find((product) => product.slug === slug);
      source = entry;
    }
    if (!fromList) return EMPTY;
    const seeded = { data: fromList, error: false, fetching: false, updatedAt: source.updatedAt };
    this.details.set(slug, seeded);
    return seeded;
  }

  /** Fetches the list when it is missing or stale (or always, with `force`: the Retry button). */
  loadList(force = false): Promise<void> {
    if (!this.needsFetch(this.list, force)) return Promise.resolve();
    return this.run(getProducts, () => this.list, (entry) => (this.list = entry));
  }

  loadProduct(slug: string, force = false): Promise<void> {
    if (!this.needsFetch(this.detailEntry(slug), force)) return Promise.resolve();
    return this.run(
      () => getProductBySlug(slug),
      () => this.detailEntry(slug),
      (entry) => this.details.set(slug, entry),
    );
  }

  pageEntry(key: string): CatalogEntry<ProductPage> {
    return this.pages.get(key) ?? EMPTY;
  }

  facetsEntry(key: string): CatalogEntry<CatalogFacets> {
    return this.facets.get(key) ?? EMPTY;
  }

  /** Fetches one page of a catalog query when missing or stale (or always, with `force`). */
  loadPage(query: PageQuery, force = false): Promise<void> {
    const key = productPageKey(query);
    if (!this.needsFetch(this.pageEntry(key), force)) return Promise.resolve();
    return this.run(
      () => getProductPage(query),
      () => this.pageEntry(key),
      (entry) => setBounded(this.pages, key, entry),
    );
  }

  loadFacets(query: CatalogQuery, force = false): Promise<void> {
    const key = facetsKey(query);
    if (!this.needsFetch(this.facetsEntry(key), force)) return Promise.resolve();
    return this.run(
      () => getCatalogFacets(query),
      () => this.facetsEntry(key),
      (entry) => setBounded(this.facets, key, entry),
    );
  }

  private needsFetch(entry: CatalogEntry<unknown>, force: boolean): boolean {
    if (entry.fetching) return false;
    if (force) return true;
    if (entry.data === undefined) return !entry.error;
    return Date.now() - entry.updatedAt > this.staleMs;
  }

  private async run<T>(read: () => Promise<T>, get: () => CatalogEntry<T>, set: (entry: CatalogEntry<T>) => void) {
    set({ ...get(), fetching: true });
    this.emit();
    for (let attempt = 0; ; attempt++) {
      try {
        const data = await read();
        set({ data, error: false, fetching: false, updatedAt: Date.now() });
        break;
      } catch {
        if (attempt < this.retry) {
          await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs));
          continue;
        }
        // Data shown before stays shown; only a page without any shows the error.
        set({ ...get(), error: get().data === undefined, fetching: false });
        break;
      }
    }
    this.emit();
  }

  private emit() {
    for (const listener of [...this.listeners]) listener();
  }
}

function setBounded<T>(map: Map<string, T>, key: string, value: T) {
  map.delete(key);
  map.set(key, value);
  if (map.size > QUERY_ENTRIES_KEPT) map.delete(map.keys().next().value!);
}
