import { useCallback } from 'react';
import { emptyCatalogQuery } from '@app/contract/catalog-query';
import { useToast } from '../../components/ui/useToast.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { patchCart } from '../../features/cart/cart-api.ts';
import { setCartCount } from '../../features/cart/cart-count-store.ts';
import { planOffsetCart } from '../../features/carbon/state/offset-plan.ts';
import { getDisplayCurrency } from '../../features/currency/currency-store.ts';
import { getProductPage } from '../../features/products/api/get-products.ts';
import { ADDED_TO_CART, CART_FAILURE } from './use-add-to-cart.ts';

/**
 * "Fill my cart with offsets" on the carbon page (issue 10): the offset projects in stock,
 * lowest price first in the visitor's currency, planned into whole tonnes covering the gap,
 * added to the signed-in user's server cart in one call (the header's cart count follows). The app layer wires
 * the carbon, products and cart features together so they never import one another.
 */
export function useOffsetGap(): (gapKg: number) => Promise<void> {
  const toast = useToast();
  return useCallback(
    async (gapKg: number) => {
      try {
        const query = { ...emptyCatalogQuery(getDisplayCurrency()), kind: ['offset' as const], availability: ['inStock' as const], sort: 'price-asc' as const, page: 1, size: 100 };
        const { products } = await getProductPage(query);
        const plan = planOffsetCart(products, gapKg);
        if (plan.lines.length === 0) {
          toast.error('No offset projects are in stock right now. Please try again later.');
          return;
        }
        const response = await patchCart(plan.lines.map((line) => ({ product: line.product._id, quantity: line.quantity })));
        if (!response.ok || !response.data?.data) {
          if (response.status !== 401) toast.error(response.data?.code === 'CART_OUT_OF_STOCK' ? errorMessage(response, CART_FAILURE) : CART_FAILURE);
          return;
        }
        setCartCount(response.data.data.itemCount);
        toast.success(plan.tonnesCovered < plan.tonnesNeeded ? `${ADDED_TO_CART}: ${plan.tonnesCovered} of ${plan.tonnesNeeded} t (that is all in stock)` : ADDED_TO_CART);
      } catch {
        toast.error(CART_FAILURE);
      }
    },
    [toast],
  );
}
