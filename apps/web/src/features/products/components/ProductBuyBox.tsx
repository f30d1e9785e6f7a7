import { useState, type ReactNode } from 'react';
import type { Product } from '@app/contract';
import { Button } from '../../../components/ui/Button.tsx';
import { availableStock, chooseColor, initialChoice, type VariationChoice } from '../variation-choice.ts';
import { QuantityStepper } from './QuantityStepper.tsx';
import { VariationPicker } from './VariationPicker.tsx';

/** What the add-to-cart call receives from the product page (shared-contracts: useAddToCart). */
export interface CartChoice {
  quantity: number;
  colorId?: string;
  sizeId?: string;
}

export type AddToCart = (product: Product, choice: CartChoice) => void | Promise<void>;

/** Few enough left to say how many. */
const LOW_STOCK = 10;

/**
 * The buying controls: color and size, availability of that choice, quantity bounded by its
 * stock, and add to cart. Spec §2.6: at actualStock ≤ 0 the button reads 'Out of Stock' and is
 * disabled; otherwise availability reads 'In Stock'. A chosen color whose sizes are all sold
 * out is out of stock too.
 */
export function ProductBuyBox({ product, onAddToCart, actions, onColor }: { product: Product; onAddToCart?: AddToCart; actions?: ReactNode; onColor?: (colorId: string | undefined) => void }) {
  const [choice, setChoice] = useState<VariationChoice>(() => initialChoice(product));
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const stock = availableStock(product, choice);
  const inStock = stock > 0;
  const bounded = Math.min(quantity, Math.max(1, stock));

  const change = (next: VariationChoice) => {
    setChoice(next);
    if (next.colorId !== choice.colorId) onColor?.(next.colorId);
    // Keep the quantity within the new choice's stock.
    setQuantity((current) => Math.min(current, Math.max(1, availableStock(product, next))));
  };

  const add = async () => {
    if (!onAddToCart || !inStock) return;
    setAdding(true);
    try {
      await onAddToCart(product, { quantity: bounded, colorId: choice.colorId, sizeId: choice.sizeId });
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className="product-details__buy">
      <VariationPicker
        product={product}
        choice={choice}
        onColor={(colorId) => change(chooseColor(product, choice, colorId))}
        onSize={(sizeId) => change({ ...choice, sizeId })}
      />
      <p className="product-details__availability" aria-live="polite">
        {inStock ? (
          <>
            <span className="product-card__stock" data-testid="product-availability">
              In Stock
            </span>
            {stock <= LOW_STOCK && <span className="product-details__stock-left"> · only {stock} left</span>}
          </>
        ) : (
          <span className="product-details__sold-out" data-testid="product-availability">
            {product.variation.length > 0 && product.actualStock > 0 ? 'Out of Stock in this color' : 'Out of Stock'}
          </span>
        )}
      </p>
      <div className="product-details__cart-row">
        {inStock && <QuantityStepper value={bounded} max={stock} onChange={setQuantity} />}
        {inStock ? (
          <Button variant="primary" size="lg" onClick={() => void add()} loading={adding}>
            Add to cart
          </Button>
        ) : (
          <Button variant="secondary" size="lg" disabled>
            Out of Stock
          </Button>
        )}
        {actions}
      </div>
    </div>
  );
}
