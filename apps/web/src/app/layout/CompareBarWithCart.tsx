import { CompareBar } from '../../features/compare/components/CompareBar.tsx';
import { useAddToCart } from '../routes/use-add-to-cart.ts';

/**
 * The compare bar wired to the cart (the app layer joins the two features). Its own chunk with
 * the add-to-cart code, loaded only while the compare list holds something, so pages that never
 * compare do not carry either in their first load.
 */
export function CompareBarWithCart() {
  const addToCart = useAddToCart();
  return <CompareBar onAddToCart={addToCart} />;
}
