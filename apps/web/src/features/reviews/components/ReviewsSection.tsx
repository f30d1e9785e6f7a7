import { Suspense, lazy, useEffect, useState } from 'react';
import type { Product } from '@app/contract';
import { RatingStars, formatRating, reviewCountLabel } from './RatingStars.tsx';
import { ReviewsLoading } from './ReviewsLoading.tsx';
import './reviews.css';

/**
 * The list and the form need zod and TanStack Query; the product page's first load must not.
 * They are fetched after hydration, once the page is interactive.
 */
const ReviewsPanel = lazy(() => import('./ReviewsPanel.tsx').then((module) => ({ default: module.ReviewsPanel })));

export interface ReviewsSectionProps {
  product: Pick<Product, 'id' | 'name' | 'averageRating' | 'reviewCount'>;
  /** Called after the signed-in user adds or edits a review, so the page can refresh the product's average. */
  onReviewChanged?: () => void;
}

/**
 * "Reviews" on a product page. The server renders the heading and the average and count the
 * product carries; the browser then loads the list and, for buyers, the form.
 */
export function ReviewsSection({ product, onReviewChanged }: ReviewsSectionProps) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  return (
    <section id="reviews" className="reviews" aria-labelledby="reviews-title">
      <div className="reviews__header">
        <h2 id="reviews-title" className="product-details__heading">
          Reviews
        </h2>
        {product.averageRating !== null && product.reviewCount > 0 ? (
          <p className="reviews__average" data-testid="reviews-average">
            <RatingStars rating={product.averageRating} size="lg" />
            <span className="reviews__average-number">{formatRating(product.averageRating)}</span>
            <span className="reviews__average-count">
              {reviewCountLabel(product.reviewCount)}
            </span>
          </p>
        ) : (
          <p className="reviews__average reviews__average--empty">No reviews yet</p>
        )}
      </div>
      {hydrated ? (
        <Suspense fallback={<ReviewsLoading />}>
          <ReviewsPanel product={product} onReviewChanged={onReviewChanged} />
        </Suspense>
      ) : (
        <ReviewsLoading />
      )}
    </section>
  );
}
