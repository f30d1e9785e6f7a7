import type { Product } from '@app/contract';
import { apiClient } from '../../../lib/api-client.ts';

/** Spec §8: the message thrown when the product list cannot be loaded. */
export const PRODUCTS_FETCH_ERROR = 'Failed to fetch products';
export const PRODUCT_FETCH_ERROR = 'Failed to fetch the product';

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
