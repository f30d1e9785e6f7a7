import { useId, useState, type FormEvent } from 'react';
import type { Cart } from '@app/contract/cart';
import { CARD_CHARGE_MIN_MINOR } from '@app/contract/cart-rules';
import { formatPrice, minorToMajor } from '@app/contract/money';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/Button.tsx';

export interface CartSummaryProps {
  cart: Cart;
  busy: boolean;
  /** Answers null when applied, else the reason, shown under the field. */
  onApplyCoupon: (code: string) => Promise<string | null>;
  onRemoveCoupon: () => void;
}

/** Totals as the server computed them, and the coupon entry (one coupon per cart). */
export function CartSummary({ cart, busy, onApplyCoupon, onRemoveCoupon }: CartSummaryProps) {
  const money = (amount: number) => formatPrice(amount, cart.currency);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) return;
    const problem = await onApplyCoupon(trimmed);
    setRefusal(problem);
    if (!problem) setCode('');
  }

  const discountLabel = cart.discountUnit === 'percent' && cart.couponValue !== null ? `Discount (${cart.coupon}, ${cart.couponValue}%)` : `Discount (${cart.coupon})`;

  return (
    <section className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className="cart-summary__title">
        Order summary
      </h2>
      <dl className="cart-summary__rows">
        <div className="cart-summary__row">
          <dt>Subtotal</dt>
          <dd data-testid="cart-subtotal">{money(cart.subTotal)}</dd>
        </div>
        {cart.coupon && (
          <div className="cart-summary__row cart-summary__row--discount">
            <dt>{discountLabel}</dt>
            <dd data-testid="cart-discount">−{money(cart.discount)}</dd>
          </div>
        )}
        <div className="cart-summary__row cart-summary__row--total">
          <dt>Total</dt>
          <dd data-testid="cart-total">{money(cart.orderTotal)}</dd>
        </div>
      </dl>
      {cart.couponError && <p className="cart-summary__note cart-summary__note--warning">{cart.couponError}</p>}
      {!cart.orderTotalWithinStripeRange && cart.orderTotalMinor > 0 && (
        <p className="cart-summary__note cart-summary__note--warning">
          Card payments start at {money(minorToMajor(CARD_CHARGE_MIN_MINOR[cart.currency], cart.currency))}; please add a little more to your cart.
        </p>
      )}

      {cart.coupon && (
        <div className="cart-coupon cart-coupon--applied">
          <p>
            Coupon <strong>{cart.coupon}</strong> applied
          </p>
          <Button variant="link" size="sm" onClick={onRemoveCoupon} disabled={busy}>
            Remove coupon
          </Button>
        </div>
      )}
      {/* Always there: a second code replaces the first (one coupon per cart). */}
      <form className="cart-coupon" onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="cart-coupon__label">
          Coupon code
        </label>
        <div className="cart-coupon__row">
          <input
            id={inputId}
            className="cart-coupon__input"
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              if (refusal) setRefusal(null);
            }}
            maxLength={40}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? errorId : undefined}
          />
          <Button type="submit" variant="secondary" loading={busy} disabled={!code.trim()}>
            {cart.coupon ? 'Replace' : 'Apply'}
          </Button>
        </div>
        {refusal && (
          <p id={errorId} className="field__error cart-coupon__error" role="alert" data-testid="coupon-error">
            {refusal}
          </p>
        )}
      </form>
      {cart.orderTotalWithinStripeRange && (
        <Link className={buttonClassName('primary', 'md', 'btn--full cart-summary__checkout')} to="/other/checkout">
          Proceed to checkout
        </Link>
      )}
    </section>
  );
}
