import type { Product } from '@app/contract';
import { apiClient, errorMessage } from '../../../lib/api-client.ts';

/**
 * The two wishlist calls of spec §7. Read by shape, not with the contract's zod schema: the heart
 * button sits on every product card, and the shop's first load must stay zod-free.
 */
export interface WishlistData {
  /** Product ids, oldest first. */
  products: string[];
  items: Product[];
}

export type WishlistAnswer = { ok: true; data: WishlistData } | { ok: false; status: number; message: string };

const FAILED = 'Please try after sometime';

function read(response: { ok: boolean; status: number; data: unknown }): WishlistAnswer {
  const body = response.data as { success?: boolean; data?: WishlistData } | null;
  if (response.ok && body?.success && Array.isArray(body.data?.products) && Array.isArray(body.data?.items)) {
    return { ok: true, data: body.data };
  }
  return { ok: false, status: response.status, message: errorMessage(response as Parameters<typeof errorMessage>[0], FAILED) };
}

async function call(send: () => ReturnType<typeof apiClient.get>): Promise<WishlistAnswer> {
  try {
    return read(await send());
  } catch {
    return { ok: false, status: 0, message: FAILED };
  }
}

/** `GET v1/wishlists`. */
export const fetchWishlist = () => call(() => apiClient.get('v1/wishlists'));

/**
 * `PATCH v1/wishlists`. With an action, `products` is a delta applied atomically on the server
 * (two tabs adding at once both land); without one it is the whole new list (`[]` removes all).
 */
export const updateWishlist = (products: string[], action?: 'add' | 'remove') =>
  call(() => apiClient.patch('v1/wishlists', action ? { products, action } : { products }));
