import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/Button.tsx';
import { Skeleton } from '../../../components/ui/Skeleton.tsx';
import type { CartLineView } from '../guest-cart-view.ts';
import { CartImpact } from './CartImpact.tsx';
import { CartLines } from './CartLines.tsx';
import './cart.css';

export interface CartLayoutProps {
  lines: CartLineView[];
  busyKey: string | null;
  onIncrease: (line: CartLineView) => void;
  onDecrease: (line: CartLineView) => void;
  onRemove: (line: CartLineView) => void;
  onClear: () => void;
  summary: ReactNode;
}

/** The cart page body: lines beside the summary, or the empty state. */
export function CartLayout({ lines, busyKey, onIncrease, onDecrease, onRemove, onClear, summary }: CartLayoutProps) {
  if (lines.length === 0) return <CartEmpty />;
  return (
    <div className="cart-layout">
      <div className="cart-layout__lines">
        <CartLines lines={lines} busyKey={busyKey} onIncrease={onIncrease} onDecrease={onDecrease} onRemove={onRemove} />
        <CartImpact lines={lines} />
        <Button variant="link" size="sm" className="cart-layout__clear" onClick={onClear} disabled={busyKey !== null}>
          Remove all
        </Button>
      </div>
      <aside className="cart-layout__summary">{summary}</aside>
    </div>
  );
}

export function CartEmpty() {
  return (
    <div className="cart-empty" data-testid="cart-empty">
      <p className="cart-empty__title">Your cart is empty</p>
      <p className="cart-empty__text">Offset projects and sustainable goods are waiting in the shop.</p>
      <Link className={buttonClassName('primary')} to="/products">
        Browse the shop
      </Link>
    </div>
  );
}

export function CartLoading() {
  return (
    <div className="cart-layout" role="status" aria-label="Loading your cart">
      <div className="cart-layout__lines">
        {[0, 1].map((i) => (
          <Skeleton key={i} height={96} radius="var(--radius-md)" className="cart-skeleton" />
        ))}
      </div>
      <Skeleton height={220} radius="var(--radius-md)" />
    </div>
  );
}

export function CartLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="cart-empty" role="alert">
      <p className="cart-empty__title">Your cart could not be loaded</p>
      <p className="cart-empty__text">Please check your connection and try again.</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
