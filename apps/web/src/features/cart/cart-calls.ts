import type { Cart } from '@app/contract/cart';
import type { Currency } from '@app/contract/money';
import { apiClient, errorMessage, type ApiResponse } from '../../lib/api-client.ts';

/** The cart page's calls (spec §7). Each answers the whole priced cart, or the failure envelope. */
export interface CartEnvelope {
  success: boolean;
  message?: string;
  code?: string;
  data?: Cart;
}

type Call = Promise<ApiResponse<CartEnvelope>>;

export const fetchCart = (): Call => apiClient.get<CartEnvelope>('v1/carts');

/** The signed-in person's cart in TanStack Query, shared by the cart and checkout pages. */
export const CART_QUERY_KEY = ['cart'] as const;

/**
 * The server cart. The cart page first waits for a guest cart still being merged (SignedInCart);
 * checkout need not, as sign-in resolves only after the merge. (Importing the merge here would
 * make the bundler split the first-load cart modules into extra chunks.)
 */
export async function loadCart(): Promise<Cart> {
  const response = await fetchCart();
  if (!response.ok || !response.data?.data) throw new Error(errorMessage(response, 'Your cart could not be loaded'));
  return response.data.data;
}

/** Sets one line's quantity (checkout flag); 0 removes the line. */
export const setLineQuantity = (product: string, cartItemId: string, quantity: number): Call =>
  apiClient.patch<CartEnvelope>('v1/carts', { checkout: true, products: [{ product, cartItemId, quantity }] });

export const repriceCart = (currency: Currency): Call => apiClient.patch<CartEnvelope>('v1/carts', { products: [], updateCurrency: currency });

export const removeCartLine = (cartItemId: string): Call => apiClient.patch<CartEnvelope>(`v1/carts/${encodeURIComponent(cartItemId)}/remove`, { getStripeCoupon: false });

export const clearCart = (): Call => apiClient.delete<CartEnvelope>('v1/carts');

export const applyCoupon = (code: string): Call => apiClient.post<CartEnvelope>(`v1/coupons/${encodeURIComponent(code)}/apply`, { type: 'regular', getStripeCoupon: false });

export const removeCoupon = (): Call => apiClient.patch<CartEnvelope>('v1/coupons/unapply');

/** Spec §4: clearing all also clears the stored conference code, lowest product and user event id. */
export const KEYS_CLEARED_WITH_CART = ['conferenceCode', 'lowestProduct', 'userEventId'] as const;

export function forgetCartTies(): void {
  for (const key of KEYS_CLEARED_WITH_CART) {
    try {
      localStorage.removeItem(key);
    } catch {
      /* storage unavailable: nothing stored */
    }
  }
}
