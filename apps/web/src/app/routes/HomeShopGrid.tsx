import type { ProductKindFilter } from '../../features/products/components/ProductCatalog.tsx';
import { ProductCatalog } from '../../features/products/components/ProductCatalog.tsx';
import { useDisplayCurrency } from '../../features/currency/currency-store.ts';
import { useAddToCart } from './use-add-to-cart.ts';

/**
 * The home page's "Shop all" grid, wired to the currency and the cart here rather than through
 * props, so the lazy section around it (HomePage.tsx) receives only `kind`: a currency change
 * while its code is still loading then cannot force React to drop the server's markup.
 */
export function HomeShopGrid({ kind }: { kind: ProductKindFilter }) {
  const currency = useDisplayCurrency();
  const handleAddToCart = useAddToCart();
  return <ProductCatalog kind={kind} currency={currency} onAddToCart={handleAddToCart} />;
}
