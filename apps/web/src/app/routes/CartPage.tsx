import { CartView } from '../../features/cart/components/CartView.tsx';

/** /other/cart (spec §2): the cart, its totals and the coupon. */
export function CartPage() {
  return (
    <div className="container cart-page">
      <title>Your cart — Carbonwise</title>
      <h1 className="cart-page__title">Your cart</h1>
      <CartView />
    </div>
  );
}
