/**
 * Catalog search, filters, sorting and pagination without zod (`@app/contract/catalog-query`):
 * the one implementation the API's read model and the web's server rendering both run over the
 * products in memory, and the parser the catalog page reads its URL with. The API validates its
 * query with the zod schema in product.ts first (400s with the field named); the web parses
 * leniently here (an unknown value in a shared link is dropped, not an error page).
 */
import { DEFAULT_CURRENCY, isSupportedCurrency, type Currency } from '../money/currencies.ts';
import type { Product } from './product.ts';

export const PRODUCT_SORTS = ['newest', 'price-asc', 'price-desc', 'rating', 'name'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const AVAILABILITIES = ['inStock', 'outOfStock'] as const;
export type Availability = (typeof AVAILABILITIES)[number];
export const PRODUCT_KINDS = ['offset', 'goods'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** Limits on what one query may ask for, so a hostile URL cannot make a read expensive. */
export const CATALOG_QUERY_LIMITS = {
  /** Values per facet (e.g. 20 categories at once). */
  values: 20,
  /** Characters of one facet value (slugs are at most 80; tags are short). */
  valueLength: 80,
  /** Characters of the search text. */
  searchLength: 100,
  /** Words of the search text used (the rest are ignored). */
  searchWords: 8,
  maxSize: 100,
  defaultSize: 20,
  maxPage: 10_000,
  maxPrice: 100_000_000,
} as const;

/** A catalog query, normalised: facet values sorted and unique, text trimmed. */
export interface CatalogQuery {
  category: string[];
  country: string[];
  standard: string[];
  sdg: number[];
  tag: string[];
  kind: ProductKind[];
  availability: Availability[];
  /** The currency of minPrice/maxPrice and of the price sorts. */
  currency: Currency;
  minPrice?: number;
  maxPrice?: number;
  q?: string;
  sort?: ProductSort;
  /** Set when the caller asked for a page (page or size given): the answer then carries meta. */
  page?: number;
  size?: number;
}

export { computeFacets, type CatalogFacets } from './facets.ts';

export type FacetName = 'category' | 'country' | 'standard' | 'sdg' | 'tag' | 'kind' | 'availability' | 'price';
const LIST_FACETS = ['category', 'country', 'standard', 'sdg', 'tag', 'kind', 'availability'] as const;

export function emptyCatalogQuery(currency: Currency = DEFAULT_CURRENCY): CatalogQuery {
  return { category: [], country: [], standard: [], sdg: [], tag: [], kind: [], availability: [], currency };
}

/** Splits repeated and comma-separated values into one list: `a,b&x=c` → [a, b, c]. */
export function splitValues(raw: string | readonly string[] | undefined | null): string[] {
  if (raw === undefined || raw === null) return [];
  const parts = (typeof raw === 'string' ? [raw] : raw).flatMap((value) => value.split(','));
  return parts.map((part) => part.trim()).filter((part) => part.length > 0);
}

function uniqueSorted<T extends string | number>(values: T[]): T[] {
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Search text as compared and cached: trimmed, spaces collapsed, lowercase. */
export function normaliseSearch(q: string | undefined | null): string | undefined {
  const text = (q ?? '').replace(/\s+/g, ' ').trim().toLowerCase().slice(0, CATALOG_QUERY_LIMITS.searchLength);
  return text.length > 0 ? text : undefined;
}

/** Normalises a query built elsewhere (the API's validated one): sorted, unique, lowercase where it does not matter. */
export function normaliseCatalogQuery(query: CatalogQuery): CatalogQuery {
  const result: CatalogQuery = {
    category: uniqueSorted(query.category.map((value) => value.toLowerCase())),
    country: uniqueSorted(query.country.map((value) => value.toUpperCase())),
    standard: uniqueSorted(query.standard.map((value) => value.toLowerCase())),
    sdg: uniqueSorted(query.sdg),
    tag: uniqueSorted(query.tag.map((value) => value.toLowerCase())),
    kind: uniqueSorted(query.kind),
    availability: uniqueSorted(query.availability),
    currency: query.currency,
  };
  if (query.minPrice !== undefined) result.minPrice = query.minPrice;
  if (query.maxPrice !== undefined) result.maxPrice = query.maxPrice;
  const q = normaliseSearch(query.q);
  if (q) result.q = q;
  if (query.sort) result.sort = query.sort;
  if (query.page !== undefined || query.size !== undefined) {
    result.page = query.page ?? 1;
    result.size = query.size ?? CATALOG_QUERY_LIMITS.defaultSize;
  }
  return result;
}

/**
 * Reads a query from URL search params leniently (the web's catalog page and its server
 * rendering): values that cannot be right are dropped. `fallbackCurrency` is the visitor's.
 */
export function parseCatalogSearch(search: URLSearchParams, fallbackCurrency: Currency = DEFAULT_CURRENCY): CatalogQuery {
  const L = CATALOG_QUERY_LIMITS;
  const list = (name: string) =>
    splitValues(search.getAll(name))
      .filter((value) => value.length <= L.valueLength)
      .slice(0, L.values);
  const currencyParam = search.get('currency');
  const query = emptyCatalogQuery(isSupportedCurrency(currencyParam) ? currencyParam : fallbackCurrency);
  query.category = list('category');
  query.country = list('country').filter((code) => /^[a-z]{2}$/i.test(code));
  query.standard = list('standard');
  query.sdg = list('sdg')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= 17);
  query.tag = list('tag');
  query.kind = list('kind').filter((kind): kind is ProductKind => (PRODUCT_KINDS as readonly string[]).includes(kind));
  query.availability = list('availability').filter((value): value is Availability => (AVAILABILITIES as readonly string[]).includes(value));
  const price = (name: string) => {
    const raw = search.get(name);
    if (raw === null || raw.trim() === '') return undefined;
    const value = Number(raw);
    return Number.isFinite(value) && value >= 0 && value <= L.maxPrice ? value : undefined;
  };
  query.minPrice = price('minPrice');
  query.maxPrice = price('maxPrice');
  query.q = search.get('q') ?? undefined;
  const sort = search.get('sort');
  if (sort && (PRODUCT_SORTS as readonly string[]).includes(sort)) query.sort = sort as ProductSort;
  const int = (name: string, max: number) => {
    const value = Number(search.get(name));
    return search.has(name) && Number.isInteger(value) && value >= 1 && value <= max ? value : undefined;
  };
  query.page = int('page', L.maxPage);
  query.size = int('size', L.maxSize);
  if (query.minPrice === undefined) delete query.minPrice;
  if (query.maxPrice === undefined) delete query.maxPrice;
  if (query.page === undefined) delete query.page;
  if (query.size === undefined) delete query.size;
  return normaliseCatalogQuery(query);
}

/**
 * The query as URL search params, in one fixed order (facet values comma-joined): the cache key
 * of a query and the links the catalog page writes. The currency is written only when it
 * matters (a price bound or a price sort), so the same list has one key in every currency.
 */
export function catalogQueryParams(query: CatalogQuery, options: { includePaging?: boolean } = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  for (const facet of LIST_FACETS) {
    const values = query[facet] as readonly (string | number)[];
    if (values.length) params.set(facet, values.join(','));
  }
  if (query.minPrice !== undefined) params.set('minPrice', String(query.minPrice));
  if (query.maxPrice !== undefined) params.set('maxPrice', String(query.maxPrice));
  if (usesCurrency(query)) params.set('currency', query.currency);
  if (query.sort) params.set('sort', query.sort);
  if (options.includePaging !== false && query.page !== undefined) {
    params.set('page', String(query.page));
    params.set('size', String(query.size ?? CATALOG_QUERY_LIMITS.defaultSize));
  }
  return params;
}

export function usesCurrency(query: CatalogQuery): boolean {
  return query.minPrice !== undefined || query.maxPrice !== undefined || query.sort === 'price-asc' || query.sort === 'price-desc';
}

/** Whether the query narrows the catalog at all (search or any filter). */
export function isFiltered(query: CatalogQuery): boolean {
  return Boolean(query.q) || query.minPrice !== undefined || query.maxPrice !== undefined || LIST_FACETS.some((facet) => query[facet].length > 0);
}

export function priceIn(product: Product, currency: Currency): number | undefined {
  return product.priceList.find((entry) => entry.currency === currency)?.price;
}

export function availabilityOf(product: Product): Availability {
  return product.actualStock > 0 ? 'inStock' : 'outOfStock';
}

/**
 * Whether a product passes every filter of the query except `ignore` (a facet's own counts
 * ignore its own selection). OR within a facet, AND across facets. Search is applied apart,
 * by the ids the database ranked.
 */
export function matchesFilters(product: Product, query: CatalogQuery, ignore?: FacetName): boolean {
  if (ignore !== 'kind' && query.kind.length && !query.kind.includes(product.kind)) return false;
  if (ignore !== 'availability' && query.availability.length && !query.availability.includes(availabilityOf(product))) return false;
  if (ignore !== 'country' && query.country.length && !(product.country && query.country.includes(product.country.toUpperCase()))) return false;
  if (ignore !== 'category' && query.category.length && !product.categoryList.some(({ category }) => query.category.includes(category.slug))) return false;
  if (ignore !== 'standard' && query.standard.length && !(product.details?.standards ?? []).some((s) => query.standard.includes(s.slug))) return false;
  if (ignore !== 'sdg' && query.sdg.length && !(product.details?.sdgs ?? []).some(({ sdg }) => query.sdg.includes(sdg.number))) return false;
  if (ignore !== 'tag' && query.tag.length && !product.tags.some((tag) => query.tag.includes(tag.toLowerCase()))) return false;
  if (ignore !== 'price' && (query.minPrice !== undefined || query.maxPrice !== undefined)) {
    const price = priceIn(product, query.currency);
    if (price === undefined) return false;
    if (query.minPrice !== undefined && price < query.minPrice) return false;
    if (query.maxPrice !== undefined && price > query.maxPrice) return false;
  }
  return true;
}

/** Search results: product id → position in the database's ranking (0 is the best match). */
export type SearchRanking = ReadonlyMap<string, number>;

function compareBy(query: CatalogQuery, ranking: SearchRanking | undefined): ((a: Product, b: Product) => number) | undefined {
  const byId = (a: Product, b: Product) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const sort = query.sort;
  if (!sort) return ranking ? (a, b) => ranking.get(a.id)! - ranking.get(b.id)! || byId(a, b) : undefined;
  switch (sort) {
    case 'newest':
      return (a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0) || byId(b, a);
    case 'name':
      return (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || byId(a, b);
    case 'rating':
      return (a, b) => (b.averageRating ?? -1) - (a.averageRating ?? -1) || b.reviewCount - a.reviewCount || byId(a, b);
    case 'price-asc':
    case 'price-desc': {
      const direction = sort === 'price-asc' ? 1 : -1;
      return (a, b) => {
        const pa = priceIn(a, query.currency);
        const pb = priceIn(b, query.currency);
        // Products without a price in this currency go last either way.
        if (pa === undefined || pb === undefined) return (pa === undefined ? 1 : 0) - (pb === undefined ? 1 : 0) || byId(a, b);
        return (pa - pb) * direction || byId(a, b);
      };
    }
  }
}

/**
 * The products a query selects, in its order. `products` must be sorted by id (the read model
 * keeps them so); `ranking` is the search's answer when the query has text.
 */
export function selectProducts<T extends Product>(products: readonly T[], query: CatalogQuery, ranking?: SearchRanking): T[] {
  const selected = products.filter((product) => (!ranking || ranking.has(product.id)) && matchesFilters(product, query));
  const compare = compareBy(query, ranking);
  return compare ? selected.sort(compare) : selected;
}

export interface PageMeta {
  page: number;
  size: number;
  total: number;
}

/** One page of a selection (the whole of it when the query asked for no page). */
export function pageOf<T>(items: readonly T[], query: CatalogQuery): { items: readonly T[]; meta?: PageMeta } {
  if (query.page === undefined) return { items };
  const size = query.size ?? CATALOG_QUERY_LIMITS.defaultSize;
  const start = (query.page - 1) * size;
  return { items: items.slice(start, start + size), meta: { page: query.page, size, total: items.length } };
}

/**
 * The words of a search, for building a prefix tsquery: letters and digits only (so nothing the
 * user types reaches the query syntax), lowercase, at most `searchWords`. One-letter words are
 * dropped when longer ones exist ("children's" → children).
 */
export function searchWords(q: string | undefined): string[] {
  const words = (normaliseSearch(q) ?? '').split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
  const long = words.filter((word) => word.length > 1);
  return [...new Set(long.length ? long : words)].slice(0, CATALOG_QUERY_LIMITS.searchWords);
}
