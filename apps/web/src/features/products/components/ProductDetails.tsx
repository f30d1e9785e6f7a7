import { useId, useState, type ReactNode } from 'react';
import type { Product } from '@app/contract';
import { isInStock, shortDescriptionBullets } from '@app/contract/catalog-rules';
import type { Currency } from '@app/contract/money';
import { Button } from '../../../components/ui/Button.tsx';
import { KIND_LABEL, displayPrice } from '../price.ts';
import { ProductPrice } from './ProductPrice.tsx';
import { PLACEHOLDER_IMAGE } from './ProductCard.tsx';
import { ProductFacts } from './ProductFacts.tsx';
import './product-details.css';

export interface ProductDetailsProps {
  product: Product;
  currency: Currency;
  onAddToCart?: (product: Product) => void;
  /** Extra controls beside add to cart (the page puts the wishlist heart here). */
  buyActions?: ReactNode;
}

/**
 * A product's own page (spec §2.6 product display): images with the first shown, the short
 * description as bullets, the price with 2 decimals and the currency code (old price struck
 * through), availability with the stock rule, then the description and the facts.
 */
export function ProductDetails({ product, currency, onAddToCart, buyActions }: ProductDetailsProps) {
  const titleId = useId();
  const images = product.image.length > 0 ? product.image : [PLACEHOLDER_IMAGE];
  const [shown, setShown] = useState(0);
  const bullets = shortDescriptionBullets(product.shortDescription);
  const price = displayPrice(product, currency);
  const inStock = isInStock(product.actualStock);
  const country = product.countryName ?? product.country;

  return (
    <article className="product-details" aria-labelledby={titleId}>
      <div className="product-details__gallery">
        <div className="product-details__image">
          {/* The page's largest element: fetched early, and sized so nothing moves when it arrives. */}
          <img src={images[shown]} alt={product.name} width={800} height={600} fetchPriority="high" />
        </div>
        {images.length > 1 && (
          <ul className="product-details__thumbs" aria-label="More images">
            {images.map((image, index) => (
              <li key={image}>
                <button
                  type="button"
                  className="product-details__thumb"
                  aria-pressed={index === shown}
                  onClick={() => setShown(index)}
                >
                  <img src={image} alt="" width={96} height={72} loading="lazy" />
                  <span className="visually-hidden">
                    Show image {index + 1} of {images.length}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="product-details__summary">
        <p className="product-card__meta">
          <span className={`product-card__badge product-card__badge--${product.kind}`}>{KIND_LABEL[product.kind]}</span>
          {country && <span className="product-card__country">{country}</span>}
        </p>
        <h1 id={titleId} className="product-details__title">
          {product.name}
        </h1>

        <ProductPrice price={price} block="product-details" />

        <div className="product-details__buy">
          {inStock ? (
            <>
              <p className="product-card__stock" data-testid="product-availability">
                In Stock
              </p>
              <Button variant="primary" size="lg" onClick={() => onAddToCart?.(product)}>
                Add to cart
              </Button>
            </>
          ) : (
            <Button variant="secondary" size="lg" disabled>
              Out of Stock
            </Button>
          )}
          {buyActions}
        </div>

        {bullets.length > 0 && (
          <ul className="product-details__bullets">
            {bullets.map((bullet, index) => (
              <li key={index}>{bullet}</li>
            ))}
          </ul>
        )}
      </div>

      <div className="product-details__more">
        {product.description && (
          <section aria-labelledby={`${titleId}-about`}>
            <h2 id={`${titleId}-about`} className="product-details__heading">
              About this {product.kind === 'offset' ? 'project' : 'product'}
            </h2>
            {product.description.split(/\n+/).map((paragraph, index) => (
              <p key={index} className="product-details__text">
                {paragraph}
              </p>
            ))}
          </section>
        )}
        <ProductFacts product={product} headingId={`${titleId}-facts`} />
      </div>
    </article>
  );
}
