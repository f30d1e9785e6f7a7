import type { Review } from '@app/contract/reviews';
import { Button } from '../../../components/ui/Button.tsx';
import { REVIEWS_FETCH_ERROR, useProductReviews } from '../api/reviews-api.ts';
import { ReviewsLoading } from './ReviewsLoading.tsx';
import { RatingStars } from './RatingStars.tsx';
import { useDateFormat } from '../../../lib/dates.ts';

/** The product's reviews, newest first, five at a time with "Show more reviews". */
export function ReviewList({ productId }: { productId: string }) {
  const query = useProductReviews(productId);

  if (query.isPending) return <ReviewsLoading />;
  if (query.isError) {
    return (
      <div className="reviews__error" role="alert">
        <p>{REVIEWS_FETCH_ERROR}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()} loading={query.isRefetching}>
          Retry
        </Button>
      </div>
    );
  }

  const reviews = query.data.pages.flatMap((page) => page.data);
  const total = query.data.pages[0]?.meta.total ?? 0;
  if (reviews.length === 0) {
    return <p className="reviews__empty">No reviews yet. Customers who buy this product can write the first one.</p>;
  }

  return (
    <div className="reviews__list-wrap">
      <ol className="reviews__list" aria-label={`Reviews, ${reviews.length} of ${total} shown`}>
        {reviews.map((review) => (
          <ReviewItem key={review._id} review={review} />
        ))}
      </ol>
      {query.hasNextPage && (
        <Button variant="secondary" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          Show more reviews
        </Button>
      )}
    </div>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const edited = review.updatedAt !== review.createdAt;
  const dates = useDateFormat();
  return (
    <li className="review" data-testid="review">
      <div className="review__head">
        <RatingStars rating={review.rating} size="sm" />
        <span className="review__author">{review.reviewer.name}</span>
        <span className="review__date">
          <time dateTime={review.createdAt}>{dates.date(review.createdAt)}</time>
          {edited && ' · edited'}
        </span>
      </div>
      {review.comment.split(/\n+/).map((paragraph, index) => (
        <p key={index} className="review__comment">
          {paragraph}
        </p>
      ))}
    </li>
  );
}
