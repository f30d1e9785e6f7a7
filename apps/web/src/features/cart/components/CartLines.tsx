import { Link } from 'react-router';
import { PLACEHOLDER_IMAGE } from '../../products/components/ProductCard.tsx';
import { isTonneUnit, lineImpact, pricePerUnit } from '@app/contract/units';
import type { CartLineView } from '../guest-cart-view.ts';

export interface CartLinesProps {
  lines: CartLineView[];
  /** The line whose change is in flight: its controls wait. */
  busyKey: string | null;
  onIncrease: (line: CartLineView) => void;
  onDecrease: (line: CartLineView) => void;
  onRemove: (line: CartLineView) => void;
}

/** The cart's lines: image, name, variation, unit price, quantity controls and line total. */
export function CartLines({ lines, busyKey, onIncrease, onDecrease, onRemove }: CartLinesProps) {
  return (
    <ul className="cart-lines" aria-label="Items in your cart">
      {lines.map((line) => {
        const busy = busyKey === line.key;
        const atStock = line.quantity >= line.inStock;
        return (
          <li key={line.key} className="cart-line" data-testid="cart-line" aria-busy={busy || undefined}>
            <img className="cart-line__image" src={line.image ?? PLACEHOLDER_IMAGE} alt="" width={96} height={72} loading="lazy" decoding="async" />
            <div className="cart-line__info">
              <Link className="cart-line__name" to={`/products/${line.slug}`}>
                {line.name}
              </Link>
              {line.variation && <p className="cart-line__variation">{line.variation}</p>}
              <p className="cart-line__price">
                {line.price} {pricePerUnit(line.unit) ?? 'each'}
              </p>
              {lineImpact(line.quantity, line.unit) && <p className="cart-line__impact">{lineImpact(line.quantity, line.unit)}</p>}
              {line.quantity > line.inStock && <p className="cart-line__warning">Only {line.inStock} left in stock</p>}
            </div>
            <div className="cart-line__quantity" role="group" aria-label={`Quantity of ${line.name}`}>
              <button type="button" className="cart-line__step" aria-label={`Decrease quantity of ${line.name}`} disabled={busy} onClick={() => onDecrease(line)}>
                −
              </button>
              <output className="cart-line__count" aria-live="polite" data-testid="cart-line-quantity">
                {line.quantity}
              </output>
              {isTonneUnit(line.unit) && <span className="cart-line__unit">t</span>}
              <button
                type="button"
                className="cart-line__step"
                aria-label={`Increase quantity of ${line.name}`}
                disabled={busy || atStock}
                title={atStock ? 'No more in stock' : undefined}
                onClick={() => onIncrease(line)}
              >
                +
              </button>
            </div>
            <p className="cart-line__total" data-testid="cart-line-total">
              {line.lineTotal}
            </p>
            <button type="button" className="cart-line__remove" disabled={busy} onClick={() => onRemove(line)}>
              Remove<span className="visually-hidden"> {line.name}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
