import type { Product } from '@app/contract';
import { catalogQueryParams, type CatalogFacets, type CatalogQuery, type PageMeta } from '@app/contract/catalog-query';
import { apiClient } from '../../../lib/api-client.ts';

/** Spec §8: the message thrown when the product list cannot be loaded. */
export const PRODUCTS_FETCH_ERROR = 'Failed to fetch products';
export const PRODUCT_FETCH_ERROR = 'Failed to fetch the product';
export const FILTERS_FETCH_ERROR = 'Failed to fetch the filters';

/**
 * `GET v1/products?showDetails=1` (spec §7): every product with standards and SDGs, sorted by
 * id. The body is checked against the contract schema, so a drifted API fails loudly here.
 */
export async function getProducts(): Promise<Product[]> {
  let response;
  try {
    response = await apiClient.get('v1/products', { query: { showDetails: 1 } });
  } catch {
    throw new Error(PRODUCTS_FETCH_ERROR);
  }
  if (!response.ok) throw new Error(PRODUCTS_FETCH_ERROR);
  const { productListEnvelope } = await import('./product-schemas.ts');
  const parsed = productListEnvelope.safeParse(response.data);
  if (!parsed.success) {
    console.error('The product list does not match the contract', parsed.error.issues);
    throw new Error(PRODUCTS_FETCH_ERROR);
  }
  return parsed.data.data;
}

/** `GET v1/productBySlug/:slug` (spec §7): one product with details, or null when there is none (404). */
export async function getProductBySlug(slug: string): Promise<Product | null> {
  let response;
  try {
    response = await apiClient.get(`v1/productBySlug/${encodeURIComponent(slug)}`);
  } catch {
    throw new Error(PRODUCT_FETCH_ERROR);
  }
  // 400 is a slug that cannot exist (bad characters): for the visitor that is "not found" too.
  if (response.status === 404 || response.status === 400) return null;
  if (!response.ok) throw new Error(PRODUCT_FETCH_ERROR);
  const { productEnvelope } = await import('./product-schemas.ts');
  const parsed = productEnvelope.safeParse(response.data);
  if (!parsed.success) {
    console.error('The product does not match the contract', parsed.error.issues);
    throw new Error(PRODUCT_FETCH_ERROR);
  }
  return parsed.data.data;
}

/** One page of a catalog query, as the catalog page shows it. */
export interface ProductPage {
  products: Product[];
  meta: PageMeta;
}

/**
 * A catalog query, over the whole catalog or over the products flagged featured or on offer
 * (`GET v1/products/featured|offered` take the same query): the home page's rows are pages of those.
 */
export type PageQuery = CatalogQuery & { list?: 'featured' | 'offered' };

/** The query string the API is asked with: the query's filters, sort and page, details included. */
export function productPageParams(query: CatalogQuery): Record<string, string> {
  return { showDetails: '1', ...Object.fromEntries(catalogQueryParams({ ...query, page: query.page ?? 1 }, { includePaging: true })) };
}

/** A catalog read checked against its contract schema (loaded on demand); `failure` is thrown on any failure. */
async function getChecked<K extends 'productPageEnvelope' | 'catalogFacetsEnvelope'>(path: string, query: Record<string, string>, schema: K, failure: string) {
  const response = await apiClient.get(path, { query }).catch(() => null);
  if (!response?.ok) throw new Error(failure);
  const parsed = (await import('./product-schemas.ts'))[schema].safeParse(response.data);
  if (!parsed.success) {
    console.error(`GET ${path} does not match the contract`, parsed.error.issues);
    throw new Error(failure);
  }
  return parsed.data as unknown as K extends 'productPageEnvelope' ? { data: Product[]; meta: PageMeta } : { data: CatalogFacets };
}

/** `GET v1/products?…&page&size` (README "Catalog search and filters"): one page with its meta. */
export async function getProductPage(query: PageQuery): Promise<ProductPage> {
  const path = query.list ? `v1/products/${query.list}` : 'v1/products';
  const { data, meta } = await getChecked(path, productPageParams(query), 'productPageEnvelope', PRODUCTS_FETCH_ERROR);
  return { products: data, meta };
}

/** `GET v1/filters` with the query's filters: the facets and their counts (paging and sort do not matter). */
export async function getCatalogFacets(query: CatalogQuery): Promise<CatalogFacets> {
  const params = Object.fromEntries(catalogQueryParams({ ...query, sort: undefined }, { includePaging: false }));
  return (await getChecked('v1/filters', params, 'catalogFacetsEnvelope', FILTERS_FETCH_ERROR)).data;
}
