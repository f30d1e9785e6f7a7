import { useQuery } from '@tanstack/react-query';
import { dataEnvelope, productSchema, type Product } from '@app/contract';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';

/** Spec §8: the message thrown when the product list cannot be loaded. */
export const PRODUCTS_FETCH_ERROR = 'Failed to fetch products';

const productListEnvelope = dataEnvelope(z.array(productSchema));

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
  const parsed = productListEnvelope.safeParse(response.data);
  if (!parsed.success) {
    console.error('The product list does not match the contract', parsed.error.issues);
    throw new Error(PRODUCTS_FETCH_ERROR);
  }
  return parsed.data.data;
}

export const productKeys = {
  all: ['products'] as const,
  list: () => [...productKeys.all, 'list', { showDetails: true }] as const,
};

export function useProducts() {
  return useQuery({ queryKey: productKeys.list(), queryFn: getProducts });
}
