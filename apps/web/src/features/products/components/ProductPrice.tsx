import { pricePerUnit } from '@app/contract/units';
import type { displayPrice } from '../price.ts';

export interface ProductPriceProps {
  price: ReturnType<typeof displayPrice>;
  /** The block's class prefix: the card and the product page style their prices apart. */
  block: 'product-card' | 'product-details';
  /** The product's unit ("tonne CO2e" for offsets): shown as "per tonne CO₂e" (issue 26.10). */
  unit?: string;
}

/**
 * A product's price as spec §2.6 shows it: the amount with 2 decimals and the currency code,
 * the old price struck through when there is one, and screen-reader words for both.
 */
export function ProductPrice({ price, block, unit }: ProductPriceProps) {
  const per = pricePerUnit(unit);
  return (
    <p className={`${block}__price`}>
      {price ? (
        <>
          <span className="visually-hidden">Price: </span>
          <span className={`${block}__price-current`} data-testid="product-price">
            {price.price}
          </span>
          {per && <span className={`${block}__price-unit`}> {per}</span>}
          {price.oldPrice && (
            <s className={`${block}__price-old`} data-testid="product-old-price">
              <span className="visually-hidden">Previous price: </span>
              {price.oldPrice}
            </s>
          )}
        </>
      ) : (
        <span className="product-card__price-missing">Price on request</span>
      )}
    </p>
  );
}
