import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@app/contract/cart';
import { formatPrice } from '@app/contract/money';
import { useToast } from '../../../components/ui/useToast.ts';
import { errorMessage, type ApiResponse } from '../../../lib/api-client.ts';
import { useDisplayCurrency } from '../../currency/currency-store.ts';
import { setCartCount } from '../cart-count-store.ts';
import { CART_QUERY_KEY, applyCoupon, clearCart, forgetCartTies, loadCart, removeCartLine, removeCoupon, repriceCart, setLineQuantity, type CartEnvelope } from '../cart-calls.ts';
import type { CartLineView } from '../guest-cart-view.ts';
import { CartLayout, CartLoadError, CartLoading } from './CartLayout.tsx';
import { CartSummary } from './CartSummary.tsx';

const FAILURE = 'Please try after sometime';

function toLines(cart: Cart): CartLineView[] {
  return cart.products.map((line) => ({
    key: line.cartItemId,
    cartItemId: line.cartItemId,
    productId: line.product._id,
    name: line.product.name,
    slug: line.product.slug,
    image: line.color?.image ?? line.product.image[0] ?? null,
    variation: line.color && line.size ? `${line.color.name}, ${line.size.name}` : null,
    quantity: line.quantity,
    unit: line.product.unit,
    inStock: line.inStock,
    price: formatPrice(line.price, cart.currency),
    lineTotal: formatPrice(line.lineTotal, cart.currency),
  }));
}

/** The server cart: every change answers the priced cart, which replaces what is shown. */
export function SignedInCart() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const displayCurrency = useDisplayCurrency();
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const query = useQuery({
    queryKey: CART_QUERY_KEY,
    queryFn: loadCart,
  });
  const cart = query.data;
  useEffect(() => {
    if (cart) setCartCount(cart.itemCount);
  }, [cart]);

  /** Runs one change; shows the success toast or the server's message (else `failure`). */
  async function change(key: string, call: () => Promise<ApiResponse<CartEnvelope>>, success: string | ((answer: CartEnvelope) => string) | null, failure = FAILURE): Promise<boolean> {
    setBusyKey(key);
    try {
      const response = await call();
      const answer = response.data;
      if (response.ok && answer?.data) {
        queryClient.setQueryData(CART_QUERY_KEY, answer.data);
        setCartCount(answer.data.itemCount);
        const text = typeof success === 'function' ? success(answer) : success;
        if (text) toast.success(text);
        return true;
      }
      if (response.status !== 401) toast.error(response.status >= 500 ? failure : errorMessage(response, failure));
      return false;
    } catch {
      toast.error(failure);
      return false;
    } finally {
      setBusyKey(null);
    }
  }

  /** A coupon: its refusal is shown beside the field (issue 26), not as a toast. */
  async function applyCouponCode(code: string): Promise<string | null> {
    setBusyKey('coupon');
    try {
      const response = await applyCoupon(code);
      if (response.ok && response.data?.data) {
        queryClient.setQueryData(CART_QUERY_KEY, response.data.data);
        toast.success(response.data.message ?? 'Coupon applied');
        return null;
      }
      return response.status >= 500 ? FAILURE : errorMessage(response, FAILURE);
    } catch {
      return FAILURE;
    } finally {
      setBusyKey(null);
    }
  }

  // Prices follow the currency picked in the header: the server re-prices the cart once per change of it.
  const repricedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!cart || cart.currency === displayCurrency || repricedFor.current === displayCurrency) return;
    repricedFor.current = displayCurrency;
    void change('currency', () => repriceCart(displayCurrency), null);
    // Reacts to the two currencies only: `change` is recreated every render.
  }, [cart?.currency, displayCurrency]);

  if (query.isPending) return <CartLoading />;
  if (query.isError || !cart) return <CartLoadError onRetry={() => void query.refetch()} />;

  return (
    <CartLayout
      lines={toLines(cart)}
      busyKey={busyKey}
      onIncrease={(line) => void change(line.key, () => setLineQuantity(line.productId, line.cartItemId!, line.quantity + 1), 'Quantity increased successfully')}
      onDecrease={(line) =>
        void change(line.key, () => setLineQuantity(line.productId, line.cartItemId!, line.quantity - 1), line.quantity <= 1 ? 'Item Removed from cart' : 'Item quantity decreased from cart')
      }
      onRemove={(line) => void change(line.key, () => removeCartLine(line.cartItemId!), 'Item Removed from cart', 'Error while removing item from cart')}
      onClear={() =>
        void change('all', clearCart, 'Removed All From Cart', 'Error while removing item from cart').then((ok) => {
          if (ok) forgetCartTies();
        })
      }
      summary={
        <CartSummary
          cart={cart}
          busy={busyKey === 'coupon'}
          onApplyCoupon={applyCouponCode}
          onRemoveCoupon={() => void change('coupon', removeCoupon, 'Coupon removed')}
        />
      }
    />
  );
}
