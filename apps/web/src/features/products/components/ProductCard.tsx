import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '@app/contract';
import { isInStock, shortDescriptionBullets } from '@app/contract/catalog-rules';
import type { Currency } from '@app/contract/money';
import { Button } from '../../../components/ui/Button.tsx';
import { KIND_LABEL, displayPrice } from '../price.ts';
import { ProductPrice } from './ProductPrice.tsx';
import { WishlistHeart } from '../../wishlist/components/WishlistHeart.tsx';
import { CompareToggle } from '../../compare/components/CompareToggle.tsx';
import './product-card.css';

export const PLACEHOLDER_IMAGE = '/placeholder-product.svg';

export interface ProductCardProps {
  product: Product;
  /** The display currency; the card shows that priceList entry. */
  currency: Currency;
  onAddToCart?: (product: Product) => void;
}

/**
 * A product in a list, exactly as spec §2.6 describes it: first image, short description as
 * bullets, price with 2 decimals and the currency code, and the stock rule (actualStock ≤ 0 →
 * a disabled 'Out of Stock' button; otherwise 'In Stock' and an enabled add-to-cart button).
 */
export function ProductCard({ product, currency, onAddToCart }: ProductCardProps) {
  const titleId = useId();
  const [imageFailed, setImageFailed] = useState(false);
  const href = `/products/${product.slug}`;
  const image = !imageFailed && product.image[0] ? product.image[0] : PLACEHOLDER_IMAGE;
  const bullets = shortDescriptionBullets(product.shortDescription);
  const price = displayPrice(product, currency);
  const inStock = isInStock(product.actualStock);
  const country = product.countryName ?? product.country;

  return (
    <article className="product-card" aria-labelledby={titleId} data-testid="product-card">
      <div className="product-card__media">
        {/* Fixed width/height plus the CSS aspect-ratio box: no layout shift while images load. */}
        <img
          src={image}
          alt={product.name}
          width={400}
          height={300}
          loading="lazy"
          decoding="async"
          onError={() => setImageFailed(true)}
        />
      </div>
      {/* Above the stretched title link, so they stay their own buttons. */}
      <div className="product-card__tools">
        <WishlistHeart product={product} />
        <CompareToggle product={product} />
      </div>

      <div className="product-card__body">
        <p className="product-card__meta">
          <span className={`product-card__badge product-card__badge--${product.kind}`}>{KIND_LABEL[product.kind]}</span>
          {country && <span className="product-card__country">{country}</span>}
        </p>

        <h3 className="product-card__title" id={titleId}>
          {/* The title link stretches over the card, so the image is clickable without a second tab stop. */}
          <Link to={href} className="product-card__link">
            {product.name}
          </Link>
        </h3>

        {bullets.length > 0 && (
          <ul className="product-card__bullets">
            {bullets.map((bullet, index) => (
              <li key={index}>{bullet}</li>
            ))}
          </ul>
        )}

        <div className="product-card__footer">
          <ProductPrice price={price} block="product-card" unit={product.unit} />

          {inStock ? (
            <>
              <p className="product-card__stock" data-testid="product-availability">
                In Stock
              </p>
              <Button
                variant="primary"
                fullWidth
                className="product-card__action"
                aria-describedby={titleId}
                onClick={() => onAddToCart?.(product)}
              >
                Add to cart
              </Button>
            </>
          ) : (
            <Button variant="secondary" fullWidth disabled className="product-card__action" aria-describedby={titleId}>
              Out of Stock
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
