import { isSupportedCurrency, type Currency } from '@app/contract/money';
import { catalogQueryParams, normaliseCatalogQuery, parseCatalogSearch, splitValues, type CatalogQuery } from '@app/contract/catalog-query';

/**
 * The catalog page keeps all its state in the URL (`/products?q=cook&standard=gold-standard&page=2`),
 * so a link is shareable and Back undoes a change. These turn the URL into the query the page
 * asks the API for, and a changed query back into a URL. Used by the page and by the server
 * renderer alike, so both ask for exactly the same thing.
 */

/** Products per page on the catalog page (a 4 × 6 grid on desktop). */
export const CATALOG_PAGE_SIZE = 24;

/**
 * The query of a catalog URL, for a visitor who shows prices in `displayCurrency`. Values that
 * cannot be right are dropped (a broken shared link shows the catalog, not an error). Price
 * sorts use the visitor's currency; price bounds keep the currency they were typed in.
 */
export function catalogQueryFromUrl(search: URLSearchParams, displayCurrency: Currency): CatalogQuery {
  const query = parseCatalogSearch(search, displayCurrency);
  if (query.minPrice === undefined && query.maxPrice === undefined) query.currency = displayCurrency;
  return { ...query, page: query.page ?? 1, size: CATALOG_PAGE_SIZE };
}

/** The search string (without `?`) of a catalog query: only what narrows, sorts or pages it. */
export function catalogSearchString(query: CatalogQuery): string {
  const params = catalogQueryParams(normaliseCatalogQuery(query), { includePaging: false });
  if (query.minPrice === undefined && query.maxPrice === undefined) params.delete('currency');
  if (query.page !== undefined && query.page > 1) params.set('page', String(query.page));
  return params.toString();
}

/** The query with no search and no filters (sort kept): what "Clear filters" leads to. */
export function clearedQuery(query: CatalogQuery): CatalogQuery {
  return { ...query, category: [], country: [], standard: [], sdg: [], tag: [], kind: [], availability: [], minPrice: undefined, maxPrice: undefined, q: undefined, page: 1 };
}

/** How many filters are chosen (each facet value and each price bound counts; search does not). */
export function activeFilterCount(query: CatalogQuery): number {
  const lists = query.category.length + query.country.length + query.standard.length + query.sdg.length + query.tag.length + query.kind.length + query.availability.length;
  return lists + (query.minPrice !== undefined ? 1 : 0) + (query.maxPrice !== undefined ? 1 : 0);
}

/** A facet's values with `value` added or removed; any change of filters goes back to page 1. */
export function toggled<K extends 'category' | 'country' | 'standard' | 'sdg' | 'tag' | 'kind' | 'availability'>(
  query: CatalogQuery,
  facet: K,
  value: CatalogQuery[K][number],
): CatalogQuery {
  const values = query[facet] as readonly unknown[];
  const next = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
  return { ...query, [facet]: next, page: 1 };
}

/**
 * The catalog URL's search in one normal form (the server renders and caches a page under it):
 * what the page shows depends on this and the visitor's currency only. The currency is kept
 * only when the URL names one and has price bounds (otherwise the visitor's currency applies).
 */
export function canonicalCatalogSearch(search: URLSearchParams): string {
  const query = parseCatalogSearch(search);
  const named = search.get('currency');
  const keepCurrency = (query.minPrice !== undefined || query.maxPrice !== undefined) && isSupportedCurrency(named);
  const params = new URLSearchParams(catalogSearchString({ ...query, minPrice: undefined, maxPrice: undefined }));
  if (query.minPrice !== undefined) params.set('minPrice', String(query.minPrice));
  if (query.maxPrice !== undefined) params.set('maxPrice', String(query.maxPrice));
  if (keepCurrency) params.set('currency', named!);
  return params.toString();
}

/** The one kind a catalog URL narrows to (for its title and intro), or null for none or both. */
export function catalogKind(search: URLSearchParams): 'offset' | 'goods' | null {
  const kinds = [...new Set(splitValues(search.getAll('kind')))];
  return kinds.length === 1 && (kinds[0] === 'offset' || kinds[0] === 'goods') ? kinds[0] : null;
}
