import { useCallback } from 'react';
import type { Product } from '@app/contract';
import { useToast } from '../../components/ui/useToast.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { setCartCount } from '../../features/cart/cart-count-store.ts';
import { patchCart } from '../../features/cart/cart-api.ts';
import { getSession } from '../../features/session/session-store.ts';

export interface AddToCartChoice {
  quantity?: number;
  colorId?: string;
  sizeId?: string;
}

/**
 * The color and size to add: the caller's choice, else (spec §4, as compare's add to cart) the
 * first color and first size — the first that has stock, so a sold-out first size does not block
 * a product that is otherwise available.
 */
export function chooseVariation(product: Product, choice: AddToCartChoice): { color?: string; size?: string } {
  if (product.variation.length === 0) return {};
  if (choice.colorId && choice.sizeId) return { color: choice.colorId, size: choice.sizeId };
  const colors = choice.colorId ? product.variation.filter((c) => c._id === choice.colorId) : product.variation;
  for (const color of colors) {
    const size = color.sizes.find((s) => s.stock > 0);
    if (size) return { color: color._id, size: size._id };
  }
  return { color: colors[0]?._id, size: colors[0]?.sizes[0]?._id };
}

export const ADDED_TO_CART = 'Added to cart Successfully';
export const CART_FAILURE = 'Please try after sometime';

/**
 * Adding to the cart from any shop page (the one way in, shared-contracts). Signed in: the server
 * cart (PATCH v1/carts), and the header count from its answer. Guest: the browser cart, merged
 * into the account at login. A product with colors and sizes, added without a choice, takes the
 * first color and its first size (spec §4, as compare's add to cart does). Toasts are spec §8's;
 * a stock refusal shows the server's message, which names the product and what is left.
 */
export function useAddToCart(): (product: Product, choice?: AddToCartChoice) => Promise<void> {
  const toast = useToast();
  return useCallback(
    async (product: Product, choice: AddToCartChoice = {}) => {
      const quantity = choice.quantity ?? 1;
      const { color, size } = chooseVariation(product, choice);

      if (!getSession().isLoggedIn) {
        // The guest cart's rules load on the first add, not with every page.
        const { addToGuestCart } = await import('../../features/cart/guest-cart-add.ts');
        const result = addToGuestCart(product, { quantity, color, size });
        if (result.ok) {
          setCartCount(result.count);
          toast.success(ADDED_TO_CART);
        } else toast.error(result.message);
        return;
      }

      try {
        const response = await patchCart([{ product: product._id, quantity, ...(color ? { color } : {}), ...(size ? { size } : {}) }]);
        if (response.ok && response.data?.data) {
          setCartCount(response.data.data.itemCount);
          toast.success(ADDED_TO_CART);
        } else if (response.status !== 401) {
          // 401 is the forced logout the API client already handles.
          toast.error(response.data?.code === 'CART_OUT_OF_STOCK' ? errorMessage(response, CART_FAILURE) : CART_FAILURE);
        }
      } catch {
        toast.error(CART_FAILURE);
      }
    },
    [toast],
  );
}
