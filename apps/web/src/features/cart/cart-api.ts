import { apiClient, type ApiResponse } from '../../lib/api-client.ts';
import type { GuestCartLine } from './guest-cart.ts';

/**
 * The cart calls the first load needs, without zod: the answers are the server's own (its
 * response schema checked them), and only `itemCount` is read here. The cart page reads more.
 */
export interface CartAnswer {
  success: boolean;
  message?: string;
  code?: string;
  data?: { itemCount: number };
}

export interface CartLineRequest {
  product: string;
  quantity: number;
  color?: string;
  size?: string;
}

export function patchCart(products: CartLineRequest[], extra: { itemsPreLogin?: boolean; mergeId?: string; conferanceCode?: string } = {}): Promise<ApiResponse<CartAnswer>> {
  return apiClient.patch<CartAnswer>('v1/carts', { products, ...extra });
}

export function getCart(): Promise<ApiResponse<CartAnswer>> {
  return apiClient.get<CartAnswer>('v1/carts');
}

/** A guest's lines as the merge call sends them (spec §3 itemsPreLogin). */
export function mergeGuestLines(lines: GuestCartLine[], mergeId: string | null, conferanceCode: string | null = null): Promise<ApiResponse<CartAnswer>> {
  return patchCart(lines, { itemsPreLogin: true, ...(mergeId ? { mergeId } : {}), ...(conferanceCode ? { conferanceCode } : {}) });
}
