import type { Product } from '@app/contract';
import { AppQueryProvider } from '../../../app/query-provider.tsx';
import { ReviewList } from './ReviewList.tsx';
import { ReviewWriter } from './ReviewWriter.tsx';
import './review-list.css';

export interface ReviewsPanelProps {
  product: Pick<Product, 'id' | 'name'>;
  onReviewChanged?: () => void;
}

/**
 * The lazily loaded part of a product's reviews: who can review (and the form for them), then
 * the list. Its own chunk brings zod (the form's rules) and TanStack Query.
 */
export function ReviewsPanel({ product, onReviewChanged }: ReviewsPanelProps) {
  return (
    <AppQueryProvider>
      <div className="reviews__panel">
        <ReviewWriter product={product} onReviewChanged={onReviewChanged} />
        <ReviewList productId={product.id} />
      </div>
    </AppQueryProvider>
  );
}
