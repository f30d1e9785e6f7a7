import type { Product } from '@app/contract';
import { RatingStars, formatRating, reviewCountLabel } from './RatingStars.tsx';

/**
 * The average and count a product carries (server-rendered with the page, no request): stars,
 * the number and a link down to the reviews.
 */
export function RatingSummary({ product, href = '#reviews' }: { product: Pick<Product, 'averageRating' | 'reviewCount'>; href?: string }) {
  if (product.averageRating === null || product.reviewCount === 0) {
    return (
      <p className="rating-summary">
        <a href={href} className="rating-summary__link">
          No reviews yet
        </a>
      </p>
    );
  }
  return (
    <p className="rating-summary" data-testid="rating-summary">
      <RatingStars rating={product.averageRating} />
      <span className="rating-summary__number" aria-hidden="true">
        {formatRating(product.averageRating)}
      </span>
      <a href={href} className="rating-summary__link">
        {reviewCountLabel(product.reviewCount)}
      </a>
    </p>
  );
}
