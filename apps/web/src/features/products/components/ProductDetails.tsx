import { useId, useState, type ReactNode } from 'react';
import type { Product } from '@app/contract';
import { shortDescriptionBullets } from '@app/contract/catalog-rules';
import type { Currency } from '@app/contract/money';
import { KIND_LABEL, displayPrice } from '../price.ts';
import { initialChoice } from '../variation-choice.ts';
import { ProductBuyBox, type AddToCart } from './ProductBuyBox.tsx';
import { ProductFacts } from './ProductFacts.tsx';
import { ProductGallery } from './ProductGallery.tsx';
import { ProductPrice } from './ProductPrice.tsx';
import './product-details.css';

export interface ProductDetailsProps {
  product: Product;
  currency: Currency;
  onAddToCart?: AddToCart;
  /** Shown under the title: the rating summary (the page passes it in; features do not import each other). */
  rating?: ReactNode;
  /** The reviews section, shown after the details. */
  reviews?: ReactNode;
  /** Extra controls beside add to cart (the page puts the wishlist heart here). */
  buyActions?: ReactNode;
}

/**
 * A product's own page (spec §2.6 product display): the gallery, the short description as
 * bullets, the price with 2 decimals and the currency code (old price struck through), color,
 * size and quantity with availability following the choice, then the description, the facts
 * and the reviews.
 */
export function ProductDetails({ product, currency, onAddToCart, rating, reviews, buyActions }: ProductDetailsProps) {
  const titleId = useId();
  const bullets = shortDescriptionBullets(product.shortDescription);
  const price = displayPrice(product, currency);
  const country = product.countryName ?? product.country;
  // The picked colour's photo leads the gallery (issue 26: choosing a colour did not change it).
  const [colorId, setColorId] = useState(() => initialChoice(product).colorId);
  const color = product.variation.find((c) => c._id === colorId);

  return (
    <article className="product-details" aria-labelledby={titleId}>
      <ProductGallery images={product.image} name={product.name} selected={color?.image ?? null} selectedLabel={color ? `${product.name} in ${color.name}` : undefined} />

      <div className="product-details__summary">
        <p className="product-card__meta">
          <span className={`product-card__badge product-card__badge--${product.kind}`}>{KIND_LABEL[product.kind]}</span>
          {country && <span className="product-card__country">{country}</span>}
        </p>
        <h1 id={titleId} className="product-details__title">
          {product.name}
        </h1>
        {rating}

        <ProductPrice price={price} block="product-details" unit={product.unit} />

        {bullets.length > 0 && (
          <ul className="product-details__bullets">
            {bullets.map((bullet, index) => (
              <li key={index}>{bullet}</li>
            ))}
          </ul>
        )}

        <ProductBuyBox product={product} onAddToCart={onAddToCart} actions={buyActions} onColor={setColorId} />
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

      {reviews && <div className="product-details__reviews">{reviews}</div>}
    </article>
  );
}
