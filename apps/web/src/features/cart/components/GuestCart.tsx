import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/Button.tsx';
import { useToast } from '../../../components/ui/useToast.ts';
import { loginPath } from '../../auth/redirects.ts';
import { useDisplayCurrency } from '../../currency/currency-store.ts';
import { useProducts } from '../../products/api/use-catalog.ts';
import { setCartCount } from '../cart-count-store.ts';
import { forgetCartTies } from '../cart-calls.ts';
import { clearGuestCart, readGuestCart, setGuestLineQuantity } from '../guest-cart.ts';
import { guestCartView, type CartLineView } from '../guest-cart-view.ts';
import { CartLayout, CartLoadError, CartLoading } from './CartLayout.tsx';

/**
 * A guest's cart, kept in this browser. Prices are the catalog's, for display; coupons and
 * checkout need an account, where the server prices the cart (it is merged at login).
 */
export function GuestCart() {
  const toast = useToast();
  const currency = useDisplayCurrency();
  const [lines, setLines] = useState(readGuestCart);
  // The catalog prices the lines; an empty cart has none to price.
  const products = useProducts({ enabled: lines.length > 0 });

  function update(line: CartLineView, quantity: number, message: string) {
    setCartCount(setGuestLineQuantity(line.guest!, quantity));
    setLines(readGuestCart());
    toast.success(message);
  }

  if (lines.length > 0 && products.isPending) return <CartLoading />;
  if (lines.length > 0 && (products.isError || !products.data)) return <CartLoadError onRetry={() => void products.refetch()} />;
  const view = guestCartView(lines, products.data ?? [], currency);

  return (
    <CartLayout
      lines={view.lines}
      busyKey={null}
      onIncrease={(line) => update(line, line.quantity + 1, 'Quantity increased successfully')}
      onDecrease={(line) => update(line, line.quantity - 1, line.quantity <= 1 ? 'Item Removed from cart' : 'Item quantity decreased from cart')}
      onRemove={(line) => update(line, 0, 'Item Removed from cart')}
      onClear={() => {
        clearGuestCart();
        forgetCartTies();
        setCartCount(0);
        setLines([]);
        toast.success('Removed All From Cart');
      }}
      summary={
        <section className="cart-summary" aria-labelledby="cart-summary-title">
          <h2 id="cart-summary-title" className="cart-summary__title">
            Order summary
          </h2>
          <dl className="cart-summary__rows">
            <div className="cart-summary__row cart-summary__row--total">
              <dt>Subtotal</dt>
              <dd data-testid="cart-subtotal">{view.subTotal ?? 'Shown at checkout'}</dd>
            </div>
          </dl>
          <p className="cart-summary__note">Log in to use a coupon and check out; your cart comes with you.</p>
          <Link className={buttonClassName('primary', 'md', 'btn--full')} to={loginPath({ next: '/other/cart' })}>
            Log in to check out
          </Link>
        </section>
      }
    />
  );
}
