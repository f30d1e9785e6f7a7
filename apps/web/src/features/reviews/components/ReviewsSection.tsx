import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import type { Product } from '@app/contract';
import { RatingStars, formatRating, reviewCountLabel } from './RatingStars.tsx';
import { ReviewsLoading } from './ReviewsLoading.tsx';
import './reviews.css';

/**
 * The list and the form need zod and TanStack Query; the product page's first load must not.
 * They are fetched once the section comes near the viewport (issue 26 item 20: fetched and run
 * straight after hydration, they were most of the product page's blocking time on a phone).
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
  const [near, setNear] = useState(false);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = section.current;
    if (!element || typeof IntersectionObserver === 'undefined' || window.location.hash === '#reviews') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setNear(true);
        observer.disconnect();
      }
    }, { rootMargin: '400px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <section id="reviews" className="reviews" aria-labelledby="reviews-title" ref={section}>
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
      {near ? (
        <Suspense fallback={<ReviewsLoading />}>
          <ReviewsPanel product={product} onReviewChanged={onReviewChanged} />
        </Suspense>
      ) : (
        <ReviewsLoading />
      )}
    </section>
  );
}
