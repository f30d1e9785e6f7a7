import type { Cart } from '@app/contract/cart';
import { formatPrice } from '@app/contract/money';
import { isTonneUnit, pricePerUnit, quantityWithUnit } from '@app/contract/units';
import { Link } from 'react-router';
import { PLACEHOLDER_IMAGE } from '../../products/components/ProductCard.tsx';
import './cart.css';

/**
 * The cart as it will be ordered, read-only (checkout): every figure is the server's, in the
 * cart's currency; nothing is added up here.
 */
export function CartReview({ cart }: { cart: Cart }) {
  const money = (amount: number) => formatPrice(amount, cart.currency);
  return (
    <section className="cart-summary cart-review" aria-labelledby="cart-review-title">
      <div className="cart-review__head">
        <h2 id="cart-review-title" className="cart-summary__title">
          Order summary
        </h2>
        <Link to="/other/cart" className="cart-review__edit">
          Edit cart
        </Link>
      </div>
      <ul className="cart-review__lines" aria-label="Items in your order">
        {cart.products.map((line) => (
          <li key={line.cartItemId} className="cart-review__line" data-testid="checkout-line">
            <img className="cart-review__image" src={line.color?.image ?? line.product.image[0] ?? PLACEHOLDER_IMAGE} alt="" width={56} height={42} loading="lazy" decoding="async" />
            <div className="cart-review__info">
              <p className="cart-review__name">{line.product.name}</p>
              {line.color && line.size && <p className="cart-review__meta">{`${line.color.name}, ${line.size.name}`}</p>}
              <p className="cart-review__meta">
                {isTonneUnit(line.product.unit) ? quantityWithUnit(line.quantity, line.product.unit) : `Qty ${line.quantity}`} × {money(line.price)}
                {pricePerUnit(line.product.unit) ? ` ${pricePerUnit(line.product.unit)}` : ''}
              </p>
            </div>
            <p className="cart-review__total">{money(line.lineTotal)}</p>
          </li>
        ))}
      </ul>
      <dl className="cart-summary__rows">
        <div className="cart-summary__row">
          <dt>Subtotal</dt>
          <dd data-testid="checkout-subtotal">{money(cart.subTotal)}</dd>
        </div>
        {cart.coupon && (
          <div className="cart-summary__row cart-summary__row--discount">
            <dt>{cart.discountUnit === 'percent' && cart.couponValue !== null ? `Discount (${cart.coupon}, ${cart.couponValue}%)` : `Discount (${cart.coupon})`}</dt>
            <dd data-testid="checkout-discount">−{money(cart.discount)}</dd>
          </div>
        )}
        <div className="cart-summary__row cart-summary__row--total">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{money(cart.orderTotal)}</dd>
        </div>
      </dl>
      {cart.couponError && <p className="cart-summary__note cart-summary__note--warning">{cart.couponError}</p>}
    </section>
  );
}
