import { createContext, createElement, useCallback, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { Product } from '@app/contract';
import type { CatalogFacets, CatalogQuery } from '@app/contract/catalog-query';
import { facetsKey, productPageKey, type CatalogCache, type CatalogEntry } from './catalog-cache.ts';
import type { PageQuery, ProductPage } from './get-products.ts';

/**
 * The hooks the public pages read products with. The cache comes from context: the server makes
 * one per request (seeded from the catalog), the browser one per visit (seeded from the island).
 */
const CatalogCacheContext = createContext<CatalogCache | null>(null);

export function CatalogCacheProvider({ cache, children }: { cache: CatalogCache; children: ReactNode }) {
  return createElement(CatalogCacheContext.Provider, { value: cache }, children);
}

function useCatalogCache(): CatalogCache {
  const cache = useContext(CatalogCacheContext);
  if (!cache) throw new Error('Product hooks need a <CatalogCacheProvider> (app/providers.tsx)');
  return cache;
}

/** The shape of a read the pages show: the same flags they used with TanStack Query. */
export interface CatalogRead<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<void>;
}

function toRead<T>(entry: CatalogEntry<T>, refetch: () => Promise<void>): CatalogRead<T> {
  return {
    data: entry.data,
    isPending: entry.data === undefined && !entry.error,
    isError: entry.error,
    isFetching: entry.fetching,
    refetch,
  };
}

/**
 * `GET v1/products?showDetails=1`, cached; fetched on mount when missing or stale. `enabled:
 * false` holds the fetch (an empty guest cart needs no catalog: it is ~1.4 MB of JSON to parse
 * with the data set's 564 products).
 */
export function useProducts({ enabled = true }: { enabled?: boolean } = {}): CatalogRead<Product[]> {
  const cache = useCatalogCache();
  const entry = useSyncExternalStore(cache.subscribe, () => cache.listEntry(), () => cache.listEntry());
  useEffect(() => {
    if (enabled) void cache.loadList();
  }, [cache, enabled]);
  return toRead(entry, () => cache.loadList(true));
}

/** One product for its page (null: not found); shown at once when a list already holds it. */
export function useProduct(slug: string): CatalogRead<Product | null> {
  const cache = useCatalogCache();
  const read = () => cache.detailEntry(slug);
  const entry = useSyncExternalStore(cache.subscribe, read, read);
  useEffect(() => void cache.loadProduct(slug), [cache, slug]);
  // Stable, so the product page's lazy body is not re-rendered by a new function on every render.
  const refetch = useCallback(() => cache.loadProduct(slug, true), [cache, slug]);
  return toRead(entry, refetch);
}

/**
 * While a new query loads, the last answer stays on screen (marked as fetching), so a click on
 * a filter does not blank the grid and the panel; skeletons show only on the first load.
 */
function useKeepPrevious<T>(entry: CatalogEntry<T>): CatalogEntry<T> {
  const previous = useRef<T | undefined>(undefined);
  if (entry.data !== undefined) previous.current = entry.data;
  if (entry.data === undefined && !entry.error && previous.current !== undefined) return { ...entry, data: previous.current, fetching: true };
  return entry;
}

/** One page of a catalog query (search, filters, sort, page), cached per query. */
export function useProductPage(query: PageQuery): CatalogRead<ProductPage> {
  const cache = useCatalogCache();
  const key = productPageKey(query);
  const read = () => cache.pageEntry(key);
  const entry = useSyncExternalStore(cache.subscribe, read, read);
  // The key stands for the query: effects rerun when it changes, not on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void cache.loadPage(query), [cache, key]);
  return toRead(useKeepPrevious(entry), () => cache.loadPage(query, true));
}

/** The facets with counts for a query's filters, cached per query. */
export function useCatalogFacets(query: CatalogQuery): CatalogRead<CatalogFacets> {
  const cache = useCatalogCache();
  const key = facetsKey(query);
  const read = () => cache.facetsEntry(key);
  const entry = useSyncExternalStore(cache.subscribe, read, read);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void cache.loadFacets(query), [cache, key]);
  return toRead(useKeepPrevious(entry), () => cache.loadFacets(query, true));
}
