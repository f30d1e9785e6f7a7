import { emptyCatalogQuery } from '@app/contract/catalog-query';
import type { useToast } from '../../components/ui/useToast.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { patchCart } from '../../features/cart/cart-api.ts';
import { setCartCount } from '../../features/cart/cart-count-store.ts';
import { guestCartCount } from '../../features/cart/guest-cart.ts';
import type { OffsetActions, OffsetQuote } from '../../features/carbon/components/OffsetOffer.tsx';
import { planOffsetCart } from '../../features/carbon/state/offset-plan.ts';
import { getDisplayCurrency } from '../../features/currency/currency-store.ts';
import { getProductPage } from '../../features/products/api/get-products.ts';
import { getSession } from '../../features/session/session-store.ts';
import { ADDED_TO_CART, CART_FAILURE } from './use-add-to-cart.ts';

/**
 * "Offset this" on the carbon page (issues 10, 26), for visitors and signed-in people alike: the
 * offset projects in stock, lowest price first in the visitor's currency, planned into whole
 * tonnes covering the gap and priced from the catalog before anything is added; then added to the
 * server cart in one call, or to a guest's browser cart. The app layer wires the carbon, products
 * and cart features together so they never import one another.
 */
export function offsetActions(toast: ReturnType<typeof useToast>): OffsetActions {
  return {
    async quote(gapKg) {
      try {
        const currency = getDisplayCurrency();
        const query = { ...emptyCatalogQuery(currency), kind: ['offset' as const], availability: ['inStock' as const], sort: 'price-asc' as const, page: 1, size: 100 };
        const { products } = await getProductPage(query);
        const plan = planOffsetCart(products, gapKg);
        const priced = plan.lines.filter((line) => line.product.priceList.some((entry) => entry.currency === currency));
        const totalMinor = priced.reduce((sum, line) => sum + line.quantity * line.product.priceList.find((entry) => entry.currency === currency)!.priceMinor, 0);
        return { ...plan, lines: priced, tonnesCovered: priced.reduce((sum, line) => sum + line.quantity, 0), totalMinor, currency } satisfies OffsetQuote;
      } catch {
        toast.error(CART_FAILURE);
        return null;
      }
    },
    async fill(quote) {
      try {
        if (!getSession().isLoggedIn) {
          const { addToGuestCart } = await import('../../features/cart/guest-cart-add.ts');
          for (const line of quote.lines) {
            const added = addToGuestCart(line.product, { quantity: line.quantity });
            if (!added.ok) {
              toast.error(added.message);
              return false;
            }
          }
          setCartCount(guestCartCount());
          toast.success(ADDED_TO_CART);
          return true;
        }
        const response = await patchCart(quote.lines.map((line) => ({ product: line.product._id, quantity: line.quantity })));
        if (!response.ok || !response.data?.data) {
          if (response.status !== 401) toast.error(response.data?.code === 'CART_OUT_OF_STOCK' ? errorMessage(response, CART_FAILURE) : CART_FAILURE);
          return false;
        }
        setCartCount(response.data.data.itemCount);
        toast.success(ADDED_TO_CART);
        return true;
      } catch {
        toast.error(CART_FAILURE);
        return false;
      }
    },
  };
}
