import type { Cart } from '@app/contract/cart';
import type { Currency } from '@app/contract/money';
import { apiClient, errorMessage, type ApiResponse } from '../../lib/api-client.ts';
import { guestCartMerged } from './cart-sync.ts';

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

/** The server cart, after any guest cart still waiting (sign-in just now, or interrupted) has joined the account. */
export async function loadCart(): Promise<Cart> {
  await guestCartMerged();
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
